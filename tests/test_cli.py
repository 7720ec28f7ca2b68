"""The command line is thin: one line a command in `--help`, help that reads the same on every
machine, and a request that refuses what its options cannot mean together before anything is read."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
import typer
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.diagnostics import LectureError
from lecturekit.requests import BoardChoice, Fit, RenderRequest
from lecturekit.settings import Format, RenderSettings, Voice

runner = CliRunner()


def _commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    found = {}
    for name, command in group.commands.items():
        found[prefix + name] = command
        if isinstance(command, click.Group):
            found |= _commands(command, f"{prefix}{name} ")
    return found


COMMANDS = _commands(typer.main.get_command(app))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_says_what_it_does_in_one_short_line_then_details(name):
    summary, _, rest = (COMMANDS[name].help or "").partition("\n")
    assert summary.strip() and len(summary) <= 60, summary  # fits the command list at 80 columns
    assert not rest or rest.startswith("\n"), "a blank line between the summary and the details"


def test_the_command_list_is_one_line_a_command():
    result = runner.invoke(app, ["--help"], terminal_width=80, env={"COLUMNS": "80"})
    rows = [line for line in result.output.splitlines() if line.startswith("│ ")]
    listed = [row.split()[1] for row in rows if not row.startswith("│  ") and not row.split()[1].startswith("-")]
    assert sorted(listed) == sorted(n for n in COMMANDS if " " not in n)
    assert len([r for r in rows if not r[2:].lstrip().startswith("-")]) == len(listed)  # no wrapped rows


def test_help_reads_the_same_on_every_machine(monkeypatch):
    """Defaults are worked out when a command runs, not when the module is imported, so the help
    (and docs/cli.md, written from it) says the same whatever machine drew it."""
    import importlib

    import lecturekit.cli

    def helps(cores: int) -> list[str]:
        monkeypatch.setattr("os.cpu_count", lambda: cores)
        fresh = importlib.reload(lecturekit.cli).app
        return [runner.invoke(fresh, [*name.split(), "--help"], terminal_width=100).output for name in sorted(COMMANDS)]

    assert helps(2) == helps(96)


@pytest.mark.parametrize(("request_options", "line"), [
    ({"board": BoardChoice.original}, "error: lecture: --board original needs --lang and the whole lecture "
                                "(leave out --scene, or --board)"),
    ({"board": BoardChoice.original, "languages": "en,de", "scenes": ("1",)},
     "error: lecture: --board original needs --lang and the whole lecture (leave out --scene, or --board)"),
    ({"settings": RenderSettings(transparent=True)},
     "error: lecture: --transparent needs --format mov (ProRes 4444 keeps the alpha)"),
    ({"translation": Path("de.po")}, "error: lecture: --translation needs --lang CODE"),
    ({"fit": Fit.retime, "languages": "de", "board": BoardChoice.original, "settings": RenderSettings(tts=Voice.piper)},
     "error: lecture: a board retimed to one language's voice cannot keep time with the others "
     "(give --fit speed with --board original)"),
    ({"fit": Fit.retime, "languages": "de", "settings": RenderSettings(tts=Voice.espeak)},
     "error: lecture: --fit retime in a language follows Piper's speech of it "
     "(give --tts piper (and --voice FILE.onnx for the language))"),
])
def test_a_request_refuses_options_that_contradict_each_other(request_options, line):
    with pytest.raises(LectureError) as refused:
        RenderRequest(**request_options)
    assert refused.value.exit_code == 2
    assert [d.line() for d in refused.value.diagnostics] == [line]


def test_options_that_fit_together_make_a_request():
    request = RenderRequest(languages="en,de", board=BoardChoice.original,
                            settings=RenderSettings(format=Format.mov, transparent=True))
    assert request.board is BoardChoice.original and request.settings.transparent


def test_a_contradiction_on_the_command_line_is_one_line_and_exit_2_before_anything_is_read(tmp_path):
    missing = tmp_path / "nowhere.json"  # never read: the request is refused first
    result = runner.invoke(app, ["render", str(missing), "--board", "original", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.strip() == ("error: lecture: --board original needs --lang and the whole lecture "
                                     "(leave out --scene, or --board)")
    assert list(tmp_path.iterdir()) == []


def test_an_option_outside_its_choices_is_a_usage_error():
    result = runner.invoke(app, ["render", "--tts", "festival"])
    assert result.exit_code == 2 and "festival" in result.output


def test_debug_on_the_root_shows_the_traceback_as_well(tmp_path):
    missing = tmp_path / "nowhere.json"
    plain = runner.invoke(app, ["check", str(missing)])
    debug = runner.invoke(app, ["--debug", "check", str(missing)])
    assert plain.exit_code == debug.exit_code == 1
    assert "Traceback" not in plain.output and "Traceback" in debug.output
    assert plain.output.strip().splitlines()[-1] == debug.output.strip().splitlines()[-1]
