"""Where a Figure's or an Axes' children go: its frame (the plotting area inside its box), its axis
lines, ticks and where each number is centred, pure and in board units. The children's own
geometry is their kinds' (`lecturekit.kinds.geometry`), re-exported here for the painters."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from lecturekit.kinds import AxesSpec, FigureSpec, Spec
from lecturekit.kinds.geometry import (  # the children's geometry, for the painters and the plan
    CAPTION_GAP,
    DOT_RADIUS,
    LABEL,
    NUMBER_DROP,
    PLOT_DOT,
    NumbersOf,
    ParentFrame,
    arrow_tip,
    beside_segment,
    dot,
    free_side,
    hang,
    label_place,
    legend_of,
    legend_row,
    meeting,
    next_to,
    plot_point,
    plot_range,
    range_of,
    samples,
    segment,
    tip_at,
    tip_label,
)
from lecturekit.plan.geometry import Box
from lecturekit.plan.placement import children_box
from lecturekit.syntax.evaluate import EvaluationError, evaluate_number
from lecturekit.syntax.nodes import Value

__all__ = ["CAPTION_GAP", "DOT_RADIUS", "LABEL", "NUMBER_DROP", "PLOT_DOT", "EvaluationError", "NumbersOf",
           "ParentFrame", "arrow_tip", "beside_segment", "dot", "free_side", "hang", "label_place", "legend_of",
           "legend_row", "meeting", "next_to", "plot_point", "plot_range", "range_of", "samples", "segment", "tip_at",
           "tip_label"]

#: How far a y number sits left of its axis, and how long a tick mark is either side, in units.
NUMBER_LEFT = 0.3
TICK_HALF = 0.07


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


def has_legend(axes: str, objects: Mapping[str, Spec], labelled: Callable[[str], bool]) -> bool:
    return bool(legend_of(axes, objects, labelled))


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


