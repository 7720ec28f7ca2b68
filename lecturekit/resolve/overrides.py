"""Overrides: what a lecture cannot supply itself, written by its author in TOML.

    lectureId = "01M14TZ0Q0TKW4CVRFKXFBR5VP"   # optional: the lecture these were written for
    language = "ja"                   # optional: the language the lecture is recorded in
    ["反応速度とは"]                   # optional: a scene's files named by a transliteration of its title
    slug = "hannou-sokudo-towa"

    ["where-the-words-sit".fast]      # scene (slug, title or 1-based index) and object name
    function = "sin(x)"               # any attribute of the object's kind, in lecture notation
    ["where-the-words-sit".limit_tag]
    description = 'a Math that says "$p = 40$" drawn in pe'   # or a whole new description
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from lecturekit.diagnostics import Diagnostic, LectureError, Place, error, quote
from lecturekit.kinds import KINDS, kind_def
from lecturekit.paths import NotReadable, read_regular
from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.nodes import Bool, FieldType, FunctionValue, Num, Spec, Str, Tuple, Value
from lecturekit.syntax.parser import parse_description, parse_expression, parse_value

MAX_OVERRIDE_BYTES = 1 << 20
#: A stated slug: what a lecture's own slug may be (`Publication.slug`).
SLUG = re.compile(r"[a-z0-9][a-z0-9-]{0,79}")


@dataclass(frozen=True)
class Overrides:
    """scene key -> object name -> attribute -> raw TOML value."""

    source: Path | None
    scenes: tuple[tuple[str, tuple[tuple[str, tuple[tuple[str, Any], ...]], ...]], ...] = ()
    #: The `lectureId` of the lecture the file was written for, when it says.
    lecture_id: str = ""
    #: The language the lecture is recorded in, when the file says (`language = "ja"`); checked
    #: against the languages lecturekit speaks where the lecture is read (`sources.read`).
    language: str = ""
    #: Scene key -> the name its files are given instead of its title's (`slug = "…"` in its table:
    #: a transliteration of a title in another script).
    slugs: tuple[tuple[str, str], ...] = ()

    def for_scene(self, keys: set[str]) -> dict[str, dict[str, Any]]:
        found: dict[str, dict[str, Any]] = {}
        for key, objects in self.scenes:
            if key in keys:
                for name, attrs in objects:
                    found.setdefault(name, {}).update(dict(attrs))
        return found

    def slug_for(self, keys: set[str]) -> str | None:
        """The slug stated for the scene with these keys, if one is."""
        return next((slug for key, slug in self.slugs if key in keys), None)

    def scene_keys(self) -> list[str]:
        return [key for key, _ in self.scenes]


NO_OVERRIDES = Overrides(None)


def load_overrides(path: Path) -> Overrides:
    where = Place(path=str(path))
    try:
        raw = read_regular(path, MAX_OVERRIDE_BYTES)
    except NotReadable as exc:
        raise LectureError(error(where, f"overrides file {exc}")) from None
    except OSError as exc:
        raise LectureError(error(where, f"overrides cannot be read: {exc.strerror}")) from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise LectureError(error(where, f"overrides are not valid TOML: {exc}")) from None
    except RecursionError:
        raise LectureError(error(where, "overrides are nested too deeply to read")) from None
    scenes = []
    lecture_id = data.pop("lectureId") if isinstance(data.get("lectureId"), str) else ""
    language = data.pop("language", "") if not isinstance(data.get("language"), dict) else ""  # else a scene's
    if not isinstance(language, str) or (language and not language.strip()):
        raise LectureError(error(where, f"language = {quote(str(language))} is not a language code",
                                 'write the code of the language the lecture is recorded in, such as language = "ja"'))
    slugs = []
    for scene_key, objects in data.items():
        if isinstance(objects, dict) and not isinstance(objects.get("slug", {}), dict):
            slug = objects.pop("slug")
            if not isinstance(slug, str) or not SLUG.fullmatch(slug):
                raise LectureError(error(where, f"[{quote(scene_key)}] slug = {quote(str(slug))} is not a file name "
                                         "lecturekit writes", 'write lower-case ASCII letters, digits and hyphens, '
                                         'such as slug = "hannou-sokudo"'))
            slugs.append((str(scene_key), slug))
        if not isinstance(objects, dict) or not all(isinstance(v, dict) for v in objects.values()):
            raise LectureError(
                error(where, f"[{quote(scene_key)}] must hold one table per object",
                      'write ["scene".object]')
            )
        scenes.append(
            (str(scene_key), tuple((name, tuple(attrs.items())) for name, attrs in objects.items()))
        )
    return Overrides(path, tuple(scenes), lecture_id, language.strip(), tuple(slugs))


def apply(spec: Spec, attrs: dict[str, Any], place: Place) -> tuple[Spec, list[Diagnostic]]:
    """`spec` with the override's attributes set; errors for unknown or malformed ones."""
    problems: list[Diagnostic] = []
    if "description" in attrs:
        try:
            spec, _ = parse_description(KINDS, str(attrs["description"]), spec.name)
        except GrammarError as exc:
            return spec, [error(place, f"override description: {exc.message}")]
    allowed = kind_def(spec.kind).fields
    changes: dict[str, Any] = {}
    for key, raw in attrs.items():
        if key == "description":
            continue
        if key not in allowed:
            names = ", ".join(sorted(allowed))
            problems.append(error(
                place, f"override {quote(key)} is not an attribute of a {spec.kind.value}",
                f"one of {names}",
            ))
            continue
        try:
            changes[key] = _value(allowed[key], raw)
        except (GrammarError, TypeError) as exc:
            message = exc.message if isinstance(exc, GrammarError) else str(exc)
            problems.append(error(place, f"override {quote(key)}: {message}"))
    return replace(spec, **changes), problems


def _value(kind: FieldType, raw: Any) -> object:
    """The TOML value as the attribute's type holds it."""
    if kind in (FieldType.TEXT, FieldType.REF):
        if not isinstance(raw, str):
            raise TypeError("must be a string")
        return raw
    if kind is FieldType.FLAG:
        if not isinstance(raw, bool):
            raise TypeError("must be true or false")
        return raw
    if kind is FieldType.FUNCTION:
        if not isinstance(raw, str):
            raise TypeError('must be an expression of x in a string, like "sin(x)"')
        return FunctionValue(body=parse_expression(raw))
    if kind is FieldType.ROWS:
        if not (isinstance(raw, list) and all(isinstance(r, list) for r in raw)):
            raise TypeError('must be a list of rows, like [["a", "b"], ["c", "d"]]')
        if not all(isinstance(c, str) for r in raw for c in r):
            raise TypeError("every cell must be a string")
        return Tuple(tuple(Tuple(tuple(Str(c) for c in r)) for r in raw))
    return _toml_value(raw)


#: Lists in an override nest at most this deep (a point is 1, a table's rows 2).
MAX_DEPTH = 8


def _toml_value(raw: Any, depth: int = 0) -> Value:
    if depth > MAX_DEPTH:
        raise TypeError(f"lists nest more than {MAX_DEPTH} levels deep")
    match raw:
        case bool():
            return Bool(raw)
        case int() | float():
            return Num(float(raw))
        case str():
            return parse_value(raw)
        case list():
            return Tuple(tuple(_toml_value(item, depth + 1) for item in raw))
    raise TypeError(f"{type(raw).__name__} values are not allowed")
