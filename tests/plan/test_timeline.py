"""Cues: each action on the frame its own timestamp names, with a duration that fits before what
follows. The real lectures are planned once per module (at 15 and 60 fps); the caps and the
carrying rules are also pinned on small lectures written for each case."""

from __future__ import annotations

import itertools
import math

import pytest

from lecturekit.plan import durations as policy
from lecturekit.plan import plan_lecture
from lecturekit.plan.scene_plan import LecturePlan, ScenePlan
from lecturekit.plan.timeline import FLASH_FRAMES, Cue, busy_spans, ease_out, variable_values
from lecturekit.sources import read
from lecturekit.syntax.nodes import Flash, Hide, Move, Redraw, Show, StyleHint, Tick
from tests.conftest import DEMO, TRANSFORMER, TRANSFORMER_OVERRIDES
from tests.plan.conftest import FIGURE, LEAVE, SHOW, TAKEN


@pytest.fixture(scope="module")
def plans() -> dict[tuple[str, int], LecturePlan]:
    transformer = read(TRANSFORMER, TRANSFORMER_OVERRIDES)
    demo = read(DEMO)
    return {(name, fps): plan_lecture(resolved, fps)
            for name, resolved in (("transformer", transformer), ("demo", demo)) for fps in (15, 60)}


def every_scene(plans: dict[tuple[str, int], LecturePlan]):
    for (name, fps), plan in plans.items():
        for scene in plan.scenes:
            yield f"{name}@{fps} {scene.index}", scene


def test_every_scene_has_cues(plans):
    assert {key: len(plan.scenes) for key, plan in plans.items()} == {
        ("transformer", 15): 6, ("transformer", 60): 6, ("demo", 15): 2, ("demo", 60): 2}
    assert sum(len(s.cues) for s in plans["transformer", 15].scenes) >= 481


# ---------------------------------------------------------------- frames are absolute


def test_every_action_is_on_the_frame_its_own_time_names(plans):
    checked = 0
    for where, scene in every_scene(plans):
        by_index = {c.index: c for c in scene.cues if c.index}
        assert len(by_index) == len(scene.scene.actions), where  # one cue per action, none lost
        for timed in scene.scene.actions:
            cue = by_index[timed.index]
            expected = round((timed.time - scene.start) * scene.fps)
            assert cue.frame == min(expected, scene.frames - 1), (where, timed.source)
            assert cue.time == pytest.approx(timed.time - scene.start, abs=1e-9)
            checked += 1
    assert checked == 2 * (481 + 73)


def test_cues_are_in_frame_order(plans):
    for where, scene in every_scene(plans):
        frames = [c.frame for c in scene.cues]
        assert frames == sorted(frames), where
        assert frames[0] >= 0 and frames[-1] < scene.frames


def test_scene_frame_counts_come_from_the_scene_times(plans):
    for where, scene in every_scene(plans):
        assert scene.frames == round((scene.end - scene.start) * scene.fps), where


def test_staggered_actions_never_drift(plan_tiny):
    """Forty actions 0.1 s apart at 15 fps (1.5 frames each): rounding each absolute time keeps
    every one on its own frame; adding up rounded gaps would drift by up to 20 frames."""
    objects = {f"t{i}": 'a Text that says "x"' for i in range(40)}
    times = [round(0.3 + 0.1 * i, 6) for i in range(40)]
    plan = plan_tiny(objects, [(t, SHOW.format(f"t{i}")) for i, t in enumerate(times)], end=10.0)
    frames = [c.frame for c in plan.cues]
    assert frames == [round(t * 15) for t in times]
    assert all(abs(f - t * 15) <= 0.5 for f, t in zip(frames, times, strict=True))
    assert frames[-1] == 63  # 4.2 s; 39 gaps rounded to 2 frames each would give 82


def test_three_waits_of_a_hundred_and_fifty_ms_at_ten_fps_end_on_frame_four_or_five(plan_tiny):
    plan = plan_tiny({"a": 'a Text that says "a"'}, [
        (0.15, SHOW.format("a")), (0.30, "a is emphasized."), (0.45, "a is no longer emphasized.")], fps=10)
    assert [c.frame for c in plan.cues] == [round(0.15 * 10), round(0.30 * 10), round(0.45 * 10)] == [2, 3, 4]


def test_a_scene_that_does_not_start_at_zero_counts_from_its_own_start(plan_tiny):
    plan = plan_tiny({"a": 'a Text that says "a"'}, [(1001.4, SHOW.format("a"))], start=1000.0, end=1010.0)
    assert plan.cues[0].frame == round((1001.4 - 1000.0) * 15) == 21
    assert plan.frames == 150


# ---------------------------------------------------------------- caps, on the real lectures


def removal_frames(scene: ScenePlan, cue: Cue) -> list[int]:
    """Frames after `cue` starts at which its object leaves the board, itself or with its parent."""
    parent = scene.objects[cue.object].parent
    return [c.frame for c in scene.cues if c.frame > cue.frame and isinstance(c.action, Hide)
            and c.object in (cue.object, parent)]


def test_no_cue_runs_past_the_next_cue_on_its_object(plans):
    """But a flash, by that cue's own frame where it would have one frame (`FLASH_FRAMES`)."""
    for where, scene in every_scene(plans):
        for cue in scene.cues:
            later = [c.frame for c in scene.cues if c.object == cue.object and c.frame > cue.frame
                     and not isinstance(c.action, StyleHint)]
            if later and not isinstance(cue.action, StyleHint):
                kept = isinstance(cue.action, Flash) and cue.frames == FLASH_FRAMES
                assert cue.end_frame <= min(later) + kept, (where, cue.text)


def test_a_flash_its_objects_next_action_follows_on_the_next_frame_keeps_two_frames(plan_tiny):
    """The defect (a stranger's Table): a row flashed a frame before another row's emphasis was
    undone had one frame, and ended, the row as it was, on the one frame after its cue."""
    plan = plan_tiny({"a": 'a Text that says "a b"'}, [
        (0.0, SHOW.format("a")), (2.0, 'a (the "a" part) is indicated — a transient flash.'),
        (2.0 + 1 / 15, 'a (the "b" part) is emphasized.'), (4.0, "a is indicated — a transient flash."),
        (5.0 + 1 / 15, "a is indicated — a transient flash."), (5.0 + 2 / 15, "a is no longer emphasized.")],
        end=5.2)
    assert [(c.frame, c.frames) for c in plan.cues if isinstance(c.action, Flash)] == [
        (30, FLASH_FRAMES), (60, round(policy.FLASH * 15)), (76, 1)]  # the last: no frame left after the next


def test_a_move_on_its_objects_arrival_frame_to_where_it_arrives_moves_nothing(plan_tiny):
    """The defect (a found lecture): a Panel shown and moved on one frame arrives where the
    layout has it by the end of that frame, and the move, twelve frames from there to there, made
    the render finish its writing at once (what runs on an object finishes before it moves)."""
    objects = {"t": 'a Title that says "The the."', **{f"p{i}": 'a Panel that says "The the the."' for i in (1, 2)}}
    plan = plan_tiny(objects, [(0.0, SHOW.format("t")), (0.0, LEAVE.format("t")), (0.0, SHOW.format("p1")),
                               (0.0, "p1 moves to a new place on the board."), (0.0, SHOW.format("p2"))])
    shows = {c.object: c.place for c in plan.cues if isinstance(c.action, Show)}
    moves = [c for c in plan.cues if isinstance(c.action, Move)]
    assert moves and all(c.frames == 0 and c.place is None for c in moves)
    assert {c.object: c.place for c in plan.cues[::-1] if isinstance(c.action, Move | Show)} == shows


def test_no_cue_runs_past_its_objects_removal(plans):
    capped = 0
    for where, scene in every_scene(plans):
        for cue in scene.cues:
            gone = removal_frames(scene, cue)
            if gone:
                assert cue.end_frame <= min(gone), (where, cue.text)
                capped += cue.end_frame == min(gone)
    assert capped > 0  # the caps do bite somewhere in these lectures


def test_no_cue_runs_past_the_last_frame(plans):
    for where, scene in every_scene(plans):
        assert all(c.end_frame <= scene.frames - 1 for c in scene.cues), where
        assert all(c.frames >= 0 for c in scene.cues)


def test_a_cue_runs_its_natural_time_unless_something_follows(plans):
    plan = plans["demo", 15]
    for scene in plan.scenes:
        for cue in scene.cues:
            if isinstance(cue.action, StyleHint | Redraw) or cue.carried_by or cue.index == 0:
                continue
            spec = scene.objects[cue.object]
            wanted = round(policy.natural(cue.action, spec, len(spec.text or spec.label or "")) * scene.fps)
            later = [c.frame for c in scene.cues if c.frame > cue.frame and c.object == cue.object
                     and not isinstance(c.action, StyleHint)]
            room = min([*later, *removal_frames(scene, cue), scene.frames - 1]) - cue.frame
            assert cue.frames == min(wanted, room), cue.text


def test_a_redraw_runs_exactly_as_long_as_the_tick_at_its_frame(plans):
    redraws = 0
    for where, scene in every_scene(plans):
        ticks = {c.frame: c for c in scene.cues if isinstance(c.action, Tick)}
        for cue in scene.cues:
            if isinstance(cue.action, Redraw):
                tick = ticks[cue.frame]
                assert (cue.frames, cue.carried_by) == (tick.frames, tick.object), (where, cue.text)
                assert not cue.changes_picture
                redraws += 1
    assert redraws == 2 * (42 + 6)


def test_children_leaving_with_their_parent_are_carried_by_its_cue(plans):
    carried = 0
    for _where, scene in every_scene(plans):
        leaving = {(c.object, c.frame): c for c in scene.cues if isinstance(c.action, Hide)
                   and c.action.cause == c.object}
        for cue in scene.cues:
            if isinstance(cue.action, Hide) and cue.action.cause not in (None, cue.object):
                parent = leaving[cue.action.cause, cue.frame]
                assert cue.carried_by == parent.object
                assert cue.frames == parent.frames
                assert not cue.changes_picture
                carried += 1
    assert carried == 2 * (64 + 8)


# ---------------------------------------------------------------- caps, case by case


def test_simultaneous_cues_on_one_object_both_run(plan_tiny):
    plan = plan_tiny({"m": 'a Math that says "$a + b$"'}, [
        (0.0, SHOW.format("m")),
        (2.0, 'm (the "a" part) is emphasized.'),
        (2.0, 'm (the "b" part) is emphasized.'),
        (2.0, "m is indicated — a transient flash."),
    ])
    at_two = [c for c in plan.cues if c.frame == 30]
    assert len(at_two) == 3
    assert [c.frames for c in at_two] == [round(policy.EMPHASIS * 15)] * 2 + [round(policy.FLASH * 15)]


def test_a_cue_is_cut_short_by_the_next_cue_on_its_object(plan_tiny):
    plan = plan_tiny({"m": 'a Math that says "$a + b$"', "n": 'a Math that says "$c$"'}, [
        (0.0, SHOW.format("m")),
        (0.1, SHOW.format("n")),
        (0.2, "m is emphasized."),
    ])
    m_show, n_show, m_emph = plan.cues
    assert (m_show.frame, m_show.frames) == (0, 3)  # 0.2 s later, not its natural 0.7 s
    assert n_show.frames == round(policy.writing(5) * 15)  # another object does not cut it
    assert m_emph.frames == round(policy.EMPHASIS * 15)


def test_a_style_hint_does_not_cut_the_show_it_shapes(plan_tiny):
    plan = plan_tiny({"card": 'a Title that says "Hello"'}, [
        (0.0, SHOW.format("card")), (0.8, "card: enter:write-left-to-right.")])
    show, hint = plan.cues
    assert show.frames == round(policy.TITLE * 15) and hint.frames == 0


def test_a_child_stops_when_its_parent_leaves_even_without_its_own_leaving(plan_tiny):
    plan = plan_tiny({"fig": FIGURE, "v": "a Vector drawn in fig (end=(1, 1))"}, [
        (0.0, SHOW.format("fig")), (2.0, "v is shown on the screen, drawn."), (2.2, LEAVE.format("fig"))])
    v = next(c for c in plan.cues if c.object == "v")
    fig_leaves = next(c for c in plan.cues if isinstance(c.action, Hide))
    assert v.end_frame == fig_leaves.frame == 33


def test_a_child_leaving_is_carried_whichever_is_listed_first(plan_tiny):
    objects = {"fig": FIGURE, "v": "a Vector drawn in fig (end=(1, 1))", "w": "a Vector drawn in fig (end=(2, 1))"}
    does = [(0.0, SHOW.format("fig")), (1.0, SHOW.format("v")), (1.0, SHOW.format("w")),
            (5.0, TAKEN.format("v", "fig")), (5.0, LEAVE.format("fig")), (5.0, TAKEN.format("w", "fig"))]
    plan = plan_tiny(objects, does)
    leaving = {c.object: c for c in plan.cues if isinstance(c.action, Hide)}
    assert leaving["fig"].carried_by is None and leaving["fig"].frames == round(policy.LEAVE * 15)
    for child in ("v", "w"):
        assert leaving[child].carried_by == "fig"
        assert (leaving[child].frame, leaving[child].frames) == (leaving["fig"].frame, leaving["fig"].frames)


def test_a_cue_on_the_last_frame_is_a_cut_and_the_frame_is_drawn(plan_tiny):
    plan = plan_tiny({"t": 'a Text that says "hello"'}, [(0.0, SHOW.format("t")), (10.0, LEAVE.format("t"))])
    leave = plan.cues[-1]
    assert (leave.frame, leave.frames) == (plan.frames - 1, 0) == (149, 0)
    assert plan.busy()[-1] == (149, 150)
    assert plan.shown_at(149) == set()


def test_a_redraw_follows_its_tick_even_when_the_tick_is_cut_short(plan_tiny):
    objects = {"fig": FIGURE, "k": "a VariableNumber (initial_value=0.0)",
               "v": "a Vector drawn in fig (end=(k, 1))"}
    does = [(0.0, SHOW.format("fig")), (0.5, "v is shown on the screen, drawn."),
            (2.0, "k ticks to 2."), (2.0, "v is redrawn as the numbers it depends on change."),
            (3.0, "k ticks to 3."), (3.0, "v is redrawn as the numbers it depends on change.")]
    plan = plan_tiny(objects, does)
    ticks = [c for c in plan.cues if isinstance(c.action, Tick)]
    redraws = [c for c in plan.cues if isinstance(c.action, Redraw)]
    assert [t.frames for t in ticks] == [15, round(policy.TICK * 15)]
    assert [r.frames for r in redraws] == [t.frames for t in ticks]
    assert all(r.carried_by == "k" for r in redraws)


def test_a_redraw_stops_when_its_object_leaves(plan_tiny):
    objects = {"fig": FIGURE, "k": "a VariableNumber (initial_value=0.0)",
               "v": "a Vector drawn in fig (end=(k, 1))"}
    does = [(0.0, SHOW.format("fig")), (0.5, "v is shown on the screen, drawn."),
            (2.0, "k ticks to 2."), (2.0, "v is redrawn as the numbers it depends on change."),
            (2.5, "v is hidden from the screen.")]
    plan = plan_tiny(objects, does)
    tick = next(c for c in plan.cues if isinstance(c.action, Tick))
    redraw = next(c for c in plan.cues if isinstance(c.action, Redraw))
    assert tick.frames == round(policy.TICK * 15)
    assert redraw.end_frame == 38  # where v leaves, not where the tick ends


# ---------------------------------------------------------------- ticks


@pytest.fixture
def ticking(plan_tiny) -> ScenePlan:
    objects = {"k": "a VariableNumber (initial_value=1.0)", "fig": "a Figure (x_range=(-1, 4), y_range=(0, 4))",
               "v": "a Vector drawn in fig (end=(k, 1))"}  # a plot that holds v all along
    does = [(0.0, SHOW.format("fig")), (0.2, "v is shown on the screen, drawn."),
            (1.0, "k ticks to 3."), (1.0, "v is redrawn as the numbers it depends on change."),
            (4.0, "k ticks to -1."), (4.0, "v is redrawn as the numbers it depends on change."),
            (5.0, "k ticks to 2."), (5.0, "v is redrawn as the numbers it depends on change.")]
    return plan_tiny(objects, does)


def test_ticks_start_from_the_value_before_them(ticking: ScenePlan):
    ticks = [c for c in ticking.cues if isinstance(c.action, Tick)]
    assert [(t.start_value, t.end_value) for t in ticks] == [(1.0, 3.0), (3.0, -1.0), (-1.0, 2.0)]
    assert [(t.frame, t.frames) for t in ticks] == [(15, 30), (60, 15), (75, 30)]


def test_ticks_ease_from_the_current_value(ticking: ScenePlan):
    first, second, third = (c for c in ticking.cues if isinstance(c.action, Tick))

    def k(frame: float) -> float:
        return ticking.values_at(frame)["k"]

    assert k(0) == k(first.frame) == 1.0  # at its start frame a tick has not moved yet
    assert k(first.frame + 15) == pytest.approx(1.0 + 2.0 * math.sin(math.pi / 4))
    assert 2.0 < k(first.frame + 15) < 3.0  # eased: past the halfway value at half time
    assert k(first.end_frame) == k(second.frame - 1) == 3.0
    # the second is cut short by the third: it still ends exactly on its value
    assert k(second.frame) == 3.0
    assert k(second.frame + 7.5) == pytest.approx(3.0 - 4.0 * math.sin(math.pi / 4))
    assert k(third.frame) == -1.0
    assert k(third.frame + 15) == pytest.approx(-1.0 + 3.0 * math.sin(math.pi / 4))
    assert k(third.end_frame) == k(ticking.frames - 1) == 2.0


def test_variable_values_move_monotonically_during_a_tick(ticking: ScenePlan):
    first = next(c for c in ticking.cues if isinstance(c.action, Tick))
    values = [variable_values(ticking.cues, {"k": 1.0}, f)["k"] for f in range(first.frame, first.end_frame + 1)]
    assert values == sorted(values) and values[0] == 1.0 and values[-1] == 3.0
    assert len(set(values)) == len(values)  # it moves on every frame


SQRT_POINT = {"x": "a VariableNumber (initial_value=4.0)", "fig": "a Figure (x_range=(-2, 4), y_range=(0, 4))",
              "p": "a Point drawn in fig (location=(3, 1 + sqrt(x)))", "fine": "a Point drawn in fig (location=(x, 1))"}
REDRAW = "{} is redrawn as the numbers it depends on change."
SQRT_FAILS = ("warning: scene 'Scene One', object 'p': location cannot be evaluated at 1.000 s: sqrt(-1) is not "
              "defined: sqrt needs a number ≥ 0; it is drawn at its last good value "
              "(keep the numbers it uses where it is defined)",)


def test_an_object_is_held_at_its_last_good_numbers_while_its_values_fail(plan_tiny):
    does = [(0.0, SHOW.format("fig")), (0.2, SHOW.format("p")), (0.2, SHOW.format("fine")),
            (1.0, "x ticks to -1."), (1.0, REDRAW.format("p")), (1.0, REDRAW.format("fine")),
            (4.0, "x ticks to 1."), (4.0, REDRAW.format("p")), (4.0, REDRAW.format("fine"))]
    plan = plan_tiny(SQRT_POINT, does, warned=SQRT_FAILS)
    x = {f: plan.values_at(f)["x"] for f in range(plan.frames)}
    [hold] = plan.holds["p"]
    assert "fine" not in plan.holds  # it evaluates throughout
    assert hold.start == min(f for f in x if x[f] < 0)  # from the first frame sqrt(x) fails
    assert hold.end == min(f for f in x if f > hold.start and x[f] >= 0)  # until the next tick mends it
    assert dict(hold.values) == plan.values_at(hold.start - 1) and hold.values["x"] >= 0  # the last good
    during = plan.values_at(hold.start + 2)
    assert during["x"] < 0  # the number itself still ticks on
    assert during.of("p") == hold.values and during.of("fine") is during
    after = plan.values_at(plan.frames - 1)
    assert after["x"] == 1.0 and after.of("p") is after


def test_a_hold_with_no_mending_tick_lasts_to_the_scene_end(plan_tiny):
    does = [(0.0, SHOW.format("fig")), (0.2, SHOW.format("p")), (1.0, "x ticks to -1."), (1.0, REDRAW.format("p"))]
    plan = plan_tiny(SQRT_POINT, does, warned=SQRT_FAILS)
    [hold] = plan.holds["p"]
    assert hold.end == plan.frames
    assert plan.values_at(plan.frames - 1).of("p") == hold.values


def test_ease_out_starts_at_once_and_lands_gently():
    assert ease_out(0.0) == 0.0 and ease_out(1.0) == pytest.approx(1.0)
    assert ease_out(0.1) > 0.1 and ease_out(0.9) - ease_out(0.8) < 0.1


def test_the_real_ticks_chain_their_values(plans):
    for where, scene in every_scene(plans):
        current = dict(scene.initial_values)
        for cue in scene.cues:
            if isinstance(cue.action, Tick):
                assert cue.start_value == current[cue.object], where
                assert scene.values_at(cue.frame)[cue.object] == pytest.approx(current[cue.object])
                assert scene.values_at(cue.end_frame)[cue.object] == pytest.approx(cue.end_value)
                current[cue.object] = cue.end_value


# ---------------------------------------------------------------- busy spans


def test_busy_spans_cover_every_picture_change(plans):
    for where, scene in every_scene(plans):
        spans = scene.busy()
        assert all(a < b <= scene.frames for a, b in spans), where
        assert all(b1 < a2 for (_, b1), (a2, _) in itertools.pairwise(spans))  # merged
        for cue in scene.cues:
            if cue.frames > 0 and cue.changes_picture:
                assert any(a <= cue.frame + 1 and cue.end_frame + 1 <= b for a, b in spans), (where, cue.text)


def test_held_boards_are_really_held():
    show = Cue(0.0, 10, 5, "x", Show("x"), "x is shown", 1)
    hint = Cue(0.0, 10, 0, "x", StyleHint("x", "h"), "x: h.", 2)
    assert busy_spans((show, hint), 100) == ((11, 16),)
    assert busy_spans((hint,), 100) == ()
