"""Boxes on the board, in Manim units (origin at the centre, y up), and how much they overlap."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import NamedTuple

import numpy as np


class Box(NamedTuple):
    """A box by its corners; a tuple, so that rows of boxes go straight into numpy."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    @property
    def center(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    @classmethod
    def around(cls, cx: float, cy: float, width: float, height: float) -> Box:
        return cls(cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)

    def fit(self, aspect: float) -> Box:
        """The largest box of `aspect` (width / height) centred in this one."""
        width = min(self.width, self.height * aspect)
        return Box.around(*self.center, width, width / aspect)

    def intersection(self, other: Box) -> float:
        return float(overlaps(np.array([self]), np.array([other]))[0, 0])

    def inside(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (
            self.x0 >= other.x0 - tolerance
            and self.y0 >= other.y0 - tolerance
            and self.x1 <= other.x1 + tolerance
            and self.y1 <= other.y1 + tolerance
        )


def overlaps(found: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """The area each of `found` shares with each of `boxes` (both rows of x0, y0, x1, y1): one
    row per box found, one column per box; 0 where they do not meet."""
    w = np.minimum(found[:, None, 2], boxes[None, :, 2]) - np.maximum(found[:, None, 0], boxes[None, :, 0])
    h = np.minimum(found[:, None, 3], boxes[None, :, 3]) - np.maximum(found[:, None, 1], boxes[None, :, 1])
    return np.where((w > 0) & (h > 0), w * h, 0.0)


class Grid:
    """Boxes filed by the cells of a square grid they reach into, so that the boxes a box may
    meet are found among its neighbours rather than among them all (a Figure of thousands of
    dots asks this of each of its items)."""

    def __init__(self, boxes: Sequence[Box]) -> None:
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.size, self.span = 1.0, (0, -1, 0, -1)  # the cells' columns and rows
        if not boxes:
            return
        # cells about as large as the boxes, and no more of them than boxes
        x0, y0 = min(b.x0 for b in boxes), min(b.y0 for b in boxes)
        x1, y1 = max(b.x1 for b in boxes), max(b.y1 for b in boxes)
        spread = max(x1 - x0, y1 - y0) / max(1.0, len(boxes) ** 0.5)
        typical = sorted(max(b.width, b.height) for b in boxes)[len(boxes) // 2]
        self.size = max(typical, spread, 1e-6)
        self.span = (math.floor(x0 / self.size), math.floor(x1 / self.size),
                     math.floor(y0 / self.size), math.floor(y1 / self.size))
        for index, box in enumerate(boxes):
            for cell in self._cells(box):
                self.cells.setdefault(cell, []).append(index)

    def _cells(self, box: Box) -> Iterator[tuple[int, int]]:
        """The cells `box` reaches into, of those any box is filed in."""
        size, (i0, i1, j0, j1) = self.size, self.span
        for i in range(max(i0, math.floor(box.x0 / size)), min(i1, math.floor(box.x1 / size)) + 1):
            for j in range(max(j0, math.floor(box.y0 / size)), min(j1, math.floor(box.y1 / size)) + 1):
                yield i, j

    def near(self, box: Box) -> list[int]:
        """The indices, in order, of the boxes that meet or touch `box` (and maybe of a few more
        beside it): every box that shares any of its area is among them."""
        cells = self.cells
        found: set[int] = set()
        for cell in self._cells(box):
            found.update(cells.get(cell, ()))
        return sorted(found)
