"""Coordinate frames of Figures and Axes: parent coordinates onto the parent's current box."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lecturekit.plan.geometry import Box


@dataclass
class ParentFrame:
    """Maps (x, y) in a container's ranges onto its plotting box, which moves with it."""

    box: Box
    x_range: tuple[float, float]
    y_range: tuple[float, float]

    def point(self, x: float, y: float) -> np.ndarray:
        (x0, x1), (y0, y1) = self.x_range, self.y_range
        px = self.box.x0 + (x - x0) / (x1 - x0) * self.box.width
        py = self.box.y0 + (y - y0) / (y1 - y0) * self.box.height
        return np.array([px, py, 0.0])

    @property
    def unit(self) -> float:
        """Screen units per unit of x."""
        return self.box.width / (self.x_range[1] - self.x_range[0])


def nice_step(span: float, target_ticks: int = 5) -> float:
    """A round tick spacing (1, 2 or 5 times a power of ten) for about `target_ticks` ticks."""
    raw = span / max(target_ticks, 1)
    power = 10 ** np.floor(np.log10(raw)) if raw > 0 else 1.0
    for m in (1, 2, 5, 10):
        if raw <= m * power:
            return float(m * power)
    return float(10 * power)


def ticks(lo: float, hi: float, step: float) -> list[float]:
    if step <= 0 or (hi - lo) / step > 200:
        return []
    first = np.ceil(lo / step - 1e-9) * step
    values = np.arange(first, hi + step * 1e-6, step)
    return [round(float(v), 10) for v in values]
