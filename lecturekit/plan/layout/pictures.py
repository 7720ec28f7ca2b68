"""Visuals in rows or columns: each at its visible size or more (`Pictures._least_box`), tables at
the board's type scale, rows that fill the width, cut to one depth or of unequal depths."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from lecturekit.boxes import Box
from lecturekit.plan.layout.columns import LONE_GROWTH, Texts
from lecturekit.plan.layout.model import EPS, Arrangement, Item, Placed
from lecturekit.work import count

T = TypeVar("T")

#: Up to this many visuals on a board try every way to break them into rows (2**(n-1) of them).
EXHAUSTIVE = 6
#: The sizes `_lines` found, by what they hang on (the visuals, the way they are cut, the region's
#: size and the gap): a board's layout asks for the same again at every font step and share of the
#: width, in regions placed differently.
_SIZES: dict[tuple, list[list[tuple[float, float]]]] = {}
#: The places `_visual_block` found, by what they hang on.
_BLOCKS: dict[tuple, dict[str, Placed]] = {}
#: The most results each of `_SIZES` and `_BLOCKS` holds; a full one is emptied.
HELD = 100_000
#: Ways of rows whose smallest visual is within this share of the best's are as good for the
#: pictures; of those, the one with its tables nearest their full size wins (`_visual_block`).
NEAR = 0.95


class Pictures(Texts):
    """How the visuals are laid out, and how small each may be and still be seen."""

    def _at(self, step: int) -> list[Item]:
        """The visuals at this step: a table (an item with a `base` font) set at the board's one
        type scale, the factor its texts are set at (`_font` over `base`), within its legible and
        largest scales; so every table on the board is at one size, and it moves with the texts'.
        Only a table too large for the whole area at that scale is set smaller: to fit the area."""
        factor = min((self._font(t, step) / t.base for t in self.texts if t.base > 0), default=None)
        if factor is None:
            return self.given
        # a table wider (or taller) than the whole area at that scale is set to fit the area, not
        # every text on the board shrunk to its measure
        factor = min([factor] + [v.scale_in(self.area) for v in self.given if v.base > 0 and v.natural is not None])
        return [replace(v, min_scale=(s := min(v.max_scale, max(v.min_scale, factor))), max_scale=s,
                        aspect=(box := v.at(s))[0] / box[1] if v.ring > 0 else v.aspect)  # the ring's room in it
                if v.base > 0 and v.natural is not None else v for v in self.given]

    def _lone(self, visual: Item) -> Box:
        """A visual alone in the content area."""
        return self._in(visual, self.area)

    @staticmethod
    def _in(visual: Item, region: Box) -> Box:
        """A visual as large as `region` holds, no larger than its largest scale, centred in it."""
        box = region.fit(visual.aspect)
        if visual.natural is not None:
            largest = visual.at(visual.max_scale)
            if box.width > largest[0]:
                box = Box.around(*box.center, *largest)
        return box

    def _visible(self, visual: Item, box: Box) -> bool:
        """A table is seen when it is legible; a picture when it is its visible size and at least
        its least height: as drawn in `box` (`Item.drawn`)."""
        box = visual.drawn(box)
        if visual.natural is not None:
            return box.width >= visual.natural[0] * visual.min_scale - EPS
        x0, y0, x1, y1 = self.theme.board.safe
        need = visual.visible * min(x1 - x0, y1 - y0)
        return max(box.width, box.height) >= need - EPS and box.height >= visual.least_height - EPS

    def _visible_width(self, visual: Item) -> float:
        """How narrow a visual can be and still be seen (`_visible`)."""
        return self._least_box(visual)[0]

    def _least_box(self, visual: Item) -> tuple[float, float]:
        """A visual's smallest box that is still seen (`_visible`), its ring's room included."""
        if visual.natural is not None:
            return visual.at(visual.min_scale)
        x0, y0, x1, y1 = self.theme.board.safe
        need = visual.visible * min(x1 - x0, y1 - y0)
        w, h = (need, need / visual.aspect) if visual.aspect >= 1 else (need * visual.aspect, need)
        if h < visual.least_height:
            w, h = visual.least_height * visual.aspect, visual.least_height
        return visual.grown(w, h)

    def _scale(self, name: str, box: Box) -> float:
        item = next(i for i in self.visuals + self.texts if i.name == name)
        return box.width / self._lone(item).width

    def _visual_block(self, region: Box) -> dict[str, Placed]:
        """The visuals laid out in `region` (`_visuals_in`), found once for the same visuals in the
        same region and area: a board's layout asks for it at every font step, laid out again
        with room for its containers' texts, and `check` and `plan` each lay out every board."""
        key = (tuple(self.visuals), self.unequal, region, self.area, self.gap, self.theme.board.safe)
        found = _held(_BLOCKS, key, lambda: self._visuals_in(region))
        return dict(found)

    def _visuals_in(self, region: Box) -> dict[str, Placed]:
        """The visuals in rows (or columns) centred in `region`, in their order: of every way to
        break them into rows, and into columns, the one that shows most of them at their visible
        size; where that is all of them, the one with its tables nearest their full size (a table
        cut below it is text set small, and the board can hold it), each way tried with tables
        free and with tables at their full size, the pictures taking what they leave (`_pinned`);
        then the smallest of them largest, then all of them; but of the ways whose smallest is
        within `NEAR` of the largest smallest, the one with its tables nearest their full size.
        Where no way of rows that fill the width shows them all, rows of unequal depth are tried
        too (`_least_lines`), when the board has come to them (`_unequal`)."""
        found: list[tuple[int, float, float, float, dict[str, Placed]]] = []
        given = self.visuals
        lone = {v.name: self._lone(v).width for v in given}
        ways = [(lines, across) for lines in breaks(len(given)) for across in (True, False)]
        for least in (False, True) if self.unequal else (False,):
            for visuals in (given,) if least else (given, self._pinned(given)):
                self.visuals = visuals  # what `_lines` and `_least_lines` lay out
                for lines, across in ways if visuals else ():
                    places = self._least_lines(region, lines, across) if least \
                        else self._lines(region, lines, across)
                    if places is None:
                        continue
                    count("layout arrangements")
                    scales = [p.box.width / lone[n] for n, p in places.items()]
                    seen = sum(self._visible(v, places[v.name].box) for v in self.visuals)
                    full = min((min(1.0, v.scale_in(places[v.name].box)) for v in given if v.natural is not None),
                               default=1.0)
                    found.append((seen, round(min(scales), 4), sum(scales), round(full, 4), places))
            self.visuals = given
            if found and max(f[0] for f in found) >= len(given):
                break
        if not found:
            return {}
        most = max(f[0] for f in found)
        shown = [f for f in found if f[0] == most]
        if most == len(given):  # the board holds them all: the tables' size first
            fullest = max(f[3] for f in shown)
            shown = [f for f in shown if f[3] >= fullest - EPS]
        largest = max(f[1] for f in shown)
        if largest > 0:  # in a region of no room (titles taller than the board) every scale is 0 or less
            shown = [f for f in shown if f[1] >= NEAR * largest]
        return max(shown, key=lambda f: (f[3], f[1], f[2]))[4]

    @staticmethod
    def _pinned(visuals: list[Item]) -> list[Item]:
        """`visuals` with each table that may be set at its full size (scale 1) held there, the
        pictures beside it taking the rest of its row (`filled`); none where no table may."""
        free = [v.natural is not None and v.min_scale <= 1 < v.max_scale for v in visuals]
        if len(visuals) < 2 or not any(free):
            return []
        return [replace(v, min_scale=1.0, max_scale=1.0,
                        aspect=(box := v.at(1.0))[0] / box[1] if v.ring > 0 else v.aspect) if held else v
                for v, held in zip(visuals, free, strict=True)]

    def _groups_of(self, lines: tuple[int, ...]) -> list[list[Item]]:
        """The visuals cut into runs of `lines` items each, in order."""
        groups, start = [], 0
        for run in lines:
            groups.append(self.visuals[start:start + run])
            start += run
        return groups

    def _lines(self, region: Box, lines: tuple[int, ...], across: bool) -> dict[str, Placed]:
        """The visuals in rows of `lines` items each (`across`), or in columns, centred in
        `region`: every row as tall as fills the width (a table at its largest scale leaving the
        rest of its row to the others), and where they are too tall together, the tallest cut
        down first."""
        groups = self._groups_of(lines)
        key = (tuple(self.visuals), lines, across, region.width, region.height, self.gap)
        sizes = _held(_SIZES, key, lambda: self._line_sizes(groups, region, across))
        return self._laid(region, groups, sizes, across)

    def _line_sizes(self, groups: list[list[Item]], region: Box, across: bool) -> list[list[tuple[float, float]]]:
        """The sizes `_lines` gives the visuals of `groups`: they hang on the region's size alone."""
        gap = self.gap
        width, height = (region.width, region.height) if across else (region.height, region.width)

        def ratio(v: Item) -> float:  # along the line over across it
            return v.aspect if across else 1 / v.aspect

        def largest(v: Item) -> float:  # the deepest a visual is drawn across its line
            if v.natural is None:
                return math.inf
            w, h = self._capped(v, math.inf)
            return h if across else w

        full = [filled([ratio(v) for v in g], [largest(v) for v in g], max(0.0, width - gap * (len(g) - 1)))
                for g in groups]
        held = [max((largest(v) for v in g if v.natural is not None and v.min_scale >= v.max_scale), default=0.0)
                for g in groups]  # a table held at one scale is not cut below it (`_pinned`, `_at`)
        thick = level(full, max(0.0, height - gap * (len(groups) - 1)), held)
        return [[self._capped(v, t * ratio(v) if across else t) for v in g] for g, t in zip(groups, thick, strict=True)]

    def _least_lines(self, region: Box, lines: tuple[int, ...], across: bool) -> dict[str, Placed] | None:
        """The visuals in rows (`across`) or columns as `_lines` cuts them, but each at one
        multiple of its least box (`_least_box`), the largest `region` holds: a row's items
        differ in depth, so a wide short picture and a tall table share a row, each seen, where
        a row of one depth gives the wide one all the width. None where that multiple is under
        1 (some would not be seen)."""
        gap = self.gap
        width, height = (region.width, region.height) if across else (region.height, region.width)
        groups = self._groups_of(lines)
        least = {v.name: self._least_box(v) if across else self._least_box(v)[::-1] for v in self.visuals}
        lengths = [sum(least[v.name][0] for v in g) for g in groups]
        depths = [max(least[v.name][1] for v in g) for g in groups]
        scale = min([(width - gap * (len(g) - 1)) / length for g, length in zip(groups, lengths, strict=True)]
                    + [(height - gap * (len(groups) - 1)) / sum(depths)])
        if scale < 1 - EPS:
            return None
        # a table at that multiple of its least scale (its ring's room does not grow with it), a picture of its box
        sizes = [[v.at(min(v.max_scale, v.min_scale * scale)) if v.natural is not None
                  else self._capped(v, scale * least[v.name][0 if across else 1]) for v in g] for g in groups]
        return self._laid(region, groups, sizes, across)

    def _laid(self, region: Box, groups: list[list[Item]], sizes: list[list[tuple[float, float]]],
              across: bool) -> dict[str, Placed]:
        """The visuals of `groups` at `sizes` (width, height) in rows (`across`) or columns,
        centred in `region`, tables at the smallest size of theirs."""
        gap = self.gap
        # tables on one board are drawn at one size: the smallest of theirs
        common = min((v.drawn(Box(0, 0, w, h)).width / v.natural[0] for g, row in zip(groups, sizes, strict=True)
                      for v, (w, h) in zip(g, row, strict=True) if v.natural is not None), default=None)
        if common is not None:
            sizes = [[v.at(common) if v.natural is not None else size
                      for v, size in zip(g, row, strict=True)] for g, row in zip(groups, sizes, strict=True)]
        depth = [max(h if across else w for w, h in row) for row in sizes]
        total = sum(depth) + gap * (len(groups) - 1)
        places: dict[str, Placed] = {}
        cx, cy = region.center
        done = 0.0  # across the lines, from the first
        for g, row, d in zip(groups, sizes, depth, strict=True):
            length = sum(w if across else h for w, h in row) + gap * (len(row) - 1)
            along = 0.0
            for v, (w, h) in zip(g, row, strict=True):
                if across:  # rows from the top, each from the left
                    box = Box.around(cx - length / 2 + along + w / 2, cy + total / 2 - done - d / 2, w, h)
                    along += w + gap
                else:  # columns from the left, each from the top
                    box = Box.around(cx - total / 2 + done + d / 2, cy + length / 2 - along - h / 2, w, h)
                    along += h + gap
                places[v.name] = Placed(box)
            done += d + gap
        return places

    @staticmethod
    def _capped(visual: Item, width: float) -> tuple[float, float]:
        """Width and height of a visual `width` wide, no larger than its largest scale."""
        if visual.natural is not None:
            width = min(width, visual.at(visual.max_scale)[0])
        width = max(width, 1e-4)
        return width, width / visual.aspect

    def _visuals_alone(self) -> Arrangement:
        if len(self.visuals) == 1 and self.visuals[0].natural is not None:  # a lone table grows as a formula does
            self.visuals = [replace(self.visuals[0], max_scale=self.visuals[0].max_scale * LONE_GROWTH)]
        # a ringed table's box at its largest (the ring's room does not grow with it), as `_at` sets
        # it beside texts: at its own aspect, a wide one's room would eat its height in a row
        self.visuals = [replace(v, aspect=(box := v.at(v.max_scale))[0] / box[1])
                        if v.ring > 0 and v.natural is not None else v for v in self.visuals]
        places = self._visual_block(self.area)
        return Arrangement(places, tuple(n for n, p in places.items()
                                         if not self._visible(self._item(n), p.box)))

    def _item(self, name: str) -> Item:
        return next(i for i in self.visuals + self.texts if i.name == name)


def filled(ratios: list[float], deepest: list[float], length: float) -> float:
    """The depth of a line of things `ratios` long per unit of depth, each no deeper than its
    `deepest`, that fills `length`: the deepest of them where together they cannot fill it. A
    thing at its deepest keeps its length, and the others share what it leaves."""
    depth = length / sum(ratios)
    capped = [k for k, d in enumerate(deepest) if d < depth]
    while capped:
        free = [r for r, d in zip(ratios, deepest, strict=True) if d >= depth]
        if not free:
            return max(deepest)
        depth = (length - sum(ratios[k] * deepest[k] for k in capped)) / sum(free)
        more = [k for k, d in enumerate(deepest) if d < depth]
        if more == capped:
            break
        capped = more
    return depth


def level(wanted: list[float], room: float, held: list[float] | None = None) -> list[float]:
    """`wanted` lengths cut down to share `room`: each is at most one common cap, the largest
    that fits, so the shortest keep what they want; but none below what it `held` (a table held
    at its scale), where what they hold fits: the others share the rest."""
    if sum(wanted) <= room:
        return wanted
    floors = [min(h, w) for h, w in zip(held or [], wanted, strict=True)]
    if any(floors) and sum(floors) < room:
        lo, hi = 0.0, max(wanted)
        for _ in range(60):  # the cap: each line's length max(floor, min(wanted, cap)) grows with it
            cap = (lo + hi) / 2
            lo, hi = (cap, hi) if sum(max(f, min(w, cap)) for f, w in zip(floors, wanted, strict=True)) <= room \
                else (lo, cap)
        return [max(f, min(w, lo)) for f, w in zip(floors, wanted, strict=True)]
    left, cap = room, 0.0
    for k, length in enumerate(sorted(wanted)):
        rest = len(wanted) - k
        if length * rest >= left:
            cap = left / rest
            break
        left -= length
    return [min(w, cap) for w in wanted]


def breaks(n: int) -> list[tuple[int, ...]]:
    """Every way to cut n things in a row into consecutive runs: (n,), (1, n - 1), ...; past
    `EXHAUSTIVE` things, for each number of runs the one way whose runs are most even (the
    longer first): n ways, not 2**(n-1)."""
    if n > EXHAUSTIVE:
        return [tuple(n // runs + (k < n % runs) for k in range(runs)) for runs in range(1, n + 1)]
    if n <= 1:
        return [(n,)]
    found: list[tuple[int, ...]] = []
    for first in range(1, n + 1):
        found += [(first,)] if first == n else [(first, *rest) for rest in breaks(n - first)]
    return found


def _held(store: dict[tuple, T], key: tuple, make: Callable[[], T]) -> T:
    """`store[key]`, made when first asked for; the store emptied when it holds `HELD`. What it
    gives is shared: the callers do not change it."""
    if key not in store:
        if len(store) >= HELD:
            store.clear()
        store[key] = make()
    return store[key]
