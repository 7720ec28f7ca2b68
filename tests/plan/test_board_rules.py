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
from tests.conftest import DEMO, TRANSFORMER
from tests.layout_rules import plan_faults

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


def test_the_outside_audit_passes(printed):
    lecture, plan, check = printed
    done = subprocess.run([sys.executable, str(AUDIT), str(lecture), str(plan), str(check)],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout[-3000:]
    assert " 0 overlaps, 0 outside the safe area, 0 cue faults" in done.stdout
