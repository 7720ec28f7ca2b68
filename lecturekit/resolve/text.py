"""Reading an object's own source text: its formula lines."""

from __future__ import annotations

from lecturekit.typst_source import LINE_BREAK


def strip_math(text: str) -> str:
    """`$…$` around a whole formula removed."""
    text = text.strip()
    if len(text) >= 2 and text.startswith("$") and text.endswith("$"):
        return text[1:-1].strip()
    return text


def formula_lines(text: str) -> list[str]:
    """A Derivation's lines: Typst math breaks lines with a backslash before a space."""
    return [line.strip() for line in LINE_BREAK.split(strip_math(text))]
