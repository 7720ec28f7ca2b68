"""Whether a board can hold its content legibly: the least-area test (it bounds the search; it assumes
how much wrapping loses), items that are apart, and the exact test the audit takes (`overfull`)."""

from __future__ import annotations

from functools import cached_property, partial
from itertools import combinations

from lecturekit.plan.layout.measuring import wrap_in
from lecturekit.plan.layout.model import EPS, Item
from lecturekit.plan.layout.pictures import Pictures
from lecturekit.plan.layout.proof import Piece, overfull

#: Wrapping loses at most this share of a text's unwrapped length (the spaces lines break at).
BREAK_LOSS = 0.9


class Holding(Pictures):
    """The least-area test (`cannot_hold`), which bounds the layout's search, and the exact test
    (`overfull`), which the audit takes."""

    def overfull(self) -> bool:
        """Whether no arrangement in rows and columns holds the content in the area at legible
        sizes (`proof.overfull`, which states what that proves): every visual at its least box
        (its stated minimum, as given: a table at its least legible scale), a text already shown
        at a fixed size its box, one that keeps its font wrapped at any width at that font, and
        every other text wrapped at any width at the board's one type scale where its smallest
        role is at the minimum (`floor`: the body at 25.6 beside a table at 24)."""
        pieces = [Piece(least=self._least_box(v)) for v in self.given]
        for text in self.texts:
            if text.fixed is not None:
                pieces.append(Piece(least=text.fixed))
                continue
            font = text.font if text.keeps_font else text.base * self.floor if text.base > 0 else self.measure.minimum
            pieces.append(Piece(measured=partial(self._measured, text, font)))
        return overfull(pieces, self.area, self.gap)

    def _measured(self, text: Item, font: float, width: float) -> tuple[float, float]:
        """A text's box at `font`, wrapped as the layout wraps it in a column `width` wide."""
        return self.measure.size(text, wrap_in(text, width), font)

    def cannot_hold(self) -> bool:
        """Whether the content area provably cannot hold the content at legible sizes, in any
        arrangement that keeps the layout's gap between items. What it proves, exactly: the boxes
        of any such arrangement, each grown by half a gap on every side, are disjoint and inside
        the area grown by half a gap, so their areas sum to at most that area's, and no two of
        them are apart (`_apart`); each box is at least its least size (a visual at its visible
        size; a text already shown at its size; a text that may be sized at the smallest font
        the search gives it, covering at least its unwrapped area, less the spaces its lines may
        break at, `BREAK_LOSS`, and a box of area A grown by g on two sides is at least
        A + 2g sqrt(A) + g², as w + h >= 2 sqrt(w h)); and
        no item may be wider or taller than the area (a text wrapped at the area's width, or its
        `measure`, is as narrow and as low as it gets: a narrower measure is not lower). The
        test says yes when that least sum is more than the area holds, an item's least side is
        longer than the area's, or two items are apart. Assumed, not proved: a text's lines lose at most
        `BREAK_LOSS` of its unwrapped area (the spaces they break at)."""
        area, g = self.area, self.gap
        need, too_big = 0.0, False
        for visual in self.given:
            w, h = self._least_box(visual)
            need += (w + g) * (h + g)
            too_big |= w > area.width + EPS or h > area.height + EPS
        for text in self.texts:
            w, h = self.measure.size(text, None, self._font(text, 1 << 20))
            if text.fixed is not None:
                need += (w + g) * (h + g)
                too_big |= w > area.width + EPS or h > area.height + EPS
            else:  # no narrower than the area: as wide as that measure, or more (a formula), and as tall
                wide, tall = self.measure.size(text, min(area.width, text.measure), self._font(text, 1 << 20))
                least = max(w * h * BREAK_LOSS, wide * tall if wide > area.width else 0.0)
                need += least + 2 * g * least ** 0.5 + g * g
                too_big |= wide > area.width + EPS or tall > area.height + EPS
        return too_big or need > (area.width + g) * (area.height + g) + EPS or self._apart

    @cached_property
    def _apart(self) -> bool:
        """Whether two items can be neither side by side nor one above the other, at legible
        sizes. Two boxes that keep the gap between them are parted by a line down or across the
        area (boxes whose spans overlap both across and down share area), so a pair cannot both
        be placed when their least widths (each at most the area's height tall) and the gap are
        wider than the area, and their least heights (each at most its width wide) and the gap
        are taller. A visual's least box is its visible size; a text's least width, the
        narrowest column that holds it (`_narrowest_column`, no narrower than the layout's
        `NARROWEST_COLUMN`), its least height, set as wide as the area or its measure allows.
        Exact to `COLUMN_PRECISION` (a third of a pixel at 1080p): the narrowest column is the
        width found to hold the text, the one `_uneven` sets it in, so a pair this says may sit
        side by side, `_uneven` sets so. A text no column of the area holds is apart from
        everything."""
        area, g, last = self.area, self.gap, 1 << 20
        least = [self._least_box(v) for v in self.given]
        for text in self.texts:
            if text.fixed is not None:
                least.append(text.fixed)
                continue
            found = self._narrowest_column([text], area.width, area.height, last)
            if found is None:
                return True
            least.append((found, self.measure.size(text, min(area.width, text.measure), self._font(text, last))[1]))
        return any(a[0] + b[0] + g > area.width + EPS and a[1] + b[1] + g > area.height + EPS
                   for a, b in combinations(least, 2))
