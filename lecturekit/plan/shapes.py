"""Where a figure's children go: pure geometry in board units, from a spec, its parent's frame and
the numbers it is drawn with. The painters draw these shapes; `plan --json` lists their boxes.

Where a label or an axis number lands depends on its size: the painters pass the size of the ink
they set, the plan the size of the typeset box.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass

import numpy as np

from lecturekit.kinds import AxesSpec, FigureSpec, FunctionPlotSpec, PlotPointSpec, PointSpec, Spec
from lecturekit.plan.geometry import Box
from lecturekit.plan.placement import children_box
from lecturekit.syntax.evaluate import EvaluationError, evaluate_number, evaluate_point, function_of
from lecturekit.syntax.nodes import FunctionValue, Value

__all__ = ["EvaluationError", "ParentFrame"]  # a shape raises EvaluationError where its numbers fail

#: A Point's radius when it gives none, in units.
DOT_RADIUS = 0.09
#: A PlotPoint is this much larger than a Point.
PLOT_DOT = 1.3
#: An Axes' numbers are centred this far under its plot, in units.
NUMBER_DROP = 0.28
#: Space between those numbers' centres and a label hung beneath them, in units.
CAPTION_GAP = 0.17
#: How far a y number sits left of its axis, and how long a tick mark is either side, in units.
NUMBER_LEFT = 0.3
TICK_HALF = 0.07
#: A graph's legend: the gap between entries, and how far above the plot its row is centred.
LEGEND_GAP = 0.45
LEGEND_RISE = 0.3
#: Samples along a graph.
SAMPLES = 241
#: The numbers each object is drawn with, by name (the plan's holds included).
NumbersOf = Callable[[str], Mapping[str, float]]


@dataclass
class ParentFrame:
    """Maps (x, y) in a container's ranges onto its plotting box, which moves with it."""

    box: Box
    x_range: tuple[float, float]
    y_range: tuple[float, float]

    def point(self, x: float, y: float) -> np.ndarray:
        (x0, x1), (y0, y1) = self.x_range, self.y_range
        px = self.box.x0 + (x - x0) / (x1 - x0) * self.box.width
        py = self.box.y0 + (y - y0) / (y1 - y0) * self.box.height
        return np.array([px, py, 0.0])

    @property
    def unit(self) -> float:
        """Screen units per unit of x."""
        return self.box.width / (self.x_range[1] - self.x_range[0])


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


def range_of(value: Value | None, fallback: tuple[float, float], numbers: Mapping[str, float] | None = None
             ) -> tuple[float, float]:
    """A range as drawn; resolve has replaced an empty or reversed one by its default."""
    try:
        lo, hi = evaluate_point(value, numbers or {})
    except EvaluationError:
        return fallback
    return (lo, hi) if hi > lo else fallback


# ---------------------------------------------------------------- containers


def has_legend(axes: str, objects: Mapping[str, Spec], labelled: Callable[[str], bool]) -> bool:
    return bool(legend_of(axes, objects, labelled))


def legend_of(axes: str, objects: Mapping[str, Spec], labelled: Callable[[str], bool]) -> list[str]:
    """The labelled graphs drawn in `axes`, in the order the lecture declares them."""
    return [n for n, s in objects.items() if s.parent == axes and isinstance(s, FunctionPlotSpec) and labelled(n)]


def has_captions(axes: str, objects: Mapping[str, Spec], anchors: Mapping) -> bool:
    """Whether a label in `axes` is anchored to one of its lines (it may hang from its foot)."""
    return any(hasattr(objects[anchors[n].sibling], "start")
               for n, s in objects.items() if s.parent == axes and n in anchors)


def container_frame(spec: Spec, box: Box, objects: Mapping[str, Spec], anchors: Mapping,
                    labelled: Callable[[str], bool]) -> ParentFrame:
    """Where the children of a Figure or Axes go in `box`: an Axes keeps a row above its plot for
    a legend and a band under its numbers for captions when its children need them."""
    return frame_of(spec, box, has_legend(spec.name, objects, labelled), has_captions(spec.name, objects, anchors))


def frame_of(spec: Spec, box: Box, legend: bool = False, captions: bool = False) -> ParentFrame:
    """Where a Figure's or an Axes' children go when it stands in `box`."""
    inner = children_box(box, spec, legend=legend, captions=captions) if isinstance(spec, AxesSpec) else box
    assert isinstance(spec, AxesSpec | FigureSpec)
    return ParentFrame(inner, range_of(spec.x_range, (0.0, 1.0)), range_of(spec.y_range, (0.0, 1.0)))


@dataclass(frozen=True)
class Tick:
    value: float
    #: Where its mark crosses the axis.
    at: np.ndarray
    #: Where its number is centred; None where the other axis crosses (no number there).
    number: np.ndarray | None


@dataclass(frozen=True)
class AxisMarks:
    #: The x axis, then the y axis, as (start, end).
    lines: tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]
    x: tuple[Tick, ...]
    y: tuple[Tick, ...]


def _step(value: Value | None) -> float | None:
    if value is None:
        return None
    try:
        step = evaluate_number(value, {})
    except EvaluationError:
        return None
    return step if step > 0 else None


def axis_marks(spec: AxesSpec, frame: ParentFrame) -> AxisMarks:
    """The axis lines, the ticks on them and where their numbers go (under the plot, where no
    graph can cross them, and left of the y axis)."""
    (x0, x1), (y0, y1) = frame.x_range, frame.y_range
    ax_y = 0.0 if y0 <= 0 <= y1 else y0
    ax_x = 0.0 if x0 <= 0 <= x1 else x0
    lines = ((frame.point(x0, ax_y), frame.point(x1, ax_y)), (frame.point(ax_x, y0), frame.point(ax_x, y1)))
    x_step = _step(spec.x_ticks_every) or nice_step(x1 - x0, 6)
    y_step = _step(spec.y_ticks_every) or nice_step(y1 - y0, 4)
    xs = []
    for x in ticks(x0, x1, x_step):
        under = None
        if abs(x - ax_x) > 1e-9 or ax_y != 0.0:
            under = frame.point(x, y0) + np.array([0, -NUMBER_DROP, 0])
        xs.append(Tick(x, frame.point(x, ax_y), under))
    ys = []
    for y in ticks(y0, y1, y_step):
        p = frame.point(ax_x, y)
        ys.append(Tick(y, p, p + np.array([-NUMBER_LEFT, 0, 0]) if abs(y - ax_y) > 1e-9 else None))
    return AxisMarks(lines, tuple(xs), tuple(ys))


def number_text(value: float) -> str:
    """An axis number as it is set."""
    return f"{value:g}".replace("-", "\N{MINUS SIGN}")


# ---------------------------------------------------------------- children


def segment(spec: Spec, frame: ParentFrame, numbers: Mapping[str, float]) -> tuple[np.ndarray, np.ndarray]:
    """A Vector's or Line's ends on the board (raises EvaluationError where they do not evaluate)."""
    start = frame.point(*evaluate_point(spec.start, numbers))  # type: ignore[attr-defined]
    end = frame.point(*evaluate_point(spec.end, numbers))  # type: ignore[attr-defined]
    return start, end


def dot(spec: PointSpec, frame: ParentFrame, numbers: Mapping[str, float]
        ) -> tuple[tuple[float, float], np.ndarray, float]:
    """A Point's location in its parent's coordinates, on the board, and its radius."""
    location = evaluate_point(spec.location, numbers)
    radius = DOT_RADIUS
    if spec.marker_radius is not None:
        with suppress(EvaluationError):  # the plan holds it; resolve has checked it at the start
            radius = max(0.03, min(0.6, evaluate_number(spec.marker_radius, numbers) * frame.unit * 0.8))
    return location, frame.point(*location), radius


def samples(function: Value, numbers: Mapping[str, float], x0: float, x1: float, frame: ParentFrame) -> list[list]:
    """A graph as pieces of board points: it breaks where it leaves the plot or is undefined."""
    if not isinstance(function, FunctionValue) or function.body is None:
        return []
    f = function_of(function, numbers)
    y0, y1 = frame.y_range
    pieces: list[list] = []
    current: list = []
    for x in np.linspace(x0, x1, SAMPLES):
        try:
            y = f(float(x))
        except EvaluationError:
            y = None
        if y is None or not (y0 - 1e-9 <= y <= y1 + 1e-9):
            if len(current) > 1:
                pieces.append(current)
            current = []
            continue
        current.append(frame.point(float(x), y))
    if len(current) > 1:
        pieces.append(current)
    return pieces


def plot_range(spec: FunctionPlotSpec, frame: ParentFrame, numbers: Mapping[str, float]) -> tuple[float, float]:
    x0, x1 = frame.x_range
    if spec.x_range is not None:
        x0, x1 = range_of(spec.x_range, (x0, x1), numbers)
    return x0, x1


def plot_point(spec: PlotPointSpec, target: Spec, frame: ParentFrame, numbers: Mapping[str, float]) -> np.ndarray:
    """Where a PlotPoint stands on its graph (raises EvaluationError where it does not evaluate)."""
    x = evaluate_number(spec.x, numbers)
    y = function_of(target.function, numbers)(x)  # type: ignore[attr-defined]
    return frame.point(x, y)


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


def free_side(at: np.ndarray, others: list[np.ndarray]) -> np.ndarray:
    """The side of a point farthest in angle from the segments that leave it (up when none do)."""
    leaving = [(o - at) / n for o in others if (n := float(np.linalg.norm(o - at))) > 1e-9]
    if not leaving:
        return SIDES[0]
    return max(SIDES, key=lambda side: min(float(np.arccos(np.clip(side @ d, -1.0, 1.0))) for d in leaving))


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


def tip_label(at: np.ndarray, direction: np.ndarray, size: tuple[float, float]) -> np.ndarray:
    """Where a Vector's or Line's own label is centred: past its tip, off to its left."""
    norm = float(np.linalg.norm(direction)) or 1.0
    unit = direction / norm
    side = np.array([-unit[1], unit[0], 0.0])
    return at + unit * 0.1 + side * (0.1 + max(size[0], size[1]) * 0.6)


def next_to(at: np.ndarray, direction: np.ndarray, size: tuple[float, float], buff: float) -> np.ndarray:
    """The centre of a box of `size` set `buff` away from `at` towards `direction` (by its
    corner or edge, as Manim's `next_to` sets it)."""
    unit = direction / (float(np.linalg.norm(direction)) or 1.0)
    half = np.array([size[0] / 2, size[1] / 2, 0.0])
    return at + unit * buff + np.sign(unit) * half


def label_place(spec: Spec, frame: ParentFrame, objects: Mapping[str, Spec], anchors: Mapping,
                numbers_of: NumbersOf, size: tuple[float, float]) -> tuple[np.ndarray, bool]:
    """Where a label drawn in a figure (a Math child, of `size`) is centred, and whether it may
    hang in an Axes' caption band: beside the segment it names, under the point it names, or else
    low in the middle of the figure."""
    anchor = anchors.get(spec.name)
    sibling = objects.get(anchor.sibling) if anchor else None
    if sibling is not None and hasattr(sibling, "start"):
        numbers = numbers_of(sibling.name)  # the label stays beside its sibling where it is held
        start, end = segment(sibling, frame, numbers)
        free = not tip_at(evaluate_point(sibling.start, numbers), sibling, objects, numbers_of)  # type: ignore[attr-defined]
        return beside_segment(start, end, size, foot_free=free), isinstance(objects.get(spec.parent or ""), AxesSpec)
    if sibling is not None and hasattr(sibling, "location"):
        at = frame.point(*evaluate_point(sibling.location, numbers_of(sibling.name)))  # type: ignore[attr-defined]
        return at + np.array([0, -0.35, 0]), False
    return frame.point(sum(frame.x_range) / 2, frame.y_range[0]) + np.array([0, 0.3, 0]), False


def hang(top: float, frame: ParentFrame) -> float | None:
    """How far a label whose top is under an Axes' plot drops, into the band kept under its
    numbers; None for one that is not under it."""
    if top < frame.box.y0:
        return frame.box.y0 - NUMBER_DROP - CAPTION_GAP - top
    return None


def legend_row(axes: str, frame: ParentFrame, entries: list[str], widths: list[float]
               ) -> dict[str, tuple[float, float]]:
    """Each labelled graph's entry in the row above the plot, right-aligned: (left, centre y)
    of its text, its swatch to the left of it."""
    x = frame.box.x1 - sum(widths) - LEGEND_GAP * (len(widths) - 1)
    row = {}
    for name, width in zip(entries, widths, strict=True):
        row[name] = (x, frame.box.y1 + LEGEND_RISE)
        x += width + LEGEND_GAP
    return row
