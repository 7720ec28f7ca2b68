"""Finding a lecture and its overrides: the bundled demo, `scenes/<slug>.toml`, or given paths."""

from __future__ import annotations

from pathlib import Path

from lecturekit.model import load
from lecturekit.resolve import ResolvedLecture, resolve
from lecturekit.resolve.overrides import NO_OVERRIDES, Overrides, load_overrides

PROJECT = Path(__file__).resolve().parent.parent
SCENES = PROJECT / "scenes"
DEMO = SCENES / "demo" / "lecture.json"


def read(lecture: Path | None = None, overrides: Path | None = None) -> ResolvedLecture:
    """Load, validate, parse and resolve a lecture (the demo when none is given)."""
    loaded = load(lecture or DEMO)
    return resolve(loaded, _overrides_for(loaded.slug, overrides))


def overrides_path(slug: str, given: Path | None) -> Path | None:
    """The overrides file a lecture is read with: the one given, else scenes/<slug>.toml."""
    if given is not None:
        return given
    found = SCENES / f"{slug}.toml"
    return found if found.is_file() else None


def _overrides_for(slug: str, given: Path | None) -> Overrides:
    path = overrides_path(slug, given)
    return load_overrides(path) if path is not None else NO_OVERRIDES
