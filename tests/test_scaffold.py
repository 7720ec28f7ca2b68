"""`scaffold` writes a scene module without importing Manim (it is only text about the lecture)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import DEMO, ROOT

PROBE = """
import sys
from typer.testing import CliRunner
from lecturekit.cli import app
result = CliRunner().invoke(app, ["scaffold", sys.argv[1], "--out", sys.argv[2]])
assert result.exit_code == 0, result.output
print("manim imported" if "manim" in sys.modules else "no manim")
"""


def test_scaffold_writes_the_module_without_importing_manim(tmp_path: Path) -> None:
    out = tmp_path / "demo_scenes.py"
    done = subprocess.run([sys.executable, "-c", PROBE, str(DEMO), str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no manim"
    assert "class Scene01AWaveAndItsPhase(LectureScene):" in out.read_text()
