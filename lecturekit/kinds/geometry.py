"""The geometry of what is drawn inside a Figure or Axes: pure functions in board units, from a
spec, its parent's space and the numbers it is drawn with. Each child kind's module says where its
drawing reaches with one of the `*_outline` functions here (its `KindDef.geometry`), and where its
label may go; the painters draw from the same functions, and the plan lists the outlines on its
boards. What needs the rest of the board is the plan's: sampling a graph (`plan.sampling`, asked
through `Figure.traced`), settling labels (`plan.settle`) and laying out legends (`plan.legends`).

Where a label lands depends on its size: the painters pass the size of the ink they set, the plan
the size of the typeset box.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from contextlib import suppress

import numpy as np

from lecturekit.boxes import Box
from lecturekit.kinds.base import Stands, kind_def
from lecturekit.kinds.outline import Figure, NumbersOf, Outline, ParentSpace
from lecturekit.syntax.evaluate import EvaluationError, evaluate_number, evaluate_point, function_of
from lecturekit.syntax.nodes import Kind, Spec, Value

#: A Point's radius when it gives none, in units.
DOT_RADIUS = 0.09
#: A PlotPoint is this much larger than a Point.
PLOT_DOT = 1.3
#: An Axes' numbers are centred this far under its plot, in units.
NUMBER_DROP = 0.28
#: Space between those numbers' centres and a label hung beneath them, in units.
CAPTION_GAP = 0.17
#: A legend entry's swatch starts this far left of its text, in units.
SWATCH = 0.32
#: The room between a label and the mark it names, in units.
LABEL_GAP = 0.12
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
LABEL = "#label"




def _around(points: list[np.ndarray], pad: float = STROKE_HALF) -> Box | None:
    if not points:
        return None
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return Box(min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


#: The points a footprint's piece is first looked for among (see `footprint`).
_WINDOW = 64


def footprint(paths: list[list[np.ndarray]] | list[np.ndarray], pad: float = STROKE_HALF) -> tuple[Box, ...]:
    """Boxes along strokes (each a list of board points), each at most PIECE_AREA: consecutive
    points share a box while it stays that small, so a level or upright stroke takes few. Small
    enough that a stroke's pieces never cover what lies beside it (the room between two graphs,
    the inside of an arc) and that any two of them, or one and a number, overlap by less than
    half of what the outside audit lets siblings share; large enough to keep a board's items few."""
    found: list[Box] = []
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
            found.append(Box(float(lo[end, 0]), float(lo[end, 1]), float(hi[end, 0]), float(hi[end, 1])))
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


def _boxes(extent: Box | None) -> tuple[Box, ...]:
    return () if extent is None else (extent,)


def arrow_tip(start: np.ndarray, end: np.ndarray, space: ParentSpace) -> float:
    """How long (and wide) a Vector's head is: a third of a short shaft, at most 0.24 units, and
    no wider than its container's box has room for about its tip (a box narrower than a head)."""
    tip = min(0.24, float(np.linalg.norm(end - start)) * 0.35)
    if space.bounds is not None:
        box, x, y = space.bounds, float(end[0]), float(end[1])
        tip = min(tip, 2 * max(0.0, min(x - box.x0, box.x1 - x, y - box.y0, box.y1 - y)))
    return tip


def _centred(center: np.ndarray, size: tuple[float, float]) -> Box:
    x, y = float(center[0]), float(center[1])
    return Box(x - size[0] / 2, y - size[1] / 2, x + size[0] / 2, y + size[1] / 2)


def range_of(value: Value | None, fallback: tuple[float, float], numbers: Mapping[str, float] | None = None
             ) -> tuple[float, float]:
    """A range as drawn; resolve has replaced an empty or reversed one by its default."""
    if value is None:
        return fallback
    try:
        lo, hi = evaluate_point(value, numbers or {})
    except EvaluationError:
        return fallback
    return (lo, hi) if hi > lo else fallback


# ---------------------------------------------------------------- containers


def segment(spec: Spec, space: ParentSpace, numbers: Mapping[str, float]) -> tuple[np.ndarray, np.ndarray]:
    """A Vector's or Line's ends on the board (raises EvaluationError where they do not evaluate)."""
    start = space.point(*evaluate_point(spec.start, numbers))  # type: ignore[attr-defined]
    end = space.point(*evaluate_point(spec.end, numbers))  # type: ignore[attr-defined]
    return start, end


def dot(spec: Spec, space: ParentSpace, numbers: Mapping[str, float]
        ) -> tuple[tuple[float, float], np.ndarray, float]:
    """A Point's location in its parent's coordinates, on the board, and its radius (`within`)."""
    location = evaluate_point(spec.location, numbers)  # type: ignore[attr-defined]  # a Point's (a PointSpec)
    radius = DOT_RADIUS
    if spec.marker_radius is not None:  # type: ignore[attr-defined]  # a Point's
        with suppress(EvaluationError):  # the plan holds it; resolve has checked it at the start
            radius = max(0.03, min(0.6, evaluate_number(spec.marker_radius, numbers) * space.unit * 0.8))  # type: ignore[attr-defined]  # a Point's
    at = space.point(*location)
    return location, at, within(at, radius, space)


def within(at: np.ndarray, radius: float, space: ParentSpace) -> float:
    """A dot's radius, no larger than keeps it within a PlotPoint's dot of its plotting area (the
    room the container keeps around it, clear of its numbers and legend) and inside the
    container's box: only a larger dot near the plot's edge, or any dot in a box too small for
    it, is drawn smaller."""
    x, y = float(at[0]), float(at[1])
    plot = space.box
    room = min(x - plot.x0, plot.x1 - x, y - plot.y0, plot.y1 - y) + DOT_RADIUS * PLOT_DOT
    if space.bounds is not None:
        box = space.bounds
        room = min(room, x - box.x0, box.x1 - x, y - box.y0, box.y1 - y)
    return max(0.0, min(radius, room))


def plot_range(spec: Spec, space: ParentSpace, numbers: Mapping[str, float]) -> tuple[float, float]:
    x0, x1 = space.x_range
    if spec.x_range is not None:  # type: ignore[attr-defined]  # a FunctionPlot's
        x0, x1 = range_of(spec.x_range, (x0, x1), numbers)  # type: ignore[attr-defined]  # a FunctionPlot's
    return x0, x1


def plot_point(spec: Spec, target: Spec, space: ParentSpace, numbers: Mapping[str, float]) -> np.ndarray:
    """Where a PlotPoint stands on its graph (raises EvaluationError where it does not evaluate)."""
    x = evaluate_number(spec.x, numbers)  # type: ignore[attr-defined]  # a PlotPoint's
    y = function_of(target.function, numbers)(x)  # type: ignore[attr-defined]  # a FunctionPlot's
    return space.point(x, y)


def plot_dot(at: np.ndarray, space: ParentSpace) -> float:
    """A PlotPoint's radius, standing at `at`."""
    return within(at, DOT_RADIUS * PLOT_DOT, space)


def meeting(point: tuple[float, float], parent: str | None, objects: Mapping[str, Spec], numbers_of: NumbersOf,
            skip: Spec | None = None) -> list[tuple[tuple[float, float], bool]]:
    """Segments drawn in `parent` that touch `point`: for each end reached from it, (that end,
    whether `point` is the segment's tip). A segment passing through gives both its ends; one
    whose ends do not evaluate touches nothing. Plain floats: a moving point asks on every frame."""
    px, py = point
    found = []
    for other in objects.values():
        if other is skip or other.parent != parent or kind_def(other.kind).stands is not Stands.BETWEEN:
            continue
        numbers = numbers_of(other.name)
        try:
            start = evaluate_point(other.start, numbers)  # type: ignore[attr-defined]  # stands BETWEEN: a Vector or Line
            end = evaluate_point(other.end, numbers)  # type: ignore[attr-defined]  # stands BETWEEN: a Vector or Line
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
        return start + away * (LABEL_GAP + float(np.abs(away) @ half))
    side = np.array([unit[1], -unit[0], 0.0])
    return (start + end) / 2 + side * (LABEL_GAP + float(np.abs(side) @ half))


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


def label_spots(spec: Spec, space: ParentSpace, objects: Mapping[str, Spec], anchors: Mapping,
                numbers_of: NumbersOf, size: tuple[float, float]) -> list[np.ndarray]:
    """Where a label drawn in a figure (a Math child, of `size`) may be centred, best first: at
    its own `location` where the lecture gives one; else beside the segment it names (under a
    free foot, else right of its middle; then left of its middle, past its tip, under its foot;
    hung in an Axes' caption band when under the plot), around the point it names (under, over,
    right, left), or else low in the middle of the figure, then high."""
    middle = [space.point(sum(space.x_range) / 2, space.y_range[0]) + np.array([0, 0.3, 0]),
              space.point(sum(space.x_range) / 2, space.y_range[1]) + np.array([0, -0.3, 0])]
    location = getattr(spec, "location", None)
    if location is not None:  # where the lecture puts it; the middle where a mark takes that spot
        return [space.point(*evaluate_point(location, numbers_of(spec.name))), *middle]
    anchor = anchors.get(spec.name)
    sibling = objects.get(anchor.sibling) if anchor else None
    stands = kind_def(sibling.kind).stands if sibling is not None else Stands.ELSEWHERE
    if sibling is not None and stands is Stands.BETWEEN:
        numbers = numbers_of(sibling.name)  # the label stays beside its sibling where it is held
        start, end = segment(sibling, space, numbers)
        free = not tip_at(evaluate_point(sibling.start, numbers), sibling, objects, numbers_of)  # type: ignore[attr-defined]
        in_axes = getattr(objects.get(spec.parent or ""), "kind", None) is Kind.AXES
        spots = [beside_segment(start, end, size, foot_free=free), beside_segment(start, end, size, foot_free=False),
                 beside_segment(end, start, size, foot_free=False), next_to(end, end - start, size, LABEL_GAP),
                 next_to(start, start - end, size, LABEL_GAP)]
        if in_axes:
            spots = [_hung(c, size, space) for c in spots]
        return spots
    if sibling is not None and stands is Stands.AT:
        at = space.point(*evaluate_point(sibling.location, numbers_of(sibling.name)))  # type: ignore[attr-defined]
        return [at + np.array(offset) for offset in ([0, -0.35, 0], [0, 0.35, 0], [0.2 + size[0] / 2, 0, 0],
                                                      [-0.2 - size[0] / 2, 0, 0])]
    return middle


def _hung(center: np.ndarray, size: tuple[float, float], space: ParentSpace) -> np.ndarray:
    drop = hang(float(center[1]) + size[1] / 2, space)
    return center if drop is None else center + np.array([0.0, drop, 0.0])


def tip_spots(start: np.ndarray, end: np.ndarray, size: tuple[float, float]) -> list[np.ndarray]:
    """Where a Vector's or Line's own label may be centred, best first: past its tip off to its
    left, off to its right, straight on, then beside its middle on either side."""
    direction = end - start
    return [tip_label(end, direction, size), tip_label(end, direction, size, -1.0),
            next_to(end, direction, size, LABEL_GAP), beside_segment(start, end, size, foot_free=False),
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


def hang(top: float, space: ParentSpace) -> float | None:
    """How far a label whose top is under an Axes' plot drops, into the band kept under its
    numbers; None for one that is not under it."""
    if top < space.box.y0:
        return space.box.y0 - NUMBER_DROP - CAPTION_GAP - top
    return None


# ---------------------------------------------------------------- outlines, one a child kind


def segment_outline(spec: Spec, space: ParentSpace, figure: Figure) -> Outline:
    """A Vector or Line: its two ends, and its own label past its tip."""
    start, end = segment(spec, space, figure.numbers_of(spec.name))
    marks = []
    if figure.labelled(spec.name):
        size = figure.size(spec.name + LABEL)
        marks.append(("label", tuple(_centred(c, size) for c in tip_spots(start, end, size))))
    pieces = footprint([[start, end]])
    length = float(np.linalg.norm(end - start))
    if spec.kind is Kind.VECTOR and length > 1e-4:  # its head, as wide as it is long
        tip = arrow_tip(start, end, space)
        pieces += (_centred(end - (end - start) / length * tip / 2, (tip, tip)),)
    return Outline(pieces, marks=tuple(marks))


def point_outline(spec: Spec, space: ParentSpace, figure: Figure) -> Outline:
    """A Point: its dot, and its own label on the side no segment leaves it by."""
    location, at, radius = dot(spec, space, figure.numbers_of(spec.name))
    marks = []
    if spec.label and figure.labelled(spec.name):
        others = meeting(location, spec.parent, figure.objects, figure.numbers_of)
        size = figure.size(spec.name + LABEL)
        spots = side_spots(at, radius, [space.point(*other) for other, _ in others], size)
        marks.append(("label", tuple(_centred(c, size) for c in spots)))
    return Outline(_boxes(_around([at], radius)), marks=tuple(marks))


def plot_outline(spec: Spec, space: ParentSpace, figure: Figure) -> Outline:
    """A FunctionPlot: its curve, and its entry in the legend row above the plot."""
    numbers = figure.numbers_of(spec.name)
    x0, x1 = plot_range(spec, space, numbers)
    pieces = figure.traced(spec.function, numbers, x0, x1, space)  # type: ignore[attr-defined]
    marks = []
    if spec.label and figure.labelled(spec.name):
        x, y, scale = space.legend[spec.name]
        width, height = (scale * d for d in figure.size(spec.name + LABEL))
        marks.append(("legend", (Box(x - SWATCH, y - height / 2, x + width, y + height / 2),)))  # swatch, then text
    return Outline(pieces, marks=tuple(marks))


def plot_point_outline(spec: Spec, space: ParentSpace, figure: Figure) -> Outline:
    """A PlotPoint: its dot on its graph."""
    at = plot_point(spec, figure.objects[spec.target], space, figure.numbers_of(spec.name))  # type: ignore[attr-defined]
    return Outline(_boxes(_around([at], plot_dot(at, space))))


def label_outline(spec: Spec, space: ParentSpace, figure: Figure) -> Outline:
    """A text drawn in a figure: a label beside the mark it names (hung in an Axes' caption band
    when it falls under the plot), on the first of its spots that is clear."""
    size = figure.size(spec.name)
    spots = label_spots(spec, space, figure.objects, figure.anchors, figure.numbers_of, size)
    anchor = figure.anchors.get(spec.name)
    return Outline((), anchor.sibling if anchor is not None else None, spots=tuple(_centred(c, size) for c in spots))
