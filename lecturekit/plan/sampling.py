"""A FunctionPlot's graph sampled on the board: pieces of board points that break where the graph
leaves its plot, is undefined, jumps or turns sharply. The plan lists its footprint (the kind's
outline asks for it through `Figure.sampled`) and the painter draws the same points."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from itertools import pairwise

import numpy as np

from lecturekit.boxes import Box
from lecturekit.kinds.geometry import STROKE_HALF, footprint
from lecturekit.kinds.outline import ParentSpace
from lecturekit.syntax.evaluate import EvaluationError, function_of
from lecturekit.syntax.nodes import FunctionValue, Value, variables_of
from lecturekit.work import count

#: Samples along a graph.
SAMPLES = 241


#: A graph breaks where it jumps: a step between samples this many times the smaller of its
#: neighbours' (and confirmed by bisection), or where it turns by more than _KINK radians in one
#: step (a clamp's edge), so its painter neither draws a riser nor smooths a hook across it.
_JUMP = 8.0
_KINK = 0.3


#: What a graph's samples are worked out from (`graph`): the function, the numbers it follows,
#: its x range and its space's box and ranges.
Graph = tuple[FunctionValue, tuple[tuple[str, float], ...], float, float, Box, tuple[float, float], tuple[float, float]]


def graph(function: Value, numbers: Mapping[str, float], x0: float, x1: float, space: ParentSpace) -> Graph | None:
    """What the graph of `function` over [x0, x1] in `space` is worked out from: frames whose
    numbers differ only in what it does not follow share it. None for no graph to draw."""
    if not isinstance(function, FunctionValue) or function.body is None:
        return None
    follows = tuple((v, numbers[v]) for v in sorted(variables_of(function)) if v in numbers)
    return function, follows, x0, x1, space.box, space.x_range, space.y_range


def samples(function: Value, numbers: Mapping[str, float], x0: float, x1: float, space: ParentSpace) -> list[list]:
    """A graph as pieces of board points: it breaks where it leaves the plot or is undefined,
    where it jumps (a floor's step, a remainder's wrap: no riser is drawn) and where it turns
    sharply (a clamp's edge: no smoothing hooks past it; that piece starts where the last ends).
    Worked out once for a graph, the numbers it follows and its space: every board and every
    label settled beside it asks again."""
    return pieces(graph(function, numbers, x0, x1, space))


def pieces(key: Graph | None) -> list[list]:
    """`samples` of the graph `key` stands for."""
    return [] if key is None else [list(piece) for piece in _samples(*key)]


def traced(function: Value, numbers: Mapping[str, float], x0: float, x1: float, space: ParentSpace
           ) -> tuple[Box, ...]:
    """The graph's footprint (`footprint` of its `samples`), worked out once for a graph, the
    numbers it follows and its space, like its samples: the labels settled beside a graph that
    stays as it is while another mark follows a ticking number ask for it on every frame."""
    key = graph(function, numbers, x0, x1, space)
    return () if key is None else _traced(key)


@lru_cache(maxsize=512)
def _traced(key: Graph) -> tuple[Box, ...]:
    count("graph footprints")
    return footprint(pieces(key))


@lru_cache(maxsize=512)
def _samples(function: FunctionValue, follows: tuple[tuple[str, float], ...], x0: float, x1: float, box: Box,
             x_range: tuple[float, float], y_range: tuple[float, float]) -> tuple[tuple[np.ndarray, ...], ...]:
    space = ParentSpace(box, x_range, y_range)
    if box.width <= 0 or box.height <= 0:  # a container too thin to hold a plot draws no graph
        return ()
    graph = _graph(function, follows, x0, x1)
    value, xs, ys = graph.value, graph.xs, graph.ys
    y0, y1 = space.y_range
    visible = STROKE_HALF * (y1 - y0) / space.box.height  # a smaller step does not show
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
        for part in _unkinked(list(space.points([x for x, _ in run], [y for _, y in run]))):
            if len(part) > 1 and float(np.ptp(np.array(part)[:, :2], axis=0).max()) > 1e-9:  # not a lone value
                pieces.append(tuple(part))
    return tuple(pieces)


class _Graph:
    """A graph's values: its samples, and each point a bisection asks for, worked out once. A
    layout search places the same graph in many boxes, and only the board points differ."""

    def __init__(self, function: FunctionValue, follows: tuple[tuple[str, float], ...], x0: float, x1: float):
        self._f = function_of(function, dict(follows))
        self._known: dict[float, float | None] = {}
        self.xs = [float(x) for x in np.linspace(x0, x1, SAMPLES)]
        self.ys = [self.value(x) for x in self.xs]

    def value(self, x: float) -> float | None:
        """f(x), or None where the graph is undefined."""
        if x not in self._known:
            try:
                self._known[x] = self._f(x)
            except EvaluationError:
                self._known[x] = None
        return self._known[x]


#: Each graph's values by (function, the numbers it follows, x0, x1).
_graph = lru_cache(maxsize=512)(_Graph)


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
