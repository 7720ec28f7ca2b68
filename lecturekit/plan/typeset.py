"""Typesetting decisions for text objects: their Typst bodies, labels for parts, and sizes."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds import TableSpec, kind_def
from lecturekit.plan.measure import measure
from lecturekit.syntax.nodes import Part, Spec
from lecturekit.theme import Theme
from lecturekit.typst.source import body_for, line_label, prose, unbreakable

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


@dataclass(frozen=True)
class TableMetrics:
    """Every cell's body and the grid's column widths and row heights, at font size `font`."""

    cells: tuple[tuple[str, ...], ...]
    columns: tuple[float, ...]
    rows: tuple[float, ...]
    font: float
    pad_x: float
    pad_y: float

    @property
    def width(self) -> float:
        return sum(self.columns) + 2 * self.pad_x * len(self.columns)

    @property
    def height(self) -> float:
        return sum(self.rows) + 2 * self.pad_y * len(self.rows)


def table_metrics(spec: TableSpec, font: float) -> TableMetrics:
    rows = spec.cells
    n_cols = max((len(r) for r in rows), default=0)
    bodies: list[tuple[str, ...]] = []
    widths = [0.0] * n_cols
    heights: list[float] = []
    scale = font * PT
    for row in rows:
        cells = tuple(prose(cell) for cell in (*row, *[""] * (n_cols - len(row))))
        bodies.append(cells)
        height = 0.0
        for c, cell in enumerate(cells):
            w, h = measure(cell)
            widths[c] = max(widths[c], w * scale)
            height = max(height, h * scale)
        heights.append(max(height, 10 * scale))
    return TableMetrics(tuple(bodies), tuple(widths), tuple(heights), font, 0.28, 0.16)
