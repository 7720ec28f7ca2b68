"""The table of action forms: one entry a form with its grammar, checks and duration, and one
effect a form on the render side."""

from __future__ import annotations

import pytest

from lecturekit.forms import FORMS, Form, form_of
from lecturekit.syntax.nodes import BoxAround, Emphasize, Flash, Hide, Move, Redraw, Show, StyleHint, Tick
from lecturekit.syntax.parser import parse_action

SAID = {
    "x is shown on the screen, grown.": Show,
    "x is hidden from the screen — p left the board.": Hide,
    "x moves to a new place on the board.": Move,
    'x (the "a" part) is emphasized.': Emphasize,
    "x is indicated — a transient flash.": Flash,
    "A box is drawn around x.": BoxAround,
    "x ticks to 2.": Tick,
    "x is redrawn as the numbers it depends on change.": Redraw,
    "x: enter:write-left-to-right.": StyleHint,
}


def test_every_action_type_is_one_form_and_every_form_is_said_somehow():
    assert len({f.action for f in FORMS}) == len(FORMS)
    assert {type(parse_action(FORMS, source)) for source in SAID} == {f.action for f in FORMS}
    for source, action in SAID.items():
        assert form_of(parse_action(FORMS, source)).action is action


def test_only_forms_that_take_a_part_accept_one():
    assert {f.action for f in FORMS if f.takes_part} == {Emphasize, Flash}


def test_a_form_that_lacks_a_part_cannot_be_made():
    with pytest.raises(TypeError):
        Form(Tick, (), False, 1.0, lambda spec: None)  # type: ignore[call-arg]


def test_every_form_has_an_effect_on_the_board():
    from lecturekit.render.stage import EFFECTS

    assert set(EFFECTS) == {f.action for f in FORMS}
