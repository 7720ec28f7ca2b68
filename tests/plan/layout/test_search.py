"""The search and its score (`plan/layout/search.py`, `plan/layout/scoring.py`)."""

from __future__ import annotations

from lecturekit.boxes import Box
from lecturekit.plan.layout import Arrangement, Item, Placed, Role, bounds_of
from tests.plan.layout.rooms import AREA, BODY, content, picture, text


def test_every_option_at_a_step_fits_the_area_and_shows_its_visuals():
    board = content([picture("p", 1.5), text("a", 300), text("b", 200)])
    options = list(board._options(0, 1))
    assert options
    for option in options:
        assert bounds_of(option.places.values()).inside(AREA)
        assert all(board._visible(v, option.places[v.name].box) for v in board.visuals)


def test_the_score_prefers_the_arrangement_whose_smallest_item_is_largest():
    board = content([picture("p"), text("a", 100)])
    big, small = (Arrangement({"p": Placed(Box.around(0, 0, 4 * k, 4 * k)),
                               "a": Placed(Box.around(5, 0, 3, 1), 32.0, 3.0)}) for k in (1.0, 0.5))
    assert board._score(big) > board._score(small)


def test_of_arrangements_that_score_alike_the_score_prefers_the_narrower_empty_band():
    """After found lecture three-texts-below-full-size-beside-an-empty-band-0.28-down: a small
    picture beside a text or over it, every item at its size and the text as wide either way;
    beside it left a band of the area empty above and below, over it fills the board down."""
    board = content([picture("p"), text("a", 100)])
    beside = Arrangement({"p": Placed(Box.around(-4, 0, 2, 2)), "a": Placed(Box.around(2, 0, 8, 1), 32.0, 8.0)})
    over = Arrangement({"p": Placed(Box.around(0, 1.5, 2, 2)), "a": Placed(Box.around(0, -1, 8, 1), 32.0, 8.0)})
    assert board._score(beside)[:3] == board._score(over)[:3]
    assert board._score(over) > board._score(beside)


def test_texts_in_two_groups_are_tried_beside_or_under_the_visuals_with_the_first_texts():
    board = content([picture("p", 2.0), text("a", 200), text("b", 400), text("c", 400)])
    grouped = list(board._groups(0))
    assert grouped
    for option in grouped:
        assert set(option.places) == {"p", "a", "b", "c"}


def test_texts_alone_go_in_two_groups_a_wide_text_over_two_columns_of_the_rest_before_they_shrink():
    """After tests/lectures/strangers/de-aktionspotential (2:15): a Table of sentences already shown
    across the whole width, and two paragraphs arriving under it, on a board with no picture. One
    column under the table does not hold them at their full size, and two columns across the
    board cannot hold the table; the search had no arrangement of texts alone in two groups, so it
    set the paragraphs steps smaller (or, where the table is not yet shown, shrank everything).
    The table goes over the paragraphs set side by side, all at their full size."""
    wide = Item("table", Role.TEXT, font=24.0, base=30.0, fixed=(AREA.width, 3.6))
    paragraphs = [text("a", 150), text("b", 150)]
    board = content([wide, *paragraphs])
    assert not list(board._options(0, 1)) and not list(board._options(0, 2))
    arrangement = board.arrange()
    assert arrangement.unfit == ()
    assert [arrangement.places[p.name].font for p in paragraphs] == [BODY, BODY]
    table, a, b = (arrangement.places[n].box for n in ("table", "a", "b"))
    assert a.y1 < table.y0 and b.y1 < table.y0  # under the table...
    assert a.x1 < b.x0  # ...side by side
    assert bounds_of(arrangement.places.values()).inside(AREA)
