"""The layout's fallbacks (`plan/layout/fallback.py`)."""

from __future__ import annotations

from lecturekit.plan.layout import bounds_of
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
