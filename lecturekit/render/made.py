"""Manim shapes made once for what they depend on, and copied for every build that needs one.

A moving or ticking Figure is built again on every frame, and Manim makes each of its shapes the
long way: a `RoundedRectangle` card rounds its corners with four arcs (about 8 ms), a `Dot` traces
its circle, a `Line` works out its ends twice, and every `VGroup` sets up the colours of an empty
shape before its members are added (0.2 to 0.3 ms each). A copy of the same shape made before, set
where it goes as Manim sets it, has the same points and style, so the pictures are the same
(`tests/render/test_made.py`), at a fraction of the cost (0.03 to 0.09 ms).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import TypeVar

import numpy as np
from manim import ORIGIN, DashedLine, Dot, Line, Mobject, VGroup, VMobject

M = TypeVar("M", bound=Mobject)
G = TypeVar("G", bound=VGroup)

#: Shapes kept, the least recently copied given up first (each a few KB).
KEPT = 512

_made: OrderedDict[Hashable, Mobject] = OrderedDict()


def copied(key: Hashable, make: Callable[[], M]) -> M:
    """A copy of what `make()` makes, made once for `key` (what it depends on, all of it)."""
    shape = _made.get(key)
    if shape is None:
        shape = _made[key] = make()
        if len(_made) > KEPT:
            _made.popitem(last=False)
    else:
        _made.move_to_end(key)
    return shape.copy()  # type: ignore[return-value]  # made by `make` for this key


def group(kind: type[G], *members: VMobject) -> G:
    """`kind(*members)`, for a `VGroup` class whose members are all its making needs."""
    made = copied(("group", kind), kind)
    made.add(*members)
    return made


def dot(at: np.ndarray, radius: float, color: str) -> Dot:
    """`Dot(at, radius=radius, color=color)`: Manim makes the circle about the origin, then moves
    it by its centre, as this does with a copy."""
    made = copied(("dot", radius, color), lambda: Dot(ORIGIN, radius=radius, color=color))
    made.shift(at)
    made.arc_center = np.asarray(at)
    return made


def line(start: np.ndarray, end: np.ndarray, color: str, width: float) -> Line:
    """`Line(start, end, color=color, stroke_width=width)`: a copy set by its ends, as Manim's
    making of a line sets it."""
    made = copied(("line", color, width), lambda: Line(color=color, stroke_width=width))
    made.set_points_by_ends(start, end)
    return made


#: The share of a dashed line its dashes cover (Manim's `DashedLine`'s default `dashed_ratio`).
DASHED = 0.5


def dashed(start: np.ndarray, end: np.ndarray, color: str, width: float, dash: float) -> DashedLine:
    """`DashedLine(start, end, color=color, stroke_width=width, dash_length=dash)`: a bare dashed
    line copied and set by its ends as Manim's making of a line sets it, its dashes copies of it
    cut by Manim's own arithmetic (`DashedVMobject`'s, dashes of equal length along the line), without
    Manim's making of the line, of the dashes' group and of the copy it cuts them from. A dashed
    mark that follows a ticking number is made on every frame."""
    made = copied(("dashed", color, width, dash), lambda: _bare(DashedLine(color=color, stroke_width=width,
                                                                           dash_length=dash)))
    made.set_points_by_ends(start, end)
    count = max(2, int(np.ceil((made.get_length() / dash) * DASHED)))
    lengths = np.cumsum(np.append(np.array(0), made.get_nth_curve_length_pieces(0)))
    along = np.linspace(0, 1, lengths.size)
    dashes = []
    for first, last in zip(*_dashes(count), strict=True):
        piece = made.copy()
        piece.pointwise_become_partial(made, np.interp(first * lengths[-1], lengths, along),
                                       np.interp(last * lengths[-1], lengths, along))
        dashes.append(piece)
    made.clear_points()
    made.add(*dashes)
    return made


def _bare(line: DashedLine) -> DashedLine:
    """A dashed line without its dashes."""
    line.remove(*line.submobjects)
    return line


def _dashes(count: int) -> tuple[list[float], list[float]]:
    """Where each of `count` dashes starts and ends along an open line of length 1: Manim's
    `DashedVMobject` with no offset, number for number."""
    dash = DASHED / count
    void = 1 - DASHED if count == 1 else (1 - DASHED) / (count - 1)
    period, shift, pattern = dash + void, (0 % 1) * (dash + void), 1 + void
    starts = [((i * period + shift) % pattern) for i in range(count)]
    ends = [((i * period + dash + shift) % pattern) for i in range(count)]
    if ends[-1] > 1 and starts[-1] > 1:
        ends.pop()
        starts.pop()
    elif ends[-1] < dash:
        if starts[-1] < 1:
            starts.append(0)
            ends.append(ends[-1])
            ends[-2] = 1
        else:
            starts[-1] = 0
    elif starts[-1] > (1 - dash):
        ends[-1] = 1
    return starts, ends


__all__ = ["copied", "dashed", "dot", "group", "line"]
