"""Finding a lecture and its overrides: the bundled demo, the lecture's own folder, given paths,
and the overrides the project ships for its own lectures.

Overrides are looked for in this order: the file given (`--overrides`); `<slug>.toml` or
`overrides.toml` beside the lecture; then the project's own files (`scenes/*.toml`, shipped in the
package as `lecturekit/overrides/`), each of which applies only to the lecture whose `lectureId`
it names, never to another lecture that happens to share the slug.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from lecturekit.diagnostics import LectureError, Place, error, quote
from lecturekit.model import Lecture, load
from lecturekit.paths import confined
from lecturekit.resolve import ResolvedLecture, resolve
from lecturekit.resolve.overrides import NO_OVERRIDES, Overrides, load_overrides
from lecturekit.voice.languages import entry
from lecturekit.work import count

if TYPE_CHECKING:
    from lecturekit.translate import Language

PACKAGE = Path(str(resources.files("lecturekit")))
DEMO = PACKAGE / "demo" / "lecture.json"
PROJECT_OVERRIDES = PACKAGE / "overrides"
BESIDE = ("{slug}.toml", "overrides.toml")


def read(lecture: Path | None = None, overrides: Path | None = None, language: Language | None = None
         ) -> ResolvedLecture:
    """Load, validate, parse and resolve a lecture (the demo when none is given), and translate
    it when a `language` other than its own is given (or a translation file for it)."""
    count("lectures read")
    loaded = load(lecture or DEMO)
    found = find_overrides(loaded, overrides)
    if found.language and (not re.fullmatch(r"[A-Za-z0-9_-]{2,35}", found.language) or entry(found.language) is None):
        raise LectureError(error(Place(path=str(found.source)), f"language = {quote(found.language)} names no "
                                 "language lecturekit speaks", "give a code `lecturekit voices` lists, such as ja, "
                                 "de or pt-BR, or leave it out to have the lecture's scripts tell"))
    resolved = resolve(loaded, found)
    if language is None or not resolved.renderable or (language.file is None and _same(language.code, resolved)):
        return resolved
    from lecturekit.translate import translate

    return translate(resolved, language)


def _same(code: str, resolved: ResolvedLecture) -> bool:
    """Whether `code` names the lecture's own language (`ja-JP` is `ja`)."""
    asked, own = entry(code), entry(resolved.own_language)
    return asked is not None and own is not None and asked.code == own.code


def find_overrides(lecture: Lecture, given: Path | None) -> Overrides:
    """The overrides a lecture is read with (see the module's docstring for the order)."""
    if given is not None:
        return load_overrides(given)
    for name in BESIDE:
        beside = confined(lecture.folder, name.format(slug=lecture.slug))
        if beside is not None:
            return load_overrides(beside)
    return project_overrides(lecture.lecture_id)


def project_overrides(lecture_id: str) -> Overrides:
    """The project's own overrides for the lecture with this `lectureId`, if it has any."""
    if lecture_id:
        for path in sorted(PROJECT_OVERRIDES.glob("*.toml")):
            found = load_overrides(path.resolve())  # in a checkout, the file in scenes/
            if found.lecture_id == lecture_id:
                return found
    return NO_OVERRIDES
