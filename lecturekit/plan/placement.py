"""Places over time: lay out each beat's board once, with all of that beat's arrivals together.

Objects already on the board keep their size; when the new layout puts them elsewhere they move
(at the beat's first arrival, or when the lecture says they move). Leaving moves nothing unless
the board then holds still for a while: then its visuals grow into the room that was freed, once
the leavers are gone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from lecturekit.images import image_size
from lecturekit.kinds import AxesSpec, FigureSpec, ImageSpec, TableSpec, kind_def
from lecturekit.kinds import Role as KindRole
from lecturekit.plan import durations
from lecturekit.plan.geometry import Box
from lecturekit.plan.layout import Arrangement, Item, Placed, Role, arrange
from lecturekit.plan.texts import PT, table_metrics, typeset
from lecturekit.replay import Replay
from lecturekit.resolve import MAX_ASPECT, ResolvedScene
from lecturekit.syntax.evaluate import EvaluationError, evaluate_point
from lecturekit.syntax.nodes import Move, Part, Spec, Value
from lecturekit.theme import Theme

DEFAULT_AXES_ASPECT = 2.2
#: Room around an Axes' plotting area for its tick numbers, in units.
AXES_MARGIN = 0.45
#: Height of the row of graph labels above an Axes' plotting area, and of each further row, in units.
LEGEND_BAND = 0.55
LEGEND_ROW = 0.4
#: Height of the row under an Axes' numbers for labels hung from the feet of its lines, in units.
CAPTION_BAND = 0.4
_MOVED = 0.02
#: A board left behind by departures is laid out again only if it then holds this long (seconds).
SETTLE = 4.0

_LAID_OUT = {KindRole.TITLE: Role.TITLE, KindRole.HEADING: Role.HEADING, KindRole.VISUAL: Role.VISUAL,
              KindRole.TEXT: Role.TEXT}


def layout_role(spec: Spec) -> Role | None:
    """Where the layout puts a top-level object of this kind; None for what it never places."""
    return _LAID_OUT.get(kind_def(spec.kind).role)


def reflows(spec: Spec) -> bool:
    """Whether a new layout may resize it: visuals scale, paragraphs wrap again (the board
    cross-fades the old lines into the new); formulas, headings and titles keep their size."""
    return kind_def(spec.kind).reflows


def grows(spec: Spec) -> bool:
    """Whether it grows into room freed by departures (visuals do; texts keep their lines)."""
    return kind_def(spec.kind).role is KindRole.VISUAL


@dataclass(frozen=True)
class Stay:
    """One stretch of an object on the board: where it is from `time` on."""

    time: float
    place: Placed


@dataclass(frozen=True)
class Relayout:
    """A top-level object moving to a new place at `time` (scene seconds)."""

    time: float
    object: str
    place: Placed
    explicit: bool


@dataclass(frozen=True)
class Placement:
    stays: dict[str, tuple[Stay, ...]]
    moves: tuple[Relayout, ...]
    warnings: tuple[str, ...]


def aspect_of(spec: Spec, folder: Path | None) -> float:
    """Width over height of a visual, within 1:20 (a sliver of a picture cannot squeeze its
    neighbours); an Image's own pixels win over its recorded aspect."""
    return max(1 / MAX_ASPECT, min(MAX_ASPECT, _aspect(spec, folder)))


def _aspect(spec: Spec, folder: Path | None) -> float:
    if isinstance(spec, ImageSpec) and folder is not None:
        size = image_size(folder, spec.path)
        if size is not None:
            return size[0] / size[1]
    recorded = _pair(getattr(spec, "aspect", None))
    if recorded is not None and recorded[0] > 0 and recorded[1] > 0:
        return recorded[0] / recorded[1]
    if isinstance(spec, AxesSpec):
        return DEFAULT_AXES_ASPECT
    if isinstance(spec, FigureSpec):
        xr, yr = _pair(spec.x_range), _pair(spec.y_range)
        if xr and yr and yr[1] > yr[0] and xr[1] > xr[0]:
            return max(0.5, min(3.0, (xr[1] - xr[0]) / (yr[1] - yr[0])))
    return 4 / 3


def _pair(value: Value | None) -> tuple[float, float] | None:
    if value is None:
        return None
    try:
        return evaluate_point(value, {})
    except EvaluationError:
        return None


def item_for(spec: Spec, parts: list[Part], theme: Theme, folder: Path | None, fixed: Placed | None) -> Item:
    role = layout_role(spec)
    assert role is not None, spec.kind
    sizes = theme.sizes
    if role is Role.VISUAL:
        if isinstance(spec, TableSpec):
            metrics = table_metrics(spec, sizes.table)
            natural = (metrics.width, metrics.height)
            return Item(spec.name, role, aspect=natural[0] / natural[1], natural=natural,
                        min_scale=sizes.minimum / sizes.table, max_scale=1.5)
        return Item(spec.name, role, aspect=aspect_of(spec, folder))
    style = kind_def(spec.kind).text
    font = getattr(sizes, style.font) if style is not None else sizes.body
    if fixed is not None:
        return Item(spec.name, role, font=fixed.font or font, fixed=(fixed.box.width, fixed.box.height))

    def size(width: float, font: float) -> tuple[float, float]:
        t = typeset(spec, parts, font, width, theme)
        return t.width, t.height

    return Item(spec.name, role, font=font, size=size)


def place_scene(
    scene: ResolvedScene, parts: dict[str, list[Part]], theme: Theme, folder: Path | None
) -> Placement:
    top = {n for n, s in scene.objects.items()
           if s.parent is None and layout_role(s) is not None and n not in scene.broken}
    events = _presence_events(scene, top)
    stays: dict[str, list[Stay]] = {}
    current: dict[str, Placed] = {}
    present: list[str] = []
    moves: list[Relayout] = []
    warnings: list[str] = []
    by_beat: dict[int, list[tuple[float, str, str]]] = {}
    for time, beat, kind, name in events:
        by_beat.setdefault(beat, []).append((time, kind, name))
    arrivals_at = sorted(t for t, _, kind, _ in events if kind == "arrive")
    end = scene.start + scene.duration

    def lay_out(board: list[str], resize: Callable[[Spec], bool]) -> Arrangement:
        items = [item_for(scene.objects[n], parts.get(n, []), theme, folder,
                          None if resize(scene.objects[n]) else current.get(n)) for n in board]
        return arrange(items, theme)

    def move_to(arrangement: Arrangement, board: list[str], when: float, explicit: dict[str, float]) -> None:
        for name in board:
            place = arrangement.places[name]
            if _moved(current[name].box, place.box):
                at = explicit.get(name, when)
                moves.append(Relayout(at, name, place, name in explicit))
                stays[name].append(Stay(at, place))
                current[name] = place

    for beat in sorted(by_beat):
        beat_events = by_beat[beat]
        arrivals = [(t, n) for t, k, n in beat_events if k == "arrive"]
        explicit = {a.action.object: a.time - scene.start for a in scene.actions
                    if a.beat == beat and isinstance(a.action, Move)}
        if arrivals:
            t0 = arrivals[0][0]
            # leaving before the first arrival frees room; later departures keep their place
            for t, kind, name in beat_events:
                if kind == "leave" and t <= t0 and name in present:
                    present.remove(name)
            newcomers = [n for _, n in arrivals if n not in present]
            board = present + list(dict.fromkeys(newcomers))
            arrangement = lay_out(board, reflows)
            warnings += [f"beat {beat + 1}: {w}" for w in arrangement.warnings]
            move_to(arrangement, [n for n in board if n in current], t0 - scene.start, explicit)
            arrival_time = {n: t for t, n in reversed(arrivals)}
            for name in board:
                if name not in current:
                    stays.setdefault(name, []).append(Stay(arrival_time[name] - scene.start, arrangement.places[name]))
                    current[name] = arrangement.places[name]
            present = board
        departures = [t for t, kind, name in beat_events if kind == "leave" and name in present]
        for _, kind, name in beat_events:
            if kind == "leave" and name in present:
                present.remove(name)
                current.pop(name, None)
        if departures and present:
            settled = max(departures) + durations.LEAVE
            next_arrival = next((t for t in arrivals_at if t > max(departures)), end)
            if next_arrival - settled >= SETTLE:
                move_to(lay_out(present, grows), present, settled - scene.start, {})
    return Placement({n: tuple(s) for n, s in stays.items()}, tuple(moves), tuple(warnings))


def _moved(a: Box, b: Box) -> bool:
    return max(abs(a.x0 - b.x0), abs(a.y0 - b.y0), abs(a.x1 - b.x1), abs(a.y1 - b.y1)) > _MOVED


def _presence_events(scene: ResolvedScene, top: set[str]) -> list[tuple[float, int, str, str]]:
    """(time, beat, 'arrive' | 'leave', name) for top-level objects, in time order."""
    board = Replay()
    events = []
    for timed in scene.actions:
        name = timed.action.object
        if name not in top:
            continue
        done = board.apply(timed.action)
        if done.arrived:
            events.append((timed.time, timed.beat, "arrive", name))
        elif done.left and not done.missing:
            events.append((timed.time, timed.beat, "leave", name))
    return events


def children_box(parent_box: Box, spec: Spec, legend: int = 0, captions: bool = False) -> Box:
    """The plotting area inside a visual's box: an Axes leaves room for its numbers, above the
    plot for the `legend` rows of its graphs' labels, and under its numbers for labels hung from
    the feet of its lines (`captions`)."""
    if isinstance(spec, AxesSpec):
        top = LEGEND_BAND + (legend - 1) * LEGEND_ROW if legend else 0.1
        bottom = AXES_MARGIN * 0.8 + (CAPTION_BAND if captions else 0.0)
        return Box(parent_box.x0 + AXES_MARGIN, parent_box.y0 + bottom, parent_box.x1 - 0.1, parent_box.y1 - top)
    return parent_box


__all__ = ["PT", "Placement", "Relayout", "Stay", "aspect_of", "children_box", "grows", "layout_role", "place_scene",
           "reflows"]
