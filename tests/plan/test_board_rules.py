"""Every board of every lecture we have keeps the board rules (tests/layout_rules.py), and the
outside audit (../shared/tools/plan_audit.py) passes on the plan `plan --json` prints: children,
labels, legends and axis numbers included."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.plan.timeline import RELAYOUT
from lecturekit.theme import THEME
from tests.conftest import DEMO, TRANSFORMER
from tests.layout_rules import moves_faults, plan_faults, scale_faults, unbalanced

OWN = Path(__file__).parents[1] / "lectures"
AUDIT = TRANSFORMER.parents[2] / "tools" / "plan_audit.py"
LECTURES = {"transformer": TRANSFORMER, "demo": DEMO,
            **{p.parent.name: p for p in sorted(OWN.glob("*/lecture.json"))}}


@pytest.fixture(scope="module", params=sorted(LECTURES))
def printed(request, tmp_path_factory) -> tuple[Path, Path, Path]:
    """The lecture, and what `plan --json` and `check --json` print for it, on disk."""
    lecture = LECTURES[request.param]
    folder = tmp_path_factory.mktemp(request.param)
    for command, name in (("plan", "plan.json"), ("check", "check.json")):
        extra = ["--fps", "15"] if command == "plan" else []
        result = CliRunner().invoke(app, [command, str(lecture), "--json", *extra])
        assert result.exit_code == 0, result.output
        (folder / name).write_text(result.stdout, encoding="utf-8")
    return lecture, folder / "plan.json", folder / "check.json"


def test_every_board_keeps_the_rules(printed):
    _, plan, check = printed
    warnings = [w["message"] for w in json.loads(check.read_text())["warnings"]]
    assert plan_faults(json.loads(plan.read_text()), warnings) == []


def test_every_board_keeps_one_scale_per_role_and_is_balanced(printed):
    """Issue 30's balance (tests/layout_rules.py `unbalanced`; `plan_faults` holds one scale per
    role), and no warning that the layout missed a legible arrangement the least-area test does
    not rule out."""
    _, plan, check = printed
    warnings = [w["message"] for w in json.loads(check.read_text())["warnings"]]
    assert unbalanced(json.loads(plan.read_text()), warnings) == []
    assert not [w for w in warnings if "found no legible place" in w]


def test_the_outside_audit_passes(printed):
    lecture, plan, check = printed
    done = subprocess.run([sys.executable, str(AUDIT), str(lecture), str(plan), str(check)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout[-3000:]
    assert " 0 overlaps, 0 outside the safe area, 0 cue faults" in done.stdout


def _board(time: float, **boxes: list[float]) -> dict:
    return {"time": time, "items": [{"name": n, "kind": "Text", "bbox": b} for n, b in boxes.items()]}


def test_a_move_after_an_arrival_came_and_went_is_a_change_and_one_with_nothing_changed_is_not():
    """`a` moves at 10 s for the board `b` and `c` (arriving within the settle time) make; `c`
    leaves, and the board without it is laid out at 16 s: the board changed since `a` last moved
    (it held `c`). A move at 30 s, with nothing come or gone since 16 s, is a fault."""
    x, y, z, w = ([0.1 + d, 0.1, 0.3 + d, 0.2] for d in (0.0, 0.1, 0.2, 0.3))
    far = [0.6, 0.6, 0.8, 0.7]
    boards = [_board(0.0, a=x), _board(10.0, a=y, b=far), _board(10.5, a=y, b=far, c=[0.6, 0.3, 0.8, 0.4]),
              _board(11.5, a=y, b=far), _board(16.0, a=z, b=far), _board(30.0, a=w, b=far)]
    cues = [_cue(0.0, "a is shown"), _cue(10.0, "b is shown"), _cue(10.5, "c is shown"),
            _cue(11.0, "c is hidden"), _cue(16.0, f"a {RELAYOUT}"), _cue(30.0, f"a {RELAYOUT}")]
    faults = moves_faults({"cues": cues, "frames": 600, "duration": 40.0, "boards": boards})
    assert faults == ["a moves at 30.00 s though the board did not change"]
    # a visit too short to reach a board (shown and hidden at once) is a change too
    cues.insert(-1, _cue(25.0, "d is shown"))
    assert moves_faults({"cues": cues, "frames": 600, "duration": 40.0, "boards": boards}) == []


def _cue(time: float, action: str) -> dict:
    return {"time": time, "frame": round(time * 15), "object": action.split()[0], "action": action + "."}


def test_a_crowded_board_with_its_body_below_the_minimum_keeps_one_scale_when_its_formulas_go_with_it():
    """A board that cannot hold its texts legibly sets its body below the minimum at a scale s
    (20.15 = 32 s), and its formulas at the same s (38 s = 23.93), below the minimum too: one
    scale. The rule once asked the formulas to stay at the minimum, as if the body were there."""
    s = 20.15 / THEME.sizes.body

    def board(formula: float) -> list[dict]:
        return [{"name": "p", "kind": "Panel", "font": 20.15, "bbox": [0.1, 0.3, 0.4, 0.6]},
                {"name": "m", "kind": "Math", "font": formula, "bbox": [0.5, 0.3, 0.8, 0.6]}]

    assert scale_faults(board(THEME.sizes.math * s)) == []
    assert scale_faults(board(THEME.sizes.minimum)) != []
    assert scale_faults(board(THEME.sizes.math * s + 1.0)) != []
