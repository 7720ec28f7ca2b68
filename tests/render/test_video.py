"""Decode what the renderer wrote: frame counts, every action on its frame, still boards between.

These render the demo's first scene at -q l (about 20 s) once for the module.
"""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from pathlib import Path

import av
import numpy as np
import pytest

from lecturekit.pipeline import render_scenes
from lecturekit.plan import plan_scene
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.settings import PRESETS, Quality, RenderSettings
from lecturekit.sources import read
from tests.conftest import DEMO, ROOT

#: Every test here renders video.
pytestmark = pytest.mark.slow

#: A pixel has changed when a channel moved by more than this (encoding noise stays below).
LEVEL = 24
#: A frame has changed when more than this many pixels did.
PIXELS = 8


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> tuple[ScenePlan, Path]:
    out = tmp_path_factory.mktemp("media")
    resolved = read(DEMO)
    [scene] = render_scenes(DEMO, None, ["1"], RenderSettings(Quality.l, out))
    plan = plan_scene(resolved.scenes[0], PRESETS[Quality.l].fps, Path(resolved.folder))
    return plan, scene.path


def decode(path: Path) -> list[np.ndarray]:
    with av.open(str(path)) as container:
        return [f.to_ndarray(format="rgb24").astype(np.int16) for f in container.decode(video=0)]


def changed(frames: list[np.ndarray]) -> list[bool]:
    """Whether each frame differs visibly from the one before it (frame 0: False)."""
    out = [False]
    for before, after in itertools.pairwise(frames):
        moved = np.max(np.abs(after - before), axis=2) > LEVEL
        out.append(int(moved.sum()) > PIXELS)
    return out


def test_the_video_has_exactly_the_scenes_frames(rendered: tuple[ScenePlan, Path]) -> None:
    plan, path = rendered
    frames = decode(path)
    assert plan.frames == round((plan.end - plan.start) * plan.fps) == 450
    assert len(frames) == plan.frames
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        assert (stream.codec_context.width, stream.codec_context.height) == (854, 480)
        assert stream.average_rate == 15


def test_every_action_starts_on_its_frame_and_held_boards_stay_still(rendered: tuple[ScenePlan, Path]) -> None:
    plan, path = rendered
    moves = changed(decode(path))
    busy = plan.busy()

    def running(frame: int) -> bool:
        return any(a <= frame < b for a, b in busy)

    still = [f for f in range(1, plan.frames) if not running(f)]
    assert still, "the demo scene holds its board most of the time"
    assert [f for f in still if moves[f]] == []
    checked = 0
    for cue in plan.cues:
        if not cue.changes_picture or cue.frames == 0:
            continue
        first = next((f for f in range(cue.frame, cue.end_frame + 1) if moves[f]), None)
        assert first is not None, f"{cue.text!r} never changed the picture"
        assert abs(first - cue.frame) <= 1 or running(cue.frame), (cue.text, cue.frame, first)
        if not running(cue.frame):  # starting from a still board: the very next frame moves
            assert not moves[cue.frame] and moves[cue.frame + 1], (cue.text, cue.frame)
            checked += 1
    assert checked >= 10


def test_manims_own_cli_renders_the_scaffolded_scene_alike(
    rendered: tuple[ScenePlan, Path], tmp_path: Path
) -> None:
    plan, path = rendered
    module = ROOT / "scenes" / "lecturekit_demo.py"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(
        [sys.executable, "-m", "manim", "-ql", "--media_dir", str(tmp_path), "--disable_caching",
         str(module), "Scene01AWaveAndItsPhase"],
        check=True, cwd=tmp_path, env=env, capture_output=True,
    )
    [manim_video] = tmp_path.glob("videos/**/480p15/Scene01AWaveAndItsPhase.mp4")
    ours, theirs = decode(path), decode(manim_video)
    assert len(theirs) == len(ours) == plan.frames
    worst = min(_psnr(a, b) for a, b in zip(ours, theirs, strict=True))
    assert worst > 33.0, f"the two renders differ: worst PSNR {worst:.1f} dB"


def _psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = float(np.mean((a - b) ** 2))
    return 99.0 if mse == 0 else 10 * np.log10(255**2 / mse)



def test_a_still_is_the_frame_the_video_shows_at_that_time(rendered: tuple[ScenePlan, Path], tmp_path: Path) -> None:
    from PIL import Image

    from lecturekit.pipeline import write_still

    plan, path = rendered
    frames = decode(path)
    for at in (9.9, 13.0, 26.7):  # emphasis held, mid-tick, the boxed law
        png = write_still(DEMO, None, at, Quality.l, tmp_path / f"still-{at}.png")
        picture = np.asarray(Image.open(png).convert("RGB")).astype(np.int16)
        video = frames[round(at * plan.fps)]
        assert picture.shape == video.shape
        assert _psnr(picture, video) > 33.0, at


def test_rendering_twice_gives_identical_frames(rendered: tuple[ScenePlan, Path], tmp_path: Path) -> None:
    _, path = rendered
    [again] = render_scenes(DEMO, None, ["1"], RenderSettings(Quality.l, tmp_path))
    first, second = decode(path), decode(again.path)
    assert len(first) == len(second)
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))
