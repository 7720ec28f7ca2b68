"""Attempts in a catalogue: the highest is rendered, the others superseded; a later run with a new
attempt renders it over the earlier one's folder, and says so; an attempt with a slug of its own
gets a folder of its own and the earlier folder is kept; an older attempt is never rendered over a
newer one's outputs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from lecturekit.catalogue.run import CatalogueRequest, render_catalogue
from lecturekit.settings import Quality, RenderSettings
from tests.catalogue.kit import scene, write

pytestmark = pytest.mark.slow


def _take(source: Path, attempt: int, slug: str = "take") -> None:
    say = f"Take number {attempt}."
    data: dict[str, Any] = {"version": 1, "lectureId": "the-take", "attempt": attempt, "publication": {
        "slug": slug, "title": "The take", "watch": {"scenes": [scene("Opening", 0.0, 1.0, {
            "t": f'a Title that says "Take {attempt}"'}, say)]}}}
    write(source / f"take-{attempt}" / "lecture.json", data)


def _run(source: Path, out: Path) -> dict[str, dict[str, Any]]:
    catalogue = render_catalogue(CatalogueRequest(source, RenderSettings(Quality.l, out), jobs=1))
    return {Path(row.source).parent.name: row.model_dump() for row in catalogue.rows}


def _folder(out: Path, slug: str) -> tuple[int, str, dict[str, int]]:
    """The attempt render.json names, the joined captions, and each file's inode."""
    manifest = json.loads((out / slug / "render.json").read_text())
    return (manifest["attempt"], (out / slug / f"{slug}.vtt").read_text(),
            {p.name: p.stat().st_ino for p in (out / slug).iterdir()})


def test_the_latest_attempt_is_rendered_and_replaces_the_earlier_ones_folder_whole(tmp_path: Path) -> None:
    source, out = tmp_path / "lectures", tmp_path / "media"
    _take(source, 1)
    _take(source, 2)
    rows = _run(source, out)
    assert {name: row["status"] for name, row in rows.items()} == {"take-1": "superseded", "take-2": "done"}
    assert "superseded by attempt 2" in rows["take-1"]["reason"] and rows["take-1"]["video"] is None
    attempt, captions, _ = _folder(out, "take")
    assert attempt == 2 and "Take number 2." in captions

    _take(source, 3)  # a later run with a new attempt
    rows = _run(source, out)
    assert [rows[n]["status"] for n in ("take-1", "take-2", "take-3")] == ["superseded", "superseded", "done"]
    assert rows["take-3"]["changed"] == "attempt 3 replaces attempt 2" and rows["take-3"]["frames_drawn"] > 0
    attempt, captions, files = _folder(out, "take")
    assert attempt == 3 and "Take number 3." in captions and "Take number 2." not in captions
    assert sorted(files) == ["01-opening.mp4", "01-opening.srt", "01-opening.vtt", "render.json", "take.mp4",
                             "take.srt", "take.vtt"]

    (source / "take-3" / "lecture.json").unlink()  # the newest is gone from the catalogue, not its outputs
    rows = _run(source, out)
    assert rows["take-2"]["status"] == "superseded" and "holds attempt 3" in rows["take-2"]["reason"]
    assert _folder(out, "take") == (3, captions, files)  # an older take is not written over a newer one

    _take(source, 4, slug="take-retitled")  # an attempt with a slug of its own
    rows = _run(source, out)
    assert rows["take-4"]["status"] == "done" and rows["take-4"]["video"] == "take-retitled/take-retitled.mp4"
    assert _folder(out, "take") == (3, captions, files)  # the earlier attempt's folder is kept as it was
