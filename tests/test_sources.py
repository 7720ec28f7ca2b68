"""Which overrides a lecture is read with: given, beside it, or the project's own for that lecture."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.diagnostics import Severity
from lecturekit.sources import read
from tests.conftest import DEMO, DEMO_OVERRIDES, TRANSFORMER_OVERRIDES

runner = CliRunner()
GAP = ("wave", "its function was not recorded")


def _demo_copy(folder: Path, lecture_id: str | None = None) -> Path:
    """The demo lecture and its figure in `folder`, with another lectureId when one is given."""
    shutil.copytree(DEMO.parent, folder, ignore=shutil.ignore_patterns("*.py"))
    lecture = folder / "lecture.json"
    if lecture_id is not None:
        data = json.loads(lecture.read_text())
        data["lectureId"] = lecture_id
        lecture.write_text(json.dumps(data))
    return lecture


def _gaps(resolved) -> list[tuple[str | None, str]]:
    return [(d.place.object, d.message) for d in resolved.of(Severity.UNRESOLVED)][:1]


def test_the_projects_overrides_apply_to_the_lectures_they_were_written_for(transformer):
    assert read(DEMO).overrides_file == DEMO_OVERRIDES.resolve()
    assert read(transformer).overrides_file == TRANSFORMER_OVERRIDES.resolve()
    assert read(transformer).of(Severity.UNRESOLVED) == []


def test_a_lecture_that_only_shares_the_slug_gets_no_overrides(tmp_path):
    stranger = read(_demo_copy(tmp_path / "mine", lecture_id="someone-elses-lecture"))
    assert stranger.slug == "lecturekit-demo"
    assert stranger.overrides_file is None
    assert _gaps(stranger) == [GAP]
    # the same lecture, recorded under the demo's own lectureId, is the demo
    assert read(_demo_copy(tmp_path / "same")).overrides_file == DEMO_OVERRIDES.resolve()


def test_overrides_beside_the_lecture_come_first(tmp_path):
    for name in ("lecturekit-demo.toml", "overrides.toml"):
        lecture = _demo_copy(tmp_path / name, lecture_id="someone-elses-lecture")
        (lecture.parent / name).write_text("['a-wave-and-its-phase'.wave]\nfunction = 'sin(x)'\n")
        resolved = read(lecture)
        assert resolved.overrides_file == lecture.parent / name
        assert _gaps(resolved) == []


def test_overrides_given_win_over_those_beside(tmp_path):
    lecture = _demo_copy(tmp_path / "demo")
    (lecture.parent / "overrides.toml").write_text("['a-wave-and-its-phase'.wave]\nfunction = 'sin(x)'\n")
    given = tmp_path / "given.toml"
    given.write_text("")
    resolved = read(lecture, given)
    assert resolved.overrides_file == given
    assert _gaps(resolved) == [GAP]


def test_check_names_the_overrides_file_it_read(tmp_path):
    result = runner.invoke(app, ["check", str(DEMO)])
    assert f"  overrides: read from {DEMO_OVERRIDES.resolve()}\n" in result.stdout
    report = json.loads(runner.invoke(app, ["check", str(DEMO), "--json"]).stdout)
    assert report["overrides"] == str(DEMO_OVERRIDES.resolve())
    stranger = _demo_copy(tmp_path / "mine", lecture_id="x")
    result = runner.invoke(app, ["check", str(stranger)])
    assert "  overrides: none read\n" in result.stdout
    assert json.loads(runner.invoke(app, ["check", str(stranger), "--json"]).stdout)["overrides"] is None


def test_every_project_overrides_file_ships_in_the_package_and_names_its_lecture():
    from lecturekit.resolve.overrides import load_overrides
    from lecturekit.sources import PROJECT_OVERRIDES
    from tests.conftest import ROOT

    written = sorted(p.name for p in (ROOT / "scenes").glob("*.toml"))
    shipped = sorted(p.name for p in PROJECT_OVERRIDES.glob("*.toml"))
    assert written == shipped
    for name in shipped:
        assert (PROJECT_OVERRIDES / name).resolve() == (ROOT / "scenes" / name).resolve()  # a link, not a copy
        assert load_overrides(PROJECT_OVERRIDES / name).lecture_id
