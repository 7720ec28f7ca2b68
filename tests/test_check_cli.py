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


#: The transformer's one warning: a beat says 201 characters in 11.78 s (captions are read at 17 a second).
CAPTIONS_TOO_FAST = ("scene 'Many Heads at Once', action beat 3 at 475.93 s: its narration (201 characters) is too "
                     "fast to read in captions")


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
    assert out.rstrip().endswith("0 errors, 1 warnings, 0 unresolved: ready to render")
    assert CAPTIONS_TOO_FAST in out  # the one warning: a beat too fast to read in captions (test_captions.py)
    assert "inferred (22):" in out
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
    assert report["errors"] == report["unresolved"] == []
    assert [(w["scene"], w["action"]) for w in report["warnings"]] == [("Many Heads at Once", "beat 3 at 475.93 s")]
    assert report["live"] == {"recorded": 57, "agreeing": 57}
    assert len(report["inferred"]) == 22
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
        "dot_fast",
        "dot_middle",
        "dot_slow",
        "drop",
        "fast",
        "middle",
        "shadow",
        "slow",
    ]
    assert all(e["scene"] and e["message"] for e in report["unresolved"])
    strict = check(transformer, "--overrides", empty_overrides, "--strict")
    assert strict.exit_code == 1
    assert "0 errors, 2 warnings, 12 unresolved: ready to render" in strict.stdout  # and the costs guess


def test_the_transformer_with_its_overrides_given(transformer):
    result = check(transformer, "--overrides", TRANSFORMER_OVERRIDES, "--strict")
    assert result.exit_code == 1  # --strict refuses its one beat too fast to read in captions, and nothing else
    assert "0 errors, 1 warnings, 0 unresolved: ready to render" in result.stdout and CAPTIONS_TOO_FAST in result.stdout


def test_the_demo_checks_clean_but_for_its_first_beat_too_fast_to_read():
    """The demo's first beat says 92 characters in 4.2 s: 5.4 s of reading at the captions' 17
    characters a second (tests/test_captions.py)."""
    for args in ([], [DEMO], [DEMO.parent], [DEMO, "--overrides", DEMO_OVERRIDES]):
        result = check(*args)
        assert result.exit_code == 0, result.output
        assert "2 scenes, 23 objects, 73 actions" in result.stdout
        assert "0 errors, 1 warnings, 0 unresolved: ready to render" in result.stdout
        assert check(*args, "--strict").exit_code == 1
    report = json.loads(check(DEMO, "--json").stdout)
    assert report["unresolved"] == [] and report["errors"] == []
    assert [(w["scene"], w["action"]) for w in report["warnings"]] == [("A Wave and Its Phase", "beat 1 at 0.00 s")]
    assert "too fast to read in captions" in report["warnings"][0]["message"]


def test_broken_objects_and_actions_are_one_warning_each_and_left_out(write_lecture):
    path = write_lecture(
        {"a": "a Blob", "t": TEXT, "v": "a Vector drawn in t (end=(1, 1))"},
        [(1.0, "t dances."), (2.0, SHOW.format("ghost"))],
    )
    result = check(path)
    assert result.exit_code == 0
    out = result.output
    assert "Traceback" not in out
    assert "error (" not in out
    warnings = out.split("warning (4):\n", 1)[1].splitlines()
    assert warnings[:4] == [
        "  scene 'Scene One', object 'a': unknown kind 'Blob' (known: Title, Heading, Panel, "
        "Block, "
        "Text, Math, Derivation, Table, Figure, Axes, Vector, Line, Point, FunctionPlot, "
        "PlotPoint, "
        "Image, VariableNumber) in 'a Blob'; it is left out (fix the description)",
        "  scene 'Scene One', action #1 at 1.000 s: 'dances' is not an action this format knows "
        "(shown, hidden, moves, emphasized, indicated, box, ticks to, redrawn) in 't dances.'; "
        "it is left out (fix the action)",
        "  scene 'Scene One', object 'ghost', action #2 at 2.000 s: names an object this scene "
        "does not have; it is left out (fix the name)",
        "  scene 'Scene One', object 'v': is drawn in 't', a Text; only Figures and Axes hold "
        "objects; it is left out (draw it in a Figure or Axes)",
    ]
    assert out.rstrip().endswith("0 errors, 4 warnings, 0 unresolved: ready to render")
    strict = check(path, "--strict")
    assert strict.exit_code == 1
    assert strict.stdout == result.stdout


def test_a_broken_object_as_json(write_lecture):
    path = write_lecture({"a": "a Blob"})
    result = check(path, "--json")
    assert result.exit_code == 0
    report = json.loads(result.stdout)
    assert report["errors"] == []
    [entry] = report["warnings"]
    assert (entry["scene"], entry["object"]) == ("Scene One", "a")
    assert entry["message"].startswith("unknown kind 'Blob'")
    assert entry["message"].endswith("; it is left out")
    assert check(path, "--json", "--strict").exit_code == 1


def test_a_lecture_over_a_limit_is_an_error(write_lecture):
    from lecturekit.resolve import MAX_OBJECTS

    result = check(write_lecture({f"t{i}": TEXT for i in range(MAX_OBJECTS + 1)}))
    assert result.exit_code == 1
    assert result.stdout.rstrip().endswith("1 errors, 0 warnings, 0 unresolved: cannot be rendered")


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


# ---------------------------------------------------------------- render --strict, preview --strict


def render_args(command: str, path, out, *extra: str) -> list[str]:
    quality = ["-q", "l"] if command == "render" else []
    return [command, str(path), *quality, "--quiet", "--jobs", "1", "--out", str(out), *extra]


@pytest.mark.parametrize("command", ["render", "preview"])
def test_strict_fails_a_render_on_warnings_before_anything_is_drawn(write_lecture, tmp_path, command):
    path = write_lecture({"a": "a Blob", "t": TEXT}, [(0.5, SHOW.format("t"))], end=1.0)
    out = tmp_path / "media"
    result = runner.invoke(app, render_args(command, path, out, "--strict"))
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "warning: scene 'Scene One', object 'a': unknown kind 'Blob' (known: Title, Heading, Panel, Block, Text, "
        "Math, Derivation, Table, Figure, Axes, Vector, Line, Point, FunctionPlot, PlotPoint, Image, "
        "VariableNumber) in 'a Blob'; it is left out (fix the description)",
        f"error: {path.resolve()}: --strict refuses 1 warnings and 0 unresolved (fix them, or leave out --strict)",
    ]
    assert not out.exists()


def test_strict_fails_a_render_on_gaps_alone(transformer, empty_overrides, tmp_path):
    out = tmp_path / "media"
    result = runner.invoke(app, render_args("preview", transformer, out, "--overrides", str(empty_overrides),
                                            "--strict", "--scene", "1"))
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-1] == (
        f"error: {transformer.resolve()}: --strict refuses 1 warnings and 12 unresolved "  # the costs guess
        "(fix them, or leave out --strict)"
    )
    assert not out.exists()


def test_strict_renders_a_clean_lecture_and_errors_stay_errors(write_lecture, tmp_path):
    clean = write_lecture({"t": TEXT}, [(0.5, SHOW.format("t"))], end=1.0)
    out = tmp_path / "media"
    rendered = runner.invoke(app, render_args("render", clean, out, "--strict"))
    assert rendered.exit_code == 0, rendered.output
    assert (out / "tiny" / "01-scene-one.mp4").is_file()
    invalid = write_lecture({f"t{i}": TEXT for i in range(5001)}, end=1.0)
    refused = runner.invoke(app, render_args("render", invalid, tmp_path / "other", "--strict"))
    assert refused.exit_code == 1
    assert refused.stderr.splitlines() == ["error: scene 'Scene One': has 5001 objects; at most 5000 are allowed"]


OVERFULL = {
    "head": 'a Heading that says "Everything at once"',
    "steps": 'a Derivation that says "$a &= b + c \\ &= d + e + f \\ &= g h i \\ &= j + k \\ &= l$"',
    "note": 'a Block that says "' + " ".join(["This block goes on, sentence after sentence."] * 32) + '"',
    "fig": "a Figure (x_range=(0, 4), y_range=(0, 4))",
    "plot": "an Axes (x_range=(0, 10), y_range=(0, 5))",
    "grid": 'a Table that says "one two three four" (rows=(("one", "two", "three", "four"),))',
}


def test_a_board_too_full_to_hold_is_one_warning_with_its_scene_clock_time_and_objects(write_json):
    names = ["head", "steps", "steps", "steps", "steps", "steps", "note", "fig", "plot", "grid"]
    does = [(100.0 + 0.1 * i, SHOW.format(name)) for i, name in enumerate(names)]
    lecture = write_json(lecture_data(OVERFULL, does, start=95.0, end=120.0))
    result = check(lecture)
    assert result.exit_code == 0, result.output
    warned = [line for line in result.stdout.splitlines() if "board at" in line]
    assert len(warned) == 1, result.stdout
    [line] = warned
    assert line.startswith("  scene 'Scene One', action board at 1:40: the board cannot hold ")
    named = line.split("cannot hold ", 1)[1].split(" at a legible size", 1)[0].split(", ")
    assert named and set(named) <= set(OVERFULL)
    assert "move one of them to a later beat" in line
    assert result.stdout.rstrip().endswith("0 errors, 1 warnings, 0 unresolved: ready to render")
    assert check(lecture, "--strict").exit_code == 1
