"""A board holds at most MAX_ON_BOARD top-level objects at once: each shown past that is left out
with one warning, and with it what is drawn in it; a hide makes room again."""

from __future__ import annotations

from lecturekit.resolve.crowding import MAX_ON_BOARD
from tests.conftest import lines

SHOW = "{} is shown on the screen, written out."


def test_objects_shown_on_a_full_board_are_left_out_one_warning_each(resolve_scene):
    objects = {f"t{i}": f'a Text that says "note {i}"' for i in range(MAX_ON_BOARD + 3)}
    objects["f"] = "a Figure"
    objects["v"] = "a Vector drawn in f (start=(0, 0), end=(1, 1))"
    does = [(0.5 + 0.01 * i, SHOW.format(f"t{i}")) for i in range(MAX_ON_BOARD + 3)]
    does += [(2.0, SHOW.format("f")), (2.1, SHOW.format("v")), (2.2, SHOW.format("f"))]
    resolved = resolve_scene(objects, does)
    crowded = {f"t{i}" for i in range(MAX_ON_BOARD, MAX_ON_BOARD + 3)} | {"f"}
    assert resolved.scenes[0].broken == crowded | {"v"}
    full = [line for line in lines(resolved) if f"is shown while the board holds {MAX_ON_BOARD} objects" in line]
    assert len(full) == len(crowded) and all(any(f"object '{n}'" in line for line in full) for n in crowded)
    assert any("object 'v'" in line and "'f', which is left out" in line for line in lines(resolved))


def test_a_hide_makes_room_and_children_and_a_second_heading_take_none(resolve_scene):
    objects = {f"t{i}": f'a Text that says "note {i}"' for i in range(MAX_ON_BOARD)}
    objects |= {"h1": 'a Heading that says "One"', "h2": 'a Heading that says "Two"',
                "late": 'a Text that says "late"'}
    does = [(0.5 + 0.01 * i, SHOW.format(f"t{i}")) for i in range(MAX_ON_BOARD - 1)]
    does += [(1.0, SHOW.format("h1")), (1.5, SHOW.format("h2")),
             (2.0, "t0 is hidden from the screen — left the board."), (2.5, SHOW.format("late"))]
    resolved = resolve_scene(objects, does)
    assert resolved.scenes[0].broken == set(), lines(resolved)
