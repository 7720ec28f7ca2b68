"""Diagnostics are plain values: every stage collects them and the CLI prints them once."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

#: At most this many characters of the author's text are quoted in a line.
QUOTE_LIMIT = 120
#: A part of a line (place, message, hint) longer than this is cut, whatever it quotes.
PART_LIMIT = 600
#: Characters never printed as they are: C0 and C1 controls (ESC starts terminal sequences),
#: DEL, lone surrogates, and the bidirectional overrides that reorder what a terminal shows.
_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u202a-\u202e\u2066-\u2069]")


def printable(text: str) -> str:
    """`text` with every control character, lone surrogate and bidi override shown escaped, so a
    line cannot move the cursor, recolour the terminal or fail to encode."""
    return _UNPRINTABLE.sub(lambda m: m.group().encode("unicode_escape", "backslashreplace").decode("ascii")
                            if m.group() not in "\t" else " ", text)


def printable_lines(text: str) -> str:
    """`printable` line by line: a report of many lines, each safe to print."""
    return "\n".join(printable(line) for line in text.split("\n"))


def quote(text: str, limit: int = QUOTE_LIMIT) -> str:
    """The author's `text` quoted for a line: at most `limit` characters, then an ellipsis, with
    control characters escaped (as `repr` shows them)."""
    return repr(text[:limit]) + ("…" if len(text) > limit else "")


def _bounded(text: str) -> str:
    text = printable(text)
    return text if len(text) <= PART_LIMIT else text[:PART_LIMIT] + "…"


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFERRED = "inferred"
    UNRESOLVED = "unresolved"


@dataclass(frozen=True)
class Place:
    """Where in a lecture something is: any of scene, object and action may be unknown."""

    scene: str | None = None
    object: str | None = None
    action: str | None = None
    path: str | None = None
    #: The lecture time (seconds) it belongs at, where that is known exactly (a board's).
    at: float | None = None

    def describe(self) -> str:
        parts = []
        if self.path:
            parts.append(self.path)
        if self.scene is not None:
            parts.append(f"scene {quote(self.scene)}")
        if self.object is not None:
            parts.append(f"object {quote(self.object)}")
        if self.action is not None:
            parts.append(f"action {self.action}")
        return ", ".join(parts) or "lecture"


@dataclass(frozen=True)
class Diagnostic:
    severity: Severity
    place: Place
    message: str
    hint: str | None = None

    def line(self) -> str:
        """One line for a person: place, what is wrong, what to do; nothing in it the terminal
        would act on, and no part of it unbounded."""
        text = f"{self.severity.value}: {_bounded(self.place.describe())}: {_bounded(self.message)}"
        return f"{text} ({_bounded(self.hint)})" if self.hint else text

    def as_json(self) -> dict[str, str | None]:
        return {
            "path": self.place.path,  # a file, or where in the file a schema fault is
            "scene": self.place.scene,
            "object": self.place.object,
            "action": self.place.action,
            "message": self.message,
            "hint": self.hint,
        }


def error(place: Place, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(Severity.ERROR, place, message, hint)


def warning(place: Place, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(Severity.WARNING, place, message, hint)


def inferred(place: Place, message: str) -> Diagnostic:
    return Diagnostic(Severity.INFERRED, place, message)


def unresolved(place: Place, message: str, hint: str | None = None) -> Diagnostic:
    return Diagnostic(Severity.UNRESOLVED, place, message, hint)


class LectureError(Exception):
    """The project's one error type: the input cannot be used. Carries its diagnostics."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic, exit_code: int = 1):
        self.diagnostics = diagnostics if isinstance(diagnostics, list) else [diagnostics]
        self.exit_code = exit_code
        super().__init__("; ".join(d.line() for d in self.diagnostics))

    def __reduce__(self) -> tuple:
        """Pickled whole, so a failure in a worker process reaches the command as itself."""
        return _restore, (type(self), self.diagnostics, self.exit_code)


class RenderError(LectureError):
    """Rendering failed for a reason the lecture did not cause directly (exit code 3)."""

    def __init__(self, diagnostics: list[Diagnostic] | Diagnostic):
        super().__init__(diagnostics, exit_code=3)


def _restore(kind: type[LectureError], diagnostics: list[Diagnostic], exit_code: int) -> LectureError:
    error = kind.__new__(kind)
    LectureError.__init__(error, diagnostics, exit_code)
    return error
