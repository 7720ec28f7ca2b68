"""What is drawn inside an Axes, on the plan's boards: strokes listed by their footprint, the
numbers by their axis line, legends and labels clear of the marks."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from lecturekit.kinds.geometry import PIECE_AREA, STROKE_HALF, ParentFrame, footprint, samples
from lecturekit.plan.geometry import Box
from lecturekit.syntax.nodes import FunctionValue
from lecturekit.syntax.parser import parse_expression
from tests.plan.conftest import SHOW

AXES = "an Axes (x_range=(-4, 4), y_range=(-3, 3))"


def board_items(plan, name=None):
    """The items of the plan's last board (of `name` when given)."""
    items = plan.boards[-1].items
    return [i for i in items if name is None or i.name == name]


def area(box: Box) -> float:
    return box.width * box.height


def test_a_stroke_is_listed_as_small_pieces_along_it(plan_tiny):
    plan = plan_tiny({"ax": AXES, "f": "a FunctionPlot drawn in ax (function=sin(2 * x) * 2)",
                      "v": "a Vector drawn in ax (start=(-4, -3), end=(4, 3))",
                      "flat": "a Line drawn in ax (start=(-4, 1), end=(4, 1))"},
                     [(0.5, SHOW.format("ax")), (1.0, SHOW.format("f")), (1.5, SHOW.format("v")),
                      (2.0, SHOW.format("flat"))])
    for name in ("f", "v", "flat"):
        pieces = board_items(plan, name)
        assert [p.piece for p in pieces] == list(range(len(pieces))) and len(pieces) > 1
        assert all(area(p.box) <= PIECE_AREA + 1e-9 for p in pieces)
    # a level stroke takes few pieces, a diagonal one more, a wavy one more still
    assert len(board_items(plan, "flat")) < len(board_items(plan, "v")) < len(board_items(plan, "f"))


def test_the_pieces_cover_the_stroke_and_their_hull_is_its_extent():
    path = [np.array([x, np.sin(x), 0.0]) for x in np.linspace(-3, 3, 400)]
    pieces = footprint([path])
    for point in path:
        assert any(p[0] <= point[0] <= p[2] and p[1] <= point[1] <= p[3] for p in pieces)
    hull = (min(p[0] for p in pieces), min(p[1] for p in pieces), max(p[2] for p in pieces), max(p[3] for p in pieces))
    assert hull == (-3 - STROKE_HALF, -1 - STROKE_HALF, 3 + STROKE_HALF, 1 + STROKE_HALF) or np.allclose(
        hull, (-3 - STROKE_HALF, -1 - STROKE_HALF, 3 + STROKE_HALF, 1 + STROKE_HALF), atol=1e-4)
    assert all((p[2] - p[0]) * (p[3] - p[1]) <= PIECE_AREA + 1e-9 for p in pieces)


FRAME = ParentFrame(Box(-5.0, -3.0, 5.0, 3.0), (-3.0, 3.0), (-4.0, 4.0))


def graph(source: str) -> list[list]:
    return samples(FunctionValue(body=parse_expression(source)), {}, -3.0, 3.0, FRAME)


def test_a_step_function_breaks_at_its_steps_with_no_riser():
    for source, count in (("floor(x)", 6), ("ceil(x / 2)", 4), ("round(x)", 7), ("x % 1", 6), ("sign(x)", 2)):
        pieces = graph(source)
        assert len(pieces) == count, source
        for piece in pieces:
            xs = [p[0] for p in piece]
            ys = [p[1] for p in piece]
            assert xs == sorted(xs)
            # nothing in a piece climbs faster than the graph between its steps (slope 0 or 1)
            assert all(abs(b - a) <= 1.2 * (FRAME.box.height / 8) / (FRAME.box.width / 6) * (d - c) + 1e-6
                       for a, b, c, d in zip(ys, ys[1:], xs, xs[1:], strict=False)), source
        # the break is where the step is, to within a millionth
        ends = [piece[-1][0] for piece in pieces[:-1]]
        starts = [piece[0][0] for piece in pieces[1:]]
        assert all(0 < b - a < 1e-4 for a, b in zip(ends, starts, strict=True)), source


def test_a_steep_smooth_graph_does_not_break():
    for source in ("tanh(30 * x)", "x ** 3 / 9", "sin(8 * x) * 3"):
        pieces = graph(source)
        # it may turn sharply between samples, but each piece starts where the last one ends
        for before, after in pairwise(pieces):
            assert np.allclose(before[-1], after[0]), source
    assert len(graph("x ** 3 / 9")) == 1


def test_a_clamp_breaks_at_its_edges_into_pieces_that_meet():
    pieces = graph("clamp(x, 0, 2)")
    assert len(pieces) == 3
    for before, after in pairwise(pieces):
        assert np.allclose(before[-1], after[0], atol=0.05)
