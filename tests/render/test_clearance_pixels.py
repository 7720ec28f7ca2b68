"""A ring keeps the clearance on painted pixels: a still of the 9-line Derivation a Box action
rings (tests/lectures/boxed-derivation), the ring found by its colour, every other pixel inside it
the Derivation's ink."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.theme import PALETTE, THEME

CASE = Path(__file__).parents[1] / "lectures" / "boxed-derivation" / "lecture.json"
#: Pixels a unit at `-q l` (480 px high).
PER_UNIT = 480 / THEME.board.height
#: A pixel this far from the background (any channel) is ink; the ring's is redder than it is blue.
FAR, RED_OVER_BLUE = 24, 40
#: Pixels this near the ring are its antialiased edge, not the Derivation's ink.
EDGE = 2


def gaps(frame: np.ndarray) -> dict[str, int]:
    """For each side, the fewest pixels between the ink inside the ring and the ring."""
    background = np.array([int(PALETTE["background"][i:i + 2], 16) for i in (1, 3, 5)])
    far = np.abs(frame - background).max(axis=2) > FAR
    ring = far & (frame[:, :, 0] - frame[:, :, 2] >= RED_OVER_BLUE)
    near = ring.copy()
    for dy in range(-EDGE, EDGE + 1):
        for dx in range(-EDGE, EDGE + 1):
            near |= np.roll(np.roll(ring, dy, 0), dx, 1)
    ry, rx = np.nonzero(ring)
    ink = far & ~near
    ink[: ry.min() + 1], ink[ry.max():], ink[:, : rx.min() + 1], ink[:, rx.max():] = False, False, False, False
    iy, ix = np.nonzero(ink)
    top, bottom, left, right = iy.min(), iy.max(), ix.min(), ix.max()
    across, along = (rx >= left) & (rx <= right), (ry >= top) & (ry <= bottom)
    return {"bottom": int((ry[across & (ry > bottom)] - bottom - 1).min()),
            "top": int((top - ry[across & (ry < top)] - 1).min()),
            "left": int((left - rx[along & (rx < left)] - 1).min()),
            "right": int((rx[along & (rx > right)] - right - 1).min())}


@pytest.mark.slow
def test_the_ring_around_the_derivation_keeps_the_clearance_on_painted_pixels(tmp_path):
    out = tmp_path / "still.png"
    result = CliRunner().invoke(app, ["still", str(CASE), "--at", "20", "-q", "l", "--out", str(out)])
    assert result.exit_code == 0, result.output
    found = gaps(np.asarray(Image.open(out).convert("RGB")).astype(int))
    least = int(THEME.board.clearance * PER_UNIT) - 1  # 7.2 px, less a pixel of antialiasing
    assert min(found.values()) >= least, found
