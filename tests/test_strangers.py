"""Lectures written by strangers (tests/lectures/strangers, docs/contributing.md): people who never
read this code, given only the format document, the transformer and a subject. Each is read with
no error and every board passes `lecturekit audit --strict`; a lecture with a board still failing
is an open defect below (a strict expected failure, naming what fails), never an edited lecture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lecturekit.cli import app

STRANGERS = Path(__file__).parent / "lectures" / "strangers"
LECTURES = sorted(STRANGERS.glob("*/lecture.json"))
#: The language each was written in, as its author wrote it (the keepers' record: languages
#: written in Latin script are not told apart by their script).
LANGUAGES = {"de": "German", "en": "English", "es": "Spanish", "fr": "French", "ja": "Japanese"}
#: Boards of strangers' lectures the layout does not yet set well, by lecture: what fails.
OPEN: dict[str, str] = {}

runner = CliRunner()


def test_the_corpus_is_two_dozen_lectures_in_eight_subjects_and_three_languages():
    assert len(LECTURES) >= 24
    subjects = {json.loads(p.read_text(encoding="utf-8"))["publication"]["subject"] for p in LECTURES}
    assert len(subjects) >= 8
    languages = {LANGUAGES[p.parent.name.split("-")[0]] for p in LECTURES}
    assert len(languages) >= 3


def strict(path: Path) -> object:
    name = path.parent.name
    return pytest.param(path, id=name,
                        marks=[pytest.mark.xfail(strict=True, reason=OPEN[name])] if name in OPEN else [])


@pytest.mark.parametrize("lecture", [strict(p) for p in LECTURES])
def test_every_board_of_a_strangers_lecture_passes_the_audit(lecture):
    checked = runner.invoke(app, ["check", str(lecture), "--json"])
    assert checked.exit_code == 0 and json.loads(checked.stdout)["errors"] == []
    result = runner.invoke(app, ["audit", str(lecture), "-q", "l", "--strict"])
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr == ""
    assert result.exit_code == 0


def test_the_open_defects_name_lectures_that_are_here():
    assert set(OPEN) <= {p.parent.name for p in LECTURES}
