"""The layout's fallbacks (`plan/layout/fallback.py`)."""

from __future__ import annotations

from lecturekit.plan.layout import Item, Role, bounds_of
from tests.plan.layout.rooms import AREA, MINIMUM, content, picture, text


def test_the_grid_places_every_item_inside_the_area_and_names_what_it_sets_small():
    items = [text(f"t{k}", 2500) for k in range(8)] + [picture(f"p{k}") for k in range(8)]
    board = content(items)
    grid = board._grid()
    assert set(grid.places) == {i.name for i in items}
    assert bounds_of(grid.places.values()).inside(AREA)
    small = {n for n, p in grid.places.items() if p.font is not None and p.font < MINIMUM - 1e-9}
    assert small and small <= set(grid.unfit)


def test_overfull_texts_shrink_below_the_minimum_until_they_fit_and_are_named():
    board = content([text(f"t{k}", 3000) for k in range(4)])
    over = board._overfull(100)
    assert bounds_of(over.places.values()).height <= AREA.height + 1e-6
    assert set(over.unfit) == {f"t{k}" for k in range(4)}
    assert all(over.places[f"t{k}"].font < MINIMUM for k in range(4))


def test_overfull_texts_go_in_the_columns_that_shrink_them_least():
    """After tests/lectures/strangers/de-aktionspotential (2:15): a Table of sentences shown across
    the whole width and three paragraphs that no arrangement holds at the minimum. Two columns
    were chosen by the widest text against the whole width, not against a column, and then shrank
    every text to the half its table fits in (11.3 for a table at 24); one column shrinks them a
    quarter."""
    wide = Item("table", Role.TEXT, font=24.0, base=30.0, fixed=(AREA.width, 3.6))
    board = content([wide] + [text(f"t{k}", 300) for k in range(3)])
    over = board._overfull(100)
    assert bounds_of(over.places.values()).inside(AREA)
    assert over.places["table"].font > 0.6 * 24.0
    assert all(over.places[f"t{k}"].font > 0.6 * MINIMUM for k in range(3))
