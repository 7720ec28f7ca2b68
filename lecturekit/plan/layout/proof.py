"""The exact test that a board cannot hold its content legibly (`overfull`), which the audit
takes as the one excuse for a text below the minimum.

What it proves. `overfull` says True only when no arrangement in rows and columns holds the
pieces in the area with the layout's gap between them (the content area the board gives them,
below a title card as it is set). Such an arrangement (a guillotine one) is
the area cut in two by a line down or across it, each part cut again, until each part holds one
piece; every arrangement the layout makes is one. A piece is a rigid least box (a visual at its
stated minimum, `Pictures._least_box`, no narrower and no lower; a text already shown at a fixed
size, its box) or a text that may wrap, measured wrapped at a width (at the board's one type
scale with its smallest role at the minimum, or at the font it keeps: `Holding.overfull`).
Three pieces or fewer can stand only in rows and columns (were no line to part them, two of them
would meet), so there it proves that no placement at all holds them; four may stand in a
pinwheel too, which it weighs (`_pinwheel`), so for four as well; five or more it weighs in rows
and columns only.

How. f(S, k), the least height that holds the pieces S in k steps of a grid of `WIDTHS` steps
across the area: one piece's least height in that width; two parts one above the other, f(A, k)
+ gap + f(B, k); or side by side, the larger of f(A, a) and f(B, b) for the widths a + b that k
less the gap leaves. The board is overfull when f(all, WIDTHS) is more than the area's height.
The side-by-side minimum is found for every k at once (numpy): f(A, a) falls and f(B, k' - a)
rises with a, so the least of the larger is where they cross, found by halving.

Why the grid does not let it claim too much: it is a relaxation of the true widths. A piece at
most k steps wide is counted at k steps, and no piece is lower at a width than at a wider one; two
parts side by side are let overlap by one step (their widths, each rounded up to the grid, sum to
less than two steps more than the room); a text's height at a step is the least measured at that
step or any narrower one.

Assumed, not proved: a text's measured height does not rise as the width it is wrapped at grows
(its lines break at words: a wider column never takes more of them), between grid widths too; and
it overruns the width it is wrapped at (by more than `OVERRUN`) only by a piece that does not
break (a word, a formula), which no narrower wrap makes narrower.

Work: each text is measured at the grid widths where its height changes, found by halving
between widths of one height (a step function, by the assumption), and the cuts are counted
(`count("proof cuts")`). A board of more than `MOST_PIECES` pieces is not weighed (3**n pairs of
parts): it is not proven, and a text set small on it fails the audit."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations

import numpy as np

from lecturekit.boxes import Box
from lecturekit.plan.layout.model import EPS
from lecturekit.work import count

#: Steps of the grid across the area's width.
WIDTHS = 512
#: The most pieces weighed.
MOST_PIECES = 8
#: A text wider than the width it is wrapped at by more than this (units) holds a piece that does
#: not break; less is a rounding of the measure (`placement`: Typst is told the width rounded down).
OVERRUN = 1e-3


@dataclass(frozen=True)
class Piece:
    """One thing on the board as the proof weighs it: a rigid least box (`least`: width,
    height), or a text `measured` wrapped at a width (its box: width, height)."""

    least: tuple[float, float] | None = None
    measured: Callable[[float], tuple[float, float]] | None = None


def overfull(pieces: Sequence[Piece], area: Box, gap: float) -> bool:
    """Whether no arrangement in rows and columns holds `pieces` in `area` with `gap` between
    them (see the module's docstring for what that proves and assumes); False for more than
    `MOST_PIECES` pieces, which it does not weigh."""
    n = len(pieces)
    if n == 0 or n > MOST_PIECES or area.width <= 0 or area.height <= 0:
        return False
    count("proofs")
    step = area.width / WIDTHS
    least: dict[int, np.ndarray] = {1 << i: _heights(p, step) for i, p in enumerate(pieces)}
    beside = _beside(step, gap)
    for s in sorted(range(1, 1 << n), key=lambda m: m.bit_count()):
        if s in least:
            continue
        low = s & -s  # each pair of parts once: the part with the lowest piece first
        parts = [a for a in _within(s) if a & low and a != s]
        fa, fb = np.stack([least[a] for a in parts]), np.stack([least[s ^ a] for a in parts])
        count("proof cuts", len(parts))
        least[s] = np.minimum(fa + gap + fb, beside(fa, fb)).min(axis=0)
    if least[(1 << n) - 1][WIDTHS] <= area.height + EPS:
        return False
    return n != 4 or not _pinwheel([least[1 << i] for i in range(4)], step, gap, area.height)


def _pinwheel(heights: list[np.ndarray], step: float, gap: float, height: float) -> bool:
    """Whether four pieces of these least heights may stand in a pinwheel: the one placement of
    four that no line parts. Where none does, the pairs whose spans across overlap make a path
    a-b-c-d (each must stand over the other: a over b, b over c, c over d) and the other three
    (a and c, a and d, b and d) stand side by side; for the widths of a and d, b and c are as wide
    as that leaves them (no lower for it), on the grid as `_beside` rounds it."""
    room = math.ceil(WIDTHS - gap / step + 2 + 1e-9) - 1
    k = np.arange(WIDTHS + 1)
    ka, kd = k[:, None], k[None, :]
    fits = (ka >= 1) & (kd >= 1) & (ka + kd <= room)
    level = height - gap + EPS
    for a, b, c, d in permutations(heights):
        ha, hd = a[ka], d[kd]
        hb, hc = b[np.clip(room - kd, 0, WIDTHS)], c[np.clip(room - ka, 0, WIDTHS)]
        if np.any(fits & (ha + hb <= level) & (hb + hc <= level) & (hc + hd <= level)):
            return True
    return False


def _heights(piece: Piece, step: float) -> np.ndarray:
    """A piece's least height in each width of the grid (index k: k steps; 0 holds nothing):
    infinite where it is wider."""
    found = np.full(WIDTHS + 1, math.inf)
    if piece.least is not None:
        w, h = piece.least
        found[1:][np.arange(1, WIDTHS + 1) * step >= w - EPS] = h
        return found
    assert piece.measured is not None
    measured = piece.measured

    def at(k: int) -> float:
        w, h = measured(k * step)
        return h if w <= k * step + OVERRUN else math.inf

    def fill(lo: int, hi: int) -> None:  # widths of one height between two of it are of it too
        if hi - lo <= 1:
            return
        if found[lo] == found[hi]:
            found[lo + 1:hi] = found[lo]
            return
        middle = (lo + hi) // 2
        found[middle] = at(middle)
        fill(lo, middle)
        fill(middle, hi)

    found[1], found[WIDTHS] = at(1), at(WIDTHS)
    fill(1, WIDTHS)
    return np.minimum.accumulate(found)  # no lower at a width than at a narrower one


def _within(s: int) -> list[int]:
    """Every non-empty part of the set `s` (bits)."""
    found, a = [], s
    while a:
        found.append(a)
        a = (a - 1) & s
    return found


def _beside(step: float, gap: float) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
    """The least height of two parts side by side in each width of the grid, from the least
    heights of pairs of parts, a row each (`fa`, `fb`): at k steps the two take a + b steps, b =
    room(k) - a, where room(k) is the most two widths rounded up to the grid sum to (less than k
    less the gap, plus two steps) and b is at most the whole width; the larger of fa[a], fb[b] at
    its least over a."""
    k = np.arange(WIDTHS + 1)
    room = np.ceil(k - gap / step + 2 + 1e-9).astype(int) - 1
    rounds = math.ceil(math.log2(WIDTHS + 1)) + 1

    def beside(fa: np.ndarray, fb: np.ndarray) -> np.ndarray:
        def at(f: np.ndarray, a: np.ndarray) -> np.ndarray:
            return np.take_along_axis(f, np.clip(a, 0, WIDTHS), axis=1)

        # the first a in [1, room - 1] with fa[a] <= fb[room - a] (room where none): fa falls, fb rises
        lo = np.ones(fa.shape, dtype=int)
        hi = np.broadcast_to(np.maximum(room, 1), fa.shape).copy()
        for _ in range(rounds):
            middle = (lo + hi) // 2
            low = (middle < hi) & (at(fa, middle) <= at(fb, room - middle))
            hi = np.where(low, middle, hi)
            lo = np.where(low | (middle >= hi), lo, middle + 1)
        crossed = np.where(lo <= room - 1, at(fb, room - lo), math.inf)  # fa <= fb there: the larger is fb
        before = np.where((lo >= 2) & (lo - 1 <= room - 1), at(fa, lo - 1), math.inf)
        found = np.minimum(crossed, before)
        found[:, room < 2] = math.inf
        return found

    return beside
