"""Frames to MP4 with PyAV: every frame of a busy stretch is drawn; a held board is drawn once."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from lecturekit.settings import Preset


class Encoder:
    """H.264 in MP4, constant frame rate, one `write` per frame."""

    def __init__(self, path: Path, preset: Preset, fps: int):
        self.container = av.open(str(path), mode="w", format="mp4")
        self.stream = self.container.add_stream("libx264", rate=fps)
        self.stream.width = preset.width
        self.stream.height = preset.height
        self.stream.pix_fmt = "yuv420p"
        self.stream.codec_context.time_base = Fraction(1, fps)
        self.stream.options = {"crf": str(preset.crf), "preset": "veryfast", "tune": "animation"}
        self.count = 0

    def write(self, frame: av.VideoFrame) -> None:
        frame.pts = self.count
        frame.time_base = self.stream.codec_context.time_base
        for packet in self.stream.encode(frame):
            self.container.mux(packet)
        self.count += 1

    def close(self) -> None:
        for packet in self.stream.encode(None):
            self.container.mux(packet)
        self.container.close()


def video_frame(pixels: np.ndarray) -> av.VideoFrame:
    rgb = np.ascontiguousarray(pixels[:, :, :3])
    return av.VideoFrame.from_ndarray(rgb, format="rgb24")


def planar(pixels: np.ndarray) -> np.ndarray:
    """The picture in the encoder's own YUV 4:2:0 layout, converted once for a held board."""
    return video_frame(pixels).reformat(format="yuv420p").to_ndarray()


@contextmanager
def atomic(path: Path) -> Iterator[Path]:
    """A temporary name beside `path`, renamed onto it only when the block completes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.part{path.suffix}")
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def encode(
    path: Path,
    preset: Preset,
    fps: int,
    total: int,
    busy: tuple[tuple[int, int], ...],
    draw: Callable[[int], np.ndarray],
    progress: Callable[[int], None] | None = None,
) -> int:
    """Write `total` frames; `draw(f)` gives frame f's pixels. Outside `busy` spans the board is
    held, so its picture is drawn once and repeated."""
    with atomic(path) as tmp:
        encoder = Encoder(tmp, preset, fps)
        try:
            spans = list(busy)
            frame = 0
            held: np.ndarray | None = None
            while frame < total:
                in_busy = next(((a, b) for a, b in spans if a <= frame < b), None)
                if in_busy is not None:
                    held = None
                    encoder.write(video_frame(draw(frame)))
                    frame += 1
                else:
                    nxt = min([a for a, _ in spans if a > frame] + [total])
                    if held is None:
                        held = planar(draw(frame))
                    for _ in range(frame, nxt):
                        # the encoder keeps frames in flight, so each needs its own object
                        encoder.write(av.VideoFrame.from_ndarray(held, format="yuv420p"))
                    frame = nxt
                if progress is not None:
                    progress(frame)
        finally:
            encoder.close()
        return encoder.count
