"""Typesetting decisions for text objects: their Typst bodies, labels for parts, and sizes."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from lecturekit.kinds import TableSpec, kind_def
from lecturekit.plan.measure import measure
from lecturekit.syntax.nodes import Part, Spec
from lecturekit.theme import Theme
from lecturekit.typst.source import body_for, cell, inline_math, laid_out_in, line_label, prose, unbreakable

PT = 1 / 960  # units per pt at font size 1 (Manim's SCALE_FACTOR_PER_FONT_POINT)


@dataclass(frozen=True)
class Typeset:
    """A text object as it will be drawn: its body, its size in units, and its labels."""

    body: str
    font: float
    width: float
    height: float
    #: (part, label) for every part an action names that was found in the text.
    parts: tuple[tuple[Part, str], ...] = ()
    lines: int = 0
    padding: float = 0.0
    #: Room around the box (a Panel's backing, else the lines' ink) kept for what is drawn around
    #: it: a Box action's ring or an emphasis highlight (`room_around`).
    margin: float = 0.0

    @property
    def inset(self) -> float:
        """How far the lines' ink stands inside the box the layout gives the text."""
        return self.padding + self.margin

    def label_of(self, part: Part | None) -> str | None:
        return dict(self.parts).get(part) if part is not None else None

    @property
    def line_labels(self) -> list[str]:
        return [line_label(index) for index in range(self.lines)]

    @property
    def labels(self) -> list[str]:
        """Every label in the body: the parts', then the lines'."""
        return [label for _, label in self.parts] + self.line_labels


def typeset(spec: Spec, parts: list[Part], font: float, wrap: float | None, theme: Theme, margin: float = 0.0
            ) -> Typeset:
    """Typeset at `font`; prose wraps at `wrap` units (less the padding of a boxed text and the
    `margin` kept around it)."""
    style = kind_def(spec.kind).text
    padding = theme.board.panel_padding if style is not None and style.padded else 0.0
    wraps = style is not None and style.wraps
    wrap_pt = (wrap - 2 * (padding + margin)) / (font * PT) if wraps and wrap is not None else None
    body, found, lines = body_for(spec, parts, wrap_pt)
    w_pt, h_pt = measure(body)
    if wraps and wrap_pt is not None and style is not None and style.shrinks:
        # measure the lines themselves, not the width they were allowed
        natural_pt, _ = measure(body_for(spec, parts, None)[0])
        if natural_pt < wrap_pt:
            body, found, lines = body_for(spec, parts, natural_pt + 1)
            w_pt, h_pt = measure(body)
    if wraps and wrap_pt is not None and spec.text:
        # a word longer than the line (a German compound) would run past the wrap: the lines are
        # set as wide as it, so that the body's frame, by which it is painted, holds all its ink
        widest, _ = measure(unbreakable(spec.text))
        if widest > w_pt:
            body, found, lines = body_for(spec, parts, widest + 1)
            w_pt, h_pt = measure(body)
    scale = font * PT
    inset = padding + margin
    return Typeset(body, font, w_pt * scale + 2 * inset, h_pt * scale + 2 * inset, found, lines, padding, margin)


#: The room around a cell's text, across and down, in units at font size `PAD_FONT`: it scales with
#: the text, so a table set smaller is the same table, smaller.
CELL_PAD = (0.28, 0.16)
PAD_FONT = 30.0
#: The least height of a row (an empty one), in points of its font.
ROW_LEAST = 10.0
#: A cell of this many words (outside its formulas) is a sentence: its table is set as text.
SENTENCE = 5


@dataclass(frozen=True)
class TableMetrics:
    """Every cell's body and the grid's column widths and row heights, at font size `font`; a table
    set as text (`as_text`) has its cells wrapped in their columns, each set at its column's start
    and its row's top."""

    cells: tuple[tuple[str, ...], ...]
    columns: tuple[float, ...]
    rows: tuple[float, ...]
    font: float
    pad_x: float
    pad_y: float
    as_text: bool = False

    @property
    def width(self) -> float:
        return sum(self.columns) + 2 * self.pad_x * len(self.columns)

    @property
    def height(self) -> float:
        return sum(self.rows) + 2 * self.pad_y * len(self.rows)


def set_as_text(spec: TableSpec, theme: Theme) -> bool:
    """Whether a Table is set as text, its cells wrapping like paragraphs within column widths the
    layout chooses, at the board's type scale: when a cell is a sentence (`SENTENCE` words or more),
    or when its cells unwrapped at the table size are wider than the safe area. Any other table
    (numbers, formulas, words and short phrases) is a picture of type, scaled whole."""
    if any(len(_words(text)) >= SENTENCE for row in spec.cells for text in row):
        return True
    safe = theme.board.safe
    return table_metrics(spec, theme.sizes.table).width > safe.x1 - safe.x0


def _words(text: str) -> list[str]:
    """The words of a cell outside its formulas: runs between spaces that hold a letter."""
    pos, found = 0, []
    for opening, closing in [*inline_math(text), (len(text), len(text))]:
        found += [w for w in text[pos:opening].split() if any(ch.isalpha() for ch in w)]
        pos = closing + 1
    return found


def table_metrics(spec: TableSpec, font: float) -> TableMetrics:
    """A table that is a picture of type at font size `font`: each cell on one line."""
    return _metrics(_unwrapped(spec.cells, laid_out_in()), font, False)


def text_table(spec: TableSpec, font: float, wrap: float | None) -> TableMetrics:
    """A table set as text at font size `font`, its columns fitted to `wrap` units (`_grid`; None:
    each cell on one line)."""
    # whole points of the measure: the layout's many trial widths share their bodies
    wrap_pt = None if wrap is None else math.floor(wrap / (font * PT) + 1e-6)
    return _metrics(_grid(spec.cells, wrap_pt, laid_out_in()), font, True)


def _metrics(grid: Grid, font: float, as_text: bool) -> TableMetrics:
    bodies, columns, rows = grid
    scale, pad = font * PT, font / PAD_FONT
    return TableMetrics(bodies, tuple(c * scale for c in columns), tuple(r * scale for r in rows), font,
                        CELL_PAD[0] * pad, CELL_PAD[1] * pad, as_text)


Cells = tuple[tuple[str, ...], ...]
#: Bodies, column widths and row heights, in points of the font.
Grid = tuple[Cells, tuple[float, ...], tuple[float, ...]]


def _padded(cells: Cells) -> Cells:
    """Every row as long as the longest (the missing cells empty)."""
    n = max((len(r) for r in cells), default=0)
    return tuple((*row, *[""] * (n - len(row))) for row in cells)


@lru_cache(maxsize=1024)
def _unwrapped(cells: Cells, language: str) -> Grid:
    """A picture of type: every cell on one line. Kept by cells and `language`, as `_grid`: a
    table is measured again on every board it stands on and each time it is asked whether it
    is set as text (`set_as_text`)."""
    return _laid(tuple(tuple(prose(text) for text in row) for row in _padded(cells)))


def _laid(bodies: Cells) -> Grid:
    """The grid of these bodies: each column as wide as its widest, each row as tall as its tallest."""
    sizes = [[measure(body) for body in row] for row in bodies]
    columns = tuple(max((row[c][0] for row in sizes), default=0.0) for c in range(len(sizes[0]) if sizes else 0))
    rows = tuple(max([ROW_LEAST, *(h for _, h in row)]) for row in sizes)
    return bodies, columns, rows


@lru_cache(maxsize=1024)
def _grid(cells: Cells, wrap_pt: int | None, language: str) -> Grid:
    """A table set as text within `wrap_pt` points: its natural grid where that fits; else each
    column's width its natural width times one factor, but never below its widest word or formula
    (`_fitted`), and each cell wider than its column wrapped in it. Kept by the `language` of the
    lecture being laid out too, which its cells' bodies depend on (`typst.source.lecture_language`)."""
    texts = _padded(cells)
    natural = _laid(tuple(tuple(cell(text) for text in row) for row in texts))
    if wrap_pt is None:
        return natural
    room = wrap_pt - 2 * CELL_PAD[0] / (PAD_FONT * PT) * len(natural[1])  # the padding in points of the font
    if sum(natural[1]) <= room:
        return natural
    least = [max((measure(unbreakable(row[c]))[0] for row in texts if row[c].strip()), default=0.0)
             for c in range(len(natural[1]))]
    widths = _fitted(natural[1], least, room)
    bodies = tuple(tuple(cell(text, widths[c]) if measure(cell(text))[0] > widths[c] else cell(text)
                         for c, text in enumerate(row)) for row in texts)
    _, _, rows = _laid(bodies)
    return bodies, tuple(widths), rows


def _fitted(natural: Sequence[float], least: Sequence[float], room: float) -> list[float]:
    """Column widths that share `room`: each its `natural` width times one factor, but at least its
    `least`; more than `room` together only where the `least` are."""
    fixed: set[int] = set()
    while True:
        free = [c for c in range(len(natural)) if c not in fixed]
        total = sum(natural[c] for c in free)
        factor = (room - sum(least[c] for c in fixed)) / total if total > 0 else 0.0
        below = {c for c in free if natural[c] * factor < least[c]}
        if not below:
            return [least[c] if c in fixed else natural[c] * factor for c in range(len(natural))]
        fixed |= below
