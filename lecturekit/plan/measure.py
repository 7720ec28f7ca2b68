"""Measure Typst bodies without Manim: compile to SVG in the sandbox and read its size."""

from __future__ import annotations

import re
from functools import lru_cache

from lecturekit.typst.compiler import TypstError, compile_svg

_VIEWBOX = re.compile(rb'viewBox="0 0 ([0-9.]+) ([0-9.]+)"')


@lru_cache(maxsize=4096)
def measure(body: str) -> tuple[float, float]:
    """Width and height in points of a body (its frame included)."""
    svg = compile_svg(body)
    m = _VIEWBOX.search(svg)
    if m is None:
        raise TypstError("Typst produced no picture")
    return float(m.group(1)), float(m.group(2))
