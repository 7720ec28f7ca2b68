"""Diagnostics are plain values: every stage collects them and the CLI prints them once."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


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

    def describe(self) -> str:
        parts = []
        if self.path:
            parts.append(self.path)
        if self.scene is not None:
            parts.append(f"scene {self.scene!r}")
        if self.object is not None:
            parts.append(f"object {self.object!r}")
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
        """One line for a person: place, what is wrong, what to do."""
        text = f"{self.severity.value}: {self.place.describe()}: {self.message}"
        return f"{text} ({self.hint})" if self.hint else text

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
