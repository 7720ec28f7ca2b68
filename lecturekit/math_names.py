"""Math from a lecture may use Typst's math and symbol names, single letters, numbers, strings and
operators, and nothing else: no `#` code, no `read(...)`, no `std.anything`.

The allowed names are read from Typst itself (its `sym` and `math` modules), so they follow the
Typst version in use.
"""

from __future__ import annotations

import json
import re
import tempfile
from functools import cache

import typst

_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z][A-Za-z0-9]*)*")
_MATH = re.compile(r"\$([^$]*)\$")


@cache
def allowed_names() -> frozenset[str]:
    with tempfile.TemporaryDirectory(prefix="lecturekit-names-") as root:
        found = typst.query(b"#metadata((dictionary(sym).keys(), dictionary(math).keys())) <names>",
                            "<names>", field="value", root=root)
    symbols, functions = json.loads(found)[0]
    return frozenset(symbols) | frozenset(functions)


def problem(math: str) -> str | None:
    """Why `math` (the inside of `$…$`) may not be compiled, or None when it may."""
    names = allowed_names()
    i = 0
    while i < len(math):
        ch = math[i]
        if ch == '"':  # a string is shown as text
            end = i + 1
            while end < len(math) and math[end] != '"':
                end += 2 if math[end] == "\\" else 1
            i = end + 1
            continue
        if ch == "#":
            return "math may not contain '#' (Typst code)"
        m = _IDENT.match(math, i) if ch.isalpha() else None
        if m is not None:
            head = m.group(0).split(".")[0]
            if len(head) > 1 and head not in names:
                return f"math uses {head!r}, which is not a Typst math or symbol name"
            i = m.end()
            continue
        i += 1
    return None


def problems_in(text: str, whole_formula: bool) -> str | None:
    """The first problem in a formula (`whole_formula`) or in the `$…$` pieces of prose."""
    pieces = [text.strip().strip("$")] if whole_formula else _MATH.findall(text)
    for piece in pieces:
        found = problem(piece)
        if found:
            return found
    return None
