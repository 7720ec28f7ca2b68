"""The one way lecture text is compiled: Typst in an empty folder, with no packages and no system
fonts, so a lecture can read no file and every machine draws the same glyphs."""

from __future__ import annotations

import tempfile
from pathlib import Path

import typst

from lecturekit.diagnostics import LectureError, Place, error
from lecturekit.typst_source import document

_SANDBOX = Path(tempfile.mkdtemp(prefix="lecturekit-typst-"))


class TypstError(LectureError):
    def __init__(self, message: str):
        self.message = message
        super().__init__(error(Place(), message))


def compile_svg(body: str, hidden: str | None = None) -> bytes:
    """The SVG of a body, compiled with an empty folder as its root, no packages and no system
    fonts."""
    try:
        return typst.compile(
            document(body, hidden).encode(),
            format="svg",
            root=str(_SANDBOX),
            package_path=str(_SANDBOX),
            package_cache_path=str(_SANDBOX),
            ignore_system_fonts=True,  # Typst's own fonts only: the same pictures on every machine
        )
    except Exception as exc:  # the typst binding raises its own and Rust-panic errors
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise TypstError(f"Typst cannot typeset it: {first[:200]}") from None
