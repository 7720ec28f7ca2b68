"""ProRes 4444 in MOV, for compositing: with `transparent`, alpha is the board's ink.

ProRes codes every frame on its own (no frame refers to another), so a held board cannot be
written as "same as before". Its picture is encoded once and the same bytes are written again for
each frame it is held: no encoding time, but a whole picture's bytes a frame.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from lecturekit.muxing import open_output
from lecturekit.render.pixels import Pixels
from lecturekit.settings import Preset

PRORES_4444 = "4"  # prores_ks's profile number for 4444


def straight(pixels: np.ndarray) -> np.ndarray:
    """Cairo's premultiplied RGBA as straight (unassociated) alpha, as ProRes stores it."""
    alpha = pixels[:, :, 3:4].astype(np.uint16)
    rgb = np.where(alpha > 0, (pixels[:, :, :3].astype(np.uint16) * 255 + alpha // 2) // np.maximum(alpha, 1), 0)
    return np.concatenate([np.minimum(rgb, 255).astype(np.uint8), pixels[:, :, 3:4]], axis=2)


class ProResEncoder:
    def __init__(self, path: Path, preset: Preset, fps: int, transparent: bool):
        self.transparent, self.time_base = transparent, Fraction(1, fps)
        self.container = open_output(path, "mov")
        self.stream = self.container.add_stream("prores_ks", rate=fps)
        self.stream.width, self.stream.height = preset.width, preset.height
        self.stream.pix_fmt = "yuva444p10le" if transparent else "yuv444p10le"
        self.stream.options = {"profile": PRORES_4444, "vendor": "apl0"}
        self.last: bytes = b""
        self.count = 0

    def write(self, pixels: np.ndarray, within: Pixels | None = None) -> None:
        if self.transparent:
            frame = av.VideoFrame.from_ndarray(straight(pixels), format="rgba")
        else:
            frame = av.VideoFrame.from_ndarray(np.ascontiguousarray(pixels[:, :, :3]), format="rgb24")
        frame.pts = self.count
        self.count += 1
        for packet in self.stream.encode(frame):
            self.last = bytes(packet)
            self.container.mux(packet)

    def hold(self, repeats: int) -> None:
        assert self.last, "hold() follows a write() (ProRes returns each picture at once)"
        for _ in range(repeats):
            packet = av.Packet(self.last)
            packet.pts = packet.dts = self.count
            packet.duration = 1
            packet.time_base = self.time_base
            packet.is_keyframe = True
            packet.stream = self.stream
            self.container.mux(packet)
            self.count += 1

    def close(self) -> None:
        for packet in self.stream.encode(None):
            self.container.mux(packet)
        self.container.close()
