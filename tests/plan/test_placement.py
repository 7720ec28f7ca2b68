"""Places over time: a board left behind by departures is laid out again when it then holds
still, so a figure does not sit small in a corner beside the room its neighbours freed."""

from __future__ import annotations

from lecturekit.plan import durations
from lecturekit.plan.placement import SETTLE
from lecturekit.syntax.nodes import Move
from tests.plan.conftest import LEAVE, SHOW

BOARD = {
    "fig": "a Figure (x_range=(0, 8), y_range=(0, 4))",
    "note": 'a Panel that says "A note long enough to need the right half of the board for itself: it goes on '
            'and on, sentence after sentence, so that the figure beside it has to give up some of its height '
            'to leave the note room enough, and then a little more, and more again, to be sure of it."',
    "later": 'a Panel that says "Another note."',
}


def moves_of(plan, name: str) -> list:
    return [c for c in plan.cues if c.object == name and isinstance(c.action, Move) and c.frames]


def test_a_figure_grows_into_the_room_a_departure_frees_once_the_leaver_is_gone(plan_tiny):
    plan = plan_tiny(BOARD, [(0.5, SHOW.format("fig")), (1.0, SHOW.format("note")),
                             (5.0, LEAVE.format("note"))], end=20.0)
    before, after = (stay.place.box for stay in plan.stays["fig"])
    [move] = moves_of(plan, "fig")
    assert move.frame == round((5.0 + durations.LEAVE) * plan.fps)
    alone = plan_tiny({"fig": BOARD["fig"]}, [(0.5, SHOW.format("fig"))], end=20.0).stays["fig"][0].place.box
    assert move.place.box == after == alone != before
    assert after.width * after.height > before.width * before.height


def test_a_departure_moves_nothing_when_the_next_arrival_is_close(plan_tiny):
    soon = 5.0 + durations.LEAVE + SETTLE - 1.0
    plan = plan_tiny(BOARD, [(0.5, SHOW.format("fig")), (1.0, SHOW.format("note")),
                             (5.0, LEAVE.format("note")), (soon, SHOW.format("later"))], end=20.0)
    assert [c.frame for c in moves_of(plan, "fig")] in ([], [round(soon * plan.fps)])
    assert all(c.frame != round((5.0 + durations.LEAVE) * plan.fps) for c in moves_of(plan, "fig"))


def test_texts_left_behind_keep_their_lines(plan_tiny):
    plan = plan_tiny(BOARD, [(0.5, SHOW.format("fig")), (1.0, SHOW.format("note")),
                             (5.0, LEAVE.format("fig"))], end=20.0)
    first, *later = plan.stays["note"]
    assert later, "the note moves into the room the figure freed"
    for stay in later:
        assert (stay.place.box.width, stay.place.box.height) == (first.place.box.width, first.place.box.height)
        assert stay.place.font == first.place.font
