"""A paragraph's measured box holds its ink: a word longer than the line it is wrapped to (a
German compound, a pseudo-locale's padding) widens the box instead of running out of it."""

from __future__ import annotations

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
    assert typeset(spec, [], font, 20.0, THEME).width == 20.0  # a line that holds it: the width it was given


def test_the_unbreakable_pieces_are_the_words_and_formulas():
    assert measure(unbreakable(f"a {LONG} b"))[0] == measure(prose(LONG))[0]
    assert measure(unbreakable("x $a + b + c + d$ y"))[0] == measure(prose("$a + b + c + d$"))[0]
