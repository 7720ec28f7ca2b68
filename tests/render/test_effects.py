"""The board's own shortcuts through Manim leave a mobject exactly as Manim's calls would."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from manim import BLUE, RED, YELLOW, Circle, Square, VMobject

from lecturekit.render.effects import set_opacities

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
