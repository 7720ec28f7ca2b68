"""Painted as planned: on every settled board of our own lectures and of generated ones, each
object's ink lies inside the boxes the plan lists for it (tests/ink_rules.py), and a Derivation
revealed beside a Block that arrives after its second line keeps every line aligned in its box."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from lecturekit.render import manim_config
from lecturekit.render.board import Board
from lecturekit.render.builders import Context
from lecturekit.render.stage import Stage
from lecturekit.settings import PRESETS, Quality
from tests.conftest import DEMO
from tests.ink_rules import ink_faults, settled_frames
from tests.lecture_strategy import lectures, plan_of, write, written

LECTURES = Path(__file__).parents[1] / "lectures"
CASE = LECTURES / "derivation-beside-a-block" / "lecture.json"
OURS = sorted([*LECTURES.glob("*/lecture.json"), *(LECTURES / "found").glob("*.json"), DEMO])
MANY = settings(max_examples=int(os.environ.get("INK_LECTURES", "40")), deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.slow
@pytest.mark.parametrize("path", OURS, ids=lambda p: p.parent.name if p.name == "lecture.json" else p.stem)
def test_every_board_of_our_lectures_is_painted_inside_its_plan(path, tmp_path):
    faults = [f for plan in plan_of(*written(path, tmp_path)) for f in ink_faults(plan)]
    assert faults == []


@pytest.mark.slow
@MANY
@given(lectures())
def test_every_board_of_a_generated_lecture_is_painted_inside_its_plan(generated):
    with tempfile.TemporaryDirectory() as folder:
        lecture, overrides = write(generated, Path(folder))
        faults = [f for plan in plan_of(lecture, overrides) for f in ink_faults(plan)]
    assert faults == []


@pytest.mark.slow
def test_a_line_drawn_apart_from_its_derivation_fails_the_ink_rule(monkeypatch):
    """As the board moved Derivations before: the lines shown go with it, those still to come
    stay behind, and are written under the Block that arrived beside it."""
    def move_shown_lines_only(self, name, target):
        live = self.live[name]
        effect = original(self, name, target)
        hidden = live.drawn.steps[live.revealed:]
        kept = [(step, step.get_center().copy()) for step in hidden]

        def after(alpha: float) -> None:
            update(alpha)
            for step, center in kept:
                step.move_to(center)
        update = effect.update
        effect.update = after
        return effect

    original = Board.move
    monkeypatch.setattr(Board, "move", move_shown_lines_only)
    [plan] = plan_of(CASE)
    faults = ink_faults(plan)
    assert faults and all("Derivation 'steps'" in f for f in faults), faults


@pytest.mark.slow
def test_a_label_a_little_off_its_spot_fails_the_ink_rule(monkeypatch, write_lecture):
    """Nudged less than the ink rule's 3 px off the spot the plan settles it on (as a Figure moved
    into a box a rounding from the plan's was: its labels settled as if it still moved), a mark's
    label and a Math drawn in a Figure are each named, and nothing else is."""
    objects = {"fig": "a Figure (x_range=(0, 2), y_range=(0, 2))",
               "side": 'a Line labelled "side" drawn in fig (start=(0.2, 0.2), end=(1.6, 1.2))',
               "angle": 'a Math that says "$theta$" drawn in fig'}
    does = [(0.5 + k * 0.3, f"{n} is shown on the screen, written out.") for k, n in enumerate(objects)]
    [plan] = plan_of(write_lecture(objects, does))
    assert ink_faults(plan) == []
    spot = Context.spot
    monkeypatch.setattr(Context, "spot", lambda self, *key: spot(self, *key) + np.array([0.03, 0.0, 0.0]))
    faults = ink_faults(plan)
    assert {f.split("'")[1] for f in faults} == {"side#label", "angle"}, faults
    assert all("0.030 units from the centre of the box the plan settles it in" in f for f in faults)


@pytest.mark.slow
def test_a_derivation_growing_beside_a_block_keeps_its_lines_aligned_in_its_box():
    """On every settled board, each line shown is where the whole Derivation built afresh in its
    planned box has it (one Typst layout: the lines share their `&`), and inside that box."""
    [plan] = plan_of(CASE)
    assert [i.name for i in plan.boards[-1].items] == ["head", "steps", "note"]
    block = next(i.box for i in plan.boards[-1].items if i.name == "note")
    frames = settled_frames(plan)
    with tempfile.TemporaryDirectory() as media, manim_config(PRESETS[Quality.l], plan.fps, Path(media)):
        stage = Stage(plan)
        shown = []
        for frame in frames:
            stage.advance(frame)
            if "steps" not in stage.live:  # the heading alone
                continue
            live = stage.live["steps"]
            box = next(i.box for i in plan.items_at(frame) if i.name == "steps")
            fresh = stage.board.build("steps", box)
            for step, planned in zip(live.drawn.steps[:live.revealed], fresh.steps, strict=False):
                assert np.allclose(step.get_critical_point([-1, -1, 0]), planned.get_critical_point([-1, -1, 0]),
                                   atol=1e-3)
                assert np.allclose(step.get_critical_point([1, 1, 0]), planned.get_critical_point([1, 1, 0]),
                                   atol=1e-3)
                assert box.x0 - 1e-3 <= step.get_left()[0] and step.get_right()[0] <= box.x1 + 1e-3
            shown.append(live.revealed)
        assert shown[-1] == 5 and box.x1 < block.x0  # all five lines, the Block beside them
    assert ink_faults(plan) == []


@pytest.mark.slow
def test_the_own_label_of_an_axes_or_a_figure_is_painted_in_the_box_the_plan_gives_it(write_lecture):
    """A labelled Axes (with a legend under its label) and a narrow labelled Figure (its label
    wrapped): each label's ink lies in its planned box and fills it, on every settled board."""
    from lecturekit.render.camera import BoardCamera
    from tests.ink_rules import _allowed, ink_finder

    objects = {"ax": 'an Axes [blue] labelled "Geschwindigkeit über der Zeit" (x_range=(0, 4), y_range=(0, 3))',
               "f": 'a FunctionPlot labelled "v(t)" drawn in ax (function=0.5 * x + 1)',
               "fig": 'a Figure labelled "eine schmale Figur mit langer Beschriftung" '
                      '(x_range=(0, 1), y_range=(0, 2), aspect=(1, 2))'}
    does = [(0.5 + k * 0.3, f"{n} is shown on the screen, written out.") for k, n in enumerate(objects)]
    [plan] = plan_of(write_lecture(objects, does))
    assert plan.texts["fig#label"].height > 1.5 * plan.texts["ax#label"].height  # wrapped into lines
    checked = 0
    with tempfile.TemporaryDirectory() as media, manim_config(PRESETS[Quality.l], plan.fps, Path(media)):
        stage = Stage(plan)
        camera = BoardCamera()
        camera.reset()
        ink_in = ink_finder(camera)
        for frame in settled_frames(plan):
            stage.advance(frame)
            for name in ("ax", "fig"):
                if name not in stage.live or any(cue.object == name for cue, _ in stage.running):
                    continue
                [box] = [i.box for i in plan.items_at(frame) if i.name == name + "#label"]
                camera.reset()
                camera.capture_mobjects([stage.live[name].drawn.mobject.submobjects[-1]])
                ink = ink_in(camera.pixel_array)
                assert ink.any() and not (ink & ~_allowed([box], ink.shape, camera)).any(), (name, frame)
                rows, columns = np.nonzero(ink)
                per_unit = ink.shape[0] / camera.frame_height
                assert (columns.max() - columns.min()) / per_unit > 0.8 * box.width, (name, frame)
                assert (rows.max() - rows.min()) / per_unit > 0.5 * box.height, (name, frame)
                checked += 1
    assert checked >= 2
