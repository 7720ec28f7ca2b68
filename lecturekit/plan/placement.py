"""Places over time: a board is laid out anew for what is on it whenever it will then hold still
for `SETTLE` seconds. Arrivals closer together than that are laid out together, at the first of
them, unless something leaves between them (but for what arrives as it goes: a heading
replaced); one that comes later, or after such a departure, lays the board out again, and what is
already there moves.

What is on the board keeps its size if it is a text (a paragraph may wrap anew at its font);
visuals scale. So a text's size is chosen for the board's life: an arrival lays the board out for
what is on it, but sets its new texts at the board's one type scale (`layout`'s rules), the
smallest scale the board takes laid out afresh for any set it will hold after an arrival until
no text is left on it (`_Placer.life`), and no larger than the texts already on it. A board that
will be crowded later is set at that size from its first text on; a formula grows alone on the
board only when nothing will join it. Where the life's scale would set the body text below the
minimum (a board that will not hold its texts legibly), the new texts are set at the scale the
board takes now, at most the minimum's: nothing is made illegible by what comes later; only the
board that cannot hold its texts sets them small (and warns). Where the board so laid out sets a
text below the minimum, it shrinks every text by one factor (`Fallback._overfull`), so its new
texts are set at the scale of those shown instead (a Block arriving at 24 beside a Panel shown at
25.6 stood at a second body size once both shrank). Each role is set at the minimum or
above whatever the scale (`_at_scale`): a formula shown at 24 beside body text at 24 sets the next
formula at 24, not the body below the minimum. A board whose shown texts stand below the minimum
(it could not hold them) sets its new texts at their scale, no role floored: where it cannot hold
them either, the layout shrinks the shown and the new together (`_overfull`), so they stay at one.

A move goes at the layout's time, or when the lecture says the object moves;
a move too small to see is not made, and what comes back a hair from where it stood (hidden
and shown again at once) takes its old place, if at the size it had there. What comes back to a
board that holds the same objects as before takes the layout it had, unless that sets a new text
larger than the board's life now sets it: a Panel shown, hidden and shown again at once, set at
full size for a life that ended as it left, is set anew for the board it returns to. Leaving
moves nothing unless the board then holds still: then it is laid out again for what is left
(texts keep their lines), once the leavers are gone.
A board that cannot hold its objects legibly is reported (`Crowded`), once per layout.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import NamedTuple

from lecturekit.boxes import Box
from lecturekit.images import image_size
from lecturekit.kinds import AxesSpec, FigureSpec, ImageSpec, TableSpec, kind_def
from lecturekit.kinds import Role as KindRole
from lecturekit.kinds.geometry import DOT_RADIUS, PLOT_DOT, SWATCH
from lecturekit.plan import durations
from lecturekit.plan.layout import (
    LONE_GROWTH,
    VISIBLE,
    Arrangement,
    Item,
    Placed,
    Role,
    arrange,
    bounds_of,
    content_area,
    shifted,
)
from lecturekit.plan.legends import LEGEND_ROW
from lecturekit.plan.settle import SEARCH_STEP
from lecturekit.plan.typeset import PT, set_as_text, table_metrics, text_table, typeset
from lecturekit.replay import Replay
from lecturekit.resolve import MAX_ASPECT, ResolvedScene
from lecturekit.syntax.evaluate import EvaluationError, evaluate_point
from lecturekit.syntax.nodes import Action, BoxAround, Emphasize, Kind, Move, Part, Show, Spec, Value, parts_named
from lecturekit.theme import BoardSize, Theme
from lecturekit.typst.source import label_spec

#: A wrap width narrower than any word (units): a text typeset at it is as wide as its widest word.
NARROWEST = 1e-3
#: How many times a Figure or Axes narrower than its widest text is laid out again in wider room
#: (`room_for_texts`): the room is a shape, which a crowded board may draw smaller than asked.
ROOM_ROUNDS = 3
#: How far a label may stand out of its container, as a share of the layout's gap between objects:
#: under half, so it never meets what the layout puts beside the container, nor its labels.
LABEL_REACH = 0.45

DEFAULT_AXES_ASPECT = 2.2
#: Room around an Axes' plotting area for its tick numbers, in units.
AXES_MARGIN = 0.45
#: Height of the row of graph labels above an Axes' plotting area (each further row is `LEGEND_ROW`), in units.
LEGEND_BAND = 0.55
#: How far a container's plotting area keeps in from its box: a PlotPoint's dot, the largest of
#: the default marks, in units.
EDGE = DOT_RADIUS * PLOT_DOT
#: The room above a Figure's or an Axes' own label, and between it and the legend or plot under it, in units.
TITLE_GAP = 0.1
#: Height of the row under an Axes' numbers for labels hung from the feet of its lines, in units.
CAPTION_BAND = 0.4
#: A move smaller than this (units; 7 px at 1080p) is not made.
MOVED = 0.05
#: A board that holds still this long (seconds) is laid out for what is on it then: arrivals
#: closer together than this are laid out together, and a board left behind by departures is
#: laid out again if it then holds this long.
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
class Crowded:
    """A board that cannot hold what the lecture puts on it legibly, from `time` (scene
    seconds; `at` on the lecture's clock): the objects set below their legible size."""

    time: float
    at: float
    unfit: tuple[str, ...]
    #: Whether the board provably cannot hold them legibly (`layout.Arrangement.proven`); if not,
    #: the layout's search missed a legible arrangement, and says so.
    proven: bool = True
    #: Whether the exact test proves it (`layout.Arrangement.overfull`): the audit lets its texts
    #: stand below the minimum.
    overfull: bool = False

    def line(self) -> str:
        return f"board at {clock(self.at)}: {crowded_message(', '.join(self.unfit), self.proven)} ({CROWDED_HINT})"


CROWDED_HINT = "move one of them to a later beat, or hide something before it arrives"


def crowded_message(what: str, proven: bool) -> str:
    """What a crowded board's warning says of the objects `what` it set below the legible size."""
    return (f"the board cannot hold {what} at a legible size" if proven
            else f"the layout found no legible place for {what}, though the board may hold them")


@dataclass(frozen=True)
class Placement:
    stays: dict[str, tuple[Stay, ...]]
    moves: tuple[Relayout, ...]
    warnings: tuple[str, ...]
    crowded: tuple[Crowded, ...] = ()
    #: Each place of a Figure or Axes laid out in room widened for its texts (`room_for_texts`),
    #: with the objects laid out together there: where its labels settle is measured in those
    #: places (`planning.placement_of`) and the room kept on the sides they take (`Sides`).
    rooms: Mapping[tuple[str, Box], frozenset[str]] = field(default_factory=dict)


class Standing(NamedTuple):
    """How far a container's texts stand out of its drawn box to the left and to the right: as
    they stand longest, and at most (`standing_out.sides`)."""

    left: float
    right: float
    most_left: float
    most_right: float

    def offset(self) -> float:
        """How far right of its room's middle the drawn box stands: the texts as they stand
        longest centred with it."""
        return (self.left - self.right) / 2

    def room(self) -> float:
        """How wide the room beside the drawn box is on each side, about that middle, for the
        farthest the texts stand out."""
        return max(self.most_left - self.offset(), self.most_right + self.offset())


#: For the objects laid out together, how each widened container's texts stand out of it.
Sides = Mapping[frozenset[str], Mapping[str, Standing]]


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


def item_for(spec: Spec, parts: list[Part], theme: Theme, folder: Path | None, shown: Placed | None,
             rewraps: bool = True, margin: float = 0.0, stacked: float = 0.0) -> Item:
    """What the layout places for a top-level object; `shown` where it stands if it is on the
    board already: a visual may scale anew, a paragraph may wrap anew (with `rewraps`) but keeps
    its font, and other texts keep their size; a text keeps `margin` around it, a table room for
    it (`room_around`); a Figure or an Axes is drawn at least as tall as its labels `stacked`."""
    role = layout_role(spec)
    assert role is not None, spec.kind
    sizes = theme.sizes
    if isinstance(spec, TableSpec):
        return _table(spec, theme, shown, margin)
    if role is Role.VISUAL:
        least = kind_def(spec.kind).least
        return Item(spec.name, role, aspect=aspect_of(spec, folder), least_height=least_height(spec, theme, stacked),
                    crowded_height=least_height(spec, theme), ring=margin,
                    visible=VISIBLE if least is None else least.longer)
    style = kind_def(spec.kind).text
    font = getattr(sizes, style.font) if style is not None else sizes.body
    padding = (theme.board.panel_padding if style is not None and style.padded else 0.0) + margin
    # a ring's reach is drawn at the box's edge; less is a highlight's room, drawn only while emphasised
    hang = margin if margin < theme.board.ring_reach - 1e-9 else 0.0
    if shown is not None and not (rewraps and reflows(spec)):
        return Item(spec.name, role, font=shown.font or font, fixed=(shown.box.width, shown.box.height),
                    padding=padding, base=font, measure=shown.wrap or float("inf"), hang=hang)

    def size(width: float | None, font: float) -> tuple[float, float]:
        t = typeset(spec, parts, font, width, theme, margin)
        return t.width, t.height

    if shown is not None:
        return Item(spec.name, role, font=shown.font or font, size=size, keeps_font=True, padding=padding,
                    base=font, hang=hang)
    formula = role is Role.TEXT and style is not None and not style.prose
    return Item(spec.name, role, font=font, size=size, largest=font * LONE_GROWTH if formula else 0.0,
                padding=padding, base=font, hang=hang)


def _table(spec: TableSpec, theme: Theme, shown: Placed | None, margin: float) -> Item:
    """A Table set as text (`set_as_text`) is a text of the table's role, its columns fitted to the
    width the layout gives it, and keeps its size once shown (it is not wrapped anew); any other is
    a visual drawn between the smallest size and a formula's. Either keeps `margin` on each side
    inside the box the layout gives it for a ring (`Item.ring`), and is drawn in the rest."""
    sizes = theme.sizes
    if not set_as_text(spec, theme):
        metrics = table_metrics(spec, sizes.table)
        natural = (metrics.width, metrics.height)
        return Item(spec.name, Role.VISUAL, aspect=natural[0] / natural[1], natural=natural,
                    min_scale=sizes.minimum / sizes.table, max_scale=sizes.math / sizes.table, base=sizes.table,
                    ring=margin)
    room = 2 * margin  # a ring's room on both sides, kept in the layout's box and left out where it is drawn
    if shown is not None:  # its place keeps the wrap it was set at (`measure`): the plan sets it from that
        return Item(spec.name, Role.TEXT, font=shown.font or sizes.table,
                    fixed=(shown.box.width + room, shown.box.height + room), base=sizes.table,
                    measure=shown.wrap + room if shown.wrap else float("inf"), ring=margin)

    def size(width: float | None, font: float) -> tuple[float, float]:
        metrics = text_table(spec, font, None if width is None else width - room)
        return metrics.width + room, metrics.height + room

    return Item(spec.name, Role.TEXT, font=sizes.table, size=size, base=sizes.table, measure=float("inf"),
                ring=margin)


def _sets_text(spec: Spec, theme: Theme) -> bool:
    """Whether the layout sets a top-level object as text: a text's kind, or a Table set as text."""
    return layout_role(spec) is Role.TEXT or (isinstance(spec, TableSpec) and set_as_text(spec, theme))


def room_around(objects: Mapping[str, Spec], actions: Iterable[Action], board: BoardSize) -> dict[str, float]:
    """The room a top-level object keeps inside the box the layout gives it for what the scene
    draws around it, so that that keeps `board.clearance` from its ink: a Box action's ring (its
    reach), and around a text an emphasis highlight (the clearance, less a Panel's padding, which
    holds it). A text keeps it around its lines (`Typeset.margin`); a visual is drawn that much
    smaller in its box (`Item.ring`)."""
    room: dict[str, float] = {}
    for action in actions:
        spec = objects.get(action.object) if isinstance(action, BoxAround | Emphasize) else None
        if spec is None or spec.parent is not None or layout_role(spec) is None:
            continue
        style = kind_def(spec.kind).text
        if isinstance(action, BoxAround):
            wanted = board.ring_reach
        elif layout_role(spec) is Role.VISUAL or style is None:
            continue  # a visual's highlight stays inside its box
        else:
            wanted = max(0.0, board.clearance - (board.panel_padding if style.padded else 0.0))
        room[spec.name] = max(room.get(spec.name, 0.0), wanted)
    return {name: margin for name, margin in room.items() if margin > 0}


def least_height(spec: Spec, theme: Theme, stacked: float = 0.0) -> float:
    """How low a box a Figure or an Axes can stand in: its own label's band at the smallest font
    over its drawing, which is at least as tall as the labels drawn in it `stacked`
    (`labels_stacked`) and at least a plot's room (two EDGEs: a dot on the plot's edge stays clear
    of the label); 0 for one with neither (and any other visual)."""
    label = label_spec(spec) if isinstance(spec, AxesSpec | FigureSpec) else None
    if label is None:
        return stacked
    return typeset(label, [], theme.sizes.minimum, None, theme).height + 2 * TITLE_GAP + max(2 * EDGE, stacked)


def labels_stacked(scene: ResolvedScene, container: str, parts: dict[str, list[Part]], theme: Theme) -> float:
    """The labels and texts of what a Figure or an Axes draws (over the whole scene) stacked at the
    label size, each a legend's row (`LEGEND_ROW`) or as tall as it is set, up to its kind's share
    of the safe area's shorter side (`kinds.base.Least`): how tall its drawing is at least, so that
    its marks are read with their labels."""
    least = kind_def(scene.objects[container].kind).least
    if least is None or least.labels_stacked <= 0:
        return 0.0
    heights = []
    for name, spec in scene.objects.items():
        if spec.parent != container or name in scene.broken:
            continue
        if kind_def(spec.kind).text is not None and spec.text is not None:
            heights.append(typeset(spec, parts.get(name, []), theme.sizes.label, None, theme).height)
        if (label := label_spec(spec)) is not None:
            heights.append(typeset(label, [], theme.sizes.label, None, theme).height)
    heights = [max(h, LEGEND_ROW) for h in heights]
    x0, y0, x1, y1 = theme.board.safe
    return min(sum(heights), least.labels_stacked * min(x1 - x0, y1 - y0))


def clock(seconds: float) -> str:
    """A time on the lecture's clock: 1:43, or 1:02:05 past an hour."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


#: Each scene's placement by (the scene object's identity, theme, folder, sides), dropped with the scene.
_PLACED: dict[tuple, Placement] = {}


def place_scene(scene: ResolvedScene, theme: Theme, folder: Path | None, sides: Sides | None = None) -> Placement:
    """Where every top-level object of the scene stands over time, a widened container's room
    kept on the `sides` its texts take. Worked out once for a scene: `check`'s board warnings
    and the plan both ask, in one command (a resolved scene is frozen)."""
    sides = sides or {}
    key = (id(scene), theme, folder, tuple(sorted((tuple(sorted(k)), tuple(sorted(v.items())))
                                                 for k, v in sides.items())))
    return once_a_scene(_PLACED, key, scene, lambda: _placed(scene, parts_named(scene.actions), theme, folder, sides))


def once_a_scene(store: dict[tuple, Placement], key: tuple, scene: ResolvedScene,
                 make: Callable[[], Placement]) -> Placement:
    """`store[key]`, made when first asked for and dropped with `scene`."""
    if key not in store:
        store[key] = make()
        weakref.finalize(scene, store.pop, key, None)
    return store[key]


def _placed(scene: ResolvedScene, parts: dict[str, list[Part]], theme: Theme, folder: Path | None,
            sides: Sides) -> Placement:
    top = {n for n, s in scene.objects.items()
           if s.parent is None and layout_role(s) is not None and n not in scene.broken}
    placer = _Placer(scene, parts, theme, folder, top, sides)
    for i, (t, kind, name) in enumerate(placer.events):
        if i in placer.done:
            continue
        placer.done.add(i)
        if kind == "leave":
            placer.leave(i, t, name)
        else:
            placer.arrive(i, t, name)
    return Placement({n: tuple(s) for n, s in placer.stays.items()},
                     tuple(sorted(placer.moves, key=lambda m: m.time)),
                     tuple(c.line() for c in placer.crowded), tuple(placer.crowded), placer.rooms)


class _Placer:
    """The board over a scene as its arrivals and departures (`events`, in time order) come:
    what stands where, and every stay, move and crowded board so far."""

    def __init__(self, scene: ResolvedScene, parts: dict[str, list[Part]], theme: Theme, folder: Path | None,
                 top: set[str], sides: Sides) -> None:
        self.scene, self.parts, self.theme, self.folder, self.sides = scene, parts, theme, folder, sides
        self.room = room_around(scene.objects, [timed.action for timed in scene.actions], theme.board)
        self.events = [(t - scene.start, kind, name) for t, kind, name in _presence_events(scene, top)]
        self.end = scene.duration
        self.arrivals = {t for t, kind, _ in self.events if kind == "arrive"}
        #: When a heading arrives: one leaving then is replaced in its band, which frees no room.
        self.headings: dict[float, set[str]] = {}
        for t, kind, name in self.events:
            if kind == "arrive" and self.heading(name):
                self.headings.setdefault(t, set()).add(name)
        self.lecture_moves = [(a.time - scene.start, a.action.object) for a in scene.actions
                              if isinstance(a.action, Move)]
        shown: dict[str, float] = {}  # when each object is first shown
        for timed in scene.actions:
            if isinstance(timed.action, Show):
                shown.setdefault(timed.action.object, timed.time - scene.start)
        self.texts = {n: _texts_drawn(scene, n, parts, theme, shown) for n in top
                      if kind_def(scene.objects[n].kind).container}
        self.stacked = {n: labels_stacked(scene, n, parts, theme) for n in self.texts}
        self.done: set[int] = set()  # events already handled (a departure taken into a group)
        self.used_moves: set[int] = set()
        self.stays: dict[str, list[Stay]] = {}
        self.current: dict[str, Placed] = {}  # on the board, or kept for an arrival laid out with its group
        self.left: dict[str, Placed] = {}  # where what has left stood last
        self.board: list[str] = []  # on the board now, in arrival order
        self.moves: list[Relayout] = []
        self.crowded: list[Crowded] = []
        self.laid: dict[frozenset[str], Arrangement] = {}  # the last layout of each set of objects
        #: each set laid out afresh, with that room
        self.fresh: dict[tuple[tuple[str, ...], tuple[float, ...]], tuple[float, Arrangement]] = {}
        self.rooms: dict[tuple[str, Box], frozenset[str]] = {}  # `Placement.rooms`

    def leave(self, i: int, t: float, name: str) -> None:
        """`name` leaves at `t` (event `i`); the board is laid out anew once it has gone, unless
        it is empty, another departure follows before it settles (but a heading replaced, which
        lays out nothing), an arrival comes first (not one laid out already with a group on the
        board, which is laid out with it), or it is a heading replaced at that moment (the band is
        taken again; the content area is as it was)."""
        events, board = self.events, self.board
        if name not in board:
            return
        board.remove(name)
        self.left[name] = self.current.pop(name)
        later = [e for e in events[i + 1:] if e[0] < t + durations.LEAVE + SETTLE]
        # what arrives later but was laid out with a group already here (its place kept) is laid out with the board
        pending = [n for n in self.current if n not in board]
        follows = any(k == "leave" and n in board and not self.replaced(tk, n) for tk, k, n in later)
        if not (board or pending) or follows:
            return  # the board is empty, or another departure follows before it settles (and lays it out)
        if self.replaced(t, name):
            return
        settled = t + durations.LEAVE
        next_arrival = next((e[0] for e in events[i + 1:] if e[1] == "arrive" and e[2] not in pending), self.end)
        if next_arrival - settled >= SETTLE:
            names = board + pending
            stands = next((e[0] for e in events[i + 1:]), self.end)
            arrangement = self.lay_out(names, rewraps=False, until=stands)
            if arrangement.unfit and self.legible(names):
                # what stays keeps its size and its places, centred again, rather than be laid out anew smaller
                arrangement = self.kept_centred(names)
            if arrangement.unfit:
                self.crowded.append(Crowded(settled, self.scene.start + settled, arrangement.unfit,
                                            arrangement.proven, arrangement.overfull))
            # a lecture's own move may carry these moves, but only while this board stands
            self.move_to(arrangement, names, settled, t, stands)

    def legible(self, names: list[str]) -> bool:
        """Whether every text of `names` stands at the minimum size or above where it is now."""
        minimum = self.theme.sizes.minimum - 1e-9
        return all((self.current[n].font or minimum) >= minimum for n in names)

    def kept_centred(self, names: list[str]) -> Arrangement:
        """`names` where they stand now, the content (not a heading or a title card) moved as one
        to the middle of the content area."""
        places = {n: self.current[n] for n in names}
        roles = {n: layout_role(self.scene.objects[n]) for n in names}
        area = content_area(self.theme, Role.HEADING in roles.values())
        titles = [places[n].box.y0 for n in names if roles[n] is Role.TITLE]
        if titles:
            area = Box(area.x0, area.y0, area.x1, min(titles) - self.theme.board.gap)
        content = {n: places[n] for n in names if roles[n] in (Role.TEXT, Role.VISUAL)}
        if not content:
            return Arrangement(places)
        used = bounds_of(content.values())
        return Arrangement({**places, **shifted(content, area.center[0] - used.center[0],
                                                area.center[1] - used.center[1])})

    def heading(self, name: str) -> bool:
        return layout_role(self.scene.objects[name]) is Role.HEADING

    def replaced(self, t: float, name: str) -> bool:
        """Whether `name` is a heading another replaces in its band at `t`: its leaving frees no room."""
        return self.heading(name) and bool(self.headings.get(t, set()) - {name})

    def arrive(self, i: int, t: float, name: str) -> None:
        """`name` arrives at `t` (event `i`): with the group laid out for it, or as the first of a
        new group, this arrival and those that follow it each within SETTLE of the last."""
        events, board, current = self.events, self.board, self.current
        if name in current:  # laid out with its group: it takes the place kept for it
            board.append(name)
            return
        group, leaving = self.group(i, board)
        freed = [0.0]  # when what leaves as the group starts has gone
        for j in leaving:
            tj, _, nj = events[j]
            self.done.add(j)
            board.remove(nj)
            self.left[nj] = current.pop(nj)
            freed.append(tj)
        newcomers = list(dict.fromkeys(n for _, n in group if n not in board))
        stands = next((e[0] for e in events[i + 1:] if e[0] > group[-1][0]), self.end)
        arrangement = self.lay_out(board + newcomers, rewraps=True, life=self.life(i, board + newcomers), until=stands)
        if arrangement.unfit:
            self.crowded.append(Crowded(t, self.scene.start + t, arrangement.unfit, arrangement.proven,
                                        arrangement.overfull))
        # a lecture's own move earlier than the group may carry its moves, but not before what
        # leaves to make the room has gone
        before = max([e[0] for e in events[:i] if e[0] <= t] + freed)
        self.move_to(arrangement, list(board), t, max(before, t - SETTLE), t)
        first = {n: tn for tn, n in reversed(group)}
        for n in newcomers:  # what comes back within a move too small to see of where it stood, at its
            place = arrangement.places[n]  # size then, takes that place
            if n in self.left and not _moved(self.left[n], place) and self.left[n].font == place.font:
                place = self.left[n]
            self.stays.setdefault(n, []).append(Stay(first[n], place))
            current[n] = place
        board.append(name)

    def group(self, i: int, on: list[str]) -> tuple[list[tuple[float, str]], list[int]]:
        """What the board lays out together from arrival `i`, with `on` on the board: the arrivals
        (time, name) from it on, each within SETTLE of the last and before anything leaves but
        for what arrives at that moment (an arrival after a departure is laid out with the board
        the departure leaves, not given a place beside what has gone); and the departures (event
        indices) from `on` at the group's start, which free their room for it."""
        t = self.events[i][0]
        group, last, leaving, gone = [(t, self.events[i][2])], t, [], set()
        for j in range(i + 1, len(self.events)):
            tj, kj, nj = self.events[j]
            if tj - last >= SETTLE:
                break
            if kj == "arrive":
                group.append((tj, nj))
                last = tj
            elif tj > t and tj not in self.arrivals:
                break  # something leaves, not for what arrives as it goes (a heading replaced)
            elif tj <= t and nj in on and nj not in gone:
                leaving.append(j)
                gone.add(nj)
        return group, leaving

    def lay_out(self, names: list[str], rewraps: bool, life: tuple[tuple[str, ...], ...] = (),
                until: float = float("inf")) -> Arrangement:
        """The board laid out for `names`, standing till `until`, its containers in room for the
        texts shown before then (`widest`); the layout it had before when it holds the same
        objects again and those still on it stand where that layout put them (an object that
        leaves and comes back takes its old place, and nothing else moves), unless that sets a new
        text larger than the board's `life` now sets it (`outgrown`). Its new texts are
        set at the board's one type scale over its `life` (`scale`), and its new Tables set as
        text as the fullest board of that life sets them (`set_for_life`)."""
        widest = self.widest(until)
        key = frozenset(names)
        items = [item_for(self.scene.objects[n], self.parts.get(n, []), self.theme, self.folder,
                          self.current.get(n) or self.kept(n), rewraps, self.room.get(n, 0.0),
                          self.stacked.get(n, 0.0)) for n in names]
        again = self.laid.get(key)
        if again is not None and not any(_moved(self.current[n], again.places[n]) for n in names if n in self.current) \
                and not self.outgrown(again, items, life, widest):
            return again
        if life:
            now = self.fresh_layout(tuple(names), widest)
            scale, floor = self.life_scale(items, now[0], life)
            settings = self.set_for_life(items, life, now[1], scale, floor)
            if now[0] <= scale and not any(n in self.current for n in names) and not settings:
                self.laid[key] = now[1]  # a new board as crowded as it gets: laid out already
                return now[1]
            given = items
            items = [settings.get(i.name, i) for i in _scaled(items, scale, floor)]
            scales = [_scale_of(i) for i in items if i.fixed is not None or i.keeps_font]
            arrangement = self.roomy(items, widest)
            if scales and scale < min(scales) and any(self.small(arrangement, i) for i in items):
                # a board that cannot hold its texts legibly shrinks them all by one factor
                # (`Fallback._overfull`): its new texts join the scale of those shown, one size a role
                joined = [settings.get(i.name, i) for i in _scaled(given, min(scales), floor)]
                arrangement = self.roomy(joined, widest)
            self.laid[key] = arrangement
            return arrangement
        self.laid[key] = arrangement = self.roomy(items, widest)
        return arrangement

    def life_scale(self, items: list[Item], now: float, life: tuple[tuple[str, ...], ...]) -> tuple[float, float]:
        """The board's one type scale for the new texts of `items` over its `life` (the board
        laid out afresh for them `now` takes the scale `now`), and the floor no role is set below
        for its sake (`_at_scale`)."""
        scale = min(self.fresh_layout(s)[0] for s in life)
        # the scale that sets every text on the board at the minimum or above, those shown
        # included, so the board's texts keep one scale (a table's text is smaller than a Panel's)
        legible = max((self.theme.sizes.minimum / i.base for i in items if i.role is Role.TEXT and i.base > 0),
                      default=self.theme.sizes.minimum / self.theme.sizes.body)
        if scale < legible:  # a board that will not hold its texts legibly: legible while it can
            scale = min(now, legible)
        # and the scale of the texts shown: a formula shown at 24 (the body's minimum beside it)
        # sets a new one at 24 too, each role at the minimum or above (`_scaled`)
        shown = [i for i in items if i.fixed is not None or i.keeps_font]
        scale = min([scale] + [_scale_of(i) for i in shown])
        floor = self.theme.sizes.minimum
        if any(i.role is Role.TEXT and i.font < floor - 1e-9 for i in shown):
            # shown texts below the minimum (a board that could not hold them): the new texts at
            # their scale, no role floored, and no smaller (the board takes now is with them
            # shrunk: `arrange` shrinks the texts shown with the new, together, `_overfull`)
            scale, floor = min(_scale_of(i) for i in shown), 0.0
        return scale, floor

    def outgrown(self, arrangement: Arrangement, items: list[Item], life: tuple[tuple[str, ...], ...],
                 widest: dict[str, float]) -> bool:
        """Whether the layout the board had before for `items` sets a text it would set anew (its
        containers in room for `widest`) larger than the board's `life` now lets it: a formula
        grown alone, where the board is to hold more, or a text set for a life that has since
        grown (a Panel shown, hidden and shown again at once was set for a board that ended as it
        left, at full size, and kept that size beside the texts arriving later, set smaller)."""
        names = {i.name for i in items}
        if self.grown(arrangement) and any(set(held) - names for held in life):
            return True
        new = [i for i in items if i.role is Role.TEXT and i.fixed is None and not i.keeps_font]
        if not (life and new):
            return False
        scale, floor = self.life_scale(items, self.fresh_layout(tuple(i.name for i in items), widest)[0], life)
        return any(_at_scale(i.font, scale, floor) + 1e-9 < (arrangement.places[i.name].font or 0.0) <= i.font + 1e-9
                   for i in new)

    def small(self, arrangement: Arrangement, item: Item) -> bool:
        """Whether `arrangement` sets the text `item` below the minimum."""
        font = arrangement.places[item.name].font
        return item.role is Role.TEXT and font is not None and font < self.theme.sizes.minimum - 1e-9

    def widest(self, until: float) -> dict[str, float]:
        """The widest text of each container shown before `until` (`_texts_drawn`): a board keeps
        room for the texts shown while it stands, not for one shown after it is laid out anew
        (room kept 26.6 s for a label shown later left the board off its middle)."""
        return {n: max(w for t, w in texts if t < until) for n, texts in self.texts.items()}

    def roomy(self, items: list[Item], widest: dict[str, float]) -> Arrangement:
        """`items` laid out with room for their containers' texts as `widest` (`room_for_texts`), on
        the sides they were seen to take when laid out together; the rooms so widened recorded (`rooms`)."""
        key = frozenset(i.name for i in items)
        arrangement, widened = room_for_texts(arrange(items, self.theme), items, widest, self.theme,
                                              self.sides.get(key, {}))
        self.rooms.update(((n, arrangement.places[n].box), key) for n in widened)
        return arrangement

    def grown(self, arrangement: Arrangement) -> bool:
        """Whether a text of `arrangement` is set larger than its role's size: a formula alone on
        the board grows (`LONE_GROWTH`)."""
        return any((place.font or 0.0) > self.theme.sizes.math + 1e-9 for name, place in arrangement.places.items()
                   if layout_role(self.scene.objects[name]) is Role.TEXT)

    def set_for_life(self, items: list[Item], life: tuple[tuple[str, ...], ...], now: Arrangement,
                     scale: float, floor: float) -> dict[str, Item]:
        """The new Tables set as text, each as the fullest board of its `life` that sets it at the
        board's `scale` sets it, where that differs from how the board `now` would: a table keeps
        its setting once shown (`kept`), so the setting chosen now must leave room for what
        arrives later, as the texts' sizes do (a table set alone at the full width, short,
        left a Panel arriving later no room at its size)."""
        found: dict[str, Item] = {}
        for item in items:
            spec = self.scene.objects[item.name]
            if item.fixed is not None or not (isinstance(spec, TableSpec) and set_as_text(spec, self.theme)):
                continue
            font = _at_scale(item.font, scale, floor)
            for names in reversed(life):
                place = self.fresh_layout(names)[1].places.get(item.name)
                if place is not None and abs((place.font or 0.0) - font) < 1e-6:
                    alone = now.places.get(item.name)
                    if alone is None or (alone.box.width, alone.box.height, alone.font) != \
                            (place.box.width, place.box.height, place.font):
                        found[item.name] = _table(spec, self.theme, place, self.room.get(item.name, 0.0))
                    break
        return found

    def kept(self, name: str) -> Placed | None:
        """Where a Table set as text stood when it left: shown again, it keeps the size it was set
        at (the painter draws it from the one setting the plan makes, `planning.plan_scene`)."""
        spec = self.scene.objects[name]
        return self.left.get(name) if isinstance(spec, TableSpec) and set_as_text(spec, self.theme) else None

    def life(self, i: int, names: list[str]) -> tuple[tuple[str, ...], ...]:
        """What the board holds from event `i` on (`names` now), in arrival order, after each
        group of arrivals laid out together (`group`), until no text is left on it: the texts on
        a board keep their size, so the sizes chosen now are the sizes of the board's whole life."""
        on = list(names)
        found = [tuple(on)]
        for j in range(i + 1, len(self.events)):
            _, kind, name = self.events[j]
            if kind == "leave" and name in on:
                on.remove(name)
                if not any(_sets_text(self.scene.objects[n], self.theme) for n in on):
                    break
            elif kind == "arrive" and name not in on:  # a departure resizes no text: arrivals choose sizes
                group, leaving = self.group(j, on)  # laid out together, as `arrive` lays them out
                gone = {self.events[k][2] for k in leaving}
                on = [n for n in on if n not in gone]
                on += [n for n in dict.fromkeys(n for _, n in group) if n not in on]
                found.append(tuple(on))
        return tuple(dict.fromkeys(found))

    def fresh_layout(self, names: tuple[str, ...], widest: dict[str, float] | None = None
                     ) -> tuple[float, Arrangement]:
        """The board laid out afresh for `names` (in arrival order, nothing shown yet) and the type
        scale it takes: its texts' fonts over their roles' fonts, the smallest (above 1 for a lone
        formula that grows; inf with no text). Its containers keep room for `widest`, by default
        for every text the scene shows in them."""
        widest = self.widest(float("inf")) if widest is None else widest
        key = (names, tuple(widest.get(n, 0.0) for n in sorted(names)))
        if key not in self.fresh:
            items = [item_for(self.scene.objects[n], self.parts.get(n, []), self.theme, self.folder, None,
                              margin=self.room.get(n, 0.0), stacked=self.stacked.get(n, 0.0)) for n in names]
            laid = self.roomy(items, widest)
            self.fresh[key] = (min([(laid.places[i.name].font or i.font) / i.font for i in items
                                    if i.role is Role.TEXT and i.font > 0] + [float("inf")]), laid)
        return self.fresh[key]

    def move_to(self, arrangement: Arrangement, names: list[str], when: float, since: float, until: float) -> None:
        """Move what the new layout puts elsewhere, all at once: at `when`, or earlier or later
        (between `since` and `until`) where the lecture itself says one of them moves."""
        moved = [n for n in names if _moved(self.current[n], arrangement.places[n])]
        said = {index: (t, obj) for index, (t, obj) in enumerate(self.lecture_moves)
                if obj in moved and index not in self.used_moves and since <= t <= until}
        at = min((t for t, _ in said.values()), default=when)
        self.used_moves.update(index for index, (t, _) in said.items() if t == at)
        for name in moved:
            place = arrangement.places[name]
            self.moves.append(Relayout(at, name, place, any(t == at and obj == name for t, obj in said.values())))
            self.stays[name].append(Stay(at, place))
            self.current[name] = place


def _scale_of(item: Item) -> float:
    """The type scale a text already shown is set at: its font over its role's (inf for the rest)."""
    return item.font / item.base if item.role is Role.TEXT and item.base > 0 else float("inf")


def _at_scale(font: float, scale: float, minimum: float) -> float:
    """A role's `font` at the board's type scale, where that is smaller, and never below the
    minimum for the scale's sake: shown texts at the minimum set the scale for a role whose font
    is larger (a formula at 24 beside body text at 24), not a smaller role below it."""
    return max(min(font, minimum), font * min(scale, 1.0))


def _scaled(items: list[Item], scale: float, minimum: float) -> list[Item]:
    """The new texts set at the board's type scale (`_at_scale`); a formula grows alone on the
    board only when it is alone for the board's life."""
    if scale >= float("inf"):
        return items
    return [replace(i, font=_at_scale(i.font, scale, minimum), largest=i.largest if scale > 1.0 else 0.0)
            if i.role is Role.TEXT and i.fixed is None and not i.keeps_font else i for i in items]


def _texts_drawn(scene: ResolvedScene, container: str, parts: dict[str, list[Part]], theme: Theme,
                 shown: Mapping[str, float]) -> tuple[tuple[float, float], ...]:
    """The texts drawn in a Figure or Axes, each as (when it is first shown, how wide it is): its
    own label (from the start), and a label, a Math (with the ring a Box action draws around it,
    its reach on either side), a legend entry with its swatch of the children the scene shows (`shown`)
    (room kept for a legend never drawn leaves the board off balance)."""
    own = label_spec(scene.objects[container])  # wrapped to its box (`planning`): as wide as its widest word
    start = float("-inf")
    texts = [(start, 0.0 if own is None else typeset(own, [], theme.sizes.label, NARROWEST, theme).width)]
    ringed = {timed.action.object for timed in scene.actions if isinstance(timed.action, BoxAround)}
    for name, spec in scene.objects.items():
        if spec.parent != container or name in scene.broken or name not in shown:
            continue
        if kind_def(spec.kind).text is not None and spec.text is not None:
            ring = 2 * theme.board.ring_reach if name in ringed else 0.0
            texts.append((shown[name], ring + typeset(spec, parts.get(name, []), theme.sizes.label, None, theme).width))
        if (label := label_spec(spec)) is not None:
            legend = SWATCH if spec.kind is Kind.FUNCTION_PLOT else 0.0
            texts.append((shown[name], legend + typeset(label, [], theme.sizes.label, None, theme).width))
    return tuple(texts)


def room_for_texts(arrangement: Arrangement, items: list[Item], widest: dict[str, float], theme: Theme,
                   sides: Mapping[str, Standing] | None = None) -> tuple[Arrangement, tuple[str, ...]]:
    """The layout again where a Figure or Axes came out narrower than its widest text less the
    reach its labels have on either side (`plan.settle.settle`): laid out as wide as that
    text needs, its drawn box keeping its aspect in the middle of that room, so its labels stand
    out of it evenly into room that nothing else takes; or, where its texts were seen to stand
    out of such a room unevenly (`sides`: a label kept off an Axes' lines stands wholly to one
    side of a thin one), its drawn box off the room's middle by as much as centres it with its
    texts as they stand longest, in room as wide as the farthest of them need about it. With the
    names of the containers so widened."""
    reach = LABEL_REACH * theme.board.gap
    sides = sides or {}
    wider: dict[str, float] = {}
    roomy = arrangement
    for _ in range(ROOM_ROUNDS):  # a room laid out smaller than asked asks again, flatter
        short = {}
        for item in items:
            box = roomy.places[item.name].box
            need = widest.get(item.name, 0.0) - 2 * reach + SEARCH_STEP
            if item.name in sides and box.height > 0:
                need = max(need, min(box.width, box.height * item.aspect) + 2 * sides[item.name].room() - 2 * reach
                           + SEARCH_STEP)
            if need > box.width + 1e-9 and box.height > 0:
                short[item.name] = need / box.height
        if not short:
            break
        wider.update(short)
        roomy = arrange([replace(i, aspect=max(i.aspect, wider[i.name])) if i.name in wider else i for i in items],
                        theme)
    if not wider:
        return arrangement, ()
    places = dict(roomy.places)
    x0, y0, x1, y1 = theme.board.safe
    small = []
    for item in items:
        if item.name in wider:
            room = places[item.name].box
            height = min(room.height, room.width / item.aspect)
            width, (mid_x, mid_y) = height * item.aspect, room.center
            if item.name in sides:  # centred with its texts as they stand longest
                slack = (room.width - width) / 2
                mid_x += min(max(sides[item.name].offset(), -slack), slack)
            places[item.name] = replace(places[item.name], box=Box.around(mid_x, mid_y, width, height))
            # its room was seen; what is drawn in it is narrower
            if max(height * item.aspect, height) < item.visible * min(x1 - x0, y1 - y0) - 1e-9 \
                    and item.name not in roomy.unfit:
                small.append(item.name)
    unfit = tuple(i.name for i in items if i.name in roomy.unfit or i.name in small)
    return replace(roomy, places=places, unfit=unfit), tuple(wider)


def _moved(a: Placed, b: Placed) -> bool:
    """Whether the new place differs from the old by a visible amount."""
    box, new = a.box, b.box
    return max(abs(box.x0 - new.x0), abs(box.y0 - new.y0), abs(box.x1 - new.x1), abs(box.y1 - new.y1)) > MOVED


def _presence_events(scene: ResolvedScene, top: set[str]) -> list[tuple[float, str, str]]:
    """(time, 'arrive' | 'leave', name) for top-level objects, in time order."""
    board = Replay()
    events = []
    for timed in scene.actions:
        name = timed.action.object
        if name not in top:
            continue
        done = board.apply(timed.action)
        if done.arrived:
            events.append((timed.time, "arrive", name))
        elif done.left and not done.missing:
            events.append((timed.time, "leave", name))
    return events


def children_box(parent_box: Box, spec: Spec, legend: int = 0, captions: bool = False,
                 numbers: float = AXES_MARGIN, title: float = 0.0) -> Box:
    """The plotting area inside a visual's box, kept `EDGE` in from its sides so a dot or a
    stroke drawn on the edge of its ranges stays inside the box, above it room for the `legend`
    rows of its graphs' labels and above those a band `title` high for its own label; an Axes
    also leaves room for its numbers, and under them for labels hung from the feet of its lines
    (`captions`), and left of the plot for its y numbers when they stand there (`numbers` wide,
    at least AXES_MARGIN). The band for its own label is kept whole (unless the box is lower
    than it); a box too narrow or too low for the rest of that room keeps half of what is left
    of its side for the plot (`_span`)."""
    top = LEGEND_BAND + (legend - 1) * LEGEND_ROW if legend else EDGE
    # The label's band is kept whole, never squeezed with the rest (a squeezed band let the plot's
    # top, and the y number centred on it, reach up into the label); only a box too low to hold
    # the band over a sliver of plot gives some of it up.
    under = parent_box.y1 - min(title, max(0.0, parent_box.height - 2 * EDGE)) if title > 0 else parent_box.y1
    if isinstance(spec, AxesSpec):
        bottom = AXES_MARGIN * 0.8 + (CAPTION_BAND if captions else 0.0)
        x0, x1 = _span(parent_box.x0, parent_box.x1, max(AXES_MARGIN, numbers), EDGE)
        y0, y1 = _span(parent_box.y0, under, bottom, top)
        return Box(x0, y0, x1, y1)
    x0, x1 = _span(parent_box.x0, parent_box.x1, EDGE, EDGE)
    y0, y1 = _span(parent_box.y0, under, EDGE, top)
    return Box(x0, y0, x1, y1)


def _span(lo: float, hi: float, before: float, after: float) -> tuple[float, float]:
    """A side of a plotting area, `before` and `after` in from the ends of its box's side (each at
    least EDGE). Where they would leave less than half of it, what they keep beyond EDGE shrinks
    until half is left, or to nothing; where the side is shorter than two EDGEs, the plot is its
    middle: marks on the edge of its ranges stay inside the box, the rest gives way."""
    side = hi - lo
    extra = before + after - 2 * EDGE
    if side - before - after < side / 2 and extra > 0:
        scale = max(0.0, side / 2 - 2 * EDGE) / extra
        before, after = EDGE + (before - EDGE) * scale, EDGE + (after - EDGE) * scale
    if side < before + after:
        middle = (lo + hi) / 2
        return middle, middle
    return lo + before, hi - after


__all__ = ["PT", "Crowded", "Placement", "Relayout", "Stay", "aspect_of", "children_box", "clock", "layout_role",
           "place_scene", "reflows"]
