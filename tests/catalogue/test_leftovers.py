"""What a command killed outright left beside its lectures (a half-written report) is removed by
the next run, whatever else that run finds."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from lecturekit.catalogue.run import CatalogueRequest, render_catalogue
from lecturekit.settings import RenderSettings


def test_a_killed_commands_half_written_report_is_swept_by_the_next_run(tmp_path: Path) -> None:
    dead = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout)
    source, out = tmp_path / "lectures", tmp_path / "media"
    (source / "broken").mkdir(parents=True)
    (source / "broken" / "lecture.json").write_text("{not json", encoding="utf-8")
    left = [out / f".catalogue.{dead}.part.json", out / f".index.{dead}.part.html"]
    out.mkdir()
    for path in left:
        path.write_text("{half", encoding="utf-8")
    catalogue = render_catalogue(CatalogueRequest(source, RenderSettings(out=out)))
    assert [row.status for row in catalogue.rows] == ["invalid"]
    assert [path.exists() for path in left] == [False, False]
    assert json.loads((out / "catalogue.json").read_text())["rows"][0]["status"] == "invalid"
