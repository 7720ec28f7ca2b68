"""`lecturekit audit`: every board of the lecture's plan measured, as a table or JSON; `--strict`
exits 1 with one line a failing board; bad input is one line (plans only, nothing rendered)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.pipeline import plan_scenes
from lecturekit.sources import read
from tests.conftest import DEMO

runner = CliRunner()
LECTURES = Path(__file__).parent / "lectures"
FOUND = LECTURES / "found"


def audit(*args: object):
    return runner.invoke(app, ["audit", *map(str, args)])


@pytest.mark.parametrize("lecture", [DEMO, *sorted(LECTURES.glob("*/lecture.json"))],
                         ids=lambda p: p.parent.name)
def test_every_board_of_the_plan_is_audited(lecture):
    result = audit(lecture, "-q", "l", "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    resolved = read(lecture)
    boards = [(p.index, round(b.time, 6)) for p in plan_scenes(resolved, resolved.scenes, 15) for b in p.boards]
    assert [(b["scene"], b["time"]) for b in found["boards"]] == boards
    for board in found["boards"]:
        assert 0.0 <= board["fill"] <= 1.0 and all(0.0 <= v <= 1.0 for v in board["empty_band"].values())
        if board["smallest"] is not None:  # the em in pixels of a 480-pixel frame: size x 480 / 768
            assert board["smallest"]["pixels"] == pytest.approx(board["smallest"]["font"] * 480 / 768, abs=0.01)
    assert found["failing"] == sum(1 for b in found["boards"] if b["failures"])


def test_the_demo_passes_strictly():
    result = audit(DEMO, "--strict")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "26 boards, 0 failing a rule"


def test_strict_names_each_failing_board_and_its_rule(tmp_path):
    """A crowded generated lecture (kept in tests/lectures/found): an empty band beside small
    texts; one line each, naming the scene and the board's time. Its rings, which the safe area's
    edge kept in at 0.000 before boxes kept their room (issue 30), keep the clearance."""
    data = json.loads((FOUND / "layout-two-crowded-boards-in-one-second.json").read_text())["data"]
    lecture = tmp_path / "lecture.json"
    lecture.write_text(json.dumps(data))
    result = audit(lecture, "-q", "l", "--strict")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    failing = json.loads(audit(lecture, "-q", "l", "--json").stdout)["failing"]
    assert len(lines) == failing > 0
    assert lines[0] == ("scene 2 'Scene 2 Proof', board at 0:30 (29.84 s): an empty band of 45% of the content "
                        "area while a text is below its role's full size: block2")
    assert not any("clearance" in line for line in lines)
    assert audit(lecture, "-q", "l").exit_code == 0  # without --strict, figures only


def test_bad_input_is_one_line(tmp_path):
    bad = tmp_path / "lecture.json"
    bad.write_text("{")
    for path in (bad, tmp_path / "missing.json"):
        result = audit(path, "--strict")
        assert result.exit_code == 1 and result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: ")
        assert "Traceback" not in result.output
