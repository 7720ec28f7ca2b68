"""Where nothing fits legibly: rows of unequal depth, pictures drawn below their visible size,
texts below the minimum, or one grid."""

from __future__ import annotations

from dataclasses import replace

from lecturekit.boxes import Box
from lecturekit.plan.layout.columns import Block
from lecturekit.plan.layout.measuring import SHRINK_ROUNDS
from lecturekit.plan.layout.model import EPS, MAX_MEASURE, Arrangement, Item, Placed, Role
from lecturekit.plan.layout.search import GROUPED, Search
from lecturekit.work import count

#: The most share of the width the texts take beside the visuals when nothing fits legibly.
TEXT_MOST = 0.64
#: Texts in the grid are measured once, wrapped at this width (units) at their smallest font.
GRID_MEASURE = MAX_MEASURE / 2


class Fallback(Search):
    """The layout's fallbacks, in the order `Content.arrange` tries them."""

    def _unequal(self, step: int) -> Arrangement | None:
        """Where nothing fits at any step: the visuals in rows of unequal depth too (`_least_lines`,
        each one multiple of its least box), at the last step, beside or under the texts or with
        them in two groups; the best by `_score`, or None. Tried only here: where rows of one
        depth fit at some step, they fill their part of the board better."""
        if not self.visuals or self.unequal:
            return None
        self.unequal = True
        self.visuals = self._at(step)
        options = [o for c in (1, 2) if c <= len(self.texts) for o in self._options(step, c)]
        if not options and len(self.items) <= GROUPED:
            options = list(self._groups(step))
        return max(options, key=self._score) if options else None

    def _pictures_shrunk(self, step: int) -> Arrangement | None:
        """Where nothing fits with every visual at its visible size: the texts at this step (the
        last, every text at the minimum or above) and the tables legible, the pictures smaller
        than their visible size where they must be. Of those arrangements, the one showing most
        pictures at their visible size, then the best by `_score`; None where none fits. A
        picture drawn small is seen; a text set below the minimum is not read."""
        self.visuals = self._at(step)
        options = [o for c in (1, 2) if c <= len(self.texts) for o in self._options(step, c, pictures_shrink=True)]
        best = max(options, default=None, key=lambda o: (self._seen(o), self._score(o)))
        self.visuals = self.given
        if best is None:
            return None
        return replace(best, unfit=tuple(v.name for v in self.given if not self._visible(v, best.places[v.name].box)))

    def _grid(self) -> Arrangement:
        """The fallback for a board past holding legibly: the content in arrival order in one
        grid of equal cells (of all column counts, the one whose smallest item is largest), each
        as large as its cell holds. A text is measured once, at its smallest font wrapped at
        `GRID_MEASURE`, and scaled from there: its font and its wrap shrink together, so its
        lines break as measured."""
        area, gap = self.area, self.gap
        items = [i for i in self.items if i.role in (Role.VISUAL, Role.TEXT)]
        measured: dict[str, tuple[float, float, float, float]] = {}  # text -> width, height, font, wrap
        for text in self.texts:
            font = self._font(text, 1 << 20)
            wrap = min(GRID_MEASURE, area.width)
            measured[text.name] = (*self.measure.size(text, wrap, font), font, wrap)
        n = len(items)

        def cells(columns: int) -> tuple[float, float]:
            rows = -(-n // columns)
            return (max(1e-3, (area.width - gap * (columns - 1)) / columns),
                    max(1e-3, (area.height - gap * (rows - 1)) / rows))

        def scale(item: Item, width: float, height: float) -> float:
            """How large the item is set in a cell, against its size alone (at most 1)."""
            if item.name in measured:
                w, h, _, _ = measured[item.name]
                p = 2 * item.padding
                return min(1.0, (width - p) / max(w - p, 1e-9), (height - p) / max(h - p, 1e-9))
            return self._in(item, Box(0, 0, width, height)).width / self._lone(item).width

        def smallest(columns: int) -> float:
            count("layout arrangements")
            return min(scale(i, *cells(columns)) for i in items)

        columns = max(range(1, n + 1), key=lambda c: (round(smallest(c), 6), -c))
        width, height = cells(columns)
        rows = -(-n // columns)
        places: dict[str, Placed] = {}
        unfit: list[str] = []
        for k, item in enumerate(items):
            row, column = divmod(k, columns)
            in_row = min(columns, n - row * columns)
            cx = area.center[0] + (column - (in_row - 1) / 2) * (width + gap)
            cy = area.center[1] + ((rows - 1) / 2 - row) * (height + gap)
            s = max(scale(item, width, height), 1e-3)
            if item.name in measured:
                w, h, font, wrap = measured[item.name]
                p = 2 * item.padding
                places[item.name] = Placed(Box.around(cx, cy, (w - p) * s + p, (h - p) * s + p), font * s,
                                           (wrap - p) * s + p)
                if font * s < self.measure.minimum - 1e-9 or (item.fixed is not None and s < 1 - 1e-9):
                    unfit.append(item.name)
            else:
                places[item.name] = Placed(self._in(item, Box.around(cx, cy, width, height)))
                if not self._visible(item, places[item.name].box):
                    unfit.append(item.name)
        return Arrangement(places, tuple(unfit))

    def _overfull(self, steps: int) -> Arrangement:
        """Nothing fits legibly: the texts take most of the width (or all of it) in the columns
        that need the least shrinking (the block's height against the area's, and its widest text
        against its column: a table shown across the width shrinks to half in two), and shrink
        below the minimum until they fit; the visuals share what is left."""
        area, gap = self.area, self.gap
        width = (area.width - gap) * TEXT_MOST if self.visuals else area.width
        blocks = [self._block(width, area.height, steps, c) for c in (1, 2) if c <= len(self.texts)]

        def column_of(b: Block) -> float:
            return (width - gap * (len(b.widths) - 1)) / len(b.widths)

        # the shrinking each needs: its height's overrun, or its widest text's over its column
        block = min(blocks, key=lambda b: max(b.height / area.height, max(s.width for s in b.texts) / column_of(b)))
        columns, shrink, loose = len(block.widths), 1.0, 1.0
        column = column_of(block)

        def fits(b: Block) -> bool:
            """A paragraph's lines may overrun their measure by a hair, but a block centred in
            the area stays inside it (beside the visuals it takes the hair from the gap)."""
            return (b.height <= area.height + EPS and all(s.width <= column + 1e-3 for s in b.texts)
                    and (bool(self.visuals) or b.width <= width + EPS))

        for _ in range(SHRINK_ROUNDS):  # down until it fits...
            if fits(block):
                break
            over = max(block.height / area.height, max(s.width / column for s in block.texts))
            loose, shrink = shrink, shrink * 0.99 / over
            block = self._block(width, area.height, steps, columns, shrink)
        for _ in range(SHRINK_ROUNDS if fits(block) else 0):  # ...then back up to the largest that fits
            trial = (shrink + loose) / 2
            tried = self._block(width, area.height, steps, columns, trial)
            if fits(tried):
                block, shrink = tried, trial
            else:
                loose = trial
        places: dict[str, Placed] = {}
        x0 = area.x1 - block.width if self.visuals else area.center[0] - block.width / 2
        places.update(block.places(x0, area.center[1] + block.height / 2))
        if self.visuals:
            places.update(self._visual_block(Box(area.x0, area.y0, max(area.x0 + 0.01, x0 - gap), area.y1)))
        unfit = [v.name for v in self.visuals if not self._visible(v, places[v.name].box)]
        unfit += [s.item.name for s in block.texts
                  if s.font < self.measure.minimum - 1e-9 or (s.item.fixed is not None and shrink < 1.0)]
        return Arrangement(places, tuple(unfit))
