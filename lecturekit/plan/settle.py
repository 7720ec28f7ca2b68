"""Where a Figure's or an Axes' labels settle: each on the first of the spots its kind's outline
offers that meets nothing on the board, else on the clear place nearest it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

import numpy as np

from lecturekit.boxes import Box, overlaps
from lecturekit.kinds.outline import Outline
from lecturekit.work import count


def settle(outlines: list[tuple[str, Outline]], taken: list[Box], safe: Box, bounds: Box | None = None,
           margin: float = 0.0, beside: Iterable[Box] = (), lines: Sequence[Box] = (), gap: float = 0.0
           ) -> dict[tuple[str, int], Box]:
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
    a label is less bad than a label on a mark, a number or another label."""
    chosen: dict[tuple[str, int], Box] = {}
    legend: list[tuple[tuple[str, int], tuple[Box, ...]]] = []  # (child, mark) and its spots
    wanted: list[tuple[tuple[str, int], tuple[Box, ...]]] = []
    for name, outline in outlines:
        if outline.spots:
            wanted.append(((name, -1), outline.spots))
        for k, (kind, spots) in enumerate(outline.marks):
            (legend if kind == "legend" else wanted).append(((name, k), spots))
    blocking = [_grown(b, gap) for b in (*taken, *(p for _, outline in outlines for p in outline.pieces))]
    box = safe if bounds is None else bounds
    away = [_grown(other, margin) for other in beside]
    for key, spots in legend + wanted:
        # a text wider than its container stands out of it evenly, by as much as it must (and half
        # a step of the search more, so that one of its places fits): the layout leaves that room
        # (`placement.room_for_texts`)
        dx = max(margin, (spots[0][2] - spots[0][0] - (box[2] - box[0]) + SEARCH_STEP) / 2)
        near = Box(box[0] - dx, box[1] - margin, box[2] + dx, box[3] + margin)
        regions = [_meet(safe, box), _meet(safe, near), safe]
        pick = _first_clear(spots, [*blocking, *lines], regions, away)
        if lines and not _clear(pick, [*blocking, *lines]):
            pick = _first_clear(spots, blocking, regions, away)
        chosen[key] = pick
        blocking.append(_grown(pick, gap))
    return chosen


#: Where no spot of a label is clear, places around its first are tried this far apart, out to
#: _REACH from it, nearest first, _BATCH at a time, in units.
SEARCH_STEP = 0.05
_REACH = 3.0
_BATCH = 1024


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


def _grown(box: Box, by: float) -> Box:
    return Box(box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def _first_clear(spots: tuple[Box, ...], blocking: list[Box], regions: list[Box], away: list[Box]
                 ) -> Box:
    """In each of `regions` in turn: the first of `spots` inside it that meets none of
    `blocking` (in the last region, none of `away` either), else the first clear box of its size
    around the first spot; else the spot or box around it that meets least, inside the first two
    regions where one fits, else inside any, else the first spot."""
    near = np.array(blocking, dtype=float).reshape(-1, 4)
    boxes = near

    def clear_inside(found: np.ndarray, region: Box) -> tuple[np.ndarray, np.ndarray]:
        """Those of `found` inside `region`, and how much of the blocking boxes each meets."""
        found = found[(found[:, 0] >= region[0] - 1e-6) & (found[:, 1] >= region[1] - 1e-6)
                      & (found[:, 2] <= region[2] + 1e-6) & (found[:, 3] <= region[3] + 1e-6)]
        count("label spots", len(found))
        count("overlap tests", len(found) * len(boxes))
        return found, _met(found, boxes)

    around = np.array(spots[0], dtype=float)[None, :] + _offsets()
    least: tuple[float, Box] | None = None
    for k, region in enumerate(regions):
        boxes = near if k < len(regions) - 1 else np.concatenate([near, np.array(away, dtype=float).reshape(-1, 4)])
        boxes = _meeting(boxes, region)
        inside, meets = clear_inside(np.array(spots, dtype=float), region)
        if len(inside) and meets.min() <= 1e-6:
            return _extent(inside[int(np.flatnonzero(meets <= 1e-6)[0])])
        tried = [(inside, meets)]
        for start in range(0, len(around), _BATCH):
            found, amounts = clear_inside(around[start:start + _BATCH], region)
            if len(found) and amounts.min() <= 1e-6:
                return _extent(found[int(np.flatnonzero(amounts <= 1e-6)[0])])
            tried.append((found, amounts))
        if least is None or k < len(regions) - 1:
            least = min(((float(m.min()), _extent(f[int(np.argmin(m))])) for f, m in tried if len(f)),
                        key=lambda pair: pair[0], default=least)
    return least[1] if least is not None else spots[0]


def _met(found: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each of `found`, the area of `boxes` it meets."""
    return overlaps(found, boxes).sum(axis=1)


def _clear(box: Box, blocking: list[Box]) -> bool:
    """Whether `box` is clear of `blocking` as `_first_clear` counts clear."""
    return float(_met(np.array([box], dtype=float), np.array(blocking, dtype=float).reshape(-1, 4))[0]) <= 1e-6


def _meeting(boxes: np.ndarray, region: Box) -> np.ndarray:
    """The boxes a box inside `region` may meet: those that reach into it (a hair grown, as
    `clear_inside` lets a box stand a hair outside its region); the rest cannot be met there."""
    by = 1e-3
    return boxes[(boxes[:, 0] < region[2] + by) & (boxes[:, 2] > region[0] - by)
                 & (boxes[:, 1] < region[3] + by) & (boxes[:, 3] > region[1] - by)]


def _extent(row: np.ndarray) -> Box:
    return Box(float(row[0]), float(row[1]), float(row[2]), float(row[3]))
