"""A paragraph's measured box holds its ink: a word longer than the line it is wrapped to (a
German compound, a pseudo-locale's padding) widens the box instead of running out of it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.kinds import BlockSpec
from lecturekit.plan.measure import measure
from lecturekit.plan.typeset import PT, typeset
from lecturekit.syntax.nodes import Kind
from lecturekit.theme import THEME
from lecturekit.typst.source import prose, unbreakable

LONG = "Donaudampfschifffahrtsgesellschaftskapitänsmütze"


def test_a_word_longer_than_the_line_widens_the_box():
    spec = BlockSpec(name="b", kind=Kind.BLOCK, text=f"Die {LONG} und $a + b$ hier.")
    font = THEME.sizes.body
    narrow = typeset(spec, [], font, 1.0, THEME)
    word = measure(prose(LONG))[0] * font * PT
    assert narrow.width >= word + 2 * narrow.padding
    # a line that holds it: the width it was given, to the hundredth of a point Typst is told
    assert 20.0 - 0.01 * font * PT <= typeset(spec, [], font, 20.0, THEME).width <= 20.0


def test_the_unbreakable_pieces_are_the_words_and_formulas():
    assert measure(unbreakable(f"a {LONG} b"))[0] == measure(prose(LONG))[0]
    assert measure(unbreakable("x $a + b + c + d$ y"))[0] == measure(prose("$a + b + c + d$"))[0]


@settings(max_examples=150, deadline=None, derandomize=True)
@given(wrap=st.floats(3.0, 11.0), font=st.sampled_from([24.0, 24.375, 26.0, 28.0, 30.875, 32.0]))
def test_a_paragraph_is_never_wider_than_the_width_it_is_wrapped_to(wrap, font):
    """The layout asks whether texts fit a column by their measured width: a Block (whose box is
    the width it is given) set a hair wider than its wrap (the width rounded to the nearest
    hundredth of a point) fitted no column as wide as its wrap, and the board set its texts a step
    smaller than a fresh layout of the same board did."""
    spec = BlockSpec(name="b", kind=Kind.BLOCK, text="The tail $alpha$ its adds and grows tail x moves.")
    assert typeset(spec, [], font, wrap, THEME).width <= wrap + 1e-9  # (sums of floats)
