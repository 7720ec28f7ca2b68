"""The stages' layering, read from the source: Manim only in render. The order of the stages, and
render taking what it draws from the plan and the kinds, never from syntax/ or resolve/, are
import-linter contracts (pyproject.toml, tests/test_layers_contract.py)."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "lecturekit"


def imports(folder: str) -> dict[str, set[str]]:
    found = {}
    for path in sorted((PACKAGE / folder).rglob("*.py")) if folder else sorted(PACKAGE.glob("*.py")):
        names = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names |= {alias.name for alias in node.names}
        found[path.name] = names
    return found


def test_kinds_forms_and_plan_are_pure():
    for folder in ("kinds", "plan", "syntax", "resolve"):
        for name, modules in imports(folder).items():
            assert not {m for m in modules if m.split(".")[0] == "manim"}, f"{folder}/{name}"
    assert "manim" not in {m.split(".")[0] for m in imports("")["forms.py"]}
