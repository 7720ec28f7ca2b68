"""Boxes on the board, in Manim units (origin at the centre, y up), and how much they overlap."""

from __future__ import annotations

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
