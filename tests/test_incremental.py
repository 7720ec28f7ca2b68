"""Re-rendering reuses every scene whose inputs did not change, and only those."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.pipeline import render_lecture
from lecturekit.settings import Quality, RenderSettings
from tests.conftest import DEMO

#: Every test here renders video.
pytestmark = pytest.mark.slow


def test_only_the_scene_that_changed_is_rendered_again(tmp_path: Path) -> None:
    folder = tmp_path / "lecture"
    shutil.copytree(DEMO.parent, folder)
    lecture = folder / "lecture.json"
    settings = RenderSettings(Quality.l, tmp_path / "media")
    first = render_lecture(lecture, None, settings, jobs=2)
    videos = sorted(first.path.parent.glob("0*.mp4"))
    recorded = json.loads((first.path.parent / "render.json").read_text())
    work = recorded["work"]
    # each scene's video carries the audit of its boards, its pixels at -q l (`lecturekit audit -q l --json`)
    audited = json.loads(CliRunner().invoke(app, ["audit", str(lecture), "-q", "l", "--json"]).stdout)["boards"]
    for entry in (f for f in recorded["files"] if f["path"].endswith(".mp4")):
        assert entry.get("boards", []) == [b for b in audited if b["scene"] == entry["scene"]], entry["path"]
    assert all(b["smallest"] is None or b["smallest"]["pixels"] == round(b["smallest"]["font"] * 480 / 768, 2)
               for b in audited) and len(audited) == 26
    # the scenes rendered in worker processes, whose counts came back: each frame drawn or held
    assert work["frames drawn"] + work["frames held"] == first.frames
    stamps = {v.name: v.stat().st_mtime_ns for v in videos}

    again = render_lecture(lecture, None, settings, jobs=2)  # nothing changed: nothing is rendered
    assert {v.name: v.stat().st_mtime_ns for v in videos} == stamps
    assert again.path.stat().st_mtime_ns == first.path.stat().st_mtime_ns

    data = json.loads(lecture.read_text())
    beat = data["publication"]["watch"]["scenes"][1]["beats"][1]
    beat["does"][-1][0] = 41.9  # the flash of `total` comes a little later
    lecture.write_text(json.dumps(data))
    render_lecture(lecture, None, settings, jobs=2)
    after = {v.name: v.stat().st_mtime_ns for v in videos}
    assert after["01-a-wave-and-its-phase.mp4"] == stamps["01-a-wave-and-its-phase.mp4"]
    assert after["02-adding-arrows.mp4"] != stamps["02-adding-arrows.mp4"]
    manifest = json.loads((first.path.parent / "render.json").read_text())
    keys = {f["path"]: f["key"] for f in manifest["files"] if f["path"].endswith(".mp4")}
    assert len(set(keys.values())) == 3  # two scenes and the lecture, each with its own key
