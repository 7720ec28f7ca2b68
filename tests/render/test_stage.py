"""How the stage brings an object on: its kind's entrance, shaped by the lecture's style hints."""

from __future__ import annotations

import pytest

from lecturekit.diagnostics import Severity
from lecturekit.model import load
from lecturekit.plan import plan_scene
from lecturekit.render import effects as fx
from lecturekit.render.stage import Stage
from lecturekit.resolve import resolve

SHOW = "{} is shown on the screen, written out."


def _written(write_lecture, description: str, hinted: bool) -> fx.Play:
    """The Write that brings `x` on, with `x: enter:write-left-to-right.` or without it."""
    does = [(0.0, SHOW.format("x"))] + ([(0.5, "x: enter:write-left-to-right.")] if hinted else [])
    resolved = resolve(load(write_lecture({"x": description}, does)))
    assert [d.line() for d in resolved.diagnostics if d.severity >= Severity.WARNING] == []
    stage = Stage(plan_scene(resolved.scenes[0], 15, None))
    stage.advance(0)
    (_, effect), = stage.running
    while isinstance(effect, fx.Together | fx.Delayed):  # a panel's text is written over its backing
        effect = effect.effects[-1] if isinstance(effect, fx.Together) else effect.effect
    assert isinstance(effect, fx.Play)
    return effect


@pytest.mark.parametrize("description", [
    'a Title that says "Attention is all you need"',
    'a Text that says "Attention is all you need"',
    'a Heading that says "Attention is all you need"',
    'a Panel that says "Attention is all you need"',
])
def test_a_text_kind_with_the_hint_is_written_left_to_right_without_a_warning(write_lecture, description):
    hinted, plain = _written(write_lecture, description, True), _written(write_lecture, description, False)
    lefts = [m.get_left()[0] for m in hinted.animation.mobject.submobjects]
    assert len(lefts) > 1 and lefts == sorted(lefts)
    assert hinted.animation.lag_ratio == 0.08 != plain.animation.lag_ratio  # glyph after glyph, not Manim's default


@pytest.mark.parametrize("description", ['a Derivation that says "a = b"', "a Figure (x_range=(0, 4), y_range=(0, 4))"])
def test_a_kind_the_hint_does_not_shape_warns_of_it(write_lecture, description):
    does = [(0.0, SHOW.format("x")), (0.5, "x: enter:write-left-to-right.")]
    resolved = resolve(load(write_lecture({"x": description}, does)))
    kind = description.split()[1]
    assert [d.line().split(": ", 3)[-1] for d in resolved.of(Severity.WARNING)] == [
        "style hint 'enter:write-left-to-right' is used only on a Title, Heading, Panel, Block, Text, Math, "
        f"VariableNumber, not on a {kind}"]
