"""Visuals in rows (`plan/layout/pictures.py`): how small each may be, and how rows share the room."""

from __future__ import annotations

import pytest

from lecturekit.plan.layout import VISIBLE
from lecturekit.plan.layout.pictures import EXHAUSTIVE, breaks, filled, level
from lecturekit.theme import THEME
from tests.plan.layout.rooms import AREA, content, picture

SHORTER = min(THEME.board.safe[2] - THEME.board.safe[0], THEME.board.safe[3] - THEME.board.safe[1])


@pytest.mark.parametrize("aspect", [0.5, 1.0, 3.0])
def test_a_pictures_least_box_is_its_visible_size_along_its_longer_side(aspect):
    board = content([picture("p", aspect)])
    w, h = board._least_box(board.visuals[0])
    assert max(w, h) == pytest.approx(VISIBLE * SHORTER)
    assert w / h == pytest.approx(aspect)
    assert board._visible(board.visuals[0], AREA.fit(aspect))


def test_a_labelled_figure_is_no_lower_than_its_label_needs():
    board = content([picture("p", 3.0, least_height=1.5)])
    assert board._least_box(board.visuals[0])[1] == pytest.approx(1.5)


def test_two_pictures_in_a_row_fill_the_width():
    board = content([picture("a", 3.0), picture("b", 3.0)])
    places = board._lines(AREA, (2,), True)
    assert sum(p.box.width for p in places.values()) + THEME.board.gap == pytest.approx(AREA.width)


def test_every_way_into_rows_up_to_exhaustive_then_one_per_number_of_rows():
    assert breaks(3) == [(1, 1, 1), (1, 2), (2, 1), (3,)]
    assert len(breaks(EXHAUSTIVE)) == 2 ** (EXHAUSTIVE - 1)
    assert len(breaks(EXHAUSTIVE + 2)) == EXHAUSTIVE + 2


def test_a_row_fills_its_length_and_one_at_its_deepest_leaves_the_rest_to_the_others():
    assert filled([1.0, 1.0], [10.0, 10.0], 4.0) == pytest.approx(2.0)
    assert filled([1.0, 1.0], [1.0, 10.0], 4.0) == pytest.approx(3.0)


def test_rows_too_deep_together_are_cut_the_deepest_first():
    assert level([1.0, 4.0], 3.0, [0.0, 0.0]) == pytest.approx([1.0, 2.0])
    assert level([1.0, 4.0], 6.0, [0.0, 0.0]) == [1.0, 4.0]
    assert level([2.0, 4.0], 3.0, [0.0, 2.0]) == pytest.approx([1.0, 2.0])
