"""Measuring texts: each once per wrap width and font, a heading or title fitted to its band."""

from __future__ import annotations

import math
from collections.abc import Callable

from lecturekit.plan.layout.model import EPS, STEP, Item
from lecturekit.theme import Theme

#: Rounds of shrinking below the minimum size before giving up (sizes are not quite linear).
SHRINK_ROUNDS = 8


def text_fit(item: Item, width: float, height: float, theme: Theme) -> tuple[float, float, float]:
    """Size of a heading or title at the largest font (down to the minimum) that fits width x
    height, wrapped at that width, as its place records and the plan typesets it (measured at the
    paragraphs' measure instead, a title's box was narrower than its lines and it was drawn 9%
    small); below the minimum only when nothing else fits (the caller says so)."""
    if item.fixed is not None:
        return (*item.fixed, item.font)
    assert item.size is not None
    font = item.font
    while True:
        w, h = item.size(width, font)
        if (w <= width + EPS and h <= height + EPS) or font <= theme.sizes.minimum:
            break
        font = max(theme.sizes.minimum, font - STEP)
    for _ in range(SHRINK_ROUNDS):
        if (w <= width + EPS and h <= height + EPS) or min(w, h, width, height) <= 0:
            break
        font *= min(width / w, height / h) * 0.99
        w, h = item.size(width, font)
    return w, h, font


def small_names(item: Item, font: float, theme: Theme) -> list[str]:
    return [item.name] if item.fixed is None and font < theme.sizes.minimum - 1e-9 else []


class Measure:
    """Texts' sizes, each measured once per wrap width and font in one arrangement."""

    def __init__(self, theme: Theme) -> None:
        self.minimum = theme.sizes.minimum
        self.gap = theme.board.gap
        self._sizes: dict[tuple[str, float | None, float], tuple[float, float]] = {}

    def size(self, item: Item, wrap: float | None, font: float) -> tuple[float, float]:
        if item.fixed is not None:
            return item.fixed
        key = (item.name, wrap, font)
        if key not in self._sizes:
            assert item.size is not None
            self._sizes[key] = item.size(wrap, font)
        return self._sizes[key]


def wrap_in(item: Item, column: float) -> float:
    """The width a text is wrapped at in a column: its measure or the column, the narrower; a text
    already shown that keeps its lines keeps the wrap they were set at (its `measure`), which the
    plan typesets it at (a wrap of the column's set it anew at a later move, in a box of the old size)."""
    if item.fixed is not None and item.measure < math.inf:
        return item.measure
    return min(column, item.measure)


def halved(fits: Callable[[float], bool], lo: float, hi: float, halvings: int) -> float:
    """The least value in (lo, hi] that `fits`, to within (hi - lo) / 2**halvings, found by
    halving; `fits(hi)` holds and fitting grows with the value (lines break at words, so a root
    finder would do no better)."""
    for _ in range(max(halvings, 0)):
        middle = (lo + hi) / 2
        lo, hi = (lo, middle) if fits(middle) else (middle, hi)
    return hi
