"""The names lecture math may use: Typst's symbols (`alpha`, `arrow`) and math functions (`frac`,
`sqrt`, `op`). They are read from Typst itself (its `sym` and `math` modules), so they follow the
Typst version in use."""

from __future__ import annotations

import json
from functools import cache


@cache
def _names() -> tuple[frozenset[str], frozenset[str]]:
    from lecturekit.typst.compiler import query

    found = query("#metadata((dictionary(sym).keys(), dictionary(math).keys())) <names>", "<names>")
    symbol_names, math_names = json.loads(found)[0]
    return frozenset(symbol_names), frozenset(math_names) - frozenset(symbol_names)


def symbols() -> frozenset[str]:
    """Names of Typst's symbols, which may carry modifiers (`arrow.r.long`)."""
    return _names()[0]


def functions() -> frozenset[str]:
    """Names in Typst's math module that are not symbols: functions such as `frac` and `upright`."""
    return _names()[1]
