"""The geometry of what is drawn inside a Figure or Axes: pure functions in board units, from a
spec, its parent's frame and the numbers it is drawn with. Each child kind's module says where its
drawing reaches with one of the `*_outline` functions here (its `KindDef.geometry`); the painters
draw from the same functions, and the plan lists the outlines on its boards.

Where a label lands depends on its size: the painters pass the size of the ink they set, the plan
the size of the typeset box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Protocol

import numpy as np

if TYPE_CHECKING:
    from lecturekit.plan.geometry import Box
from lecturekit.syntax.evaluate import EvaluationError, evaluate_number, evaluate_point, function_of
from lecturekit.syntax.nodes import FunctionValue, Kind, Spec, Value, variables_of
from lecturekit.work import count

#: A Point's radius when it gives none, in units.
DOT_RADIUS = 0.09
#: A PlotPoint is this much larger than a Point.
PLOT_DOT = 1.3
#: An Axes' numbers are centred this far under its plot, in units.
NUMBER_DROP = 0.28
#: Space between those numbers' centres and a label hung beneath them, in units.
CAPTION_GAP = 0.17
#: A graph's legend: the gap between entries, how far above the plot its (lowest) row is centred,
#: and how far apart its rows are.
LEGEND_GAP = 0.45
LEGEND_RISE = 0.3
LEGEND_ROW = 0.4
#: A legend entry's swatch starts this far left of its text, in units.
SWATCH = 0.32
#: Samples along a graph.
SAMPLES = 241
#: Half the width of a drawn stroke, so a level segment still has a box, in units.
STROKE_HALF = 0.03
#: The largest box one piece of a stroke's footprint may have, in square units. A stroke is
#: listed as boxes along it, not as its hull: the hull of two graphs over one range, of arrows
#: from one origin or of an arc over its chords covers what lies between them. Half the 0.002 of
#: the 14.2 x 8 frame that the outside audit lets siblings overlap by (0.11 square units): two
#: strokes that cross meet in a piece of each, and pieces that small overlap a number or a label
#: only where the stroke itself nears it.
PIECE_AREA = 0.1
#: A stroke is followed in steps no longer than this when it is cut into pieces, in units.
_FOLLOW = 0.05
#: A graph breaks where it jumps: a step between samples this many times the smaller of its
#: neighbours' (and confirmed by bisection), or where it turns by more than _KINK radians in one
#: step (a clamp's edge), so its painter neither draws a riser nor smooths a hook across it.
_JUMP = 8.0
_KINK = 0.3
#: The numbers each object is drawn with, by name (the plan's holds included).
NumbersOf = Callable[[str], Mapping[str, float]]
LABEL = "#label"


@dataclass
class ParentFrame:
    """Maps (x, y) in a container's ranges onto its plotting box, which moves with it."""

    box: Box
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    #: An Axes' legend: each labelled graph's entry, (left, centre y) of its text and its scale.
    legend: Mapping[str, tuple[float, float, float]] = field(default_factory=dict)
    #: The container's whole box, which a label that finds none of its spots clear keeps inside
    #: where it can; None for the plotting box alone.
    bounds: Box | None = None
    #: The container's own label: its box, at the top of the container's box, and the scale it is
    #: set at; None when it has none.
    title: tuple[Extent, float] | None = None

    def point(self, x: float, y: float) -> np.ndarray:
        (x0, x1), (y0, y1) = self.x_range, self.y_range
        px = self.box.x0 + (x - x0) / (x1 - x0) * self.box.width
        py = self.box.y0 + (y - y0) / (y1 - y0) * self.box.height
        return np.array([px, py, 0.0])

    @property
    def unit(self) -> float:
        """Screen units per unit of x."""
        return self.box.width / (self.x_range[1] - self.x_range[0])


class Figure(Protocol):
    """What a child's geometry may ask about the scene it is drawn in."""

    objects: Mapping[str, Spec]
    anchors: Mapping

    def numbers_of(self, name: str) -> Mapping[str, float]: ...

    def labelled(self, name: str) -> bool: ...

    def size(self, key: str) -> tuple[float, float]: ...


#: (x0, y0, x1, y1) in board units.
Extent = tuple[float, float, float, float]


@dataclass(frozen=True)
class Outline:
    """Where a child is drawn: its footprint (one box for a dot or a label, boxes along a
    stroke, none when it draws nothing here), the object it sits beside if it is a label, and its
    own label's or legend entry's extent."""

    pieces: tuple[Extent, ...]
    of: str | None = None
    #: ("label" | "legend", the extents it may take, best first): the container settles a label
    #: on the first that is clear (`settle`); a legend entry has one, where its row sets it.
    marks: tuple[tuple[str, tuple[Extent, ...]], ...] = ()
    #: For a text drawn in a figure: the extents it may take, best first (its pieces are empty).
    spots: tuple[Extent, ...] = ()

    @property
    def extent(self) -> Extent | None:
        """The hull of its footprint."""
        if not self.pieces:
            return None
        return (min(p[0] for p in self.pieces), min(p[1] for p in self.pieces),
                max(p[2] for p in self.pieces), max(p[3] for p in self.pieces))


Geometry = Callable[[Spec, ParentFrame, Figure], Outline]


def _around(points: list[np.ndarray], pad: float = STROKE_HALF) -> Extent | None:
    if not points:
        return None
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


#: The points a footprint's piece is first looked for among (see `footprint`).
_WINDOW = 64


def footprint(paths: list[list[np.ndarray]] | list[np.ndarray], pad: float = STROKE_HALF) -> tuple[Extent, ...]:
    """Boxes along strokes (each a list of board points), each at most PIECE_AREA: consecutive
    points share a box while it stays that small, so a level or upright stroke takes few. Small
    enough that a stroke's pieces never cover what lies beside it (the room between two graphs,
    the inside of an arc) and that any two of them, or one and a number, overlap by less than
    half of what the outside audit lets siblings share; large enough to keep a board's items few."""
    found: list[Extent] = []
    for path in paths:
        points = np.asarray(path, dtype=float)[:, :2]
        if len(points) == 0:
            continue
        points = _follow(points)
        start, window = 0, _WINDOW
        while True:
            # a piece's box only grows along the stroke, so the points up to where it first grows
            # too large are all it needs: looked at in windows that double until one holds them
            rest = points[start:start + window]
            lo = np.minimum.accumulate(rest, axis=0) - pad
            hi = np.maximum.accumulate(rest, axis=0) + pad
            area = (hi[:, 0] - lo[:, 0]) * (hi[:, 1] - lo[:, 1])
            over = np.flatnonzero(area > PIECE_AREA)
            if not len(over) and start + window < len(points):
                window *= 2
                continue
            window = _WINDOW
            end = max(int(over[0]) - 1, 1) if len(over) else len(rest) - 1
            end = min(end, len(rest) - 1)
            found.append((float(lo[end, 0]), float(lo[end, 1]), float(hi[end, 0]), float(hi[end, 1])))
            if start + end >= len(points) - 1:
                break
            start += end  # the next piece starts where this one ends: the stroke stays covered
    return tuple(found)


def _follow(points: np.ndarray) -> np.ndarray:
    """The points of a polyline with steps of at most _FOLLOW between them."""
    if len(points) < 2:
        return points
    steps = np.diff(points, axis=0)
    counts = np.maximum(1, np.ceil(np.hypot(steps[:, 0], steps[:, 1]) / _FOLLOW).astype(int))
    if counts.max() == 1:
        return points
    index = np.repeat(np.arange(len(steps)), counts)
    offsets = np.arange(len(index)) - np.repeat(np.cumsum(counts) - counts, counts)
    fraction = (offsets / np.repeat(counts, counts))[:, None]
    return np.vstack([points[index] + steps[index] * fraction, points[-1:]])


def _boxes(extent: Extent | None) -> tuple[Extent, ...]:
    return () if extent is None else (extent,)


def arrow_tip(start: np.ndarray, end: np.ndarray, frame: ParentFrame) -> float:
    """How long (and wide) a Vector's head is: a third of a short shaft, at most 0.24 units, and
    no wider than its container's box has room for about its tip (a box narrower than a head)."""
    tip = min(0.24, float(np.linalg.norm(end - start)) * 0.35)
    if frame.bounds is not None:
        box, x, y = frame.bounds, float(end[0]), float(end[1])
        tip = min(tip, 2 * max(0.0, min(x - box.x0, box.x1 - x, y - box.y0, box.y1 - y)))
    return tip


def _centred(center: np.ndarray, size: tuple[float, float]) -> Extent:
    x, y = float(center[0]), float(center[1])
    return x - size[0] / 2, y - size[1] / 2, x + size[0] / 2, y + size[1] / 2


def range_of(value: Value | None, fallback: tuple[float, float], numbers: Mapping[str, float] | None = None
             ) -> tuple[float, float]:
    """A range as drawn; resolve has replaced an empty or reversed one by its default."""
    try:
        lo, hi = evaluate_point(value, numbers or {})
    except EvaluationError:
        return fallback
    return (lo, hi) if hi > lo else fallback


# ---------------------------------------------------------------- containers


def legend_of(axes: str, objects: Mapping[str, Spec], labelled: Callable[[str], bool]) -> list[str]:
    """The labelled graphs drawn in `axes`, in the order the lecture declares them."""
    return [n for n, s in objects.items() if s.parent == axes and s.kind is Kind.FUNCTION_PLOT and labelled(n)]


def segment(spec: Spec, frame: ParentFrame, numbers: Mapping[str, float]) -> tuple[np.ndarray, np.ndarray]:
    """A Vector's or Line's ends on the board (raises EvaluationError where they do not evaluate)."""
    start = frame.point(*evaluate_point(spec.start, numbers))  # type: ignore[attr-defined]
    end = frame.point(*evaluate_point(spec.end, numbers))  # type: ignore[attr-defined]
    return start, end


def dot(spec: Spec, frame: ParentFrame, numbers: Mapping[str, float]
        ) -> tuple[tuple[float, float], np.ndarray, float]:
    """A Point's location in its parent's coordinates, on the board, and its radius (`within`)."""
    location = evaluate_point(spec.location, numbers)
    radius = DOT_RADIUS
    if spec.marker_radius is not None:
        with suppress(EvaluationError):  # the plan holds it; resolve has checked it at the start
            radius = max(0.03, min(0.6, evaluate_number(spec.marker_radius, numbers) * frame.unit * 0.8))
    at = frame.point(*location)
    return location, at, within(at, radius, frame)


def within(at: np.ndarray, radius: float, frame: ParentFrame) -> float:
    """A dot's radius, no larger than keeps it within a PlotPoint's dot of its plotting area (the
    room the container keeps around it, clear of its numbers and legend) and inside the
    container's box: only a larger dot near the plot's edge, or any dot in a box too small for
    it, is drawn smaller."""
    x, y = float(at[0]), float(at[1])
    plot = frame.box
    room = min(x - plot.x0, plot.x1 - x, y - plot.y0, plot.y1 - y) + DOT_RADIUS * PLOT_DOT
    if frame.bounds is not None:
        box = frame.bounds
        room = min(room, x - box.x0, box.x1 - x, y - box.y0, box.y1 - y)
    return max(0.0, min(radius, room))


def samples(function: Value, numbers: Mapping[str, float], x0: float, x1: float, frame: ParentFrame) -> list[list]:
    """A graph as pieces of board points: it breaks where it leaves the plot or is undefined,
    where it jumps (a floor's step, a remainder's wrap: no riser is drawn) and where it turns
    sharply (a clamp's edge: no smoothing hooks past it; that piece starts where the last ends).
    Worked out once for a graph, the numbers it follows and its frame: every board and every
    label settled beside it asks again."""
    if not isinstance(function, FunctionValue) or function.body is None:
        return []
    follows = tuple((v, numbers[v]) for v in sorted(variables_of(function)) if v in numbers)
    found = _samples(function, follows, x0, x1, frame.box, frame.x_range, frame.y_range)
    return [list(piece) for piece in found]


@lru_cache(maxsize=512)
def _samples(function: FunctionValue, follows: tuple[tuple[str, float], ...], x0: float, x1: float, box: Box,
             x_range: tuple[float, float], y_range: tuple[float, float]) -> tuple[tuple[np.ndarray, ...], ...]:
    frame = ParentFrame(box, x_range, y_range)
    if box.width <= 0 or box.height <= 0:  # a container too thin to hold a plot draws no graph
        return ()
    f = function_of(function, dict(follows))

    def value(x: float) -> float | None:
        try:
            return f(x)
        except EvaluationError:
            return None

    xs = [float(x) for x in np.linspace(x0, x1, SAMPLES)]
    ys = [value(x) for x in xs]
    y0, y1 = frame.y_range
    visible = STROKE_HALF * (y1 - y0) / frame.box.height  # a smaller step does not show
    runs: list[list[tuple[float, float]]] = []
    current: list[tuple[float, float]] = []
    for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
        if y is None or not (y0 - 1e-9 <= y <= y1 + 1e-9):
            runs.append(current)
            current = []
            continue
        if current and (step := _jump(value, xs, ys, i, visible)) is not None:
            (a, fa), (b, fb) = step
            if y0 - 1e-9 <= fa <= y1 + 1e-9:
                current.append((a, fa))
            runs.append(current)
            current = [(b, fb)] if y0 - 1e-9 <= fb <= y1 + 1e-9 and b < x else []
        current.append((x, y))
    runs.append(current)
    pieces: list[tuple] = []
    for run in runs:
        for part in _unkinked([frame.point(x, y) for x, y in run]):
            if len(part) > 1 and float(np.ptp(np.array(part)[:, :2], axis=0).max()) > 1e-9:  # not a lone value
                pieces.append(tuple(part))
    return tuple(pieces)


def _jump(value: Callable[[float], float | None], xs: list[float], ys: list, i: int, visible: float
          ) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Where a graph jumps (by more than `visible`) between samples i - 1 and i: the two sides of
    the step, bisected to within a millionth of the step; None where it only climbs steeply."""
    ya, yb = ys[i - 1], ys[i]
    if ya is None or yb is None or abs(yb - ya) <= visible:
        return None
    rise = abs(yb - ya)
    around = [abs(ys[j + 1] - ys[j]) for j in (i - 2, i) if j >= 0 and j + 1 < len(ys)
              and ys[j] is not None and ys[j + 1] is not None]
    if rise <= 1e-12 or rise <= _JUMP * min(around, default=rise):
        return None
    a, b, fa, fb = xs[i - 1], xs[i], ya, yb
    for _ in range(60):
        if b - a <= (xs[i] - xs[i - 1]) * 1e-6:
            break
        m = (a + b) / 2
        fm = value(m)
        if fm is None:
            return None
        if abs(fm - fa) >= abs(fb - fm):
            b, fb = m, fm
        else:
            a, fa = m, fm
    return ((a, fa), (b, fb)) if abs(fb - fa) > rise / 2 else None


def _unkinked(points: list[np.ndarray]) -> list[list[np.ndarray]]:
    """A run of board points cut where it turns by more than _KINK in one step; each part
    starts at the point the last one ends on."""
    if len(points) < 3:
        return [points]
    steps = np.diff(np.array(points)[:, :2], axis=0)
    lengths = np.hypot(steps[:, 0], steps[:, 1])
    cosines = np.einsum("ij,ij->i", steps[:-1], steps[1:]) / np.maximum(lengths[:-1] * lengths[1:], 1e-18)
    turns = (lengths[:-1] > 1e-9) & (lengths[1:] > 1e-9) & (cosines < np.cos(_KINK))
    cuts = [0, *(int(k) + 1 for k in np.flatnonzero(turns)), len(points) - 1]
    return [points[a:b + 1] for a, b in pairwise(cuts) if b > a]


def plot_range(spec: Spec, frame: ParentFrame, numbers: Mapping[str, float]) -> tuple[float, float]:
    x0, x1 = frame.x_range
    if spec.x_range is not None:
        x0, x1 = range_of(spec.x_range, (x0, x1), numbers)
    return x0, x1


def plot_point(spec: Spec, target: Spec, frame: ParentFrame, numbers: Mapping[str, float]) -> np.ndarray:
    """Where a PlotPoint stands on its graph (raises EvaluationError where it does not evaluate)."""
    x = evaluate_number(spec.x, numbers)
    y = function_of(target.function, numbers)(x)  # type: ignore[attr-defined]
    return frame.point(x, y)


def plot_dot(at: np.ndarray, frame: ParentFrame) -> float:
    """A PlotPoint's radius, standing at `at`."""
    return within(at, DOT_RADIUS * PLOT_DOT, frame)


def meeting(point: tuple[float, float], parent: str | None, objects: Mapping[str, Spec], numbers_of: NumbersOf,
            skip: Spec | None = None) -> list[tuple[tuple[float, float], bool]]:
    """Segments drawn in `parent` that touch `point`: for each end reached from it, (that end,
    whether `point` is the segment's tip). A segment passing through gives both its ends; one
    whose ends do not evaluate touches nothing. Plain floats: a moving point asks on every frame."""
    px, py = point
    found = []
    for other in objects.values():
        if other is skip or other.parent != parent or not hasattr(other, "end"):
            continue
        numbers = numbers_of(other.name)
        try:
            start = evaluate_point(other.start, numbers)  # type: ignore[attr-defined]
            end = evaluate_point(other.end, numbers)  # type: ignore[attr-defined]
        except EvaluationError:
            continue
        if abs(end[0] - px) <= 1e-6 and abs(end[1] - py) <= 1e-6:
            found.append((start, True))
        elif abs(start[0] - px) <= 1e-6 and abs(start[1] - py) <= 1e-6:
            found.append((end, False))
        else:
            dx, dy = end[0] - start[0], end[1] - start[1]
            span = math.hypot(dx, dy)
            if span > 0:
                t = ((px - start[0]) * dx + (py - start[1]) * dy) / span**2
                off = abs((px - start[0]) * dy - (py - start[1]) * dx) / span
                if 0 < t < 1 and off < 1e-6 * max(1.0, span):
                    found += [(start, False), (end, False)]
    return found


def tip_at(point: tuple[float, float], segment: Spec, objects: Mapping[str, Spec], numbers_of: NumbersOf) -> bool:
    """Whether another segment drawn in the same parent ends at `point` (arrows tip to tail)."""
    return any(is_tip for _, is_tip in meeting(point, segment.parent, objects, numbers_of, skip=segment))


#: Sides a point's label may take, in order of preference.
SIDES = [np.array(side, dtype=float) / np.linalg.norm(side)
         for side in ((0, 1, 0), (1, 1, 0), (-1, 1, 0), (1, 0, 0), (-1, 0, 0), (0, -1, 0), (1, -1, 0), (-1, -1, 0))]


def beside_segment(start: np.ndarray, end: np.ndarray, size: tuple[float, float], foot_free: bool = True
                   ) -> np.ndarray:
    """Where a label (of `size`) of a segment is centred: under the foot of an upright one (a bar,
    an arrow feeding upward) unless another arrow's tip is there, else beside its middle, on the
    right-hand side of its direction."""
    direction = end - start
    norm = float(np.linalg.norm(direction)) or 1.0
    unit = direction / norm
    half = np.array([size[0] / 2, size[1] / 2, 0.0])
    if foot_free and abs(unit[1]) > abs(unit[0]):
        away = -unit
        return start + away * (0.12 + float(np.abs(away) @ half))
    side = np.array([unit[1], -unit[0], 0.0])
    return (start + end) / 2 + side * (0.12 + float(np.abs(side) @ half))


def tip_label(at: np.ndarray, direction: np.ndarray, size: tuple[float, float], left: float = 1.0) -> np.ndarray:
    """Where a Vector's or Line's own label is centred: past its tip, off to its left (or right)."""
    norm = float(np.linalg.norm(direction)) or 1.0
    unit = direction / norm
    side = np.array([-unit[1], unit[0], 0.0]) * left
    return at + unit * 0.1 + side * (0.1 + max(size[0], size[1]) * 0.6)


def next_to(at: np.ndarray, direction: np.ndarray, size: tuple[float, float], buff: float) -> np.ndarray:
    """The centre of a box of `size` set `buff` away from `at` towards `direction` (by its
    corner or edge, as Manim's `next_to` sets it)."""
    unit = direction / (float(np.linalg.norm(direction)) or 1.0)
    half = np.array([size[0] / 2, size[1] / 2, 0.0])
    return at + unit * buff + np.sign(unit) * half


def label_spots(spec: Spec, frame: ParentFrame, objects: Mapping[str, Spec], anchors: Mapping,
                numbers_of: NumbersOf, size: tuple[float, float]) -> list[np.ndarray]:
    """Where a label drawn in a figure (a Math child, of `size`) may be centred, best first:
    beside the segment it names (under a free foot, else right of its middle; then left of its
    middle, past its tip, under its foot; hung in an Axes' caption band when under the plot),
    around the point it names (under, over, right, left), or else low in the middle of the
    figure, then high."""
    anchor = anchors.get(spec.name)
    sibling = objects.get(anchor.sibling) if anchor else None
    if sibling is not None and hasattr(sibling, "start"):
        numbers = numbers_of(sibling.name)  # the label stays beside its sibling where it is held
        start, end = segment(sibling, frame, numbers)
        free = not tip_at(evaluate_point(sibling.start, numbers), sibling, objects, numbers_of)  # type: ignore[attr-defined]
        in_axes = getattr(objects.get(spec.parent or ""), "kind", None) is Kind.AXES
        spots = [beside_segment(start, end, size, foot_free=free), beside_segment(start, end, size, foot_free=False),
                 beside_segment(end, start, size, foot_free=False), next_to(end, end - start, size, 0.12),
                 next_to(start, start - end, size, 0.12)]
        if in_axes:
            spots = [_hung(c, size, frame) for c in spots]
        return spots
    if sibling is not None and hasattr(sibling, "location"):
        at = frame.point(*evaluate_point(sibling.location, numbers_of(sibling.name)))  # type: ignore[attr-defined]
        return [at + np.array(offset) for offset in ([0, -0.35, 0], [0, 0.35, 0], [0.2 + size[0] / 2, 0, 0],
                                                      [-0.2 - size[0] / 2, 0, 0])]
    return [frame.point(sum(frame.x_range) / 2, frame.y_range[0]) + np.array([0, 0.3, 0]),
            frame.point(sum(frame.x_range) / 2, frame.y_range[1]) + np.array([0, -0.3, 0])]


def _hung(center: np.ndarray, size: tuple[float, float], frame: ParentFrame) -> np.ndarray:
    drop = hang(float(center[1]) + size[1] / 2, frame)
    return center if drop is None else center + np.array([0.0, drop, 0.0])


def tip_spots(start: np.ndarray, end: np.ndarray, size: tuple[float, float]) -> list[np.ndarray]:
    """Where a Vector's or Line's own label may be centred, best first: past its tip off to its
    left, off to its right, straight on, then beside its middle on either side."""
    direction = end - start
    return [tip_label(end, direction, size), tip_label(end, direction, size, -1.0),
            next_to(end, direction, size, 0.12), beside_segment(start, end, size, foot_free=False),
            beside_segment(end, start, size, foot_free=False)]


def side_spots(at: np.ndarray, radius: float, others: list[np.ndarray], size: tuple[float, float]
               ) -> list[np.ndarray]:
    """Where a Point's own label may be centred, best first: on the sides farthest in angle from
    the segments that leave it (up first when none do), close by, then farther off."""
    leaving = [(o - at) / n for o in others if (n := float(np.linalg.norm(o - at))) > 1e-9]

    def clearance(side: np.ndarray) -> float:
        return min((float(np.arccos(np.clip(side @ d, -1.0, 1.0))) for d in leaving), default=math.pi)

    order = sorted(SIDES, key=clearance, reverse=True) if leaving else SIDES
    return [next_to(at + side * radius, side, size, buff) for buff in (0.1, 0.3) for side in order]


def settle(outlines: list[tuple[str, Outline]], taken: list[Extent], safe: Extent, bounds: Extent | None = None,
           margin: float = 0.0, beside: Iterable[Extent] = (), lines: list[Extent] = ()
           ) -> dict[tuple[str, int], Extent]:
    """Where each label goes (a mark to every label): the legend entries first, then the others
    in the order the children are given: (child, -1) for a text drawn in the figure, (child, k)
    for a child's k-th mark. Each takes the first of its spots (an entry's is where its legend row
    sets it) inside `bounds` (the container's box) and `safe` that meets nothing taken (the
    marks' pieces, the numbers in `taken`, the legend, the labels settled before it), else the
    clear place there nearest its first spot; where there is none, the same near the box: within
    `margin` of it (under half the layout's gap, so that nothing the layout puts beside the
    container is met, nor its labels), or for a text wider than the box as far to either side as
    it must; then anywhere in `safe` away from every place in `beside` (where the other objects
    of the scene stand, and their labels may); where there is none, the place near the box that
    meets least. `lines` (an Axes' axis lines) are kept clear of too where a label can be: only a
    label with no clear place off them is settled as if they were not there, since a line through
    a label is less bad than a label on a mark, a number or another label."""
    chosen: dict[tuple[str, int], Extent] = {}
    legend, wanted = [], []
    for name, outline in outlines:
        if outline.spots:
            wanted.append(((name, -1), outline.spots))
        for k, (kind, spots) in enumerate(outline.marks):
            (legend if kind == "legend" else wanted).append(((name, k), spots))
    blocking = [*taken, *(p for _, outline in outlines for p in outline.pieces)]
    box = safe if bounds is None else bounds
    away = [_grown(other, margin) for other in beside]
    for key, spots in legend + wanted:
        # a text wider than its container stands out of it evenly, by as much as it must (and half
        # a step of the search more, so that one of its places fits): the layout leaves that room
        # (`placement.room_for_texts`)
        dx = max(margin, (spots[0][2] - spots[0][0] - (box[2] - box[0]) + SEARCH_STEP) / 2)
        near = (box[0] - dx, box[1] - margin, box[2] + dx, box[3] + margin)
        regions = [_meet(safe, box), _meet(safe, near), safe]
        pick = _first_clear(spots, [*blocking, *lines], regions, away)
        if lines and not _clear(pick, [*blocking, *lines]):
            pick = _first_clear(spots, blocking, regions, away)
        chosen[key] = pick
        blocking.append(pick)
    return chosen


#: Where no spot of a label is clear, places around its first are tried this far apart, out to
#: _REACH from it, nearest first, _BATCH at a time, in units.
SEARCH_STEP = 0.05
_REACH = 3.0
_BATCH = 1024


@lru_cache(maxsize=1)
def _offsets() -> np.ndarray:
    """Moves of up to _REACH on a grid _STEP apart, nearest first, as (dx, dy, dx, dy) rows."""
    steps = np.arange(-_REACH, _REACH + SEARCH_STEP / 2, SEARCH_STEP)
    dx, dy = (a.ravel() for a in np.meshgrid(steps, steps))
    distance = np.hypot(dx, dy)
    order = np.argsort(distance, kind="stable")
    order = order[distance[order] <= _REACH + 1e-9]
    return np.stack([dx, dy, dx, dy], axis=1)[order]


def _meet(a: Extent, b: Extent) -> Extent:
    return max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])


def _grown(box: Extent, by: float) -> Extent:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _first_clear(spots: tuple[Extent, ...], blocking: list[Extent], regions: list[Extent], away: list[Extent]
                 ) -> Extent:
    """In each of `regions` in turn: the first of `spots` inside it that meets none of
    `blocking` (in the last region, none of `away` either), else the first clear box of its size
    around the first spot; else the spot or box around it that meets least, inside the first two
    regions where one fits, else inside any, else the first spot."""
    near = np.array(blocking, dtype=float).reshape(-1, 4)
    boxes = near

    def clear_inside(found: np.ndarray, region: Extent) -> tuple[np.ndarray, np.ndarray]:
        """Those of `found` inside `region`, and how much of the blocking boxes each meets."""
        found = found[(found[:, 0] >= region[0] - 1e-6) & (found[:, 1] >= region[1] - 1e-6)
                      & (found[:, 2] <= region[2] + 1e-6) & (found[:, 3] <= region[3] + 1e-6)]
        count("label spots", len(found))
        count("overlap tests", len(found) * len(boxes))
        return found, _met(found, boxes)

    around = np.array(spots[0], dtype=float)[None, :] + _offsets()
    least: tuple[float, Extent] | None = None
    for k, region in enumerate(regions):
        boxes = near if k < len(regions) - 1 else np.concatenate([near, np.array(away, dtype=float).reshape(-1, 4)])
        boxes = _meeting(boxes, region)
        inside, meets = clear_inside(np.array(spots, dtype=float), region)
        if len(inside) and meets.min() <= 1e-6:
            return _extent(inside[int(np.flatnonzero(meets <= 1e-6)[0])])
        tried = [(inside, meets)]
        for start in range(0, len(around), _BATCH):
            found, amounts = clear_inside(around[start:start + _BATCH], region)
            if len(found) and amounts.min() <= 1e-6:
                return _extent(found[int(np.flatnonzero(amounts <= 1e-6)[0])])
            tried.append((found, amounts))
        if least is None or k < len(regions) - 1:
            least = min(((float(m.min()), _extent(f[int(np.argmin(m))])) for f, m in tried if len(f)),
                        key=lambda pair: pair[0], default=least)
    return least[1] if least is not None else spots[0]


def _met(found: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each of `found`, the area of `boxes` it meets."""
    w = np.minimum(found[:, None, 2], boxes[None, :, 2]) - np.maximum(found[:, None, 0], boxes[None, :, 0])
    h = np.minimum(found[:, None, 3], boxes[None, :, 3]) - np.maximum(found[:, None, 1], boxes[None, :, 1])
    return np.where((w > 0) & (h > 0), w * h, 0.0).sum(axis=1)


def _clear(box: Extent, blocking: list[Extent]) -> bool:
    """Whether `box` is clear of `blocking` as `_first_clear` counts clear."""
    return float(_met(np.array([box], dtype=float), np.array(blocking, dtype=float).reshape(-1, 4))[0]) <= 1e-6


def _meeting(boxes: np.ndarray, region: Extent) -> np.ndarray:
    """The boxes a box inside `region` may meet: those that reach into it (a hair grown, as
    `clear_inside` lets a box stand a hair outside its region); the rest cannot be met there."""
    by = 1e-3
    return boxes[(boxes[:, 0] < region[2] + by) & (boxes[:, 2] > region[0] - by)
                 & (boxes[:, 1] < region[3] + by) & (boxes[:, 3] > region[1] - by)]


def _extent(row: np.ndarray) -> Extent:
    return float(row[0]), float(row[1]), float(row[2]), float(row[3])


def hang(top: float, frame: ParentFrame) -> float | None:
    """How far a label whose top is under an Axes' plot drops, into the band kept under its
    numbers; None for one that is not under it."""
    if top < frame.box.y0:
        return frame.box.y0 - NUMBER_DROP - CAPTION_GAP - top
    return None


def legend_rows(entries: list[str], sizes: list[tuple[float, float]], width: float, smallest: float
                ) -> tuple[list[list[str]], float]:
    """A legend's entries in rows no wider than `width` (the plot's), and the scale they are set
    at: one row, else wrapped into two, else shrunk to `smallest` (the theme's minimum font over
    the labels') in two rows, else in as many as it takes."""
    widths = dict(zip(entries, (w for w, _ in sizes), strict=True))

    def wrapped(scale: float) -> list[list[str]]:
        rows: list[list[str]] = [[]]
        used = 0.0
        for name in entries:
            need = SWATCH + widths[name] * scale
            if rows[-1] and used + LEGEND_GAP + need > width + 1e-9:
                rows.append([])
                used = 0.0
            used += need + (LEGEND_GAP if len(rows[-1]) else 0.0)
            rows[-1].append(name)
        return rows

    for scale, most in ((1.0, 2), (smallest, 2)):
        rows = wrapped(scale)
        if len(rows) <= most:
            return rows, scale
    return wrapped(smallest), smallest


def legend_place(frame_box: Box, rows: list[list[str]], sizes: Mapping[str, tuple[float, float]], scale: float,
                 safe: Extent | None = None) -> dict[str, tuple[float, float, float]]:
    """Each labelled graph's entry in the rows above the plot, right-aligned, the first row on
    top: (left, centre y) of its text, its swatch to the left of it, and the scale it is set at.
    A row wider than a narrow plot is moved right as far as keeps it inside `safe`; rows that
    would rise out of it (over a box too low for them at the top of the board) come down."""
    place = {}
    rise = LEGEND_RISE
    if safe is not None and rows:
        above = frame_box.y1 + rise + (len(rows) - 1) * LEGEND_ROW + max(sizes[n][1] for n in rows[0]) * scale / 2
        rise -= max(0.0, above - safe[3])
    for r, row in enumerate(rows):
        y = frame_box.y1 + rise + (len(rows) - 1 - r) * LEGEND_ROW
        width = sum(sizes[n][0] * scale for n in row) + (SWATCH + LEGEND_GAP) * len(row) - LEGEND_GAP
        x = frame_box.x1 - width
        if safe is not None and x < safe[0]:
            x = min(safe[0], safe[2] - width)
        for name in row:
            place[name] = (x + SWATCH, y, scale)
            x += SWATCH + sizes[name][0] * scale + LEGEND_GAP
    return place


# ---------------------------------------------------------------- outlines, one a child kind


def segment_outline(spec: Spec, frame: ParentFrame, figure: Figure) -> Outline:
    """A Vector or Line: its two ends, and its own label past its tip."""
    start, end = segment(spec, frame, figure.numbers_of(spec.name))
    marks = []
    if figure.labelled(spec.name):
        size = figure.size(spec.name + LABEL)
        marks.append(("label", tuple(_centred(c, size) for c in tip_spots(start, end, size))))
    pieces = footprint([[start, end]])
    length = float(np.linalg.norm(end - start))
    if spec.kind is Kind.VECTOR and length > 1e-4:  # its head, as wide as it is long
        tip = arrow_tip(start, end, frame)
        pieces += (_centred(end - (end - start) / length * tip / 2, (tip, tip)),)
    return Outline(pieces, marks=tuple(marks))


def point_outline(spec: Spec, frame: ParentFrame, figure: Figure) -> Outline:
    """A Point: its dot, and its own label on the side no segment leaves it by."""
    location, at, radius = dot(spec, frame, figure.numbers_of(spec.name))
    marks = []
    if spec.label and figure.labelled(spec.name):
        others = meeting(location, spec.parent, figure.objects, figure.numbers_of)
        size = figure.size(spec.name + LABEL)
        spots = side_spots(at, radius, [frame.point(*other) for other, _ in others], size)
        marks.append(("label", tuple(_centred(c, size) for c in spots)))
    return Outline(_boxes(_around([at], radius)), marks=tuple(marks))


def plot_outline(spec: Spec, frame: ParentFrame, figure: Figure) -> Outline:
    """A FunctionPlot: its curve, and its entry in the legend row above the plot."""
    numbers = figure.numbers_of(spec.name)
    x0, x1 = plot_range(spec, frame, numbers)
    drawn = samples(spec.function, numbers, x0, x1, frame)  # type: ignore[attr-defined]
    marks = []
    if spec.label and figure.labelled(spec.name):
        x, y, scale = frame.legend[spec.name]
        width, height = (scale * d for d in figure.size(spec.name + LABEL))
        marks.append(("legend", ((x - SWATCH, y - height / 2, x + width, y + height / 2),)))  # swatch, then text
    return Outline(footprint(drawn), marks=tuple(marks))


def plot_point_outline(spec: Spec, frame: ParentFrame, figure: Figure) -> Outline:
    """A PlotPoint: its dot on its graph."""
    at = plot_point(spec, figure.objects[spec.target], frame, figure.numbers_of(spec.name))  # type: ignore[attr-defined]
    return Outline(_boxes(_around([at], plot_dot(at, frame))))


def label_outline(spec: Spec, frame: ParentFrame, figure: Figure) -> Outline:
    """A text drawn in a figure: a label beside the mark it names (hung in an Axes' caption band
    when it falls under the plot), on the first of its spots that is clear."""
    size = figure.size(spec.name)
    spots = label_spots(spec, frame, figure.objects, figure.anchors, figure.numbers_of, size)
    anchor = figure.anchors.get(spec.name)
    return Outline((), anchor.sibling if anchor is not None else None, spots=tuple(_centred(c, size) for c in spots))
