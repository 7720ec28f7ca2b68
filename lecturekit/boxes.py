"""Boxes on the board, in Manim units (origin at the centre, y up)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
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
        w = min(self.x1, other.x1) - max(self.x0, other.x0)
        h = min(self.y1, other.y1) - max(self.y0, other.y0)
        return w * h if w > 0 and h > 0 else 0.0

    def inside(self, other: Box, tolerance: float = 1e-6) -> bool:
        return (
            self.x0 >= other.x0 - tolerance
            and self.y0 >= other.y0 - tolerance
            and self.x1 <= other.x1 + tolerance
            and self.y1 <= other.y1 + tolerance
        )
