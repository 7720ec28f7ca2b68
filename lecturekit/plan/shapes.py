"""Where a Figure's or an Axes' children go: its space (the plotting area inside its box), its axis
lines, ticks and where each number is centred, pure and in board units. The children's own
geometry is their kinds' (`lecturekit.kinds.geometry`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise

import numpy as np

from lecturekit.boxes import Box, overlaps
from lecturekit.kinds import AxesSpec, FigureSpec, Spec, Stands, kind_def
from lecturekit.kinds.geometry import LABEL, range_of
from lecturekit.kinds.outline import ParentSpace
from lecturekit.plan.legends import legend_of, legend_place, legend_rows
from lecturekit.plan.measure import measure
from lecturekit.plan.placement import EDGE, TITLE_GAP, children_box
from lecturekit.plan.typeset import PT
from lecturekit.syntax.evaluate import EvaluationError, evaluate_number
from lecturekit.syntax.nodes import Value
from lecturekit.theme import THEME
from lecturekit.typst.source import prose

#: How long a tick mark is either side of its axis, in units.
TICK_HALF = 0.07
#: The least room between a Figure's or an Axes' own label and a number of its axes, in units.
TITLE_CLEAR = TITLE_GAP / 2


def nice_step(span: float, target_ticks: int = 5) -> float:
    """A round tick spacing (1, 2 or 5 times a power of ten) for about `target_ticks` ticks."""
    raw = span / max(target_ticks, 1)
    power = 10 ** np.floor(np.log10(raw)) if raw > 0 else 1.0
    for m in (1, 2, 5, 10):
        if raw <= m * power:
            return float(m * power)
    return float(10 * power)


def ticks(lo: float, hi: float, step: float) -> list[float]:
    if step <= 0 or (hi - lo) / step > 200:
        return []
    first = np.ceil(lo / step - 1e-9) * step
    values = np.arange(first, hi + step * 1e-6, step)
    return [round(float(v), 10) for v in values]


def has_captions(axes: str, objects: Mapping[str, Spec], anchors: Mapping) -> bool:
    """Whether a label in `axes` is anchored to one of its lines (it may hang from its foot)."""
    return any(kind_def(objects[anchors[n].sibling].kind).stands is Stands.BETWEEN
               for n, s in objects.items() if s.parent == axes and n in anchors)


def container_space(spec: Spec, box: Box, objects: Mapping[str, Spec], anchors: Mapping,
                    labelled: Callable[[str], bool], size: Callable[[str], tuple[float, float]], smallest: float,
                    safe: Box) -> ParentSpace:
    """Where the children of a Figure or Axes go in `box`: each keeps rows above its plot for
    a legend (its graphs' labels, each of `size`, wrapped or shrunk to `smallest` to fit the
    plot's width, inside the `safe` area), above those a band for its own label when it has one
    (`title_scale`) and a band under its numbers for captions when its children need them."""
    assert isinstance(spec, AxesSpec | FigureSpec)
    captions = has_captions(spec.name, objects, anchors)
    entries = legend_of(spec.name, objects, labelled)
    title = title_scale(spec.name, box, labelled, size, smallest)
    band = 0.0 if title is None else size(spec.name + LABEL)[1] * title + 2 * TITLE_GAP
    sizes = {n: size(n + LABEL) for n in entries}
    rows: list[list[str]] = []
    scale = 1.0
    if entries:
        width = children_box(box, spec, legend=1, captions=captions, title=band).width
        rows, scale = legend_rows(entries, [sizes[n] for n in entries], width, smallest)
    x_range, y_range = range_of(spec.x_range, (0.0, 1.0)), range_of(spec.y_range, (0.0, 1.0))
    numbers = _left_numbers(spec, x_range, y_range) if isinstance(spec, AxesSpec) else 0.0
    plot = _kept_in(children_box(box, spec, legend=len(rows), captions=captions, numbers=numbers, title=band),
                    safe, EDGE)
    own = None
    if title is not None:
        width, height = size(spec.name + LABEL)
        own = (title_place(box, plot, width * title, height * title, safe), title)
    return ParentSpace(plot, x_range, y_range, legend_place(plot, rows, sizes, scale, safe) if rows else {},
                       bounds=box, title=own)


def _kept_in(plot: Box, safe: Box, room: float) -> Box:
    """The plot kept `room` inside the `safe` area, so a dot or a stroke on its edge stays in it:
    a no-op for a box the layout holds (the plot is `EDGE` inside its box already), but a box
    drawn below its least height at the area's edge (a board that cannot hold it) has its plot
    in its middle, closer to the edge than a stroke's width."""
    def clamp(value: float, lo: float, hi: float) -> float:
        return min(max(value, lo), hi) if lo <= hi else (lo + hi) / 2

    xs, ys = (safe[0] + room, safe[2] - room), (safe[1] + room, safe[3] - room)
    return Box(clamp(plot.x0, *xs), clamp(plot.y0, *ys), clamp(plot.x1, *xs), clamp(plot.y1, *ys))


def title_scale(name: str, box: Box, labelled: Callable[[str], bool], size: Callable[[str], tuple[float, float]],
                smallest: float) -> float | None:
    """The scale a Figure's or an Axes' own label is set at: its size, shrunk to fit the box's
    width and to leave a plot's room (two EDGEs) under its band, but never below `smallest` (the
    theme's minimum font over its label font; a box lower than that is one the layout says it
    cannot hold legibly); None when it has no label."""
    if not labelled(name):
        return None
    width, height = size(name + LABEL)
    across = box.width / width if width > 0 else 1.0
    down = (box.height - 2 * EDGE - 2 * TITLE_GAP) / height if height > 0 else 1.0
    return max(smallest, min(1.0, across, down))


def title_place(box: Box, plot: Box, width: float, height: float, safe: Box
                ) -> Box:
    """A container's own label, `width` by `height`: `TITLE_GAP` under the top of its `box` (and
    of the `safe` area), centred over its `plot`, kept inside the box's sides (and the safe
    area's) where it fits there; above the safe area's foot where the box is lower than it (a
    container drawn below its least height on a board that cannot hold it)."""
    top = max(min(box.y1, safe[3]) - TITLE_GAP, safe[1] + height)
    x = (plot.x0 + plot.x1) / 2
    for lo, hi in ((box.x0, box.x1), (safe[0], safe[2])):
        x = min(max(x, lo + width / 2), hi - width / 2) if hi - lo >= width else (lo + hi) / 2
    return Box(x - width / 2, top - height, x + width / 2, top)


def _left_numbers(spec: AxesSpec, x_range: tuple[float, float], y_range: tuple[float, float]) -> float:
    """The room an Axes' y numbers take left of its plot when its y axis is the plot's left edge
    (0 is not inside the x range): the widest of them, its gap to the axis and a dot's room;
    nothing when the y axis stands inside the plot."""
    if x_range[0] < 0 < x_range[1]:
        return 0.0
    y0, y1 = y_range
    values = ticks(y0, y1, _step(spec.y_ticks_every) or nice_step(y1 - y0, 4))
    widths = [number_size(number_text(v), NUMBER_FONT)[0] for v in values]
    return max(widths, default=0.0) + NUMBER_GAP + TICK_HALF


@dataclass(frozen=True)
class Tick:
    value: float
    #: Where its mark crosses the axis.
    at: np.ndarray
    #: Where its number is centred; None where it has none (where the other axis crosses, thinned
    #: out, or left out where a mark covers it).
    number: np.ndarray | None
    #: The box its number takes (typeset at the numbers' font); None with no number.
    box: Box | None = None


@dataclass(frozen=True)
class AxisMarks:
    #: The x axis, then the y axis, as (start, end).
    lines: tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]
    x: tuple[Tick, ...]
    y: tuple[Tick, ...]


@dataclass(frozen=True)
class Numbering:
    """How an Axes' numbers are set over a scene, decided once (`numbering`) so the plan lists and
    the painter draws the same: on which side of its line each axis has them, every how many
    ticks one is set, and the single numbers a mark still covers, left out."""

    #: x numbers over the x axis rather than under it; y numbers right of the y axis, not left.
    x_over: bool = False
    y_right: bool = False
    #: The numbers along the plot's bottom (x) or left (y) edge instead: where the marks cover
    #: most of them beside the axis line on either side (waves across the x axis).
    x_edge: bool = False
    y_edge: bool = False
    x_every: int = 1
    y_every: int = 1
    #: ("x" | "y", value)
    left_out: frozenset[tuple[str, float]] = frozenset()


#: Between an axis line and the near edge of its numbers, and the least room between two numbers, in units.
NUMBER_GAP = 0.12
NUMBER_SPACE = 0.12
#: The font size axis numbers are set at (the theme's minimum).
NUMBER_FONT = THEME.sizes.minimum
#: Thinning: a number on every 1st, 2nd, 5th... tick.
EVERY = (1, 2, 5, 10, 20, 50, 100)


def _step(value: Value | None) -> float | None:
    if value is None:
        return None
    try:
        step = evaluate_number(value, {})
    except EvaluationError:
        return None
    return step if step > 0 else None


@lru_cache(maxsize=4096)
def number_size(text: str, font: float) -> tuple[float, float]:
    """An axis number's typeset size in units at `font`, from its characters' (digits and signs
    set side by side, without kerning): a handful of compiles serve every number."""
    sizes = [measure(prose(character)) for character in text]
    return sum(w for w, _ in sizes) * font * PT, max(h for _, h in sizes) * font * PT


def axis_marks(spec: AxesSpec, space: ParentSpace, numbering: Numbering = Numbering(), font: float = NUMBER_FONT
               ) -> AxisMarks:
    """The axis lines (each where the other axis' 0 is, or along the plot's bottom and left edges
    when 0 is outside a range), the ticks on them and where their numbers go: beside their line,
    on the side `numbering` says, none where the other axis crosses."""
    (x0, x1), (y0, y1) = space.x_range, space.y_range
    ax_y = 0.0 if y0 <= 0 <= y1 else y0
    ax_x = 0.0 if x0 <= 0 <= x1 else x0
    lines = ((space.point(x0, ax_y), space.point(x1, ax_y)), (space.point(ax_x, y0), space.point(ax_x, y1)))
    x_step = _step(spec.x_ticks_every) or nice_step(x1 - x0, 6)
    y_step = _step(spec.y_ticks_every) or nice_step(y1 - y0, 4)
    x_side = 1.0 if numbering.x_over and not numbering.x_edge else -1.0
    y_side = 1.0 if numbering.y_right and not numbering.y_edge else -1.0
    x_at = y0 if numbering.x_edge else ax_y
    y_at = x0 if numbering.y_edge else ax_x

    def number(axis: str, value: float, step: float, every: int, at: np.ndarray, by: np.ndarray) -> Tick:
        """The tick at `at` on its axis line, its number set beside `by` (the line, or the edge)."""
        crossing = abs(value - (ax_x if axis == "x" else ax_y)) <= 1e-9 * max(step, 1.0) and (
            axis == "y" or ax_y == 0.0)
        if crossing or round(value / step) % every or (axis, value) in numbering.left_out:
            return Tick(value, at, None)
        w, h = number_size(number_text(value), font)
        if axis == "x":
            centre = by + np.array([0.0, x_side * (NUMBER_GAP + h / 2), 0.0])
        else:
            centre = by + np.array([y_side * (NUMBER_GAP + w / 2), 0.0, 0.0])
        return Tick(value, at, centre, Box.around(float(centre[0]), float(centre[1]), w, h))

    xs = tuple(number("x", x, x_step, numbering.x_every, space.point(x, ax_y), space.point(x, x_at))
               for x in ticks(x0, x1, x_step))
    ys = tuple(number("y", y, y_step, numbering.y_every, space.point(ax_x, y), space.point(y_at, y))
               for y in ticks(y0, y1, y_step))
    return AxisMarks(lines, xs, ys)


def numbering(spec: AxesSpec, views: list[tuple[ParentSpace, list[Box]]], safe: Box, font: float) -> Numbering:
    """How an Axes' numbers are set over a scene, from each frame it stands in with the boxes of
    the marks drawn in it there (`views`): each axis thinned until no two of its numbers touch,
    on the side of its line where fewer numbers meet a mark or leave the safe area (under the x
    axis and left of the y axis on a tie), or along the plot's edge where the marks cover most of
    them on both sides, and any number that still does left out. The x axis
    is decided first; its numbers and both axis lines are marks to the y numbers. The Axes' own
    label, and TITLE_CLEAR around it, is a mark to both."""
    choice = Numbering()
    for axis in ("x", "y"):
        every = next((k for k in EVERY if all(_spaced(getattr(axis_marks(spec, space, _with(choice, axis, every=k),
                                                                          font), axis), axis)
                                              for space, _ in views)), EVERY[-1])
        choice = _with(choice, axis, every=every)
        best: tuple[int, Numbering] | None = None
        shown = max(sum(t.box is not None for t in getattr(axis_marks(spec, space, choice, font), axis))
                    for space, _ in views) if views else 0
        for other_side, edge in ((False, False), (True, False), (False, True)):
            if edge and (best is None or best[0] * 2 <= shown):
                break  # the edge only when the marks cover most numbers on both sides of the line
            trial = _with(choice, axis, other_side=other_side, edge=edge)
            covered = set()
            for space, marks in views:
                drawn = axis_marks(spec, space, trial, font)
                taken = marks + [line_box(line) for line in drawn.lines]
                if space.title is not None:  # the Axes' own label, with a little room around it
                    x0, y0, x1, y1 = space.title[0]
                    taken.append(Box(x0 - TITLE_CLEAR, y0 - TITLE_CLEAR, x1 + TITLE_CLEAR, y1 + TITLE_CLEAR))
                if axis == "y":
                    taken += [t.box for t in drawn.x if t.box is not None]
                boxes = np.array(taken)
                for tick in getattr(drawn, axis):
                    if tick.box is not None and (not tick.box.inside(safe) or _meets(tick.box, boxes)
                                                 or (space.bounds is not None and not tick.box.inside(space.bounds))):
                        covered.add((axis, tick.value))
            trial = replace(trial, left_out=trial.left_out | covered)
            if best is None or len(covered) < best[0]:
                best = (len(covered), trial)
        assert best is not None
        choice = best[1]
    return choice


def _meets(box: Box, boxes: np.ndarray) -> bool:
    """Whether `box` overlaps any of `boxes` (rows of x0, y0, x1, y1) by more than a speck."""
    return bool(np.any(overlaps(np.array([box]), boxes) > 1e-6))


def _with(choice: Numbering, axis: str, every: int | None = None, other_side: bool | None = None,
          edge: bool | None = None) -> Numbering:
    if axis == "x":
        return replace(choice, x_every=choice.x_every if every is None else every,
                       x_over=choice.x_over if other_side is None else other_side,
                       x_edge=choice.x_edge if edge is None else edge)
    return replace(choice, y_every=choice.y_every if every is None else every,
                   y_right=choice.y_right if other_side is None else other_side,
                   y_edge=choice.y_edge if edge is None else edge)


def _spaced(found: tuple[Tick, ...], axis: str) -> bool:
    """Whether no two of an axis' numbers come nearer than NUMBER_SPACE along it."""
    boxes = sorted((t.box for t in found if t.box is not None), key=lambda b: b.x0 if axis == "x" else b.y0)
    if axis == "x":
        return all(b.x0 - a.x1 >= NUMBER_SPACE - 1e-9 for a, b in pairwise(boxes))
    return all(b.y0 - a.y1 >= NUMBER_SPACE / 2 - 1e-9 for a, b in pairwise(boxes))


def line_box(line: tuple[np.ndarray, np.ndarray]) -> Box:
    """An axis line's box, as wide as its ticks."""
    (ax, ay, _), (bx, by, _) = line
    return Box(min(ax, bx) - TICK_HALF, min(ay, by) - TICK_HALF, max(ax, bx) + TICK_HALF, max(ay, by) + TICK_HALF)


#: The name a ring is listed under on the boards: the object's name and this.
RING = "#box"


def ring(extent: Box, safe: Box, reach: float) -> Box:
    """Where a Box action's ring goes around an object whose drawing takes `extent`: that grown by
    `reach` (the board's `ring_reach`, less the room its box keeps already), kept inside the safe
    area (an object at its edge is ringed closer on that side)."""
    x0, y0, x1, y1 = safe
    return Box(max(x0, min(extent.x0, extent.x0 - reach)), max(y0, min(extent.y0, extent.y0 - reach)),
               min(x1, max(extent.x1, extent.x1 + reach)), min(y1, max(extent.y1, extent.y1 + reach)))


def number_text(value: float) -> str:
    """An axis number as it is set."""
    return f"{value:g}".replace("-", "\N{MINUS SIGN}")


# ---------------------------------------------------------------- children


