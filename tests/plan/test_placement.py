"""Places over time: a board left behind by departures is laid out again when it then holds
still, so a figure does not sit small in a corner beside the room its neighbours freed."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from PIL import Image

from lecturekit.plan import durations, plan_scene
from lecturekit.plan.placement import MOVED, SETTLE, _texts_drawn
from lecturekit.sources import read
from lecturekit.syntax.nodes import Move, parts_named
from lecturekit.theme import THEME
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


THALES = Path(__file__).parent.parent / "lectures" / "thales" / "lecture.json"
TABLE = 'a Table that says "a b c" (rows=(("a", "b", "c"),))'
PICTURE = "a Figure (x_range=(0, 4), y_range=(0, 4))"


def centre(box) -> tuple[float, float]:
    return round(box.center[0], 6), round(box.center[1], 6)


def test_a_board_that_holds_still_is_laid_out_for_what_is_on_it_then(plan_tiny):
    """A table alone for 15 s stands where it would alone, not where it will stand beside the
    figure that comes later; the figure's arrival moves it."""
    plan = plan_tiny({"table": TABLE, "fig": PICTURE}, [(0.5, SHOW.format("table")), (15.5, SHOW.format("fig"))],
                     end=25.0)
    first, later = plan.stays["table"]
    alone = plan_tiny({"table": TABLE}, [(0.5, SHOW.format("table"))], end=25.0).stays["table"][0].place.box
    assert first.place.box == alone
    assert centre(alone) == (0.0, 0.0)
    assert later.time == 15.5 and later.place.box != alone
    [move] = moves_of(plan, "table")
    assert move.frame == round(15.5 * plan.fps)


def test_arrivals_closer_than_the_settle_time_are_laid_out_together(plan_tiny):
    soon = 0.5 + SETTLE - 1.0
    plan = plan_tiny({"table": TABLE, "fig": PICTURE}, [(0.5, SHOW.format("table")), (soon, SHOW.format("fig"))],
                     end=25.0)
    assert len(plan.stays["table"]) == 1 and moves_of(plan, "table") == []
    assert plan.stays["table"][0].place.box.intersection(plan.stays["fig"][0].place.box) == 0.0


def test_a_paragraph_already_shown_keeps_its_font_when_the_board_is_laid_out_again(plan_tiny):
    plan = plan_tiny({"note": BOARD["note"], "fig": PICTURE}, [(0.5, SHOW.format("note")), (10.0, SHOW.format("fig"))],
                     end=25.0)
    fonts = {stay.place.font for stay in plan.stays["note"]}
    assert len(plan.stays["note"]) == 2 and len(fonts) == 1


def test_a_lone_formula_is_set_larger_than_its_font(plan_tiny):
    plan = plan_tiny({"f": 'a Math that says "$a^2 + b^2 = c^2$"'}, [(0.5, SHOW.format("f"))], end=10.0)
    place = plan.stays["f"][0].place
    assert place.font > plan.theme.sizes.math


def test_the_lecture_s_own_move_carries_the_relayout_and_no_move_goes_nowhere():
    """thales: the board's move at 0:41 is the relayout after the note leaves (it was a move of
    no length there, after the layout had already moved it); no move is too small to see."""
    resolved = read(THALES)
    plan = plan_scene(resolved.scenes[0], 15, THALES.parent)
    moves = [c for c in plan.cues if isinstance(c.action, Move)]
    assert moves and all(c.frames > 0 and c.place is not None for c in moves)
    at_41 = [c for c in moves if c.object == "board" and abs(c.time - 41.0) < 1e-6]
    assert len(at_41) == 1
    for name, stays in plan.stays.items():
        for before, after in pairwise(stays):
            a, b = before.place.box, after.place.box
            assert max(abs(a.x0 - b.x0), abs(a.y0 - b.y0), abs(a.x1 - b.x1), abs(a.y1 - b.y1)) > 0.05, name


def test_what_comes_at_the_scene_s_end_takes_the_place_its_layout_gives_it_there(plan_tiny):
    """A title card shown again on the scene's last moment, under a heading that came meanwhile:
    its cue (on the last frame) puts it where the layout for that board does, clear of the
    heading, not where it stood before the heading came; the moves that make it room are made."""
    does = [*((t, SHOW.format("table")) for t in (0.5, 0.6, 0.7, 0.8)), (5.0, SHOW.format("card")),
            (9.0, LEAVE.format("card")), (9.5, SHOW.format("head")), (14.0, SHOW.format("card"))]
    plan = plan_tiny({"table": BIG_TABLE, "card": 'a Title that says "Keeps — value moves mean as draws one tail."',
                      "head": 'a Heading that says "Expected."'}, does, end=14.0)
    last = [c for c in plan.cues if c.object == "card" and c.place is not None][-1]
    assert last.frame == round(14.0 * plan.fps) - 1
    assert last.place == plan.stays["card"][-1].place != plan.stays["card"][0].place
    assert last.place.box.intersection(plan.stays["head"][0].place.box) == 0.0
    drawn = {item.name: item.box for item in plan.boards[-1].items}
    assert drawn["table"] == plan.stays["table"][-1].place.box


BIG_TABLE = ('a Table that says "a b c d e f g h" (rows=(("long cell text", "b", "c", "d"), '
             '("e", "long cell text", "g", "h"), ("i", "j", "long cell text", "l"), '
             '("m", "n", "o", "long cell text")))')


def test_what_is_shown_again_where_it_stood_but_for_a_hair_takes_its_old_place(plan_tiny, tmp_path):
    """A wide picture under a note: the note leaves, too close to the picture's next showing for
    the board to be laid out again; the picture is hidden and shown again at once, laid out alone,
    a hair from where it stood: it keeps its place rather than jump by less than a move."""
    Image.new("RGB", (48, 12)).save(tmp_path / "picture.png")
    objects = {"table": 'a Table that says "river yes river yes yes" (rows=(("river", "yes", "river", "yes", "yes"),))',
               "note": 'a Panel that says "Sample tail fixed toward as sample."',
               "picture": "an Image (path='picture.png', aspect=(1600, 400))"}
    plan = plan_tiny(objects, [(4.0, SHOW.format("table")), (7.5, LEAVE.format("table")),
                               (7.62, SHOW.format("note")), (8.12, SHOW.format("picture")),
                               (13.12, LEAVE.format("note")), (17.12, LEAVE.format("picture")),
                               (17.12, SHOW.format("picture"))], end=22.0)
    a, b = (stay.place.box for stay in plan.stays["picture"])
    assert a == b or max(abs(a.x0 - b.x0), abs(a.y0 - b.y0), abs(a.x1 - b.x1), abs(a.y1 - b.y1)) > MOVED


def test_an_arrival_after_a_departure_is_laid_out_with_the_board_the_departure_leaves(plan_tiny):
    """A figure arriving within the settle time of a note that has left is not given the place
    the board kept for it beside the note (a hole where the note stood for the board's life):
    the board is laid out for what is on it then, and the figure takes the room."""
    board = {**BOARD, "fig2": "a Figure (x_range=(0, 8), y_range=(0, 4))"}
    plan = plan_tiny(board, [(0.5, SHOW.format("fig")), (0.6, SHOW.format("note")), (2.0, LEAVE.format("note")),
                             (2.5, SHOW.format("fig2"))], end=20.0)
    together = plan_tiny({k: board[k] for k in ("fig", "fig2")},
                         [(0.5, SHOW.format("fig")), (0.6, SHOW.format("fig2"))], end=20.0)
    assert plan.stays["fig2"][-1].place.box == together.stays["fig2"][-1].place.box
    assert plan.stays["fig"][-1].place.box == together.stays["fig"][-1].place.box


def test_what_stands_beside_a_ringed_container_is_found_by_the_place_its_children_ask_by(plan_tiny):
    """Issue 43's labels stranded at the top of the board: the children of a Figure or an Axes ask
    what stands beside it by the box it is drawn in; a container a Box action rings was listed by
    its ring, so they found nothing for their place and kept away from where anything stood in
    the whole scene."""
    objects = {"axes": "an Axes (x_range=(0, 4), y_range=(0, 2))",
               "note": 'a Panel that says "A note beside the axes."'}
    plan = plan_tiny(objects, [(0.5, SHOW.format("axes")), (0.5, SHOW.format("note")),
                               (1.0, "A box is drawn around axes.")], end=8.0)
    [stay] = plan.stays["axes"]
    assert plan.beside[("axes", stay.place.box)] == (plan.stays["note"][0].place.box,)


def test_what_arrives_after_a_container_left_is_not_beside_it(plan_tiny):
    """A thin Axes' legend with no clear spot near it was kept away from a note that came only
    after the Axes had left (found lecture a-legend-settled-far-from-its-thin-axes-0.017-off-the-middle):
    what stands beside a container's place is what stands there while the container does."""
    objects = {"axes": "an Axes (x_range=(0, 4), y_range=(0, 2))",
               "note": 'a Panel that says "A note after the axes."'}
    plan = plan_tiny(objects, [(0.5, SHOW.format("axes")), (2.0, LEAVE.format("axes")),
                               (3.0, SHOW.format("note"))], end=8.0)
    [stay] = plan.stays["axes"]
    assert plan.beside[("axes", stay.place.box)] == ()



def test_a_figure_s_widest_text_counts_the_ring_around_its_math(resolve_scene):
    """Issue 43's ring around a Math in a thin Figure met the Image beside it: the Figure is laid
    out in room as wide as its widest text (`placement.room_for_texts`), which counts the ring a
    Box action draws around a text drawn in it, its reach on either side."""
    objects = {"fig": "a Figure (x_range=(0, 1), y_range=(0, 20), aspect=(1, 20))",
               "fig_math": 'a Math that says "$v + w$" drawn in fig'}
    does = [(0.5, SHOW.format("fig")), (0.5, SHOW.format("fig_math"))]
    widths = []
    for ring in ([], [(1.0, "A box is drawn around fig_math.")]):
        scene = resolve_scene(objects, does + ring, end=8.0).scenes[0]
        texts = _texts_drawn(scene, "fig", parts_named(scene.actions), THEME, {"fig": 0.5, "fig_math": 0.5})
        widths.append(max(width for _, width in texts))
    assert widths[1] == pytest.approx(widths[0] + 2 * THEME.board.ring_reach)
