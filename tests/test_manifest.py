"""render.json names every file a command writes into a lecture's folder: here the storyboard's
sheets and a still written where no --out is given (renders, GIFs, the multi-language file and the
publishing bundle are held where they are already rendered: tests/render/test_formats.py,
tests/test_multilingual.py, tests/test_publish.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from tests.conftest import named, written

runner = CliRunner()


def test_the_storyboard_and_a_still_are_named_in_render_json(
    write_lecture: Callable[..., Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    lecture = write_lecture({"t": 'a Text that says "Hello."'}, [(0.0, "t is shown")], end=2.0)
    out = tmp_path / "media"
    done = runner.invoke(app, ["storyboard", str(lecture), "--out", str(out)])
    assert done.exit_code == 0, done.output
    monkeypatch.chdir(tmp_path)  # a still with no --out goes to media/SLUG/ where the command runs
    done = runner.invoke(app, ["still", str(lecture), "--at", "1", "-q", "l"])
    assert done.exit_code == 0, done.output
    assert written(out) == named(out) == {"tiny": {"01-scene-one-storyboard.png", "still-00001.000.png"}}
