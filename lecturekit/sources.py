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


def _overrides_for(slug: str, given: Path | None) -> Overrides:
    if given is not None:
        return load_overrides(given)
    found = SCENES / f"{slug}.toml"
    return load_overrides(found) if found.is_file() else NO_OVERRIDES
