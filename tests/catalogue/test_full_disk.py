"""A full disk stops a catalogue with one line, and leaves nothing half-written."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lecturekit import pipeline
from lecturekit.cli import app
from tests.catalogue.kit import lecture, report_rows, scene, write

pytestmark = pytest.mark.slow


def test_a_full_disk_stops_the_catalogue_with_one_line_and_nothing_half_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, out = tmp_path / "lectures", tmp_path / "media"
    for n in range(3):
        write(source / f"l{n}" / "lecture.json", lecture(n, [scene("Opening", 0.0, 1.0, {"t": 'a Title that says '
                                                                                             f'"{n}"'}, "Hi.")]))
    real, written = pipeline.atomic, []

    @contextmanager
    def filling(path: Path) -> Iterator[Path]:
        with real(path) as tmp:
            yield tmp
            written.append(path)
            if len([p for p in written if "chunks" in p.parts]) == 2:  # the second chunk finds the disk full
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    monkeypatch.setattr(pipeline, "atomic", filling)
    result = CliRunner().invoke(app, ["catalogue", str(source), "-q", "l", "--jobs", "1", "--out", str(out),
                                      "--quiet"])
    assert result.exit_code == 3
    assert result.stderr.splitlines() == [line for line in result.stderr.splitlines() if "disk is full" in line] != []
    assert not [p for p in tmp_path.rglob("*") if ".part" in p.name or p.name.startswith(".job-")]
    assert len(list(out.rglob("chunks/*.mp4"))) == 1  # the chunk that found the disk full is not there
    assert [row["status"] for row in report_rows(out)] == ["done"]  # the report of what finished stays readable
