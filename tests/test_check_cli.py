"""`lecturekit check`: exit 0 renderable, 1 not, 2 usage; text and JSON reports; no tracebacks."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from tests.conftest import DEMO, DEMO_OVERRIDES, TRANSFORMER_OVERRIDES, lecture_data

runner = CliRunner()

TEXT = 'a Text that says "x"'
SHOW = "{} is shown on the screen, written out."


def check(*args: str):
    return runner.invoke(app, ["check", *map(str, args)])


def test_the_transformer_checks_clean(transformer):
    result = check(transformer)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0] == (
        "The Transformer: From Recurrence Failure to Attention "
        "(the-transformer-from-recurrence-failure-to-attention)"
    )
    assert "  6 scenes, 152 objects, 481 actions" in out.splitlines()
    assert "  live lists: 57 of 57 agree with the actions" in out.splitlines()
    assert out.rstrip().endswith("0 errors, 0 warnings, 0 unresolved: ready to render")
    assert "inferred (23):" in out
    assert (
        "  1. Where Recurrence Runs Out  0.000-145.532 s  (44 objects, 95 actions, 8 beats)" in out
    )
    assert result.stderr == ""


def test_the_transformer_as_json(transformer):
    result = check(transformer, "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert {"scenes", "objects", "actions", "errors", "warnings", "inferred", "unresolved"} <= set(
        report
    )
    assert (report["scenes"], report["objects"], report["actions"]) == (6, 152, 481)
    assert report["errors"] == report["warnings"] == report["unresolved"] == []
    assert report["live"] == {"recorded": 57, "agreeing": 57}
    assert len(report["inferred"]) == 23
    for entry in report["inferred"]:
        assert {"scene", "object", "message"} <= set(entry)
    assert {
        "path": None,
        "scene": "Where the Words Sit",
        "object": "order",
        "action": None,
        "message": "rows recovered from its text: 3 rows of 5 cells",
        "hint": None,
    } in report["inferred"]


def test_the_transformer_without_its_overrides(transformer, empty_overrides):
    result = check(transformer, "--overrides", empty_overrides, "--json")
    report = json.loads(result.stdout)
    assert result.exit_code == 0  # gaps are left out of the video, not a failure
    assert sorted(e["object"] for e in report["unresolved"]) == [
        "bars",
        "bars_2",
        "bars_3",
        "bars_4",
        "drop",
        "fast",
        "middle",
        "shadow",
        "slow",
    ]
    assert all(e["scene"] and e["message"] for e in report["unresolved"])
    strict = check(transformer, "--overrides", empty_overrides, "--strict")
    assert strict.exit_code == 1
    assert "0 errors, 0 warnings, 9 unresolved: ready to render" in strict.stdout


def test_the_transformer_with_its_overrides_given(transformer):
    result = check(transformer, "--overrides", TRANSFORMER_OVERRIDES, "--strict")
    assert result.exit_code == 0


def test_the_demo_checks_clean():
    for args in ([], [DEMO], [DEMO.parent], [DEMO, "--overrides", DEMO_OVERRIDES]):
        result = check(*args, "--strict")
        assert result.exit_code == 0, result.output
        assert "2 scenes, 23 objects, 73 actions" in result.stdout
        assert "0 errors, 0 warnings, 0 unresolved: ready to render" in result.stdout
    report = json.loads(check(DEMO, "--json").stdout)
    assert report["warnings"] == [] and report["unresolved"] == [] and report["errors"] == []


def test_a_broken_lecture_exits_1_with_one_line_per_problem(write_lecture):
    path = write_lecture(
        {"a": "a Blob", "t": TEXT, "v": "a Vector drawn in t (end=(1, 1))"},
        [(1.0, "t dances."), (2.0, SHOW.format("ghost"))],
    )
    result = check(path)
    assert result.exit_code == 1
    out = result.output
    assert "Traceback" not in out
    assert "error (4):" in out
    errors = out.split("error (4):\n", 1)[1].splitlines()
    assert errors[:4] == [
        "  scene 'Scene One', object 'a': unknown kind 'Blob' (known: Title, Heading, Panel, "
        "Block, "
        "Text, Math, Derivation, Table, Figure, Axes, Vector, Line, Point, FunctionPlot, "
        "PlotPoint, "
        "Image, VariableNumber) in 'a Blob' (fix the description)",
        "  scene 'Scene One', action #1 at 1.000 s: 'dances' is not an action this format knows "
        "(shown, hidden, moves, emphasized, indicated, box, ticks to, redrawn) in 't dances.'",
        "  scene 'Scene One', object 'ghost', action #2 at 2.000 s: names an object this scene "
        "does not have",
        "  scene 'Scene One', object 'v': is drawn in 't', a Text; only Figures and Axes hold "
        "objects",
    ]
    assert out.rstrip().endswith("4 errors, 0 warnings, 0 unresolved: cannot be rendered")


def test_a_broken_lecture_as_json(write_lecture):
    result = check(write_lecture({"a": "a Blob"}), "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    [entry] = report["errors"]
    assert (entry["scene"], entry["object"]) == ("Scene One", "a")
    assert entry["message"].startswith("unknown kind 'Blob'")


def test_a_file_that_does_not_load_exits_1_with_its_lines(write_json):
    data = lecture_data({"t": TEXT}, [("soon", SHOW.format("t"))])
    del data["publication"]["watch"]["scenes"][0]["title"]
    result = check(write_json(data))
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "error: scenes[0].title: title is missing",
        "error: scenes[0].beats[0].does[0]: time must be a number",
    ]
    assert "Traceback" not in result.output


def test_malformed_json_exits_1(write_json):
    path = write_json("{ nope")
    result = check(path)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"error: {path}: is not valid JSON: Expecting property name enclosed in double quotes at "
        "line 1 column 3"
    ]


def test_a_missing_file_exits_1_with_one_line(tmp_path):
    path = tmp_path / "missing.json"
    result = check(path)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"error: {path}: no such file (give the path of a lecture.json)"
    ]
    as_json = check(path, "--json")
    assert as_json.exit_code == 1
    assert json.loads(as_json.stdout)["errors"][0]["message"] == "no such file"


def test_bad_overrides_exit_1(transformer, write_toml):
    result = check(transformer, "--overrides", write_toml("[broken"))
    assert result.exit_code == 1
    [line] = result.output.splitlines()
    assert "overrides are not valid TOML" in line
    unknown = check(transformer, "--overrides", write_toml('["no-scene".x]\ny = 1\n'))
    assert unknown.exit_code == 1
    assert "overrides name a scene 'no-scene' the lecture does not have" in unknown.stdout


def test_strict_fails_on_warnings_alone(write_lecture):
    path = write_lecture({"a": 'a Text that says "x" (size=3)'}, [(1.0, SHOW.format("a"))])
    relaxed = check(path)
    assert relaxed.exit_code == 0
    assert "warning (1):" in relaxed.stdout
    assert (
        "  scene 'Scene One', object 'a': a Text has no parameter 'size'; it is ignored"
        in relaxed.stdout
    )
    assert relaxed.stdout.rstrip().endswith("0 errors, 1 warnings, 0 unresolved: ready to render")
    strict = check(path, "--strict")
    assert strict.exit_code == 1
    assert strict.stdout == relaxed.stdout


@pytest.mark.parametrize("args", [["--bogus"], ["a.json", "b.json"], ["--overrides"]])
def test_usage_errors_exit_2(args):
    assert check(*args).exit_code == 2


def test_no_command_shows_help_and_exits_2():
    result = runner.invoke(app, [])
    assert result.exit_code == 2
    assert "check" in result.output
