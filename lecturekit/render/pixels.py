"""Boxes of device pixels: where a frame was drawn into, and where it can differ from the last."""

from __future__ import annotations

#: (first row, last row + 1, first column, last column + 1); empty when either span is.
Pixels = tuple[int, int, int, int]

NOWHERE: Pixels = (0, 0, 0, 0)


def union(boxes: list[Pixels]) -> Pixels:
    """The box around `boxes` (NOWHERE around none)."""
    boxes = [b for b in boxes if b[0] < b[1] and b[2] < b[3]]
    if not boxes:
        return NOWHERE
    return (min(b[0] for b in boxes), max(b[1] for b in boxes), min(b[2] for b in boxes), max(b[3] for b in boxes))


def within(box: Pixels, height: int, width: int) -> Pixels:
    """The part of `box` inside a picture of `height` rows and `width` columns."""
    r0, r1, c0, c1 = max(0, box[0]), min(height, box[1]), max(0, box[2]), min(width, box[3])
    return (r0, r1, c0, c1) if r0 < r1 and c0 < c1 else NOWHERE
