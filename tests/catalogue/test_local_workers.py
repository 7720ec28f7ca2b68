"""A catalogue on local workers: a killed worker and a killed command cost nothing twice; an
unchanged catalogue draws nothing, and one changed scene draws only its chunk."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.catalogue.kit import burner, command, interrupted_then_resumed, landed, lecture_frames

pytestmark = pytest.mark.slow


def test_a_catalogue_on_local_workers_survives_a_killed_worker_and_a_killed_command(tmp_path: Path) -> None:
    source, out, _ = interrupted_then_resumed(tmp_path, None, "--jobs", "2")
    env = burner(tmp_path / "site")
    again = command(source, out, env, "--jobs", "2")
    again.communicate(timeout=600)
    assert landed(json.loads((out / "catalogue.json").read_text())) == 0  # unchanged: nothing drawn

    lecture = source / "good-00" / "lecture.json"
    data = json.loads(lecture.read_text())
    data["publication"]["watch"]["scenes"][1]["objects"]["h"] = 'a Heading that says "More, changed"'
    lecture.write_text(json.dumps(data))
    again = command(source, out, env, "--jobs", "2")
    again.communicate(timeout=600)
    report = json.loads((out / "catalogue.json").read_text())
    assert landed(report) == lecture_frames(out, "lecture-00")["02-second.mp4"]  # only the changed scene's chunk
    assert [row["frames_drawn"] > 0 for row in report["rows"]].count(True) == 1
