"""The grammar's one error type, carrying the character span it points at."""

from __future__ import annotations

from lecturekit.diagnostics import LectureError, Place, error


class GrammarError(LectureError):
    def __init__(self, message: str, source: str, start: int, end: int | None = None):
        self.message = message
        self.source = source
        self.start = start
        self.end = start + 1 if end is None else end
        excerpt = source[max(0, start - 12) : start + 18].replace("\n", " ")
        super().__init__(error(Place(), f"{message} at character {start + 1} (near {excerpt!r})"))
