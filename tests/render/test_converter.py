"""The encoder converts each picture only where it changed; the planes it gives x264 must be
exactly those of converting the whole picture, whatever changed and wherever."""

from __future__ import annotations

import av
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.render.video import Converter

WIDTH, HEIGHT = 198, 112  # not multiples of 16: the box reaches the edges unevenly


def planes(frame) -> list[np.ndarray]:
    return [np.frombuffer(p, np.uint8).reshape(p.height, p.line_size)[:, :p.width].copy() for p in frame.planes]


def whole(pixels: np.ndarray) -> list[np.ndarray]:
    """The whole picture copied into a frame of PyAV's own and converted, as its encoder would."""
    return planes(av.VideoFrame.from_ndarray(pixels, format="rgba").reformat(format="yuv420p"))


boxes = st.tuples(st.integers(0, HEIGHT - 1), st.integers(1, HEIGHT), st.integers(0, WIDTH - 1), st.integers(1, WIDTH))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), changes=st.lists(st.lists(boxes, max_size=3), min_size=1, max_size=6))
def test_converting_what_changed_gives_the_whole_pictures_conversion(seed: int, changes: list) -> None:
    rng = np.random.default_rng(seed)
    pixels = rng.integers(0, 256, (HEIGHT, WIDTH, 4), dtype=np.uint8)
    pixels[..., 3] = 255
    converter = Converter(WIDTH, HEIGHT)
    assert all(np.array_equal(a, b) for a, b in zip(planes(converter.convert(pixels)), whole(pixels), strict=True))
    for frame in changes:  # each frame: some boxes repainted (none: the same picture again)
        pixels = pixels.copy()
        for r0, r1, c0, c1 in frame:
            box = pixels[r0:max(r0 + 1, r1), c0:max(c0 + 1, c1)]
            box[...] = rng.integers(0, 256, box.shape, dtype=np.uint8)
            box[..., 3] = 255
        found = planes(converter.convert(pixels))
        assert all(np.array_equal(a, b) for a, b in zip(found, whole(pixels), strict=True))
