"""`boxes.Grid` finds, among boxes filed in it, every one a box shares area with."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.boxes import Box, Grid, overlaps

_SIDE = st.floats(0.0, 3.0)
_AT = st.floats(-8.0, 8.0)
BOXES = st.builds(lambda x, y, w, h: Box(x, y, x + w, y + h), _AT, _AT, _SIDE, _SIDE)


@settings(max_examples=300, deadline=None)
@given(st.lists(BOXES, max_size=60), st.lists(BOXES, min_size=1, max_size=10))
def test_every_box_that_shares_area_with_a_box_is_near_it(filed: list[Box], asked: list[Box]) -> None:
    grid = Grid(filed)
    for box in asked:
        near = grid.near(box)
        assert near == sorted(set(near))
        sharing = [k for k, other in enumerate(filed) if overlaps(np.array([other]), np.array([box]))[0, 0] > 0]
        assert set(sharing) <= set(near)


def test_a_grid_of_thousands_of_small_boxes_hands_out_only_neighbours() -> None:
    """3,000 dots in a 10 by 10 square: a dot's neighbours, not all of them."""
    dots = [Box(x / 5.5, y / 5.5, x / 5.5 + 0.1, y / 5.5 + 0.1) for x in range(55) for y in range(55)]
    grid = Grid(dots)
    assert max(len(grid.near(dot)) for dot in dots) <= 9
    assert grid.near(Box(-50.0, -50.0, -40.0, -40.0)) == []

