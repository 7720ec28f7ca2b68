"""Measure Typst bodies without Manim: compile to SVG in an empty folder and read its size."""

from __future__ import annotations

import re
import tempfile
from functools import lru_cache
from pathlib import Path

import typst

from lecturekit.diagnostics import LectureError, Place, error
from lecturekit.typst_source import document

_VIEWBOX = re.compile(rb'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')
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


@lru_cache(maxsize=4096)
def measure(body: str) -> tuple[float, float]:
    """Width and height in points of a body (its frame included)."""
    svg = compile_svg(body)
    m = _VIEWBOX.search(svg)
    if m is None:
        raise TypstError("Typst produced no picture")
    return float(m.group(1)), float(m.group(2))
