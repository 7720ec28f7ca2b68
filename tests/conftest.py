"""Shared paths and small-lecture builders for the front-end tests.

The real lecture is read where it lives (`../shared`); it is never copied into the repository.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest
import typer.testing
from hypothesis import settings

from lecturekit.model import load
from lecturekit.resolve import ResolvedLecture, resolve
from lecturekit.resolve.overrides import NO_OVERRIDES, load_overrides
from lecturekit.sources import read

# No clock in a test: a property holds however busy the machine is, so no example has a deadline
# (hypothesis's default of 200 ms failed examples on a loaded machine). Work is counted instead.
settings.register_profile("lecturekit", deadline=None)
settings.load_profile("lecturekit")

# Typer's test runner builds the whole Click command from the app's signatures (evaluating every
# annotation) on each invoke: about a tenth of a generated lecture's `check` and `plan`. The app
# does not change while the tests run, so it is built once.
typer.testing._get_command = functools.cache(typer.testing._get_command)

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
TRANSFORMER = SHARED / "lectures" / "transformer" / "lecture.json"
TRANSFORMER_OVERRIDES = (
    ROOT / "scenes" / "the-transformer-from-recurrence-failure-to-attention.toml"
)
DEMO = ROOT / "lecturekit" / "demo" / "lecture.json"
DEMO_OVERRIDES = ROOT / "scenes" / "lecturekit-demo.toml"

Does = Iterable[tuple[float, str]]


def lecture_data(
    objects: dict[str, str],
    does: Does = (),
    *,
    live: Sequence[str] | None = None,
    title: str = "Scene One",
    start: float = 0.0,
    end: float = 10.0,
    beats: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A one-scene lecture file as JSON data; one beat at `start` unless `beats` are given."""
    if beats is None:
        beats = [{"start": start, "say": "", "live": live, "does": [[t, a] for t, a in does]}]
    scene = {"title": title, "start": start, "end": end, "objects": objects, "beats": beats}
    return {
        "version": 1,
        "publication": {"slug": "tiny", "title": "Tiny", "watch": {"scenes": [scene]}},
    }


@pytest.fixture(scope="session")
def transformer() -> Path:
    assert TRANSFORMER.is_file(), f"the shared lecture is missing: {TRANSFORMER}"
    return TRANSFORMER


@pytest.fixture(scope="session")
def transformer_resolved(transformer: Path) -> ResolvedLecture:
    """The real lecture with its overrides file, as `check` reads it."""
    return read(transformer, TRANSFORMER_OVERRIDES)


@pytest.fixture
def empty_overrides(tmp_path: Path) -> Path:
    path = tmp_path / "empty.toml"
    path.write_text("", encoding="utf-8")
    return path


@pytest.fixture
def write_json(tmp_path: Path) -> Callable[[Any], Path]:
    """Write any JSON data (or raw text) to a fresh file and return its path."""
    counter = iter(range(1_000_000))

    def write(data: Any, name: str | None = None) -> Path:
        path = tmp_path / (name or f"lecture-{next(counter)}.json")
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
        return path

    return write


@pytest.fixture
def write_lecture(write_json: Callable[[Any], Path]) -> Callable[..., Path]:
    """`write_lecture(objects, does, live=..., ...)`: a one-scene lecture file."""

    def write(objects: dict[str, str], does: Does = (), **kwargs: Any) -> Path:
        return write_json(lecture_data(objects, does, **kwargs))

    return write


@pytest.fixture
def write_toml(tmp_path: Path) -> Callable[[str], Path]:
    def write(text: str) -> Path:
        path = tmp_path / "overrides.toml"
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def resolve_scene(write_lecture: Callable[..., Path]) -> Callable[..., ResolvedLecture]:
    """`resolve_scene(objects, does, overrides=None, **kwargs)`: load and resolve a tiny lecture."""

    def run(objects: dict[str, str], does: Does = (), overrides: Path | None = None, **kwargs: Any):
        lecture = load(write_lecture(objects, does, **kwargs))
        return resolve(lecture, load_overrides(overrides) if overrides else NO_OVERRIDES)

    return run


def lines(resolved: ResolvedLecture) -> list[str]:
    """Every diagnostic as the one line `check` would print."""
    return [d.line() for d in resolved.diagnostics]


def written(out: Path) -> dict[str, set[str]]:
    """The files a command wrote under `out`, by folder (relative to `out`): every file but the
    render cache's (`.lecturekit-cache`, work kept for the next render) and the render.json files."""
    found: dict[str, set[str]] = {}
    for path in out.rglob("*"):
        inside = path.relative_to(out)
        if path.is_file() and inside.parts[0] != ".lecturekit-cache" and path.name != "render.json":
            found.setdefault(str(inside.parent), set()).add(path.name)
    return found


def named(out: Path) -> dict[str, set[str]]:
    """The files each render.json under `out` names, by folder (relative to `out`)."""
    return {str(manifest.parent.relative_to(out)): {f["path"] for f in json.loads(manifest.read_text())["files"]}
            for manifest in out.rglob("render.json") if ".lecturekit-cache" not in manifest.parts}
