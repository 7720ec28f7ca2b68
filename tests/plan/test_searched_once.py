"""`check` then `plan` in one process (the generated lectures' test, the studio) lay out the same
boards again; the visuals' arrangements of a board are searched once (`pictures._visual_block`),
as `work.count` counts them."""

from __future__ import annotations

from lecturekit import work
from tests.conftest import DEMO
from tests.lecture_strategy import plan_of


def test_a_lecture_read_again_searches_no_arrangement_again():
    plan_of(DEMO)
    with work.counting() as again:
        plan_of(DEMO)
    assert again["board layouts"] > 0
    assert again["layout arrangements"] == 0
