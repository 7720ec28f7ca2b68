"""The search: texts beside or under the visuals at a step, in one or two columns, or in two groups."""

from __future__ import annotations

from collections.abc import Iterable

from lecturekit.boxes import Box
from lecturekit.plan.layout.columns import BISECTIONS, Block
from lecturekit.plan.layout.measuring import halved
from lecturekit.plan.layout.model import EPS, Arrangement, Item, bounds_of, shifted
from lecturekit.plan.layout.scoring import Scoring

#: The least share of the content area's width the texts take beside the visuals.
TEXT_LEAST = 0.34
#: Shares tried beside the visuals: the narrowest that fits and evenly more up to the widest.
SHARES_TRIED = 4
#: A board of up to this many content objects also tries its texts in two groups (`Content._groups`):
#: nine, measured: one more object costs a crowded board of ten (bench/boards.py) 2.6 times the time.
GROUPED = 9


class Search(Scoring):
    """Every arrangement that fits at a step."""

    def _options(self, step: int, columns: int, pictures_shrink: bool = False) -> Iterable[Arrangement]:
        """Every arrangement at this step and this many columns that fits, its visuals visible
        (with `pictures_shrink`, its tables: a picture may be smaller than its visible size)."""
        area, gap = self.area, self.gap
        if not self.visuals:
            block = self._across(area.width, area.height, step, columns)
            if block.fits:
                yield Arrangement(block.places(area.center[0] - block.width / 2, area.center[1] + block.height / 2))
            return
        seen = set()
        for share in self._shares(step, columns):  # texts beside the visuals (on their right)
            block = self._block((area.width - gap) * share, area.height, step, columns, trial=True)
            if not block.fits or block.width in seen:
                continue
            seen.add(block.width)
            room = area.width - gap - block.width
            visuals = self._visual_block(Box(area.x0, area.y0, area.x0 + room, area.y1))
            used = bounds_of(visuals.values())
            x0 = area.center[0] - (used.width + gap + block.width) / 2
            visuals = shifted(visuals, x0 - used.x0, 0.0)
            texts = block.places(x0 + used.width + gap, area.center[1] + block.height / 2)
            yield from self._visible_only({**visuals, **texts}, pictures_shrink)
        block = self._across(area.width, area.height, step, columns)  # texts under the visuals
        room = area.height - gap - block.height
        if block.fits and room > 0:
            visuals = self._visual_block(Box(area.x0, area.y1 - room, area.x1, area.y1))
            used = bounds_of(visuals.values())
            y1 = area.center[1] + (used.height + gap + block.height) / 2
            visuals = shifted(visuals, 0.0, y1 - used.y1)
            texts = block.places(area.center[0] - block.width / 2, y1 - used.height - gap)
            yield from self._visible_only({**visuals, **texts}, pictures_shrink)

    def _shares(self, step: int, columns: int) -> list[float]:
        """Shares of the width to try for the texts beside the visuals: the narrowest in which
        they fit (found by halving between `TEXT_LEAST` and the widest share that leaves every
        visual its visible width, the texts' fit growing with their width), and evenly wider
        up to that widest, so the score weighs larger visuals against larger room for texts.
        Each is tried again by the caller."""
        widest = 1.0 - (max(self._visible_width(v) for v in self.visuals) + EPS) / (self.area.width - self.gap)
        if widest < TEXT_LEAST:
            return [TEXT_LEAST]

        def fits(share: float) -> bool:
            return self._block((self.area.width - self.gap) * share, self.area.height, step, columns,
                               trial=True).fits

        # where not even the widest fits (a paragraph may overrun its measure by a hair), the shares are spread
        hi = TEXT_LEAST if fits(TEXT_LEAST) or not fits(widest) else halved(fits, TEXT_LEAST, widest, BISECTIONS)
        return [hi + (widest - hi) * k / (SHARES_TRIED - 1) for k in range(SHARES_TRIED)]

    def _groups(self, step: int) -> Iterable[Arrangement]:
        """The texts in two groups, at this step: the visuals with the first texts (beside them
        or under them, as `_options` sets them) in one part of the area, the other texts in
        one or two columns in the rest, on the right at full height (as narrow as they fit
        in) or along the bottom at full width. A text block beside or under the visuals alone
        leaves room empty where the texts are of unequal height: this fills the room beside
        the visuals' texts, or under them. With no visual the first texts take their part
        alone: a wide text (a table of sentences set across the width) over the rest in two
        columns, which neither one column nor two across the board hold (the wide text fits in
        no half)."""
        area, gap = self.area, self.gap
        for k in range(1, len(self.texts)):
            near, rest = self.texts[:k], type(self)(self.texts[k:], area, self.theme, self.measure, self.floor)
            for columns in (1, 2) if len(rest.texts) > 1 else (1,):
                beside = rest._narrowest(step, columns)
                if beside is not None:
                    part = Box(area.x0, area.y0, area.x1 - beside.width - gap, area.y1)
                    yield from self._beside(self._part(near, part, step), beside)
                under = rest._across(area.width, area.height, step, columns)
                if under.fits and area.height - under.height - gap > 0:
                    part = Box(area.x0, area.y0 + under.height + gap, area.x1, area.y1)
                    yield from self._under(self._part(near, part, step), under)

    def _part(self, near: list[Item], part: Box, step: int) -> Arrangement | None:
        """The visuals and the texts `near` them laid out in `part` of the area at this step:
        the best of `_options`, or None when nothing fits."""
        if min(part.width, part.height) <= self.gap:
            return None
        content = type(self)(self._at(step) + near, part, self.theme, self.measure, self.floor)
        content.unequal = self.unequal
        options = [o for c in (1, 2) if c <= len(near) for o in content._options(step, c)]
        return max(options, key=content._score) if options else None

    def _beside(self, part: Arrangement | None, block: Block) -> Iterable[Arrangement]:
        """`part` with the text `block` on its right, the two centred as one group."""
        if part is None:
            return
        used = bounds_of(part.places.values())
        x0 = self.area.center[0] - (used.width + self.gap + block.width) / 2
        places = shifted(part.places, x0 - used.x0, self.area.center[1] - used.center[1])
        texts = block.places(x0 + used.width + self.gap, self.area.center[1] + block.height / 2)
        yield Arrangement({**places, **texts})

    def _under(self, part: Arrangement | None, block: Block) -> Iterable[Arrangement]:
        """`part` with the text `block` under it, the two centred as one group."""
        if part is None:
            return
        used = bounds_of(part.places.values())
        y1 = self.area.center[1] + (used.height + self.gap + block.height) / 2
        places = shifted(part.places, self.area.center[0] - used.center[0], y1 - used.y1)
        yield Arrangement({**places, **block.places(self.area.center[0] - block.width / 2,
                                                    y1 - used.height - self.gap)})
