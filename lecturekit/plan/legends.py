"""An Axes' legend: which graphs it lists, in how many rows and at what scale, and where each
entry stands above the plot (an entry is drawn as its kind's outline says: a swatch, then its text)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from lecturekit.boxes import Box
from lecturekit.kinds.geometry import SWATCH
from lecturekit.syntax.nodes import Kind, Spec

#: A graph's legend: the gap between entries, how far above the plot its (lowest) row is centred,
#: and how far apart its rows are.
LEGEND_GAP = 0.45
LEGEND_RISE = 0.3
LEGEND_ROW = 0.4


def legend_of(axes: str, objects: Mapping[str, Spec], labelled: Callable[[str], bool]) -> list[str]:
    """The labelled graphs drawn in `axes`, in the order the lecture declares them."""
    return [n for n, s in objects.items() if s.parent == axes and s.kind is Kind.FUNCTION_PLOT and labelled(n)]


def legend_rows(entries: list[str], sizes: list[tuple[float, float]], width: float, smallest: float
                ) -> tuple[list[list[str]], float]:
    """A legend's entries in rows no wider than `width` (the plot's), and the scale they are set
    at: one row, else wrapped into two, else shrunk to `smallest` (the theme's minimum font over
    the labels') in two rows, else in as many as it takes."""
    widths = dict(zip(entries, (w for w, _ in sizes), strict=True))

    def wrapped(scale: float) -> list[list[str]]:
        rows: list[list[str]] = [[]]
        used = 0.0
        for name in entries:
            need = SWATCH + widths[name] * scale
            if rows[-1] and used + LEGEND_GAP + need > width + 1e-9:
                rows.append([])
                used = 0.0
            used += need + (LEGEND_GAP if len(rows[-1]) else 0.0)
            rows[-1].append(name)
        return rows

    for scale, most in ((1.0, 2), (smallest, 2)):
        rows = wrapped(scale)
        if len(rows) <= most:
            return rows, scale
    return wrapped(smallest), smallest


def legend_place(frame_box: Box, rows: list[list[str]], sizes: Mapping[str, tuple[float, float]], scale: float,
                 safe: Box | None = None) -> dict[str, tuple[float, float, float]]:
    """Each labelled graph's entry in the rows above the plot, right-aligned, the first row on
    top: (left, centre y) of its text, its swatch to the left of it, and the scale it is set at.
    A row wider than the plot is centred over it, standing out evenly on both sides into the room
    the layout keeps for it there (`placement.room_for_texts`), and moved as far as keeps it
    inside `safe`; rows that would rise out of it (over a box too low for them at the top of the
    board) come down."""
    place = {}
    rise = LEGEND_RISE
    if safe is not None and rows:
        above = frame_box.y1 + rise + (len(rows) - 1) * LEGEND_ROW + max(sizes[n][1] for n in rows[0]) * scale / 2
        rise -= max(0.0, above - safe[3])
    for r, row in enumerate(rows):
        y = frame_box.y1 + rise + (len(rows) - 1 - r) * LEGEND_ROW
        width = sum(sizes[n][0] * scale for n in row) + (SWATCH + LEGEND_GAP) * len(row) - LEGEND_GAP
        x = frame_box.x1 - width if width <= frame_box.width else frame_box.center[0] - width / 2
        if safe is not None and (x < safe[0] or x + width > safe[2]):
            x = max(safe[0], min(x, safe[2] - width)) if width <= safe[2] - safe[0] else safe[0]
        for name in row:
            place[name] = (x + SWATCH, y, scale)
            x += SWATCH + sizes[name][0] * scale + LEGEND_GAP
    return place
