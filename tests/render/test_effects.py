"""The board's own shortcuts through Manim leave a mobject exactly as Manim's calls would."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import example, given, settings
from hypothesis import strategies as st
from manim import BLUE, RED, YELLOW, Circle, Square, VMobject

from lecturekit.boxes import Box
from lecturekit.render.effects import Relocate, set_opacities

opacities = st.floats(0.0, 1.0)


def _shape(kind: int, gradient: bool, sheen: float) -> VMobject:
    shape = [Circle, Square, VMobject][kind]()
    if gradient:
        shape.set_fill([BLUE, RED, YELLOW], opacity=0.7).set_stroke([RED, BLUE], width=3, opacity=0.4)
    else:
        shape.set_fill(BLUE, opacity=0.5).set_stroke(RED, opacity=0.9)
    if sheen:
        shape.set_sheen(sheen)
    return shape


def _state(m: VMobject) -> tuple:
    return m.fill_rgbas.tolist(), m.stroke_rgbas.tolist(), m.fill_opacity, m.stroke_opacity


@settings(max_examples=60, deadline=None)
@given(kind=st.integers(0, 2), gradient=st.booleans(), sheen=st.sampled_from([0.0, 0.3]),
       steps=st.lists(st.tuples(opacities, opacities), min_size=1, max_size=4))
def test_fading_sets_what_manims_set_fill_and_set_stroke_set(kind, gradient, sheen, steps) -> None:
    ours, manims = _shape(kind, gradient, sheen), _shape(kind, gradient, sheen)
    for fill, stroke in steps:
        set_opacities(ours, fill, stroke)
        manims.set_fill(opacity=fill, family=False)
        manims.set_stroke(opacity=stroke, family=False)
        assert _state(ours) == _state(manims)
    assert np.array_equal(ours.fill_rgbas, manims.fill_rgbas)


boxes = st.tuples(*[st.floats(-7.0, 7.0)] * 4).map(lambda c: Box(min(c[0], c[2]), min(c[1], c[3]),
                                                                  max(c[0], c[2]), max(c[1], c[3])))


@settings(max_examples=200, deadline=None)
@example(start=Box(-4.15631819649395, -0.3956249999999999, -1.2856931964939484, 2.4750000000000014),  # found:
         end=Box(-5.620152083333334, -1.367375000000001, -4.747058333333333, -0.4942812500000006),  # ended at
         steps=[0.5], skipped=False)  # y1 -0.49428125000000067, and fig1_line1's label went elsewhere
@given(start=boxes, end=boxes, steps=st.lists(st.floats(0.0, 1.0, exclude_max=True), max_size=4), skipped=st.booleans())
def test_a_move_ends_in_exactly_the_box_the_plan_gives(start, end, steps, skipped) -> None:
    """Not a rounding away from it: a Figure's labels settle by the box it stands in (the plan's
    `beside` is keyed by it), and a box the plan never lists is one the Figure is still moving in."""
    placed: list[tuple[Box, Box]] = []
    move = Relocate(start, end, lambda old, new: placed.append((old, new)))
    if skipped:
        move.skip()
    else:
        move.begin()
        for alpha in sorted(steps):
            move.update(alpha)
        move.finish()
    assert placed[0][0] == start and placed[-1][1] == end
    assert all(new == old for (_, new), (old, _) in itertools.pairwise(placed))
