"""Held boards in VP9 for free: a frame that says "show reference slot i again".

VP9's `show_existing_frame` is a one-byte frame that displays a stored reference frame without
decoding anything, so a board held for N frames is one encoded picture and N-1 such bytes. It needs
to know which slot holds the last picture: a keyframe fills every slot, an inter frame the slots in
its `refresh_frame_flags`, read here from its uncompressed header. libvpx runs with no lookahead
(`lag-in-frames=0`), so every packet is one shown frame, in order.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from lecturekit.render.h264 import Bits, UnsupportedStream
from lecturekit.render.pixels import Pixels
from lecturekit.settings import Preset

VP9_OPTIONS = {"lag-in-frames": "0", "deadline": "good", "cpu-used": "5", "row-mt": "1", "b": "0"}


def _shown_frame(packet: bytes) -> bytes:
    """The frame a packet shows: the last one of a superframe, or the packet itself."""
    marker = packet[-1]
    if marker & 0xE0 != 0xC0:
        return packet
    size_bytes, frames = ((marker >> 3) & 3) + 1, (marker & 7) + 1
    index = packet[-(2 + size_bytes * frames) + 1 : -1]
    sizes = [int.from_bytes(index[i * size_bytes : (i + 1) * size_bytes], "little") for i in range(frames)]
    return packet[sum(sizes[:-1]) : sum(sizes)]


def refreshed_slot(packet: bytes) -> int | None:
    """A reference slot the packet's shown frame is stored in afterwards (None: it is not kept)."""
    bits = Bits(_shown_frame(packet))
    if bits.u(2) != 2:
        raise UnsupportedStream("not a VP9 frame")
    profile = bits.u(1) | bits.u(1) << 1
    if profile == 3:
        bits.u(1)
    if bits.u(1):  # show_existing_frame: stores nothing new
        return None
    key, shown, error_resilient = bits.u(1) == 0, bits.u(1), bits.u(1)
    if key:
        return 0
    intra_only = 0 if shown else bits.u(1)
    if not error_resilient:
        bits.u(2)  # reset_frame_context
    if intra_only:
        if profile > 0:
            raise UnsupportedStream("intra-only frames above profile 0")
        bits.u(24)  # frame_sync_code
    refresh = bits.u(8)
    return (refresh & -refresh).bit_length() - 1 if refresh else None


def show_existing(slot: int, profile: int = 0) -> bytes:
    """The one-byte frame that shows reference `slot` again."""
    return bytes([0x80 | (profile & 1) << 5 | (profile >> 1) << 4 | 0x08 | slot])


class VP9Encoder:
    """`write` a new picture; `hold` repeats the last one with show_existing_frame bytes."""

    def __init__(self, path: Path, preset: Preset, fps: int, crf: int):
        self.preset, self.time_base = preset, Fraction(1, fps)
        self.container = av.open(str(path), mode="w", format="webm")
        self.stream = self.container.add_stream("libvpx-vp9", rate=fps)
        self.stream.width, self.stream.height, self.stream.pix_fmt = preset.width, preset.height, "yuv420p"
        self.stream.options = {**VP9_OPTIONS, "crf": str(crf)}
        self.slot: int | None = None
        self.last: np.ndarray | None = None
        self.count = 0

    def write(self, pixels: np.ndarray, within: Pixels | None = None) -> None:
        self.last = pixels
        frame = av.VideoFrame.from_ndarray(np.ascontiguousarray(pixels[:, :, :3]), format="rgb24")
        frame.pts = self.count
        self.count += 1
        for packet in self.stream.encode(frame):
            self.slot = refreshed_slot(bytes(packet))
            self.container.mux(packet)

    def hold(self, repeats: int) -> None:
        while repeats > 0 and self.slot is None:  # the last picture was not kept: encode it again
            assert self.last is not None, "hold() follows a write()"
            self.write(self.last)
            repeats -= 1
        for _ in range(repeats):
            assert self.slot is not None  # repeats are left only once a picture is kept
            packet = av.Packet(show_existing(self.slot))
            packet.pts = packet.dts = self.count
            packet.duration = 1
            packet.time_base = self.time_base
            packet.stream = self.stream
            self.container.mux(packet)
            self.count += 1

    def close(self) -> None:
        for packet in self.stream.encode(None):
            self.container.mux(packet)
        self.container.close()
