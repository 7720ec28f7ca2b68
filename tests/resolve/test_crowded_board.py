"""The benchmark's largest board (`bench/boards.py`, n = 160: Titles, Headings, Panels, Figures
with labelled children, Images and Tables shown at once) is checked with its warnings and
renders at -q l with them, one warning for each object left out and no traceback."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lecturekit.resolve.crowding import MAX_ON_BOARD
from tests.conftest import ROOT
from tests.crowded import crowded
from tests.lecture_strategy import write


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> Path:
    lecture, _ = write(crowded(160), tmp_path_factory.mktemp("board"))
    return lecture


def _lecturekit(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["prlimit", "--as=4000000000", sys.executable, "-m", "lecturekit", *args],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)


def test_check_says_what_the_board_cannot_hold_and_leaves_out_the_rest(board: Path) -> None:
    out = _lecturekit("check", str(board), "--json")
    assert out.returncode == 0, out.stderr[-2000:]
    warnings = json.loads(out.stdout)["warnings"]
    full = [w["object"] for w in warnings if "is shown while the board holds" in w["message"]]
    assert len(full) == len(set(full)) and len(full) > 0
    shown = [w for w in warnings if "the board cannot hold" in w["message"]]
    assert len(shown) == 1 and "and " in shown[0]["message"] and " more at a legible size" in shown[0]["message"]
    top = sum(1 for name in json.loads(board.read_text())["publication"]["watch"]["scenes"][0]["objects"]
              if "_" in name and name.count("_") == 1)
    assert top - len(full) <= MAX_ON_BOARD + 6  # the Headings replace each other


@pytest.mark.slow
def test_the_160_object_board_renders_at_q_l_with_its_warnings(board: Path, tmp_path: Path) -> None:
    out = _lecturekit("render", str(board), "-q", "l", "--jobs", "1", "--quiet", "--out", str(tmp_path))
    assert out.returncode == 0, out.stderr[-2000:]
    assert "Traceback" not in out.stderr
    left = [line for line in out.stderr.splitlines() if "is shown while the board holds" in line]
    assert left and len(left) == len(set(left))
    assert list(tmp_path.rglob("01-*.mp4"))
