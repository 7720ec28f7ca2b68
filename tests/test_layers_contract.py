"""The stages' order, written as import-linter contracts in pyproject.toml ([tool.importlinter]),
holds: `lint-imports` keeps every contract. And it is a check that can fail: a copy of the
package with one import back up the layers (kinds importing render) breaks the layers contract,
by name, with the import named."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(package_parent: Path) -> subprocess.CompletedProcess[str]:
    """`lint-imports` with the project's contracts, on the lecturekit found in `package_parent`."""
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    return subprocess.run([str(LINT), str(ROOT / "pyproject.toml"), "--no-cache"], cwd=package_parent,
                          env=env, capture_output=True, text=True, timeout=120)


def test_every_contract_is_kept():
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_an_import_back_up_the_layers_breaks_the_contract(tmp_path: Path):
    shutil.copytree(ROOT / "lecturekit", tmp_path / "lecturekit",
                    ignore=lambda folder, names: [n for n in names if (not n.endswith(".py")
                                                  and not (Path(folder) / n).is_dir()) or n == "__pycache__"])
    point = tmp_path / "lecturekit" / "kinds" / "point.py"
    point.write_text(point.read_text() + "\nimport lecturekit.render  # noqa: E402\n")
    done = lint(tmp_path)
    assert done.returncode != 0
    assert "The stages stand in layers BROKEN" in done.stdout
    assert "lecturekit.kinds.point -> lecturekit.render" in done.stdout
    assert "No package imports another in a circle BROKEN" in done.stdout
