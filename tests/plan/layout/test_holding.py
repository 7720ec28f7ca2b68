"""Whether a board can hold its content legibly (`plan/layout/holding.py`)."""

from __future__ import annotations

from lecturekit.boxes import Box
from tests.plan.layout.rooms import AREA, content, picture, text


def test_a_board_of_a_few_short_texts_and_a_picture_may_hold_them():
    assert not content([text("a", 100), text("b", 100), picture("p")]).cannot_hold()


def test_a_board_whose_texts_at_the_minimum_cover_more_than_the_area_cannot_hold_them():
    assert content([text(f"t{k}", 3000) for k in range(4)]).cannot_hold()


def test_two_items_that_fit_neither_side_by_side_nor_one_above_the_other_are_apart():
    square = Box(0, 0, 5.0, 5.0)
    board = content([picture("a"), picture("b")], square)
    assert not board.cannot_hold()
    narrow = content([picture("a"), picture("b")], Box(0, 0, 4.0, 4.0))
    assert narrow._apart and narrow.cannot_hold()
    assert not content([picture("a")], AREA)._apart
