"""lecturekit's imports, read from its source (every `import`, at module level and inside
functions): the packages listed here form no import circle, and none of them imports Manim (only
`lecturekit.render` may). Another package is held to the same by adding it to `PACKAGES`."""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "lecturekit"
#: Packages whose modules may not import each other in a circle, nor import Manim.
PACKAGES = ["lecturekit.typst"]


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of lecturekit, by its dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(name: str) -> set[str]:
    """The names a module imports anywhere in it: lecturekit's modules as modules (`from a import b`
    is the module `a.b` when there is one, else `a`), anything else by its top-level name."""
    path = modules()[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            subs = {f"{base}.{alias.name}" for alias in node.names} & modules().keys()
            found.update(subs or {base})
    return {n if n in modules() else n.split(".")[0] for n in found}


def lecturekit_imports(name: str) -> set[str]:
    return imported(name) & modules().keys()


def circle_through(start: str, edges: Callable[[str], set[str]] = lecturekit_imports) -> list[str] | None:
    """A chain of imports (`edges`: what a module imports) that leads from `start` back to it, or None."""
    def walk(name: str, path: list[str], seen: set[str]) -> list[str] | None:
        for nxt in sorted(edges(name)):
            if nxt == start:
                return [*path, nxt]
            if nxt not in seen:
                seen.add(nxt)
                if (found := walk(nxt, [*path, nxt], seen)) is not None:
                    return found
        return None

    return walk(start, [start], {start})


def members(package: str) -> list[str]:
    return [name for name in modules() if name == package or name.startswith(package + ".")]


def test_the_reader_sees_function_level_and_relative_imports() -> None:
    assert "lecturekit.typst.compiler" in imported("lecturekit.typst.names")  # imported inside a function
    assert "typst" in imported("lecturekit.typst.worker")
    assert "manim" in imported("lecturekit.render.typst_mobject")


def test_the_finder_finds_a_circle_however_long() -> None:
    graph = {"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set()}
    assert circle_through("a", graph.__getitem__) == ["a", "b", "c", "a"]
    assert circle_through("d", graph.__getitem__) is None


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_forms_no_import_circle(package: str) -> None:
    assert members(package)
    assert {name: chain for name in members(package) if (chain := circle_through(name))} == {}


@pytest.mark.parametrize("package", PACKAGES)
def test_a_package_imports_no_manim(package: str) -> None:
    assert {name for name in members(package) if imported(name) & {"manim", "manimlib"}} == set()
