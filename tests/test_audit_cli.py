"""`lecturekit audit`: every board of the lecture's plan measured, as a table or JSON; `--strict`
exits 1 with one line a failing board; bad input is one line (plans only, nothing rendered)."""

from __future__ import annotations

import json
from dataclasses import replace
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


SHOW = "{} is shown on the screen, written out."
#: A Panel of about 560 characters: five of them at 24 are more than the content area holds.
LONG = " ".join(["Ions cross the membrane through channels that open and close with the voltage."] * 7)


def panels(write_lecture, count: int, says: str):
    return write_lecture({f"p{k}": f'a Panel that says "{says}"' for k in range(count)},
                         [(1.0, SHOW.format(f"p{k}")) for k in range(count)])


def test_a_board_proven_unable_to_hold_its_texts_at_24_passes_strictly_and_is_the_lectures(write_lecture):
    """Issue 43: five long Panels at once, which no arrangement in rows and columns holds at the
    minimum (`layout.proof`), are set smaller; the audit lists that board as the lecture's, to
    split, and fails it on no rule (on main it failed: text below the minimum)."""
    lecture = panels(write_lecture, 5, LONG)
    result = audit(lecture, "-q", "l", "--strict")
    assert result.exit_code == 0, result.output
    said = [line.strip() for line in result.stdout.splitlines() if "the lecture's" in line]
    assert said and said[0] == ("the lecture's: it holds more than a board can hold at 24 in any arrangement "
                                "(p0, p1, p2, p3, p4 set smaller): split the board")
    assert result.stdout.splitlines()[-1].endswith("1 holding more than a board can hold (the lecture's)")
    board = next(b for b in json.loads(audit(lecture, "-q", "l", "--json").stdout)["boards"] if b["overfull"])
    assert board["failures"] == [] and board["smallest"]["font"] < 24
    assert board["clearance"]["measured"] >= board["clearance"]["stated"]  # the Panels' backings, asked still
    checked = runner.invoke(app, ["check", str(lecture)])
    assert "the board cannot hold p0, p1, p2, p3, p4 at a legible size" in checked.stdout


def test_strict_names_a_text_below_24_on_a_board_that_could_hold_it(write_lecture, monkeypatch):
    """Two short Panels, which the board holds at 32, forced below the minimum by a layout made to
    set every text at 20: the exact test does not prove that board too small, so the text fails,
    one line a failing board on standard error naming the scene, the board's time and the rule."""
    from lecturekit.plan.layout.board import Content

    arrange = Content.arrange

    def small(self):
        found = arrange(self)
        return replace(found, places={n: replace(p, font=20.0) if p.font is not None else p
                                      for n, p in found.places.items()})

    monkeypatch.setattr(Content, "arrange", small)
    lecture = panels(write_lecture, 2, "A short note.")
    result = audit(lecture, "-q", "l", "--strict")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("scene 1 'Scene One', board at 0:01 (1.00 s): text below the minimum 24: p0, p1;")
    assert "the lecture's" not in result.stdout
    assert audit(lecture, "-q", "l").exit_code == 0  # without --strict, figures only


def test_a_board_that_builds_up_is_judged_for_bands_at_its_fullest(tmp_path):
    """A crowded generated lecture (kept in tests/lectures/found): a Block set at 26 for the board
    it builds up to (a Table and more join it, each staying at its size) stands alone at first,
    a band of 45% beside it. The band rule judges the board it builds up to, where the Block's
    size is the board's one type scale and no band is left (3%); the figures are still its own.
    Its rings, which the safe area's edge kept in at 0.000 before boxes kept their room (issue
    30), keep the clearance."""
    data = json.loads((FOUND / "layout-two-crowded-boards-in-one-second.json").read_text())["data"]
    lecture = tmp_path / "lecture.json"
    lecture.write_text(json.dumps(data))
    boards = json.loads(audit(lecture, "-q", "l", "--json").stdout)["boards"]
    alone = next(b for b in boards if b["at"] == pytest.approx(29.84, abs=0.01))
    assert alone["empty_band"]["across"] == pytest.approx(0.45, abs=0.01) and alone["failures"] == []
    assert audit(lecture, "-q", "l", "--strict").exit_code == 0
    assert not any("clearance" in f for b in boards for f in b["failures"])


def test_bad_input_is_one_line(tmp_path):
    bad = tmp_path / "lecture.json"
    bad.write_text("{")
    for path in (bad, tmp_path / "missing.json"):
        result = audit(path, "--strict")
        assert result.exit_code == 1 and result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: ")
        assert "Traceback" not in result.output
