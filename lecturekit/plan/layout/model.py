"""What the layout places and what it gives back: items, their places, the arrangement."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from lecturekit.boxes import Box
from lecturekit.kinds.base import VISIBLE

#: wrap width in units (None: unwrapped), font size -> (width, height) in units
TextSize = Callable[[float | None, float], tuple[float, float]]
#: Longest comfortable line for paragraphs, in units.
MAX_MEASURE = 10.5
#: Texts shrink by this much a step (Manim font size).
STEP = 2.0
EPS = 1e-6


class Role(StrEnum):
    TITLE = "title"
    HEADING = "heading"
    VISUAL = "visual"
    TEXT = "text"


@dataclass(frozen=True)
class Item:
    """Something to place. A text gives `size`; a visual its `aspect` and scale limits, where
    `natural` is its size at scale 1 (tables: typeset at the body size)."""

    name: str
    role: Role
    font: float = 0.0
    size: TextSize | None = None
    aspect: float = 1.0
    natural: tuple[float, float] | None = None
    min_scale: float = 0.0
    max_scale: float = float("inf")
    #: A text already on the board keeps its size: (width, height).
    fixed: tuple[float, float] | None = None
    #: A paragraph already on the board may wrap anew, but keeps its font.
    keeps_font: bool = False
    #: A formula may grow up to this font when it is alone on the board (0: it does not grow).
    largest: float = 0.0
    #: The box around a text's lines (a Panel's), in units: it does not scale with the font.
    padding: float = 0.0
    #: A visual in a lower box is not seen as it should be (a Figure's own label over its plot,
    #: its labels stacked: `kinds.base.Least`).
    least_height: float = 0.0
    #: The least height a diagram yields to on a board that cannot hold its texts legibly with it at
    #: `least_height` (its labels stacked yield, its own label's band does not: `arrange`).
    crowded_height: float = math.inf
    #: A picture drawn smaller along its longer side than this share of the safe area's shorter
    #: side is not seen (`kinds.base.Least.longer`).
    visible: float = VISIBLE
    #: The font of its role in the theme (body, math, table text): the board's type scale is font over base;
    #: a table (a visual with a base) is set at that scale too (`Content._at`).
    base: float = 0.0
    #: The widest a text is wrapped at: a paragraph's comfortable measure; a table set as text,
    #: as wide as its column (its own columns keep its lines short).
    measure: float = MAX_MEASURE
    #: Room (units) inside a text's box round its lines where nothing is drawn at rest (an emphasis
    #: highlight's): a column lines its texts up by what is drawn, so this hangs past its edge.
    hang: float = 0.0
    #: The room (units) a visual a Box action rings keeps for the ring on each side inside the box
    #: it is given: it is drawn that much smaller (`drawn`), and it is seen, and a table legible, as
    #: drawn; its box is its drawing and the room (`grown`, `at`).
    ring: float = 0.0

    def drawn(self, box: Box) -> Box:
        """Where a visual is drawn in `box`, centred: a picture `ring` smaller on each side, its
        aspect kept, a side too short to lose the room on both ends (a 1:20 picture) keeping its
        length; a table as large as the box holds with the room (`at`); a table set as text, its
        box less the room (measured with it: `placement._table`)."""
        if self.ring <= 0:
            return box
        if self.role is Role.TEXT:
            return Box(box.x0 + self.ring, box.y0 + self.ring, box.x1 - self.ring, box.y1 - self.ring)
        if self.natural is not None:
            scale = self.scale_in(box)
            return Box.around(*box.center, self.natural[0] * scale, self.natural[1] * scale)
        dx, dy = (self.ring if side > 4 * self.ring else 0.0 for side in (box.width, box.height))
        return Box(box.x0 + dx, box.y0 + dy, box.x1 - dx, box.y1 - dy).fit(box.width / box.height)

    def grown(self, width: float, height: float) -> tuple[float, float]:
        """The box of a picture's aspect in which it is drawn `width` by `height` (`drawn`): as
        large again as the ring's room on the side that loses it."""
        short, long = sorted((width, height))
        side = short if short > 2 * self.ring else long if long > 2 * self.ring else 0.0
        factor = 1 + 2 * self.ring / side if self.ring > 0 and side > 0 else 1.0
        return width * factor, height * factor

    def scale_in(self, box: Box) -> float:
        """The largest scale a table is drawn at in `box`, with the ring's room (`at`)."""
        assert self.natural is not None
        return min(self._within(side) / n for side, n in zip((box.width, box.height), self.natural, strict=True))

    def at(self, scale: float) -> tuple[float, float]:
        """The box in which a table is drawn at `scale` (`drawn`): its size and the ring's room
        on each side long enough to lose it."""
        assert self.natural is not None
        width, height = (n * scale for n in self.natural)
        return width + self._room(width), height + self._room(height)

    def _room(self, side: float) -> float:
        """The room a table's side of this length keeps: none for a side of two rings or less."""
        return 2 * self.ring if side > 2 * self.ring + EPS else 0.0

    def _within(self, side: float) -> float:
        """The longest side of a table a box's side of this length holds with its room (`_room`)."""
        if self.ring <= 0:
            return side
        return side - 2 * self.ring if side > 4 * self.ring else min(side, 2 * self.ring)


@dataclass(frozen=True)
class Placed:
    box: Box
    #: Font size and wrap width (units) for texts; None for visuals.
    font: float | None = None
    wrap: float | None = None


@dataclass(frozen=True)
class Arrangement:
    places: dict[str, Placed]
    #: What the board could not hold legibly: texts set below the minimum size, visuals shown
    #: below their visible size (in the order given).
    unfit: tuple[str, ...] = ()
    #: Whether the board provably cannot hold its content at legible sizes (`Content.cannot_hold`,
    #: `overfull`, or a heading or title too long for its band at the minimum): only then is a text unfit,
    #: unless the search missed an arrangement (the tests count those). True where no text is.
    proven: bool = False
    #: Whether the exact test proves that no arrangement in rows and columns holds the content with
    #: its texts at the minimum or above (`Holding.overfull`, `proof.overfull`): the one board on
    #: which the audit lets a text stand below the minimum. Weighed only where a text is set below it.
    overfull: bool = False


def bounds_of(places: Iterable[Placed]) -> Box:
    """The box around every place."""
    boxes = [p.box for p in places]
    return Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes), max(b.x1 for b in boxes), max(b.y1 for b in boxes))


def shifted(places: dict[str, Placed], dx: float, dy: float) -> dict[str, Placed]:
    """Every place moved by (dx, dy), its font and wrap kept."""
    return {n: Placed(Box(p.box.x0 + dx, p.box.y0 + dy, p.box.x1 + dx, p.box.y1 + dy), p.font, p.wrap)
            for n, p in places.items()}


def inside(boxes: Iterable[Box], area: Box) -> list[Box]:
    """The parts of `boxes` inside `area` (those with any)."""
    return [b for b in (Box(max(b.x0, area.x0), max(b.y0, area.y0), min(b.x1, area.x1), min(b.y1, area.y1))
                        for b in boxes) if b.x1 > b.x0 and b.y1 > b.y0]


def empty_bands(boxes: Sequence[Box], area: Box) -> tuple[float, float]:
    """The widest band of `area` no box reaches into: across it (as a share of its height) and
    down it (as a share of its width)."""
    clipped = inside(boxes, area)
    return (_widest_gap([(b.y0, b.y1) for b in clipped], area.y0, area.y1),
            _widest_gap([(b.x0, b.x1) for b in clipped], area.x0, area.x1))


def _widest_gap(spans: Iterable[tuple[float, float]], low: float, high: float) -> float:
    if high <= low:
        return 0.0
    widest, reached = 0.0, low
    for a, b in sorted(spans):
        widest = max(widest, a - reached)
        reached = max(reached, b)
    return max(widest, high - reached) / (high - low)
