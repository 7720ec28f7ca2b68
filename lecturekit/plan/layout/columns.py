"""Texts in columns: the board's one type scale a step at a time, one or two columns (even, or of
unequal widths), the narrowest width texts fit in, a lone formula set larger."""

from __future__ import annotations

import math
from dataclasses import dataclass

from lecturekit.boxes import Box
from lecturekit.plan.layout.measuring import Measure, halved, wrap_in
from lecturekit.plan.layout.model import EPS, MAX_MEASURE, STEP, Arrangement, Item, Placed, Role
from lecturekit.theme import Theme

#: A formula alone on the board may be set up to this many times its font...
LONE_GROWTH = 1.5
#: ...while it spans at most these shares of the content area's width and height.
LONE_SHARE = (0.75, 0.5)
#: Halvings that find the narrowest share the texts fit in beside the visuals.
BISECTIONS = 6
#: The narrowest of two unequal text columns at the body's full size (about 20 characters a
#: line); at a smaller font, narrower in proportion.
NARROWEST_COLUMN = MAX_MEASURE / 3
#: The narrowest column of texts is found to within this width (units).
COLUMN_PRECISION = 1e-3


@dataclass(frozen=True)
class SetText:
    """One text set in a column: size, font, wrap width, and which column."""

    item: Item
    width: float
    height: float
    font: float
    wrap: float
    column: int


@dataclass(frozen=True)
class Block:
    """Texts in one or two columns, top-down in arrival order, each column as wide as its widest."""

    texts: tuple[SetText, ...]
    widths: tuple[float, ...]
    heights: tuple[float, ...]
    gap: float
    fits: bool
    #: Each column's widest hang (`Item.hang`): the edge its texts line up on is that far in.
    hangs: tuple[float, ...] = ()

    @property
    def width(self) -> float:
        return sum(self.widths) + self.gap * (len(self.widths) - 1)

    @property
    def height(self) -> float:
        return max(self.heights)

    @classmethod
    def of(cls, placed: list[SetText], columns: tuple[float, ...], height: float, gap: float) -> Block:
        """The block of texts `placed` in columns of these widths, which fits when every column
        is at most `height` tall and no text is wider than its column."""
        n = len(columns)
        hangs = tuple(max((s.item.hang for s in placed if s.column == c), default=0.0) for c in range(n))
        widths = tuple(max((s.width + hangs[c] - s.item.hang for s in placed if s.column == c), default=0.0)
                       for c in range(n))
        heights = tuple(sum(s.height for s in placed if s.column == c)
                        + gap * (sum(1 for s in placed if s.column == c) - 1) for c in range(n))
        fits = max(heights) <= height + EPS and all(s.width <= columns[s.column] + EPS for s in placed) \
            and all(w <= c + EPS for w, c in zip(widths, columns, strict=True))
        return cls(tuple(placed), widths, heights, gap, fits, hangs)

    def places(self, x0: float, y1: float) -> dict[str, Placed]:
        """Placed with the block's top-left corner at (x0, y1): each column centred down the
        block, its texts flush left on one edge of what is drawn (a boxed formula, a paragraph and
        a derivation under it share one left edge, not three centres; a highlight's room, drawn
        only while emphasised, hangs past it: `Item.hang`)."""
        lefts = [x0 + sum(self.widths[:c]) + self.gap * c for c in range(len(self.widths))]
        tops = [y1 - (self.height - h) / 2 for h in self.heights]  # each column centred in the block
        found = {}
        for s in self.texts:
            left, y = lefts[s.column] + self.hangs[s.column] - s.item.hang, tops[s.column]
            found[s.item.name] = Placed(Box(left, y - s.height, left + s.width, y), s.font, s.wrap)
            tops[s.column] = y - s.height - self.gap
        return found


class Texts:
    """The content area and what goes in it (the state every room of the layout shares), and
    how its texts are set in columns."""

    def __init__(self, items: list[Item], area: Box, theme: Theme, measure: Measure,
                 floor: float | None = None) -> None:
        self.items = items
        self.visuals = [i for i in items if i.role is Role.VISUAL]
        #: The visuals as given: a table's scale is chosen per step (`_at`).
        self.given = self.visuals
        self.texts = [i for i in items if i.role is Role.TEXT]
        self.area = area
        self.theme = theme
        self.measure = measure
        self.gap = theme.board.gap
        #: The texts' common scale at the last step: where the smallest role's text on the board
        #: (shown or not: a new formula does not shrink past the factor shown body text is at) is
        #: at the minimum. A part of the board takes the whole board's.
        self.floor = min(1.0, max((theme.sizes.minimum / (t.base or t.font) for t in self.texts
                                   if (t.base or t.font) > 0), default=1.0)) if floor is None else floor
        #: Whether visuals may go in rows of unequal depth (`_unequal`).
        self.unequal = False

    def _font(self, item: Item, step: int) -> float:
        """A text's font `step` steps down the board's one scale: every text that may shrink is
        set at its role's font (`base`) times one factor (a step is `STEP` of the body font), down
        to `floor`, and never above the font it is given: a new text the placement set at the
        board's scale for its life stays there until the steps pass it. A text already shown keeps
        its font."""
        if item.fixed is not None or item.keeps_font:
            return item.font
        factor = max(self.floor, 1.0 - step * STEP / self.theme.sizes.body)
        return float(min(item.font, item.base * factor)) if item.base > 0 else item.font * factor

    def _block(self, width: float, height: float, step: int, columns: int, shrink: float = 1.0,
               trial: bool = False) -> Block:
        """The texts in `columns` columns within width x height, `step` steps down (and then
        times `shrink`, below the minimum, when nothing else is left). A `trial` stops measuring
        once the texts so far cannot fit (one too wide, or taller than the columns hold), and
        gives a block that does not fit."""
        gap = self.gap
        column = (width - gap * (columns - 1)) / columns
        if trial and column <= 0:
            return Block((), (0.0,) * columns, (float("inf"),) * columns, gap, False)
        sets = []
        tall = 0.0
        hang = max((t.hang for t in self.texts), default=0.0)
        for item in self.texts:
            wrap = wrap_in(item, column - hang + item.hang)  # lined up past the others' hang (`Block.places`)
            font = self._font(item, step)
            w, h = self.measure.size(item, wrap, font * shrink)
            if shrink < 1.0:  # staying on the board wins, even over a shown text's size
                font *= shrink
                if item.fixed is not None:  # its lines shrink; the room around them does not
                    p = 2 * item.padding
                    w, h = (w - p) * shrink + p, (h - p) * shrink + p
            sets.append((item, w, h, font, wrap))
            tall += h + (gap if columns == 1 and len(sets) > 1 else 0.0)
            if trial and (w > column + EPS or tall / columns > height + EPS):
                return Block((), (0.0,) * columns, (float("inf"),) * columns, gap, False)
        split = self._split(sets, columns)
        placed = [SetText(item, w, h, font, wrap, int(i >= split)) for i, (item, w, h, font, wrap) in enumerate(sets)]
        return Block.of(placed, (column,) * columns, height, gap)

    def _across(self, width: float, height: float, step: int, columns: int) -> Block:
        """The texts across the whole `width` in `columns` columns: even columns, or where they
        do not hold the texts, two of unequal widths (`_uneven`) when those do."""
        block = self._block(width, height, step, columns, trial=True)
        if block.fits or columns != 2:
            return block
        return self._uneven(width, height, step) or block

    def _uneven(self, width: float, height: float, step: int) -> Block | None:
        """Two columns of unequal widths: for each cut of the texts (the first k on the left),
        the narrowest width each side fits in at this height, found by halving (a column's fit
        grows with its width); where the two fit side by side, the left column as near half the
        width as that leaves. A wide table of sentences beside a short Panel fits this way at a
        size that even columns, each too narrow for the table, do not give. The first cut that
        fits, or None."""
        room = width - self.gap
        for k in range(1, len(self.texts)):
            sides = (self.texts[:k], self.texts[k:])
            found = [self._narrowest_column(side, room, height, step) for side in sides]
            if found[0] is None or found[1] is None or found[0] + found[1] > room + EPS:
                continue
            left = min(max(room / 2, found[0]), room - found[1])
            sets = self._column(sides[0], left, step, 0)
            taken = max([left] + [s.width for s in sets])  # (a paragraph may overrun its measure by a hair)
            sets += self._column(sides[1], room - left, step, 1)
            block = Block.of(sets, (taken, room - taken), height, self.gap)
            if block.fits:
                return block
        return None

    def _narrowest_column(self, texts: list[Item], room: float, height: float, step: int) -> float | None:
        """The narrowest column, up to `room` wide and no narrower than `NARROWEST_COLUMN` at
        its fonts, that holds `texts` at this height, found by halving to `COLUMN_PRECISION`
        (a column's fit grows with its width). None where no column does."""
        def fits(column: float) -> bool:
            return Block.of(self._column(texts, column, step, 0), (column,), height, self.gap).fits

        least = max(NARROWEST_COLUMN * self._font(t, step) / self.theme.sizes.body for t in texts)
        if least > room or not fits(room):
            return None
        if fits(least):
            return least
        return halved(fits, least, room, math.ceil(math.log2((room - least) / COLUMN_PRECISION)))

    def _column(self, texts: list[Item], column: float, step: int, index: int) -> list[SetText]:
        """`texts` set in one column `column` wide at this step, as column `index`."""
        sets = []
        hang = max((t.hang for t in texts), default=0.0)
        for item in texts:
            wrap = wrap_in(item, column - hang + item.hang)
            font = self._font(item, step)
            sets.append(SetText(item, *self.measure.size(item, wrap, font), font, wrap, index))
        return sets

    def _split(self, sets: list[tuple[Item, float, float, float, float]], columns: int) -> int:
        """Where the second column starts: the split whose taller column is shortest."""
        if columns == 1:
            return len(sets)
        heights = [h for _, _, h, _, _ in sets]

        def taller(k: int) -> float:
            return max(sum(heights[:k]) + self.gap * (k - 1), sum(heights[k:]) + self.gap * (len(heights) - k - 1))

        return min(range(1, len(sets)), key=taller)

    def _narrowest(self, step: int, columns: int) -> Block | None:
        """The texts in `columns` columns at full height, in the narrowest width they fit in
        (halving between the widest word's need and the whole width), or None."""
        area = self.area

        def block(width: float) -> Block:
            return self._block(width, area.height, step, columns, trial=True)

        if not block(area.width).fits:
            return None
        return self._block(halved(lambda w: block(w).fits, 0.0, area.width, BISECTIONS + 2), area.height, step,
                           columns)

    def _lone_formula(self) -> Arrangement | None:
        """A formula alone in the content area, set larger when it has room."""
        if self.visuals or len(self.texts) != 1 or self.texts[0].largest <= self.texts[0].font \
                or self.texts[0].fixed is not None:
            return None
        item = self.texts[0]
        width, height = self.area.width * LONE_SHARE[0], self.area.height * LONE_SHARE[1]
        wrap = min(width, MAX_MEASURE)
        font = item.largest
        while font > item.font:
            w, h = self.measure.size(item, wrap, font)
            if w <= width + EPS and h <= height + EPS:
                return Arrangement({item.name: Placed(Box.around(*self.area.center, w, h), font, wrap)})
            font = max(item.font, font - STEP)
        return None
