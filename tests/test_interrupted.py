"""An interrupted render leaves every output complete or absent: never a partial file. What it
finished waits in its staging folder (`outputs.Stage`) for the next run, and the lecture's folder
shows nothing until the whole lecture is rendered."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import av
import pytest

from lecturekit.manifest import recorded
from lecturekit.outputs import STAGE
from tests.conftest import ROOT

#: Every test here renders video.
pytestmark = pytest.mark.slow


def _render(out: Path) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "lecturekit", "render", "-q", "l", "--jobs", "2", "--out", str(out)],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _wait_for_progress(process: subprocess.Popen, percent: int) -> None:
    deadline = time.monotonic() + 120
    assert process.stderr is not None
    for line in process.stderr:
        if "%" in line and int(line.split("(")[1].split("%")[0]) >= percent:
            return
        assert time.monotonic() < deadline, "the render never got going"
    raise AssertionError("the render ended before it could be interrupted")


def _staged(out: Path) -> list[Path]:
    """The scene videos a render has finished (and recorded) and not yet swapped into the lecture's folder."""
    return sorted(folder / name for folder in (out / ".lecturekit-cache" / STAGE).glob("*")
                  for name in recorded(folder) if name.endswith(".mp4") and (folder / name).is_file())


def _wait_for_a_scene(process: subprocess.Popen, out: Path) -> None:
    deadline = time.monotonic() + 120
    while not _staged(out):
        assert process.poll() is None, "the render ended before it could be interrupted"
        assert time.monotonic() < deadline, "the render never finished a scene"
        time.sleep(0.05)


def _outputs_are_whole(out: Path) -> list[Path]:
    """Every video under `out` (the kept chunks too) decodes whole; returns the scene and lecture videos."""
    assert not [p for p in out.rglob("*") if ".part" in p.name], "a partial file was left behind"
    assert not list(out.rglob(".job-*")), "a worker's scratch folder was left behind"
    videos = sorted(out.rglob("*.mp4"))
    for video in videos:
        with av.open(str(video)) as container:
            stream = container.streams.video[0]
            assert sum(1 for _ in container.decode(stream)) == stream.frames > 0
    return [v for v in videos if ".lecturekit-cache" not in v.parts]


def test_sigterm_mid_render_leaves_only_complete_files_and_the_next_run_reuses_them(tmp_path: Path) -> None:
    process = _render(tmp_path)
    _wait_for_a_scene(process, tmp_path)  # one scene is finished, the other is not
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=60) != 0
    assert _outputs_are_whole(tmp_path) == []  # nothing shown before the lecture is whole
    # a scene done (the other, rendered beside it, may have finished before the signal landed);
    # the lecture was never joined
    stamps = {video.name: video.stat().st_mtime_ns for video in _staged(tmp_path)}
    assert stamps
    again = _render(tmp_path)
    assert again.wait(timeout=180) == 0
    videos = _outputs_are_whole(tmp_path)
    assert {v.name for v in videos} == {"01-a-wave-and-its-phase.mp4", "02-adding-arrows.mp4", "lecturekit-demo.mp4"}
    assert {v.name: v.stat().st_mtime_ns for v in videos if v.name in stamps} == stamps  # reused, not redone
    assert _staged(tmp_path) == []


def _workers(pid: int) -> list[int]:
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(c) for c in children if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]


def test_sigterm_while_frames_are_drawn_stops_the_render_and_its_workers_within_two_seconds(tmp_path: Path) -> None:
    process = _render(tmp_path)
    _wait_for_progress(process, 10)
    workers = _workers(process.pid)
    assert workers, "the render runs its scenes in worker processes"
    sent = time.monotonic()
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=2) == 128 + signal.SIGTERM
    assert time.monotonic() - sent < 2
    time.sleep(0.3)
    assert not [w for w in workers if Path(f"/proc/{w}").exists()], "a worker outlived the render"
    _outputs_are_whole(tmp_path)


def test_a_killed_worker_fails_the_render_cleanly(tmp_path: Path) -> None:
    process = _render(tmp_path)
    _wait_for_progress(process, 20)
    workers = _workers(process.pid)
    assert workers, "the render runs its scenes in worker processes"
    os.kill(workers[0], signal.SIGKILL)
    assert process.wait(timeout=60) == 3
    message = process.stderr.read() if process.stderr else ""
    *progress, last = message.strip().splitlines()  # the progress drawn before the kill landed, then the error
    assert last.startswith("error: lecture: a render worker process died") and "Traceback" not in message
    assert all(line.startswith("rendering: ") for line in progress), progress
    _outputs_are_whole(tmp_path)


def test_a_scene_that_fails_does_not_stop_the_others(tmp_path: Path, monkeypatch) -> None:
    import lecturekit.render
    from lecturekit.diagnostics import RenderError
    from lecturekit.pipeline import render_scenes
    from lecturekit.settings import Quality, RenderSettings
    from tests.conftest import DEMO

    real = lecturekit.render.render_scene

    def failing_first(plan, *args, **kwargs):
        if plan.index == 1:
            raise RuntimeError("the camera caught fire")
        return real(plan, *args, **kwargs)

    monkeypatch.setattr(lecturekit.render, "render_scene", failing_first)
    try:
        render_scenes(DEMO, None, [], RenderSettings(Quality.l, tmp_path), jobs=1)
    except RenderError as exc:
        assert exc.exit_code == 3
        assert [d.line() for d in exc.diagnostics] == [
            "error: scene 'A Wave and Its Phase': rendering failed: the camera caught fire "
            "(run again with lecturekit --debug for the details)"]
    else:
        raise AssertionError("the failed scene was not reported")
    assert _outputs_are_whole(tmp_path) == []  # the lecture's folder shows nothing of a failed render
    assert [v.name for v in _staged(tmp_path)] == ["02-adding-arrows.mp4"]  # kept for the next run


def test_a_failure_in_a_worker_process_comes_back_as_itself() -> None:
    import pickle

    from lecturekit.diagnostics import Place, RenderError, error

    failure = RenderError(error(Place(scene="Scene One"), "rendering failed: boom", "run again with --debug"))
    back = pickle.loads(pickle.dumps(failure))  # as a worker's result travels to the command
    assert type(back) is RenderError and back.exit_code == 3
    assert [d.line() for d in back.diagnostics] == [d.line() for d in failure.diagnostics]
