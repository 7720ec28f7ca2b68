"""Where a Figure's or an Axes' labels settle: each on the first of the spots its kind's outline
offers that meets nothing on the board, else on the clear place nearest it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from lecturekit.boxes import Box, overlaps
from lecturekit.kinds.outline import Outline
from lecturekit.work import count


class Settled(NamedTuple):
    """Where each label goes, and which of them no place on the board keeps `gap` from the rest."""

    places: dict[tuple[str, int], Box]
    crowded: frozenset[tuple[str, int]]


def settle(outlines: list[tuple[str, Outline]], taken: list[Box], safe: Box, bounds: Box | None = None,
           margin: float = 0.0, beside: Iterable[Box] = (), lines: Sequence[Box] = (), gap: float = 0.0
           ) -> Settled:
    """Where each label goes (a mark to every label): the legend entries first, then the others
    in the order the children are given: (child, -1) for a text drawn in the figure, (child, k)
    for a child's k-th mark. Each takes the first of its spots (an entry's is where its legend row
    sets it) inside `bounds` (the container's box) and `safe` that meets nothing taken (the
    marks' pieces, the numbers in `taken`, the legend, the labels settled before it), else the
    clear place there nearest its first spot; where there is none, the same near the box: within
    `margin` of it (under half the layout's gap, so that nothing the layout puts beside the
    container is met, nor its labels), or for a text wider than the box as far to either side as
    it must; then anywhere in `safe` away from every place in `beside` (where the other objects
    of the scene stand, and their labels may); where there is none, the place near the box that
    meets least. `lines` (an Axes' axis lines) are kept clear of too where a label can be: only a
    label with no clear place off them is settled as if they were not there, since a line through
    a label is less bad than a label on a mark, a number or another label.

    Every label keeps `gap` from the marks, the numbers and the labels settled before it: a spot
    that only the gap keeps from being clear is nudged (up to 0.25 units) before the next spot is
    tried, so a label beside a stroke stays beside it; one that none of the places above keeps it
    for moves out to the nearest place in `safe` that keeps it and
    meets no place in `beside` (`_anywhere_clear`), however far, as does one whose only place is
    out of reach of its box and comes within `margin` of a place in `beside` (a legend entry wider than an Axes at
    the safe area's edge, which can stand out on one side only); only where there is none (the
    board is that full over the container's stay) does it take the place that meets least, and it
    is listed `crowded`."""
    chosen: dict[tuple[str, int], Box] = {}
    crowded: set[tuple[str, int]] = set()
    legend: list[tuple[tuple[str, int], tuple[Box, ...]]] = []  # (child, mark) and its spots
    wanted: list[tuple[tuple[str, int], tuple[Box, ...]]] = []
    for name, outline in outlines:
        if outline.spots:
            wanted.append(((name, -1), outline.spots))
        for k, (kind, spots) in enumerate(outline.marks):
            (legend if kind == "legend" else wanted).append(((name, k), spots))
    # what a label may not meet (the marks' pieces, the numbers, the labels settled before it), as
    # rows kept as it grows: a list of boxes made an array again for every label cost more than
    # testing it
    met = _rows([*taken, *(p for _, outline in outlines for p in outline.pieces)])
    blocking = _grown(met, gap)
    edges = _rows(lines)
    box = safe if bounds is None else bounds
    away = _grown(_rows(beside), margin)
    for key, spots in legend + wanted:
        # a text wider than its container stands out of it evenly, by as much as it must (and half
        # a step of the search more, so that one of its places fits): the layout leaves that room
        # (`placement.room_for_texts`)
        dx = max(margin, (spots[0][2] - spots[0][0] - (box[2] - box[0]) + SEARCH_STEP) / 2)
        near = Box(box[0] - dx, box[1] - margin, box[2] + dx, box[3] + margin)
        regions = [_meet(safe, box), _meet(safe, near), safe]
        pick = _first_clear(spots, np.concatenate([blocking, edges]), regions, away, np.concatenate([met, edges]))
        if len(edges) and not _clear(pick, np.concatenate([blocking, edges])):
            pick = _first_clear(spots, blocking, regions, away, met)
        # a place out of reach of its box that meets where the others stand (the least-meeting
        # fallback for a text too wide for the room by its box) is no better than one on a mark
        strays = not _inside(_rows([pick]), regions[1])[0] and not _clear(pick, away)
        if not _clear(pick, blocking) or strays:
            found = _anywhere_clear(spots[0], np.concatenate([blocking, away]), safe)
            if found is None:
                crowded.add(key)
            pick = found or pick
        chosen[key] = pick
        met = np.concatenate([met, _rows([pick])])
        blocking = np.concatenate([blocking, _grown(_rows([pick]), gap)])
    return Settled(chosen, frozenset(crowded))


#: Where no spot of a label is clear, places around its first are tried this far apart, out to
#: _REACH from it, nearest first, in batches of _FIRST_BATCH places doubling up to _BATCH (most
#: labels find a clear place among the first few), in units.
SEARCH_STEP = 0.05
_REACH = 3.0
_FIRST_BATCH = 64
_BATCH = 1024
#: How many of the nearest places around each of its spots a label tries (out to about 0.25 units)
#: before it searches farther around its first spot.
_NUDGES = 81
#: Past this many place-and-box tests, a batch of places is tested tile by tile (`_tested`).
_TILED = 1 << 16
#: The most places `_anywhere_clear` tries for a label that has no clear place near its mark.
_ANYWHERE = 20_000


@lru_cache(maxsize=1)
def _offsets() -> np.ndarray:
    """Moves of up to _REACH on a grid _STEP apart, nearest first, as (dx, dy, dx, dy) rows."""
    steps = np.arange(-_REACH, _REACH + SEARCH_STEP / 2, SEARCH_STEP)
    dx, dy = (a.ravel() for a in np.meshgrid(steps, steps))
    distance = np.hypot(dx, dy)
    order = np.argsort(distance, kind="stable")
    order = order[distance[order] <= _REACH + 1e-9]
    return np.stack([dx, dy, dx, dy], axis=1)[order]


def _meet(a: Box, b: Box) -> Box:
    return Box(max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3]))


def _rows(boxes: Iterable[Box]) -> np.ndarray:
    """Boxes as rows of x0, y0, x1, y1."""
    return np.array(list(boxes), dtype=float).reshape(-1, 4)


def _grown(rows: np.ndarray, by: float) -> np.ndarray:
    """Each of `rows` grown by `by` on every side."""
    return rows + np.array([-by, -by, by, by])


def _first_clear(spots: tuple[Box, ...], blocking: np.ndarray, regions: list[Box], away: np.ndarray,
                 met: np.ndarray) -> Box:
    """In each of `regions` in turn (each inside the next): the first of `spots` inside it that
    meets none of `blocking` (in the last region, none of `away` either), else the first clear
    box of its size around the first spot; else the spot or box around it that meets least,
    inside the last region but one, else inside the last, else the first spot. Each place is
    tested once against the boxes near it, whichever region asks (`_Places`); a spot that only
    the gap keeps from being clear (it meets none of `met`, the boxes not grown) is nudged before
    the next spot is tried."""
    places = _Places(spots, blocking, regions[-1], met)
    for k, region in enumerate(regions):
        for rows, meets in places.batches():
            clear = np.flatnonzero(_inside(rows, region) & (meets <= 1e-6))
            if k == len(regions) - 1 and len(clear):  # clear of `away` too
                clear = clear[_tested(rows[clear], away) <= 1e-6]
            if len(clear):
                return _extent(rows[clear[0]])
    fallbacks = [(regions[-2], False)] if len(regions) > 1 else []
    for region, also_away in [*fallbacks, (regions[-1], True)]:  # the place that meets least
        batches = [(rows[m], meets[m]) for rows, meets in places.batches() for m in [_inside(rows, region)] if m.any()]
        if batches:
            rows, meets = (np.concatenate(parts) for parts in zip(*batches, strict=True))
            if also_away:
                meets = meets + _tested(rows, away)
            return _extent(rows[int(np.argmin(meets))])
    return spots[0]


class _Places:
    """A label's spots, each followed by the places nearest it, then the places around its first
    spot farther out, nearest first, inside `outer`: each tested once against the `blocking`
    boxes near its batch, as they are asked for."""

    def __init__(self, spots: tuple[Box, ...], blocking: np.ndarray, outer: Box, met: np.ndarray) -> None:
        own = np.array(spots, dtype=float)
        nudges = _offsets()[:_NUDGES]
        # each spot; one that only the gap keeps from being clear, nudged a little before the next
        # spot; then the places around the first spot farther out
        count("label spots", len(own))  # tested here and again in their batch: counted as tested
        near_only = _tested(own, blocking) > 1e-6
        if near_only.any():
            count("label spots", len(own))
            near_only &= _tested(own, met) <= 1e-6
        self.near = np.concatenate([np.concatenate([spot[None, :], spot[None, :] + nudges[1:]]) if nudge
                                    else spot[None, :] for spot, nudge in zip(own, near_only, strict=True)])
        self.first = own[:1]
        self.total = len(self.near) + len(_offsets()) - _NUDGES
        self.blocking, self.outer = blocking, outer
        self.done: list[tuple[np.ndarray, np.ndarray]] = []
        self.start, self.size = 0, 1  # its first spot on its own: most labels take it

    def places(self, start: int, end: int) -> np.ndarray:
        """Places `start` to `end` in order: those near the spots, then those around the first
        spot farther out, each worked out only when asked for (most labels never go that far)."""
        head = len(self.near)
        if end <= head:
            return self.near[start:end]
        far = self.first + _offsets()[_NUDGES + max(start - head, 0):_NUDGES + end - head]
        return far if start >= head else np.concatenate([self.near[start:], far])

    def batches(self) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """Each batch of places inside `outer`, with the area of `blocking` each meets."""
        yield from self.done
        while self.start < self.total:
            rows = self.places(self.start, self.start + self.size)
            self.start, self.size = self.start + self.size, min(max(2 * self.size, _FIRST_BATCH), _BATCH)
            rows = rows[_inside(rows, self.outer)]
            count("label spots", len(rows))
            self.done.append((rows, _tested(rows, self.blocking)))
            yield self.done[-1]


def _inside(rows: np.ndarray, region: Box) -> np.ndarray:
    """Which of `rows` stand inside `region` (a hair outside counts)."""
    return ((rows[:, 0] >= region[0] - 1e-6) & (rows[:, 1] >= region[1] - 1e-6)
            & (rows[:, 2] <= region[2] + 1e-6) & (rows[:, 3] <= region[3] + 1e-6))


def _tested(rows: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each of `rows`, the area of `boxes` it meets, tested (and counted) only against the
    boxes that reach into the rows' extent; where that is more than `_TILED` tests (a batch spread
    over a crowded board), tile by tile, each tile (a square twice a place's size) against the
    boxes that reach its places."""
    if not len(rows):
        return np.zeros(0)
    near = _meeting(boxes, _around(rows))
    if len(rows) * len(near) <= _TILED:
        count("overlap tests", len(rows) * len(near))
        return _met(rows, near)
    size = max(float(np.max(rows[:, 2] - rows[:, 0])), float(np.max(rows[:, 3] - rows[:, 1])), SEARCH_STEP)
    tile = np.unique(np.floor(rows[:, :2] / (2 * size)), axis=0, return_inverse=True)[1].ravel()
    order = np.argsort(tile, kind="stable")
    found = np.zeros(len(rows))
    for members in np.split(order, np.flatnonzero(np.diff(tile[order])) + 1):
        some = rows[members]
        close = _meeting(near, _around(some))
        count("overlap tests", len(some) * len(close))
        found[members] = _met(some, close)
    return found


def _around(rows: np.ndarray) -> Box:
    return Box(float(rows[:, 0].min()), float(rows[:, 1].min()), float(rows[:, 2].max()), float(rows[:, 3].max()))


def _anywhere_clear(spot: Box, blocking: Sequence[Box] | np.ndarray, safe: Box) -> Box | None:
    """The clear box of `spot`'s size in `safe` nearest `spot`, of those that stand against a
    side of `safe` or of one of `blocking` across both axes; None where there is none. A clear
    box slid left till it meets something, then down, stands so: so with no more than
    `_ANYWHERE` such places (about 70 boxes in `safe`), there is no clear box where none of them
    is clear. The nearest `_ANYWHERE` are tried, nearest first."""
    w, h = spot[2] - spot[0], spot[3] - spot[1]
    boxes = _meeting(np.asarray(blocking, dtype=float).reshape(-1, 4), safe)
    xs = np.unique(np.concatenate([[safe[0], safe[2] - w], boxes[:, 2], boxes[:, 0] - w]))
    ys = np.unique(np.concatenate([[safe[1], safe[3] - h], boxes[:, 3], boxes[:, 1] - h]))
    xs = xs[(xs >= safe[0] - 1e-6) & (xs + w <= safe[2] + 1e-6)]
    ys = ys[(ys >= safe[1] - 1e-6) & (ys + h <= safe[3] + 1e-6)]
    gx, gy = _nearest(xs, ys, spot[0], spot[1], _ANYWHERE)
    places = np.stack([gx, gy, gx + w, gy + h], axis=1)
    for start in range(0, len(places), _BATCH):
        rows = places[start:start + _BATCH]
        count("label spots", len(rows))
        clear = np.flatnonzero(_tested(rows, boxes) <= 1e-6)
        if len(clear):
            return _extent(rows[clear[0]])
    return None


def _nearest(xs: np.ndarray, ys: np.ndarray, x: float, y: float, most: int) -> tuple[np.ndarray, np.ndarray]:
    """The `most` points of the grid `xs` by `ys` (each sorted) nearest (`x`, `y`), nearest first,
    those as near in the grid's order (row by row of `ys`): the first `most` of the whole grid
    sorted stably by distance. Only the points within a square around (x, y) are measured, the
    square doubled until it holds `most` points that near (every point nearer is in it), so a
    label on a board of a thousand boxes does not sort a million places."""
    if not len(xs) or not len(ys):
        return xs[:0], ys[:0]
    reach = max(float(xs[-1] - xs[0]), float(ys[-1] - ys[0]), 1e-3) / 64
    while True:
        ix = np.flatnonzero(np.abs(xs - x) <= reach)
        iy = np.flatnonzero(np.abs(ys - y) <= reach)
        whole = len(ix) == len(xs) and len(iy) == len(ys)
        cx, cy = (a.ravel() for a in np.meshgrid(ix, iy))
        distance = np.hypot(xs[cx] - x, ys[cy] - y)
        within = distance <= reach
        if whole or np.count_nonzero(within) >= most:
            keep = slice(None) if whole else within
            cx, cy, distance = cx[keep], cy[keep], distance[keep]
            order = np.lexsort((cy * len(xs) + cx, distance))[:most]  # by distance, then the grid's order
            return xs[cx[order]], ys[cy[order]]
        reach *= 2


def _met(found: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each of `found`, the area of `boxes` it meets."""
    return overlaps(found, boxes).sum(axis=1)


def _clear(box: Box, blocking: np.ndarray) -> bool:
    """Whether `box` is clear of `blocking` (rows) as `_first_clear` counts clear."""
    return float(_met(_rows([box]), blocking)[0]) <= 1e-6


def _meeting(boxes: np.ndarray, region: Box) -> np.ndarray:
    """The boxes a box inside `region` may meet: those that reach into it (a hair grown, as
    `_inside` lets a box stand a hair outside its region); the rest cannot be met there."""
    by = 1e-3
    return boxes[(boxes[:, 0] < region[2] + by) & (boxes[:, 2] > region[0] - by)
                 & (boxes[:, 1] < region[3] + by) & (boxes[:, 3] > region[1] - by)]


def _extent(row: np.ndarray) -> Box:
    return Box(float(row[0]), float(row[1]), float(row[2]), float(row[3]))
