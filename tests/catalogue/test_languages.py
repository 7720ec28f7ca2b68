"""`catalogue --lang`: each lecture in each language asked for, one row and one joined video each,
where `render --lang` puts them; a lecture without a language's translation is that row's one
line, and its other languages render."""

from __future__ import annotations

import json
from pathlib import Path

import av
import numpy as np
import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from tests.catalogue.kit import lecture, scene, write

pytestmark = pytest.mark.slow


def last_picture(path: Path) -> np.ndarray:
    with av.open(str(path)) as container:
        return [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)][-1]


def test_each_lecture_renders_in_each_language(tmp_path: Path) -> None:
    source, out = tmp_path / "lectures", tmp_path / "media"
    for n in range(2):
        write(source / f"l{n}" / "lecture.json", lecture(n, [scene(
            "Opening", 0.0, 1.0, {"t": f'a Title that says "Hello {n}"'}, f"Hello {n}.")]))
    translation = source / "l0" / "locale" / "de.po"
    assert CliRunner().invoke(app, ["translate", "update", str(source / "l0"), str(translation)]).exit_code == 0
    text = translation.read_text(encoding="utf-8")
    translation.write_text(text.replace('msgid "Hello 0"\nmsgstr ""', 'msgid "Hello 0"\nmsgstr "Hallo 0"'),
                           encoding="utf-8")

    result = CliRunner().invoke(app, ["catalogue", str(source), "-q", "l", "--lang", "en,de", "--jobs", "1",
                                      "--out", str(out), "--quiet"])

    assert result.exit_code == 1, result.output  # one row is not done
    rows = json.loads((out / "catalogue.json").read_text(encoding="utf-8"))["rows"]
    found = {(Path(row["source"]).parent.name, row["language"]): row for row in rows}
    assert {key: row["status"] for key, row in found.items()} == {
        ("l0", "en"): "done", ("l0", "de"): "done", ("l1", "en"): "done", ("l1", "de"): "invalid"}
    assert "l1/locale/de.po: no such translation" in found["l1", "de"]["reason"]
    english, german = (out / found["l0", code]["video"] for code in ("en", "de"))
    assert (english.parent.name, german.parent.name) == ("lecture-00", "lecture-00.de")  # as `render --lang` puts them
    for video in (english, german):
        assert video.with_suffix(".vtt").is_file() and (video.parent / "render.json").is_file()
    assert not np.array_equal(last_picture(english), last_picture(german))  # "Hallo 0" on the German board
