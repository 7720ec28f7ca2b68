"""The fast paths give the pictures of the plain one: held boards, chunks, and a Dask cluster.

Each test renders the demo's first scene (450 frames at -q l) and decodes what was written; the
chunked scene and the one rendered on a cluster are read as written by other tools too.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import av
import numpy as np
import pytest

from lecturekit import pipeline
from lecturekit.pipeline import render_scenes
from lecturekit.plan import plan_scene
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.render import manim_config
from lecturekit.render.video import Encoder
from lecturekit.settings import PRESETS, Quality, RenderSettings
from lecturekit.sources import read
from tests.conformance import Expected, conforms
from tests.conftest import DEMO

#: Every test here renders video.
pytestmark = pytest.mark.slow


def decode(path: Path) -> list[np.ndarray]:
    with av.open(str(path)) as container:
        return [f.to_ndarray(format="rgb24").astype(np.int16) for f in container.decode(video=0)]


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = float(np.mean((a - b) ** 2))
    return 99.0 if mse == 0 else 10 * np.log10(255**2 / mse)


@pytest.fixture(scope="module")
def local(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("local")
    [scene] = render_scenes(DEMO, None, ["1"], RenderSettings(Quality.l, out))
    return scene.path


def _every_frame(plan: ScenePlan, path: Path, media: Path) -> None:
    """The plain way: every frame drawn whole by Manim's own camera, and encoded."""
    from manim.camera.camera import Camera

    from lecturekit.render.stage import Stage

    preset = PRESETS[Quality.l]
    with manim_config(preset, plan.fps, media):
        stage, camera, encoder = Stage(plan), Camera(), Encoder(path, preset, plan.fps)
        for frame in range(plan.frames):
            stage.advance(frame)
            camera.reset()
            camera.capture_mobjects(stage.mobjects())
            encoder.write(camera.pixel_array)
        encoder.close()


@pytest.mark.parametrize("scene", [1, 2])  # a wave that ticks; arrows, a table written row by row, a picture
def test_held_boards_look_as_when_every_frame_is_drawn_and_encoded(scene: int, tmp_path: Path,
                                                                    request: pytest.FixtureRequest) -> None:
    resolved = read(DEMO)
    plan = plan_scene(resolved.scenes[scene - 1], 15, Path(resolved.folder))
    plain = tmp_path / "every-frame.mp4"
    _every_frame(plan, plain, tmp_path / "media")
    if scene == 1:  # the module's own render of the first scene
        rendered = request.getfixturevalue("local")
    else:
        [scene_video] = render_scenes(DEMO, None, [str(scene)], RenderSettings(Quality.l, tmp_path / "out"))
        rendered = scene_video.path
    ours, theirs = decode(rendered), decode(plain)
    assert len(ours) == len(theirs) == plan.frames
    held = plan.frames - sum(b - a for a, b in plan.busy())
    assert held > plan.frames / 3, "much of the scene is a held board, written as skip pictures"
    worst = min(psnr(a, b) for a, b in zip(ours, theirs, strict=True))
    assert worst >= 45.0, f"worst frame {worst:.1f} dB"


def _chunked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "MIN_CHUNK_SECONDS", 0.0)  # cut even a short scene


@pytest.fixture(scope="module")
def chunked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scene rendered in three chunks, joined (its chunks kept in the cache beside it)."""
    out = tmp_path_factory.mktemp("chunked")
    with pytest.MonkeyPatch.context() as patch:
        _chunked(patch)
        [scene] = render_scenes(DEMO, None, ["1"], RenderSettings(Quality.l, out), jobs=3)
    return scene.path


@pytest.fixture(scope="module")
def clustered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scene rendered by the workers of a local Dask cluster."""
    from distributed import LocalCluster

    out = tmp_path_factory.mktemp("clustered")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        [scene] = render_scenes(DEMO, None, ["1"], RenderSettings(Quality.l, out), cluster=cluster.scheduler_address)
    assert not list((out / ".lecturekit-cache").glob(".job-*")), "workers kept their scratch to themselves"
    return scene.path


def test_a_scene_cut_into_chunks_joins_into_the_same_pictures(local: Path, chunked: Path) -> None:
    chunks = sorted((chunked.parent.parent / ".lecturekit-cache").rglob("chunks/01-*.mp4"))
    assert len(chunks) == 3
    ours, whole = decode(chunked), decode(local)
    assert len(ours) == len(whole) == 450
    assert min(psnr(a, b) for a, b in zip(ours, whole, strict=True)) >= 45.0
    with av.open(str(chunked)) as container:
        keyframes = sum(1 for p in container.demux(video=0) if p.is_keyframe)
    assert keyframes >= 3, "every chunk opens on its own keyframe"


@pytest.mark.parametrize("render", ["chunked", "clustered"])
def test_chunked_and_clustered_scenes_are_read_as_written_by_other_tools(
        render: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """`tests.conformance`: the joined chunks' header is every chunk's, and the index comes first."""
    conforms(request.getfixturevalue(render), Expected("h264", 854, 480, 450, 15), tmp_path)


def test_changing_a_late_action_renders_only_the_chunk_it_falls_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _chunked(monkeypatch)
    folder = tmp_path / "lecture"
    shutil.copytree(DEMO.parent, folder)
    lecture = folder / "lecture.json"
    settings = RenderSettings(Quality.l, tmp_path / "media")
    render_scenes(lecture, None, ["1"], settings, jobs=3)
    cache = tmp_path / "media" / ".lecturekit-cache"
    before = {p.name: p.stat().st_mtime_ns for p in cache.rglob("chunks/01-*.mp4")}
    assert len(before) == 3

    data = json.loads(lecture.read_text())
    last_beat = data["publication"]["watch"]["scenes"][0]["beats"][-1]
    emphasis = next(pair for pair in last_beat["does"] if pair[1].startswith("shift (the"))
    emphasis[0] += 0.2  # an emphasis in the last third of the scene comes a little later
    lecture.write_text(json.dumps(data))
    [scene] = render_scenes(lecture, None, ["1"], settings, jobs=3)
    after = {p.name: p.stat().st_mtime_ns for p in cache.rglob("chunks/01-*.mp4")}
    kept = {name for name, stamp in before.items() if after.get(name) == stamp}
    assert len(kept) == 2, "the two chunks before the change are reused"
    assert len(set(after) - set(before)) == 1, "the chunk holding the change is rendered again"
    assert len(decode(scene.path)) == 450


def test_a_dask_cluster_renders_the_same_frames_as_local_processes(local: Path, clustered: Path) -> None:
    ours, theirs = decode(clustered), decode(local)
    assert len(ours) == len(theirs) == 450
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))
