"""A presentation's steps, from the plans alone: one a beat, each playing on from the frame the
one before holds, and holding the frame the storyboard shows at the beat's end."""

from __future__ import annotations

from lecturekit.pipeline import plan_scenes
from lecturekit.present.steps import scene_steps
from lecturekit.sources import read
from lecturekit.storyboard import beat_ends
from tests.conftest import DEMO


def test_the_steps_are_the_beats_each_from_where_the_one_before_holds():
    resolved = read(DEMO)
    for plan in plan_scenes(resolved, resolved.scenes, 15):
        steps = scene_steps(plan, 0, plan.frames)
        assert [s.last for s in steps] == [frame for frame, _, _ in beat_ends(plan)]
        assert [s.first for s in steps] == [0, *(s.last for s in steps[:-1])]
        assert [s.say for s in steps] == [" ".join(b.say.split()) for b in plan.scene.beats]


def test_a_video_shorter_than_its_plan_holds_its_last_frame():
    resolved = read(DEMO)
    [plan] = plan_scenes(resolved, resolved.scenes[:1], 15)
    steps = scene_steps(plan, 2, 100)
    assert max(s.last for s in steps) == 99 and {s.scene for s in steps} == {2}
    assert all(s.first <= s.last for s in steps)


def test_a_scene_the_lecture_lacks_is_refused_in_one_line_before_anything_is_written(tmp_path):
    from typer.testing import CliRunner

    from lecturekit.cli import app

    result = CliRunner().invoke(app, ["present", str(DEMO), "-q", "l", "--scene", "9", "--out", str(tmp_path),
                                      "--quiet"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "error: lecture: no scene '9' (choose one of 1 (a-wave-and-its-phase), 2 (adding-arrows))"]
    assert list(tmp_path.iterdir()) == []
