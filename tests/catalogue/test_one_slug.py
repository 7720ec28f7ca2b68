"""Issue 44, as a new user met it: a folder with two different lectures that carry one
`publication.slug` (one 10 s long, one 60 s long in 12 scenes). The catalogue reported both done,
both with one video path, in a folder holding the scene videos of both and the joined video of
one. Now both are a conflict, named in one line each, and neither is rendered."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from lecturekit.cli import app
from tests.catalogue.kit import report_rows, scene, write


def test_two_lectures_with_one_slug_are_reported_as_a_conflict_not_both_done(tmp_path: Path) -> None:
    """The case of issue 44: one lecture 10 s long, another 60 s long in 12 scenes, one slug."""
    source, out = tmp_path / "lectures", tmp_path / "media"
    short = [scene("Opening", 0.0, 10.0, {"t": 'a Title that says "Short"'}, "The short one.")]
    long = [scene(f"Part {n}", 5.0 * n, 5.0 * (n + 1), {"t": f'a Title that says "Part {n}"'}, f"Part {n}.")
            for n in range(12)]
    for name, scenes in (("short", short), ("long", long)):
        write(source / name / "lecture.json", {"version": 1, "lectureId": name, "attempt": 1, "publication": {
            "slug": "one-slug", "title": f"The {name} lecture", "watch": {"scenes": scenes}}})
    done = CliRunner().invoke(app, ["catalogue", str(source), "-q", "l", "--out", str(out), "--jobs", "1", "--quiet"])
    assert done.exit_code == 1, done.output
    rows = {Path(row["source"]).parent.name: row for row in report_rows(out)}
    assert {name: row["status"] for name, row in rows.items()} == {"short": "conflict", "long": "conflict"}
    assert "long/lecture.json" in rows["short"]["reason"] and "short/lecture.json" in rows["long"]["reason"]
    assert all(row["video"] is None and row["manifest"] is None for row in rows.values())
    assert not (out / "one-slug").exists()
    lines = [line for line in done.stderr.splitlines() if line.startswith("conflict: ")]
    assert len(lines) == 2 and all("same publication.slug 'one-slug'" in line for line in lines)
    assert json.loads((out / "catalogue.json").read_text())["totals"]["conflicts"] == 2
