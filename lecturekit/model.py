"""The lecture file's schema (pydantic) and `load`, which turns any bad file into diagnostics."""

from __future__ import annotations

import hashlib
import json
import math
import re
import sys
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import ErrorDetails

from lecturekit.diagnostics import Diagnostic, LectureError, Place, error, quote, warning
from lecturekit.paths import NotReadable, read_regular

MAX_FILE_BYTES = 64 * 1024 * 1024
#: Longer scenes are refused: a held board costs little, but not nothing.
MAX_SCENE_SECONDS = 12 * 3600
#: The highest frame rate a quality preset draws at: a scene shorter than one of its frames is refused.
HIGHEST_FPS = 60


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore", strict=False)


Seconds = Annotated[float, Field(allow_inf_nan=False)]


def whole_number_or_none(value: object) -> int | None:
    """`value` if it is an int (a JSON whole number, not true or false), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class Action(_Frozen):
    """One `[time, action]` pair of a beat's `does` list."""

    time: Seconds
    text: str

    @model_validator(mode="before")
    @classmethod
    def _from_pair(cls, value: Any) -> Any:
        if isinstance(value, list | tuple):
            if len(value) != 2:
                raise ValueError("must be a [time, action] pair")
            return {"time": value[0], "text": value[1]}
        return value

    @field_validator("time", mode="before")
    @classmethod
    def _number(cls, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError("time must be a number")
        return value


class Beat(_Frozen):
    start: Seconds
    say: str = ""
    live: tuple[str, ...] | None = None
    does: tuple[Action, ...] = ()


class Scene(_Frozen):
    title: str = Field(min_length=1)
    start: Seconds
    end: Seconds
    objects: dict[str, str]
    beats: tuple[Beat, ...]

    @model_validator(mode="after")
    def _ordered(self) -> Scene:
        if not self.end > self.start:
            raise ValueError("end must be after start")
        if self.end - self.start < 1 / HIGHEST_FPS:
            raise ValueError(f"{quote(self.title)} lasts {self.end - self.start:.3g} s, shorter than one frame at "
                             f"{HIGHEST_FPS} fps: a scene must last at least 1/{HIGHEST_FPS} s")
        if self.end - self.start > MAX_SCENE_SECONDS:
            raise ValueError(f"a scene may last at most {MAX_SCENE_SECONDS // 3600} hours")
        return self


class Watch(_Frozen):
    version: int = 1
    scenes: tuple[Scene, ...] = Field(min_length=1)


class Chapter(_Frozen):
    title: str
    startSeconds: Seconds
    narration: str = ""


class Publication(_Frozen):
    slug: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=120)
    title: str
    subject: str = ""
    summary: str = ""
    transcript: str = ""
    durationSeconds: float | None = None
    chapters: tuple[Chapter, ...] = ()
    watch: Watch


class LectureFile(_Frozen):
    version: int = 1
    #: The recording's own identifier: what the project's overrides are matched by.
    lectureId: str | int | None = None
    #: Which try of the system that wrote the lecture this is; anything but a whole number is
    #: taken as none given, never as a reason to refuse the lecture.
    attempt: Annotated[int | None, BeforeValidator(whole_number_or_none)] = None
    publication: Publication


class Lecture(_Frozen):
    """A loaded lecture: the validated file and the folder its relative paths start from."""

    source: Path
    folder: Path
    file: LectureFile
    #: Warnings about the file itself (text repaired while it was read), for `resolve` to report.
    notes: tuple[Diagnostic, ...] = ()
    #: sha256 of the file's bytes as they were read.
    digest: str = ""

    @property
    def slug(self) -> str:
        return self.file.publication.slug

    @property
    def title(self) -> str:
        return self.file.publication.title

    @property
    def lecture_id(self) -> str:
        return "" if self.file.lectureId is None else str(self.file.lectureId)

    @property
    def scenes(self) -> tuple[Scene, ...]:
        return self.file.publication.watch.scenes


def _path_of(loc: tuple[int | str, ...]) -> str:
    """`('publication','watch','scenes',2,'beats',4,'does',7,0)` -> `scenes[2].beats[4].does[7]`."""
    if loc[:2] == ("publication", "watch"):
        loc = loc[2:]
    parts: list[str] = []
    for item in loc:
        if parts and parts[-1].startswith("does[") and item in (0, 1, "time", "text"):
            break  # the message says which half of the pair is wrong
        if isinstance(item, int) and parts:
            parts[-1] += f"[{item}]"
        else:
            parts.append(str(item))
    return ".".join(parts) or "lecture"


def _message(err: ErrorDetails) -> str:
    loc = err.get("loc", ())
    kind = err.get("type", "")
    field = str(loc[-1]) if loc else "value"
    # `…, "does", 3, "time"`: a half of a pair (a bare `…, "does", 0` is the pair itself)
    in_pair = len(loc) >= 3 and loc[-3] == "does" and isinstance(loc[-2], int)
    if in_pair and loc[-1] == "time":
        return "time must be a number"
    if in_pair and loc[-1] == "text":
        return "action must be a string"
    if kind == "missing":
        return f"{field} is missing"
    if kind in ("float_type", "float_parsing", "int_type", "int_parsing", "finite_number"):
        return f"{field} must be a number"
    if kind in ("string_type",):
        return f"{field} must be a string"
    if kind in ("dict_type",):
        return f"{field} must be an object"
    if kind in ("list_type", "tuple_type"):
        return f"{field} must be a list"
    msg = str(err.get("msg", "is invalid"))
    return msg.removeprefix("Value error, ")


def load(path: Path) -> Lecture:
    """Read and validate a lecture file; any problem raises LectureError with one line per fault."""
    path = Path(path)
    where = Place(path=str(path))
    try:
        raw = read_regular(path, MAX_FILE_BYTES)
    except NotReadable as exc:
        raise LectureError(error(where, str(exc), "give the path of a lecture.json")) from None
    except FileNotFoundError:
        raise LectureError(error(where, "no such file", "give the path of a lecture.json")) from None
    except IsADirectoryError:
        candidate = path / "lecture.json"
        if candidate.is_file():
            return load(candidate)
        raise LectureError(error(where, "is a folder without a lecture.json")) from None
    except OSError as exc:
        raise LectureError(error(where, f"cannot be read: {exc.strerror}")) from None
    try:
        twice: list[str] = []
        data = json.loads(raw.decode("utf-8"), parse_constant=_reject_constant, parse_float=_float,
                          parse_int=_int, object_pairs_hook=lambda pairs: _keys_once(pairs, twice))
    except UnicodeDecodeError:
        raise LectureError(error(where, "is not UTF-8 text")) from None
    except json.JSONDecodeError as exc:
        raise LectureError(
            error(where, f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
        ) from None
    except (ValueError, RecursionError) as exc:
        raise LectureError(error(where, f"is not valid JSON: {exc}")) from None
    data, notes, unheld = _without_surrogates(data)
    if unheld:
        raise LectureError([error(Place(path=where), f"holds {quote(number)}, a number no float can hold",
                                  "write a number between -1.8e308 and 1.8e308")
                            for where, number in unheld[:_NAMED_REPAIRS]])
    notes += tuple(warning(where, f"names the key {quote(key)} twice in one object; the last one is used",
                           "give every key once") for key in dict.fromkeys(twice))[:_NAMED_REPAIRS]
    try:
        file = LectureFile.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        locs = [tuple(e["loc"]) for e in errors]
        diagnostics = [
            error(Place(path=_path_of(tuple(err["loc"]))), _message(err))
            for err in errors
            # a list whose items failed is also reported too short: the items say it all
            if not (err["type"] == "too_short" and any(
                other[: len(err["loc"])] == tuple(err["loc"]) and other != tuple(err["loc"]) for other in locs
            ))
        ]
        raise LectureError(diagnostics) from None
    return Lecture(source=path.resolve(), folder=path.resolve().parent, file=file, notes=notes,
                   digest=hashlib.sha256(raw).hexdigest())


_SURROGATE = re.compile("[\ud800-\udfff]")
#: Repaired texts named one by one; the rest are counted.
_NAMED_REPAIRS = 10


def _without_surrogates(data: Any) -> tuple[Any, tuple[Diagnostic, ...], list[tuple[str, str]]]:
    """`data` with every lone UTF-16 surrogate (legal in JSON, `\\ud800`, but not text anything
    can print, encode or typeset) replaced by U+FFFD, and a warning for each text repaired; and
    where the numbers no float holds are (`_Unheld`), with their text, read by the lecture or not.
    Walked without recursion: the JSON may nest as deep as the parser allows."""
    places: list[str] = []
    unheld: list[tuple[str, str]] = []

    def clean(text: str, loc: tuple) -> str:
        if not _SURROGATE.search(text):
            return text
        places.append(_path_of(loc))
        return _SURROGATE.sub("\ufffd", text)

    root = [data]
    pending: list[tuple[Any, tuple]] = [(root, ())]
    while pending:
        container, loc = pending.pop()
        if isinstance(container, dict):
            items = list(container.items())
            container.clear()
            for key, value in items:
                key = clean(key, loc) if isinstance(key, str) else key
                container[key] = value
        keys = range(len(container)) if isinstance(container, list) else list(container)
        for key in keys:
            value = container[key]
            where = loc if container is root else (*loc, key)
            if isinstance(value, str):
                container[key] = clean(value, where)
            elif isinstance(value, _Unheld):
                unheld.append((_path_of(where), value.text))
            elif isinstance(value, dict | list):
                pending.append((value, where))
    notes = [warning(Place(path=where), "holds a lone UTF-16 surrogate, which is not text; "
                     "it is drawn as U+FFFD", "write the character itself") for where in places[:_NAMED_REPAIRS]]
    if len(places) > _NAMED_REPAIRS:
        notes.append(warning(Place(), f"{len(places) - _NAMED_REPAIRS} more texts hold lone UTF-16 surrogates; "
                             "they are drawn as U+FFFD"))
    return root[0], tuple(notes), unheld


def _keys_once(pairs: list[tuple[str, Any]], twice: list[str]) -> dict[str, Any]:
    """A JSON object as a dict, noting each key it gives more than once (JSON keeps the last)."""
    found = dict(pairs)
    if len(found) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                twice.append(key)
            seen.add(key)
    return found


class _Unheld:
    """A JSON number no float holds (`-1e400`, which Python would read as -inf): kept as its text
    until the walk over the data can say where it stands."""

    def __init__(self, text: str) -> None:
        self.text = text


def _float(text: str) -> float | _Unheld:
    value = float(text)
    return value if math.isfinite(value) else _Unheld(text)


def _int(text: str) -> int | _Unheld:
    value = int(text)
    return value if abs(value) <= sys.float_info.max else _Unheld(text)


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


