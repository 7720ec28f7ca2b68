"""Where top-level objects go: a heading band, a title card, and a content area shared between
visuals (Figure, Axes, Image, Table) and text (Panel, Block, Math, Derivation, Text).

Rules:
- Nothing overlaps; everything stays in the safe area; visuals keep their aspect ratio exactly.
- Every visual is shown at least at its visible size: a picture along its longer side `VISIBLE`
  of the safe area's shorter side (one size on every board: a heading or a title card above it
  leaves less room, not a smaller picture), a table at its smallest legible scale (`min_scale`),
  as drawn: a visual a Box action rings keeps the ring's room inside its box (`Item.ring`), and
  the arrangement gives where it is drawn (`Item.drawn`).
- Text is never set below `Sizes.minimum` (24: in New Computer Modern at 1080p an x-height of
  about 14 px and a cap height of about 23 px; in a 480p draft 6.5 px and 10 px, the size of small
  print on a screen, still read without effort) unless the board cannot hold it: then staying on
  the board wins, and the arrangement names what it could not set legibly (`unfit`).
- One type scale per board: every text that may still be sized is set at its role's font
  (`Item.base`: body for Panel, Block and Text, math for Math and Derivation, at the theme's
  ratio) times one factor, the board's; a table is set at the table font times the same factor,
  kept within its legible and largest sizes (`_Content._at`), so every table on a board is at
  one size that moves with the texts'. A crowded board shrinks its texts together, a step
  (`STEP` of the body font) at a time, until the body text reaches the minimum; a formula never
  shrinks on its own. The placement chooses the factor for the board's whole life
  (`placement._Placer.life`), since a text already shown keeps its size.
- A crowded board gives way in this order: visuals shrink (down to their visible size), then the
  texts run in two columns side by side, then (on a board of up to `GROUPED` objects) the texts
  go in two groups, the first texts with the visuals and the rest in one or two columns on the
  right at full height or along the bottom (`_Content._groups`), and only then do texts shrink,
  a step at a time, down to the minimum; where nothing fits even then, pictures are drawn below
  their visible size, the texts and tables kept legible (`_pictures_shrunk`: a picture drawn
  small is still seen, a text below the minimum is not read), and only where that fails too do
  texts go below the minimum (`_overfull`). Of what fits at a step: the smallest item largest,
  then the sum, then the texts' room (`_score`). Texts across the whole width that two even
  columns do not hold go in two of unequal widths (`_uneven`: each side in the narrowest column
  it fits in, no narrower than `NARROWEST_COLUMN`, the left as near half as that leaves), so a
  wide table of sentences and a short Panel sit side by side at a size even halves do not give.
- Texts beside the visuals take the narrowest share of the width they fit in (halving between
  `TEXT_LEAST` and the widest share that leaves every visual its visible width: a continuous
  choice, not a fixed list), or evenly more up to that widest; or they go under the visuals.
  Visuals in rows or columns, each row as deep as fills the width (a table at its largest scale
  keeps its width and the others share the rest: `_filled`), rows too deep together cut to one
  depth, the deepest first, but a row holding a table held at one scale (the board's, or its
  full size) not below that table (`_level`); visuals alone try each way with their tables free
  and held at their full size (`_pinned`) and, where every visual is seen, take the tables
  nearest their full size first (`_visual_block`: a table is text). Where nothing fits at any
  step, rows of unequal depth too (`_unequal`), each visual one multiple of its least box
  (`_least_lines`: a 3:1 picture beside a tall table, each seen), before pictures are drawn
  below their visible size. Of the arrangements that
  fit at the gentlest step, the one whose smallest item is largest (each item's scale against its
  size alone on the board: a visual's width, a text's font), then the largest in total.
- A lone visual fills the content area (a table up to `LONE_GROWTH` times its largest size); a
  lone formula may be set up to `LONE_GROWTH` times its font, within `LONE_SHARE` of the area
  (only when it stays alone for the board's life: `Item.largest` is 0 otherwise).
- A text set below the minimum is named (`unfit`), whatever arrangement set it there, and the
  arrangement says whether the least-area test proves the board cannot hold its content
  legibly (`Arrangement.proven`, `_Content.cannot_hold`, whose docstring states what it proves,
  with `_Content._apart`: two items that fit neither side by side nor one above the other):
  a text below the minimum on a board it does not rule out is a miss of the search.
- Texts in one column share one left edge of what is drawn (a ring's stroke, a backing's edge, a
  line's first letter), each column centred down its block (`_Block.places`); a highlight's
  room, drawn only while its text is emphasised, hangs past that edge (`Item.hang`).
- What is on the board is centred in the content area, texts and visuals as one group, as it is
  seen (a ringed visual with its ring's room, not the room its box's aspect leaves:
  `_seen_centred`); every box is the size of what it holds (a text's as measured, a visual's at
  its aspect), never stretched into empty room; and while any text is below its role's full
  size, no band of the content area wider than a quarter of it is left empty (held by
  tests/layout_rules.py).
- The narrowest width a group of texts fits in is found by halving (`_shares`, `_narrowest`):
  whether texts fit is a step function of the width (lines break at words), so a root finder
  (scipy's brentq or bisect) would do no better than halving and would add a dependency.

Bounded work: a board of n objects is laid out in at most about n² small steps. Up to `EXHAUSTIVE`
visuals try every way into rows; more try the near-even ways, one for each number of rows. A board
that does not fit at the first step is weighed (`_Content.cannot_hold`: each item's least box,
grown by half a gap); when even that is more than the content area holds, no smaller step is
tried: a board of up to `SEARCHED` objects shrinks its texts below the minimum (`_overfull`), a
larger one is laid out at once in one grid (`_Content._grid`), every text measured once; `check`
says what it could not set legibly. A board of more than `SEARCHED` objects is weighed before the
first step. The texts in two groups are tried only on a board of up to `GROUPED` objects, and only
when they fit at the last step (so at no step when they cannot).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import cached_property
from itertools import combinations

from lecturekit.boxes import Box
from lecturekit.theme import Theme
from lecturekit.work import count

#: wrap width in units (None: unwrapped), font size -> (width, height) in units
TextSize = Callable[[float | None, float], tuple[float, float]]
#: Longest comfortable line for paragraphs, in units.
MAX_MEASURE = 10.5
#: Rounds of shrinking below the minimum size before giving up (sizes are not quite linear).
SHRINK_ROUNDS = 8
#: Texts shrink by this much a step (Manim font size).
STEP = 2.0
#: A picture's smallest visible size: its longer side over the safe area's shorter side.
VISIBLE = 0.3
#: A formula alone on the board may be set up to this many times its font...
LONE_GROWTH = 1.5
#: ...while it spans at most these shares of the content area's width and height.
LONE_SHARE = (0.75, 0.5)
#: The least share of the content area's width the texts take beside the visuals.
TEXT_LEAST = 0.34
#: The most share of the width the texts take beside the visuals when nothing fits legibly.
TEXT_MOST = 0.64
#: Halvings that find the narrowest share the texts fit in beside the visuals.
BISECTIONS = 6
#: Shares tried beside the visuals: the narrowest that fits and evenly more up to the widest.
SHARES_TRIED = 4
#: A title above content takes at most this share of the content area's height.
TITLE_SHARE = 0.35
#: Up to this many visuals on a board try every way to break them into rows (2**(n-1) of them).
EXHAUSTIVE = 6
#: A board of more content objects than this that cannot hold them legibly is laid out in a grid.
SEARCHED = 12
#: A board of up to this many content objects also tries its texts in two groups (`_Content._groups`):
#: nine, measured: one more object costs a crowded board of ten (bench/boards.py) 2.6 times the time.
GROUPED = 9
#: Texts in the grid are measured once, wrapped at this width (units) at their smallest font.
GRID_MEASURE = MAX_MEASURE / 2
#: Ways of rows whose smallest visual is within this share of the best's are as good for the
#: pictures; of those, the one with its tables nearest their full size wins (`_visual_block`).
NEAR = 0.95
#: The narrowest of two unequal text columns at the body's full size (about 20 characters a
#: line); at a smaller font, narrower in proportion.
NARROWEST_COLUMN = MAX_MEASURE / 3
#: The narrowest column of texts is found to within this width (units).
COLUMN_PRECISION = 1e-3
#: Wrapping loses at most this share of a text's unwrapped length (the spaces lines break at).
_BREAK_LOSS = 0.9
_EPS = 1e-6


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
    #: A visual in a lower box is not seen as it should be (a Figure's own label over its plot).
    least_height: float = 0.0
    #: The font of its role in the theme (body, math, table text): the board's type scale is font over base;
    #: a table (a visual with a base) is set at that scale too (`_Content._at`).
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
        return 2 * self.ring if side > 2 * self.ring + _EPS else 0.0

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
    #: Whether the board provably cannot hold its content at legible sizes (`_Content.cannot_hold`,
    #: or a heading or title too long for its band at the minimum): only then is a text unfit,
    #: unless the search missed an arrangement (the tests count those). True where no text is.
    proven: bool = False


def most_arrangements(n: int) -> int:
    """The most arrangements one layout of n objects tries (`count("layout arrangements")`): at
    each of at most 18 font steps, 1 or 2 columns and `SHARES_TRIED` + 1 places for the texts, the visuals both
    in rows and in columns, each of at most max(2**(EXHAUSTIVE - 1), n) ways into rows, each way
    in rows of one depth (their tables free, and held at their full size: `_pinned`) and (where
    those do not show every visual) of unequal depths; on a board of up to `GROUPED` objects, as
    many again for each of the n - 1 ways to cut the texts in two groups, the second in 1 or 2
    columns beside or under the first (`_Content._groups`)."""
    groups = 1 + 2 * 2 * (n - 1) if n <= GROUPED else 1
    return 18 * 2 * (SHARES_TRIED + 1) * 2 * 3 * max(2 ** (EXHAUSTIVE - 1), n) * groups


def arrange(items: list[Item], theme: Theme) -> Arrangement:
    count("board layouts")
    f = theme.board
    sx0, _, sx1, sy1 = f.safe
    places: dict[str, Placed] = {}
    unfit: list[str] = []
    measure = _Measure(theme)
    headings = [i for i in items if i.role is Role.HEADING]
    titles = [i for i in items if i.role is Role.TITLE]
    content = [i for i in items if i.role in (Role.VISUAL, Role.TEXT)]
    for heading in headings:  # one heading band: a newer heading replaces the old (resolve hides it)
        w, h, font = _text_fit(heading, sx1 - sx0, f.heading_band, theme)
        places[heading.name] = Placed(Box.around(0.0, sy1 - f.heading_band / 2, w, h), font, sx1 - sx0)
        unfit += _small(heading, font, theme)
    area = content_area(theme, bool(headings))
    for title in titles:  # a title card alone is centred; above content it takes a band at the top
        room = area.height * (TITLE_SHARE if content else 1.0)
        w, h, font = _text_fit(title, min(area.width, 11.5), room, theme)
        cy = area.y1 - h / 2 if content else area.center[1]
        places[title.name] = Placed(Box.around(area.center[0], cy, w, h), font, min(area.width, 11.5))
        unfit += _small(title, font, theme)
        area = Box(area.x0, area.y0, area.x1, cy - h / 2 - f.gap)
    proven = bool(unfit)
    if content:
        laid = _Content(content, area, theme, measure)
        chosen = laid.arrange()
        places.update(_seen_centred(chosen.places, content))
        unfit += chosen.unfit
        unfit += [i.name for i in content if i.role is Role.TEXT and i.fixed is None and not i.keeps_font
                  and (chosen.places[i.name].font or i.font) < theme.sizes.minimum - 1e-9]
        small = [i.name for i in content if i.role is Role.TEXT and i.name in unfit]
        proven = proven or not small or laid.cannot_hold()
    return Arrangement(places, tuple(dict.fromkeys(n for n in (i.name for i in items) if n in unfit)), proven)


def content_area(theme: Theme, headed: bool) -> Box:
    """The safe area less the heading band when the board has a heading: where titles, visuals
    and texts go."""
    sx0, sy0, sx1, sy1 = theme.board.safe
    return Box(sx0, sy0, sx1, sy1 - theme.board.heading_band - theme.board.gap * 0.5 if headed else sy1)


def _text_fit(item: Item, width: float, height: float, theme: Theme) -> tuple[float, float, float]:
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
        if (w <= width + _EPS and h <= height + _EPS) or font <= theme.sizes.minimum:
            break
        font = max(theme.sizes.minimum, font - STEP)
    for _ in range(SHRINK_ROUNDS):
        if (w <= width + _EPS and h <= height + _EPS) or min(w, h, width, height) <= 0:
            break
        font *= min(width / w, height / h) * 0.99
        w, h = item.size(width, font)
    return w, h, font


def _small(item: Item, font: float, theme: Theme) -> list[str]:
    return [item.name] if item.fixed is None and font < theme.sizes.minimum - 1e-9 else []


class _Measure:
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



@dataclass(frozen=True)
class _Set:
    """One text set in a column: size, font, wrap width, and which column."""

    item: Item
    width: float
    height: float
    font: float
    wrap: float
    column: int


@dataclass(frozen=True)
class _Block:
    """Texts in one or two columns, top-down in arrival order, each column as wide as its widest."""

    texts: tuple[_Set, ...]
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
    def of(cls, placed: list[_Set], columns: tuple[float, ...], height: float, gap: float) -> _Block:
        """The block of texts `placed` in columns of these widths, which fits when every column
        is at most `height` tall and no text is wider than its column."""
        n = len(columns)
        hangs = tuple(max((s.item.hang for s in placed if s.column == c), default=0.0) for c in range(n))
        widths = tuple(max((s.width + hangs[c] - s.item.hang for s in placed if s.column == c), default=0.0)
                       for c in range(n))
        heights = tuple(sum(s.height for s in placed if s.column == c)
                        + gap * (sum(1 for s in placed if s.column == c) - 1) for c in range(n))
        fits = max(heights) <= height + _EPS and all(s.width <= columns[s.column] + _EPS for s in placed) \
            and all(w <= c + _EPS for w, c in zip(widths, columns, strict=True))
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


class _Content:
    """The content area's arrangement (see the module's rules)."""

    def __init__(self, items: list[Item], area: Box, theme: Theme, measure: _Measure,
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

    def arrange(self) -> Arrangement:
        if not self.texts:
            return self._visuals_alone()
        lone = self._lone_formula()
        if lone is not None:
            return lone
        steps = round((1.0 - self.floor) * self.theme.sizes.body / STEP + 0.4999)
        searched = len(self.texts) + len(self.visuals) <= SEARCHED
        holds = searched or not self.cannot_hold()
        grouped: bool | None = None  # whether the texts in two groups fit at the last step (or, so, at any)
        proven = not holds
        for step in range(max(steps, 0) + 1 if holds else 0):
            self.visuals = self._at(step)
            for columns in (1, 2):
                if columns > len(self.texts):
                    continue
                options = list(self._options(step, columns))
                if options:
                    return max(options, key=lambda o: self._score(o))
            if step == 0 and self.cannot_hold():
                proven = True
                break  # no smaller step can hold it either
            if grouped is None:
                grouped = len(self.items) <= GROUPED and bool(self.visuals) \
                    and any(True for _ in self._groups(max(steps, 0)))
            options = list(self._groups(step)) if grouped else []
            if options:
                return max(options, key=lambda o: self._score(o))
        rescued = self._unequal(max(steps, 0)) if searched and not proven else None
        if rescued is not None:
            return rescued
        self.visuals = self.given
        shrunk = self._pictures_shrunk(max(steps, 0)) if searched else None
        if shrunk is not None:
            return shrunk
        return self._overfull(steps) if searched else self._grid()

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

    # ---------------------------------------------------------------- texts

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
               trial: bool = False) -> _Block:
        """The texts in `columns` columns within width x height, `step` steps down (and then
        times `shrink`, below the minimum, when nothing else is left). A `trial` stops measuring
        once the texts so far cannot fit (one too wide, or taller than the columns hold), and
        gives a block that does not fit."""
        gap = self.gap
        column = (width - gap * (columns - 1)) / columns
        if trial and column <= 0:
            return _Block((), (0.0,) * columns, (float("inf"),) * columns, gap, False)
        sets = []
        tall = 0.0
        hang = max((t.hang for t in self.texts), default=0.0)
        for item in self.texts:
            wrap = _wrap(item, column - hang + item.hang)  # lined up past the others' hang (`_Block.places`)
            font = self._font(item, step)
            w, h = self.measure.size(item, wrap, font * shrink)
            if shrink < 1.0:  # staying on the board wins, even over a shown text's size
                font *= shrink
                if item.fixed is not None:  # its lines shrink; the room around them does not
                    p = 2 * item.padding
                    w, h = (w - p) * shrink + p, (h - p) * shrink + p
            sets.append((item, w, h, font, wrap))
            tall += h + (gap if columns == 1 and len(sets) > 1 else 0.0)
            if trial and (w > column + _EPS or tall / columns > height + _EPS):
                return _Block((), (0.0,) * columns, (float("inf"),) * columns, gap, False)
        split = self._split(sets, columns)
        placed = [_Set(item, w, h, font, wrap, int(i >= split)) for i, (item, w, h, font, wrap) in enumerate(sets)]
        return _Block.of(placed, (column,) * columns, height, gap)

    def _across(self, width: float, height: float, step: int, columns: int) -> _Block:
        """The texts across the whole `width` in `columns` columns: even columns, or where they
        do not hold the texts, two of unequal widths (`_uneven`) when those do."""
        block = self._block(width, height, step, columns, trial=True)
        if block.fits or columns != 2:
            return block
        return self._uneven(width, height, step) or block

    def _uneven(self, width: float, height: float, step: int) -> _Block | None:
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
            if found[0] is None or found[1] is None or found[0] + found[1] > room + _EPS:
                continue
            left = min(max(room / 2, found[0]), room - found[1])
            sets = self._column(sides[0], left, step, 0)
            taken = max([left] + [s.width for s in sets])  # (a paragraph may overrun its measure by a hair)
            sets += self._column(sides[1], room - left, step, 1)
            block = _Block.of(sets, (taken, room - taken), height, self.gap)
            if block.fits:
                return block
        return None

    def _narrowest_column(self, texts: list[Item], room: float, height: float, step: int) -> float | None:
        """The narrowest column, up to `room` wide and no narrower than `NARROWEST_COLUMN` at
        its fonts, that holds `texts` at this height, found by halving to `COLUMN_PRECISION`
        (a column's fit grows with its width). None where no column does."""
        def fits(column: float) -> bool:
            return _Block.of(self._column(texts, column, step, 0), (column,), height, self.gap).fits

        least = max(NARROWEST_COLUMN * self._font(t, step) / self.theme.sizes.body for t in texts)
        if least > room or not fits(room):
            return None
        if fits(least):
            return least
        return _halved(fits, least, room, math.ceil(math.log2((room - least) / COLUMN_PRECISION)))

    def _column(self, texts: list[Item], column: float, step: int, index: int) -> list[_Set]:
        """`texts` set in one column `column` wide at this step, as column `index`."""
        sets = []
        hang = max((t.hang for t in texts), default=0.0)
        for item in texts:
            wrap = _wrap(item, column - hang + item.hang)
            font = self._font(item, step)
            sets.append(_Set(item, *self.measure.size(item, wrap, font), font, wrap, index))
        return sets

    def _split(self, sets: list[tuple[Item, float, float, float, float]], columns: int) -> int:
        """Where the second column starts: the split whose taller column is shortest."""
        if columns == 1:
            return len(sets)
        heights = [h for _, _, h, _, _ in sets]

        def taller(k: int) -> float:
            return max(sum(heights[:k]) + self.gap * (k - 1), sum(heights[k:]) + self.gap * (len(heights) - k - 1))

        return min(range(1, len(sets)), key=taller)

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
            if w <= width + _EPS and h <= height + _EPS:
                return Arrangement({item.name: Placed(Box.around(*self.area.center, w, h), font, wrap)})
            font = max(item.font, font - STEP)
        return None

    # ---------------------------------------------------------------- visuals

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
            return box.width >= visual.natural[0] * visual.min_scale - _EPS
        x0, y0, x1, y1 = self.theme.board.safe
        need = VISIBLE * min(x1 - x0, y1 - y0)
        return max(box.width, box.height) >= need - _EPS and box.height >= visual.least_height - _EPS

    def _scale(self, name: str, box: Box) -> float:
        item = next(i for i in self.visuals + self.texts if i.name == name)
        return box.width / self._lone(item).width

    def _visual_block(self, region: Box) -> dict[str, Placed]:
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
        ways = [(lines, across) for lines in _breaks(len(given)) for across in (True, False)]
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
            shown = [f for f in shown if f[3] >= fullest - _EPS]
        largest = max(f[1] for f in shown)
        if largest > 0:  # in a region of no room (titles taller than the board) every scale is 0 or less
            shown = [f for f in shown if f[1] >= NEAR * largest]
        return max(shown, key=lambda f: (f[3], f[1], f[2]))[4]

    @staticmethod
    def _pinned(visuals: list[Item]) -> list[Item]:
        """`visuals` with each table that may be set at its full size (scale 1) held there, the
        pictures beside it taking the rest of its row (`_filled`); none where no table may."""
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
        gap = self.gap
        width, height = (region.width, region.height) if across else (region.height, region.width)
        groups = self._groups_of(lines)

        def ratio(v: Item) -> float:  # along the line over across it
            return v.aspect if across else 1 / v.aspect

        def largest(v: Item) -> float:  # the deepest a visual is drawn across its line
            if v.natural is None:
                return math.inf
            w, h = self._capped(v, math.inf)
            return h if across else w

        full = [_filled([ratio(v) for v in g], [largest(v) for v in g], max(0.0, width - gap * (len(g) - 1)))
                for g in groups]
        held = [max((largest(v) for v in g if v.natural is not None and v.min_scale >= v.max_scale), default=0.0)
                for g in groups]  # a table held at one scale is not cut below it (`_pinned`, `_at`)
        thick = _level(full, max(0.0, height - gap * (len(groups) - 1)), held)
        sizes = [[self._capped(v, t * ratio(v) if across else t) for v in g]
                 for g, t in zip(groups, thick, strict=True)]
        return self._laid(region, groups, sizes, across)

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
        if scale < 1 - _EPS:
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

    # ---------------------------------------------------------------- together

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

    def _groups(self, step: int) -> Iterable[Arrangement]:
        """The texts in two groups, at this step: the visuals with the first texts (beside them
        or under them, as `_options` sets them) in one part of the area, the other texts in
        one or two columns in the rest, on the right at full height (as narrow as they fit
        in) or along the bottom at full width. A text block beside or under the visuals alone
        leaves room empty where the texts are of unequal height: this fills the room beside
        the visuals' texts, or under them."""
        area, gap = self.area, self.gap
        for k in range(1, len(self.texts)):
            near, rest = self.texts[:k], _Content(self.texts[k:], area, self.theme, self.measure, self.floor)
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
        content = _Content(self._at(step) + near, part, self.theme, self.measure, self.floor)
        content.unequal = self.unequal
        options = [o for c in (1, 2) if c <= len(near) for o in content._options(step, c)]
        return max(options, key=content._score) if options else None

    def _beside(self, part: Arrangement | None, block: _Block) -> Iterable[Arrangement]:
        """`part` with the text `block` on its right, the two centred as one group."""
        if part is None:
            return
        used = bounds_of(part.places.values())
        x0 = self.area.center[0] - (used.width + self.gap + block.width) / 2
        places = shifted(part.places, x0 - used.x0, self.area.center[1] - used.center[1])
        texts = block.places(x0 + used.width + self.gap, self.area.center[1] + block.height / 2)
        yield Arrangement({**places, **texts})

    def _under(self, part: Arrangement | None, block: _Block) -> Iterable[Arrangement]:
        """`part` with the text `block` under it, the two centred as one group."""
        if part is None:
            return
        used = bounds_of(part.places.values())
        y1 = self.area.center[1] + (used.height + self.gap + block.height) / 2
        places = shifted(part.places, self.area.center[0] - used.center[0], y1 - used.y1)
        yield Arrangement({**places, **block.places(self.area.center[0] - block.width / 2,
                                                    y1 - used.height - self.gap)})

    def _narrowest(self, step: int, columns: int) -> _Block | None:
        """The texts in `columns` columns at full height, in the narrowest width they fit in
        (halving between the widest word's need and the whole width), or None."""
        area = self.area

        def block(width: float) -> _Block:
            return self._block(width, area.height, step, columns, trial=True)

        if not block(area.width).fits:
            return None
        return self._block(_halved(lambda w: block(w).fits, 0.0, area.width, BISECTIONS + 2), area.height, step,
                           columns)

    def _shares(self, step: int, columns: int) -> list[float]:
        """Shares of the width to try for the texts beside the visuals: the narrowest in which
        they fit (found by halving between `TEXT_LEAST` and the widest share that leaves every
        visual its visible width, the texts' fit growing with their width), and evenly wider
        up to that widest, so the score weighs larger visuals against larger room for texts.
        Each is tried again by the caller."""
        widest = 1.0 - (max(self._visible_width(v) for v in self.visuals) + _EPS) / (self.area.width - self.gap)
        if widest < TEXT_LEAST:
            return [TEXT_LEAST]

        def fits(share: float) -> bool:
            return self._block((self.area.width - self.gap) * share, self.area.height, step, columns,
                               trial=True).fits

        # where not even the widest fits (a paragraph may overrun its measure by a hair), the shares are spread
        hi = TEXT_LEAST if fits(TEXT_LEAST) or not fits(widest) else _halved(fits, TEXT_LEAST, widest, BISECTIONS)
        return [hi + (widest - hi) * k / (SHARES_TRIED - 1) for k in range(SHARES_TRIED)]

    def _visible_width(self, visual: Item) -> float:
        """How narrow a visual can be and still be seen (`_visible`)."""
        return self._least_box(visual)[0]

    def _visible_only(self, places: dict[str, Placed], pictures_shrink: bool = False) -> Iterable[Arrangement]:
        if all(self._visible(v, places[v.name].box) for v in self.visuals
               if not (pictures_shrink and v.natural is None)):
            yield Arrangement(places)

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

    def _seen(self, option: Arrangement) -> int:
        return sum(self._visible(v, option.places[v.name].box) for v in self.visuals)

    def _score(self, option: Arrangement) -> tuple[float, float, float]:
        """The smallest item's scale, then the sum of them, then (where the visuals are the same
        either way) the room the texts take, so they are not squeezed into a narrow column."""
        scales = [self._scale(v.name, option.places[v.name].box) for v in self.visuals]
        scales += [(option.places[t.name].font or t.font) / t.font for t in self.texts if t.font > 0]
        texts = bounds_of(option.places[t.name] for t in self.texts)
        return (round(min(scales), 4), round(sum(scales), 4), texts.width)

    def cannot_hold(self) -> bool:
        """Whether the content area provably cannot hold the content at legible sizes, in any
        arrangement that keeps the layout's gap between items. What it proves, exactly: the boxes
        of any such arrangement, each grown by half a gap on every side, are disjoint and inside
        the area grown by half a gap, so their areas sum to at most that area's, and no two of
        them are apart (`_apart`); each box is at least its least size (a visual at its visible
        size; a text already shown at its size; a text that may be sized at the smallest font
        the search gives it, covering at least its unwrapped area, less the spaces its lines may
        break at, `_BREAK_LOSS`, and a box of area A grown by g on two sides is at least
        A + 2g sqrt(A) + g², as w + h >= 2 sqrt(w h)); and
        no item may be wider or taller than the area (a text wrapped at the area's width, or its
        `measure`, is as narrow and as low as it gets: a narrower measure is not lower). The
        test says yes when that least sum is more than the area holds, an item's least side is
        longer than the area's, or two items are apart. Assumed, not proved: a text's lines lose at most
        `_BREAK_LOSS` of its unwrapped area (the spaces they break at)."""
        area, g = self.area, self.gap
        need, too_big = 0.0, False
        for visual in self.given:
            w, h = self._least_box(visual)
            need += (w + g) * (h + g)
            too_big |= w > area.width + _EPS or h > area.height + _EPS
        for text in self.texts:
            w, h = self.measure.size(text, None, self._font(text, 1 << 20))
            if text.fixed is not None:
                need += (w + g) * (h + g)
                too_big |= w > area.width + _EPS or h > area.height + _EPS
            else:  # no narrower than the area: as wide as that measure, or more (a formula), and as tall
                wide, tall = self.measure.size(text, min(area.width, text.measure), self._font(text, 1 << 20))
                least = max(w * h * _BREAK_LOSS, wide * tall if wide > area.width else 0.0)
                need += least + 2 * g * least ** 0.5 + g * g
                too_big |= wide > area.width + _EPS or tall > area.height + _EPS
        return too_big or need > (area.width + g) * (area.height + g) + _EPS or self._apart

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
        return any(a[0] + b[0] + g > area.width + _EPS and a[1] + b[1] + g > area.height + _EPS
                   for a, b in combinations(least, 2))

    def _least_box(self, visual: Item) -> tuple[float, float]:
        """A visual's smallest box that is still seen (`_visible`), its ring's room included."""
        if visual.natural is not None:
            return visual.at(visual.min_scale)
        x0, y0, x1, y1 = self.theme.board.safe
        need = VISIBLE * min(x1 - x0, y1 - y0)
        w, h = (need, need / visual.aspect) if visual.aspect >= 1 else (need * visual.aspect, need)
        if h < visual.least_height:
            w, h = visual.least_height * visual.aspect, visual.least_height
        return visual.grown(w, h)

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
        that need the least shrinking, and shrink below the minimum until they fit; the visuals
        share what is left."""
        area, gap = self.area, self.gap
        width = (area.width - gap) * TEXT_MOST if self.visuals else area.width
        blocks = [self._block(width, area.height, steps, c) for c in (1, 2) if c <= len(self.texts)]
        block = min(blocks, key=lambda b: max(b.height / area.height, max(s.width for s in b.texts) / width))
        columns, shrink, loose = len(block.widths), 1.0, 1.0
        column = (width - gap * (columns - 1)) / columns

        def fits(b: _Block) -> bool:
            """A paragraph's lines may overrun their measure by a hair, but a block centred in
            the area stays inside it (beside the visuals it takes the hair from the gap)."""
            return (b.height <= area.height + _EPS and all(s.width <= column + 1e-3 for s in b.texts)
                    and (bool(self.visuals) or b.width <= width + _EPS))

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


def _wrap(item: Item, column: float) -> float:
    """The width a text is wrapped at in a column: its measure or the column, the narrower; a text
    already shown that keeps its lines keeps the wrap they were set at (its `measure`), which the
    plan typesets it at (a wrap of the column's set it anew at a later move, in a box of the old size)."""
    if item.fixed is not None and item.measure < math.inf:
        return item.measure
    return min(column, item.measure)


def _halved(fits: Callable[[float], bool], lo: float, hi: float, halvings: int) -> float:
    """The least value in (lo, hi] that `fits`, to within (hi - lo) / 2**halvings, found by
    halving; `fits(hi)` holds and fitting grows with the value (lines break at words, so a root
    finder would do no better)."""
    for _ in range(max(halvings, 0)):
        middle = (lo + hi) / 2
        lo, hi = (lo, middle) if fits(middle) else (middle, hi)
    return hi


def _filled(ratios: list[float], deepest: list[float], length: float) -> float:
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


def _level(wanted: list[float], room: float, held: list[float] | None = None) -> list[float]:
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


def _breaks(n: int) -> list[tuple[int, ...]]:
    """Every way to cut n things in a row into consecutive runs: (n,), (1, n - 1), ...; past
    `EXHAUSTIVE` things, for each number of runs the one way whose runs are most even (the
    longer first): n ways, not 2**(n-1)."""
    if n > EXHAUSTIVE:
        return [tuple(n // runs + (k < n % runs) for k in range(runs)) for runs in range(1, n + 1)]
    if n <= 1:
        return [(n,)]
    found: list[tuple[int, ...]] = []
    for first in range(1, n + 1):
        found += [(first,)] if first == n else [(first, *rest) for rest in _breaks(n - first)]
    return found


def _seen_centred(places: dict[str, Placed], content: list[Item]) -> dict[str, Placed]:
    """The content where it is drawn (`Item.drawn`), moved as one so that what is seen (a ringed
    visual with its ring's room) is centred where its boxes were. A ringed picture's box keeps its
    aspect (`Item.grown`), so along its longer side the room beside it is more than the ring's:
    centred by boxes, a board with a wide ringed picture at one end stands off the middle."""
    drawn = {i.name: replace(places[i.name], box=i.drawn(places[i.name].box),
                             wrap=_less(places[i.name].wrap, 2 * i.ring if i.role is Role.TEXT else 0.0))
             for i in content}
    seen = []
    for i in content:
        box, ink = places[i.name].box, drawn[i.name].box
        seen.append(Placed(Box(max(box.x0, ink.x0 - i.ring), max(box.y0, ink.y0 - i.ring),
                               min(box.x1, ink.x1 + i.ring), min(box.y1, ink.y1 + i.ring))))
    given, shown = bounds_of(places[i.name] for i in content), bounds_of(seen)
    dx, dy = (given.center[k] - shown.center[k] for k in (0, 1))
    return shifted(drawn, dx, dy) if abs(dx) > _EPS or abs(dy) > _EPS else drawn


def _less(wrap: float | None, room: float) -> float | None:
    """A wrap width less the room a table set as text keeps for its ring (it is set in the rest)."""
    return wrap - room if wrap is not None and room > 0 else wrap


def bounds_of(places: Iterable[Placed]) -> Box:
    """The box around every place."""
    boxes = [p.box for p in places]
    return Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes), max(b.x1 for b in boxes), max(b.y1 for b in boxes))


def shifted(places: dict[str, Placed], dx: float, dy: float) -> dict[str, Placed]:
    """Every place moved by (dx, dy), its font and wrap kept."""
    return {n: Placed(Box(p.box.x0 + dx, p.box.y0 + dy, p.box.x1 + dx, p.box.y1 + dy), p.font, p.wrap)
            for n, p in places.items()}
