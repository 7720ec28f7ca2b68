"""Texts in columns (`plan/layout/columns.py`)."""

from __future__ import annotations

from dataclasses import replace

from lecturekit.plan.layout.columns import LONE_GROWTH
from lecturekit.plan.layout.model import STEP
from tests.plan.layout.rooms import AREA, BODY, MINIMUM, content, text


def test_texts_step_down_one_scale_together_and_stop_at_the_minimum():
    board = content([text("a", 100), text("b", 100, font=38.0)])
    assert board._font(board.texts[0], 1) == BODY - STEP
    assert board._font(board.texts[1], 1) == 38.0 * (BODY - STEP) / BODY  # the same factor
    assert board._font(board.texts[0], 100) == MINIMUM


def test_two_columns_split_where_the_taller_is_shortest():
    board = content([text("a", 150), text("b", 150), text("c", 150)])
    block = board._block(AREA.width, AREA.height, 0, 2)
    assert block.fits and [s.column for s in block.texts] in ([0, 0, 1], [0, 1, 1])
    assert not board._block(AREA.width, 0.1, 0, 2).fits


def test_the_narrowest_column_holds_the_texts_and_a_narrower_one_does_not():
    board = content([text("a", 400)])
    width = board._narrowest_column(board.texts, AREA.width, 4.0, 0)
    assert width is not None
    assert board._block(width, 4.0, 0, 1).fits
    assert not board._block(width - 0.05, 4.0, 0, 1).fits


def test_a_lone_formula_grows_up_to_its_largest_font():
    board = content([replace(text("f", 10), largest=BODY * LONE_GROWTH)])
    lone = board._lone_formula()
    assert lone is not None and lone.places["f"].font == BODY * LONE_GROWTH
