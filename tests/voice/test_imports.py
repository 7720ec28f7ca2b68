"""The voice package imports downwards only: no module of lecturekit.voice reaches itself again
through its own imports (lazy ones inside functions counted too), and none reaches the renderer."""

from __future__ import annotations

import ast
from pathlib import Path

import lecturekit

ROOT = Path(lecturekit.__file__).parent


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every lecturekit module `path` imports, anywhere in it ("from lecturekit.voice import piper"
    counts as lecturekit.voice.piper)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("lecturekit")}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("lecturekit"):
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names
                      if (ROOT.parent / f"{node.module}.{a.name}".replace(".", "/")).with_suffix(".py").exists()}
    return found


def _graph() -> dict[str, set[str]]:
    modules = {_module(p): p for p in (ROOT / "voice").rglob("*.py")}
    return {name: _imports(path) & modules.keys() for name, path in modules.items()}


def test_the_voice_package_has_no_import_circle():
    graph = _graph()
    assert {"lecturekit.voice.track", "lecturekit.voice.piper", "lecturekit.voice.espeak"} <= graph.keys()
    done: set[str] = set()

    def visit(name: str, path: tuple[str, ...]) -> None:
        assert name not in path, " -> ".join((*path, name))
        if name in done:
            return
        for other in graph[name]:
            visit(other, (*path, name))
        done.add(name)

    for name in graph:
        visit(name, ())


def test_the_voice_package_does_not_reach_the_renderer_or_the_pipeline():
    for path in (ROOT / "voice").rglob("*.py"):
        reached = {m for m in _imports(path) if m.startswith(("lecturekit.render", "lecturekit.pipeline"))}
        assert not reached, f"{path.name} imports {reached}"
