"""Frames to video with PyAV: a busy stretch is encoded frame by frame; a held board is one encoded
picture followed by frames that repeat it without encoding: H.264 skip pictures written directly
(see `h264`) in MP4, VP9's show_existing_frame in WebM (`vp9`), the same ProRes picture again in
MOV (`prores`). Every output has a constant frame rate."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from pathlib import Path
from typing import Protocol

import av
import numpy as np

from lecturekit.files import atomic
from lecturekit.muxing import open_output
from lecturekit.plan.chunks import busy_in
from lecturekit.render.h264 import NAL_IDR, X264_PARAMS, Headers, UnsupportedStream, nal_units, parameter_sets
from lecturekit.render.pixels import Pixels
from lecturekit.settings import Format, Preset
from lecturekit.work import count

#: Pixels of slack (a multiple of 16) around what changed: more than the reach of the chroma
#: filter, so what is converted again is exactly what a conversion of the whole frame gives there.
SLACK = 16


class Converter:
    """RGBA pictures to yuv420p, each converted (by swscale, as PyAV's encoder would) only where it
    differs from the one before: a busy frame of a lecture is mostly the board standing still
    behind what moves, and converting the whole 1080p frame cost as much as encoding it. The
    changed box, widened by `SLACK` on every side, is replaced in the last frame's planes by the
    same box of a conversion of a crop `SLACK` wider still, so the planes are exactly those of a
    whole-frame conversion (tests/render/test_converter.py holds this). Where the painter knows
    that a picture can differ from the last only `within` a box, only that box is compared."""

    def __init__(self, width: int, height: int):
        self.width, self.height = width, height
        self.last: np.ndarray | None = None  # the last picture, RGBA
        self.frame: av.VideoFrame | None = None  # its conversion

    def convert(self, pixels: np.ndarray, within: Pixels | None = None) -> av.VideoFrame:
        if self.last is None or self.frame is None:
            self.last = np.array(pixels)
            self.frame = _rgba(pixels).reformat(format="yuv420p", threads=1)
            return self.frame
        r0, r1, c0, c1 = within or (0, self.height, 0, self.width)
        c0 -= c0 % 2  # compared two pixels at a time, from an even column
        if r0 >= r1 or c0 >= c1:
            return self.frame
        rows, columns = _changed(self.last[r0:r1, c0:c1], pixels[r0:r1, c0:c1])
        if rows is None:
            return self.frame
        rows, columns = (rows[0] + r0, rows[1] + r0), (columns[0] + c0, columns[1] + c0)
        r0, r1 = _widened(rows, self.height)
        c0, c1 = _widened(columns, self.width)
        self.last[r0:r1, c0:c1] = pixels[r0:r1, c0:c1]
        m0, m1 = max(0, r0 - SLACK), min(self.height, r1 + SLACK)
        n0, n1 = max(0, c0 - SLACK), min(self.width, c1 + SLACK)
        crop = _rgba(pixels[m0:m1, n0:n1]).reformat(format="yuv420p", threads=1)
        for k, (whole, part) in enumerate(zip(self.frame.planes, crop.planes, strict=True)):
            s = 1 if k == 0 else 2  # the chroma planes have half the rows and columns
            target = np.frombuffer(memoryview(whole), np.uint8).reshape(whole.height, whole.line_size)
            source = np.frombuffer(memoryview(part), np.uint8).reshape(part.height, part.line_size)
            rows_in, columns_in = slice((r0 - m0) // s, (r1 - m0) // s), slice((c0 - n0) // s, (c1 - n0) // s)
            target[r0 // s:r1 // s, c0 // s:c1 // s] = source[rows_in, columns_in]
        return self.frame


def _rgba(pixels: np.ndarray) -> av.VideoFrame:
    """A frame over the pixels themselves, a crop read in place through its rows' stride: copying
    the crop out (and PyAV's `from_ndarray` copies it twice more) cost a fresh buffer of its
    size each busy frame, which the allocator maps and the kernel zeroes (docs/performance.md)."""
    if pixels.strides[1:] != (4, 1):
        pixels = np.ascontiguousarray(pixels)
    return av.VideoFrame.from_numpy_buffer(pixels, format="rgba")


def _changed(before: np.ndarray, after: np.ndarray) -> tuple[tuple[int, int] | None, tuple[int, int]]:
    """The rows and columns ([first, last) each) of the box where two RGBA pictures differ (rows
    None where they do not); columns to an even pixel, compared two pixels at a time."""
    height, width = before.shape[:2]
    pairs = width // 2 * 2
    a = before[:, :pairs].reshape(height, -1).view(np.uint64)
    b = after[:, :pairs].reshape(height, -1).view(np.uint64)
    differ = a != b
    if pairs < width:
        differ = np.concatenate([differ, (before[:, pairs:] != after[:, pairs:]).any(axis=2)], axis=1)
    rows = np.flatnonzero(differ.any(axis=1))
    if rows.size == 0:
        return None, (0, 0)
    columns = np.flatnonzero(differ[rows[0]:rows[-1] + 1].any(axis=0))
    return (int(rows[0]), int(rows[-1]) + 1), (int(columns[0]) * 2, min(width, int(columns[-1]) * 2 + 2))


def _widened(span: tuple[int, int], size: int) -> tuple[int, int]:
    """A span widened by `SLACK` and out to multiples of it, within [0, size)."""
    first, last = span
    return max(0, first // SLACK * SLACK - SLACK), min(size, -(-last // SLACK) * SLACK + SLACK)


class Encoder:
    """`write` a new picture; `hold` repeats the last one. x264 runs in sessions that each start
    with a keyframe, so skip pictures can follow the last picture of a session.

    The MP4's stream has no encoder of its own (an encoder opened for it would write its own
    SPS and PPS into the sample entry, unlike the sessions'): PyAV takes the sample entry's SPS
    and PPS from the first keyframe muxed, and every later session must repeat them exactly."""

    def __init__(self, path: Path, preset: Preset, fps: int):
        self.preset, self.fps = preset, fps
        self.time_base = Fraction(1, fps)
        self.container = open_output(path, "mp4")
        self.stream = self.container.add_mux_stream("h264", rate=fps, width=preset.width, height=preset.height,
                                                     time_base=self.time_base)
        self.session: av.VideoCodecContext | None = None
        self.headers: Headers | None = None
        self.parameter_sets: tuple[bytes, ...] = ()  # the first keyframe's SPS and PPS: the file's
        self.last_picture = b""
        self.count = 0
        self.converter = Converter(preset.width, preset.height)

    def _open(self) -> av.VideoCodecContext:
        codec = av.CodecContext.create("libx264", "w")
        codec.width, codec.height, codec.pix_fmt = self.preset.width, self.preset.height, "yuv420p"
        codec.time_base, codec.framerate = self.time_base, Fraction(self.fps)
        codec.options = {"crf": str(self.preset.crf), "preset": "superfast", "tune": "animation",
                         "x264-params": X264_PARAMS}
        return codec

    def write(self, pixels: np.ndarray, within: Pixels | None = None) -> None:
        """Encode one RGBA picture (that differs from the last only `within` a box, if given)."""
        if self.session is None:
            self.session = self._open()
        frame = self.converter.convert(pixels, within)  # x264 copies the picture in, so the frame is reused
        frame.pts = self.count
        self.count += 1
        self._mux((bytes(p), p.pts) for p in self.session.encode(frame))

    def hold(self, repeats: int) -> None:
        """`repeats` more frames of the last picture written."""
        if repeats <= 0:
            return
        self._flush()
        assert self.headers is not None, "hold() follows a write()"
        frame_num = self.headers.frame_num(self.last_picture)
        skips = []
        for i in range(repeats):
            skips.append((self.headers.skip(frame_num + 1 + i), self.count))
            self.count += 1
        self._mux(skips)

    def _flush(self) -> None:
        if self.session is not None:
            self._mux((bytes(p), p.pts) for p in self.session.encode(None))
            self.session = None

    def _mux(self, pictures: Iterable[tuple[bytes, int | None]]) -> None:
        for data, pts in pictures:
            units = nal_units(data)
            keyframe = any(nal[0] & 31 == NAL_IDR for nal in units)
            if keyframe and self.headers is None:
                self.headers, self.parameter_sets = Headers.parse(data), parameter_sets(units)
            elif keyframe and parameter_sets(units) != self.parameter_sets:
                raise UnsupportedStream("an x264 session wrote SPS or PPS unlike the first keyframe's")
            packet = av.Packet(data)
            packet.pts = packet.dts = pts
            packet.time_base = self.time_base
            packet.stream = self.stream
            packet.is_keyframe = keyframe
            self.container.mux(packet)
            self.last_picture = data

    def close(self) -> None:
        self._flush()
        self.container.close()


class FrameEncoder(Protocol):
    """What `encode` asks of each format's encoder."""

    count: int  # frames written so far

    def write(self, pixels: np.ndarray, within: Pixels | None = None) -> None: ...

    def hold(self, repeats: int) -> None: ...

    def close(self) -> None: ...


def open_encoder(path: Path, video_format: Format, preset: Preset, fps: int, transparent: bool = False
                 ) -> FrameEncoder:
    """An encoder for the format."""
    if video_format is Format.webm:
        from lecturekit.render.vp9 import VP9Encoder

        return VP9Encoder(path, preset, fps, preset.crf + 12)  # VP9's CRF scale runs higher than x264's
    if video_format is Format.mov:
        from lecturekit.render.prores import ProResEncoder

        return ProResEncoder(path, preset, fps, transparent)
    if video_format is Format.mp4:
        return Encoder(path, preset, fps)
    raise ValueError(f"{video_format} is not written frame by frame")


def encode(
    path: Path,
    preset: Preset,
    fps: int,
    frames: range,
    busy: tuple[tuple[int, int], ...],
    draw: Callable[[int], tuple[np.ndarray, Pixels | None]],
    progress: Callable[[int], None] | None = None,
    video_format: Format = Format.mp4,
    transparent: bool = False,
) -> int:
    """Write `frames` (a scene, or a chunk of one that opens on a held board); `draw(f)` gives
    frame f's pixels. Busy spans are drawn frame by frame; between them the board stands still,
    so the last picture is simply held (a span ends on the frame its animations finish, so the
    board after it looks exactly like its last frame). `draw` also says where the picture can
    differ from the one it drew before (None: anywhere). `progress` hears the frames written."""
    first, last = frames.start, frames.stop
    with atomic(path) as tmp:
        encoder = open_encoder(tmp, video_format, preset, fps, transparent)
        try:
            encoder.write(draw(first)[0])
            frame = first + 1
            for a, b in [*busy_in(busy, first, last), (last, last)]:
                if frame < a:  # a held board
                    encoder.hold(a - frame)
                    count("frames held", a - frame)
                    frame = a
                for f in range(frame, b):
                    encoder.write(*draw(f))
                frame = max(frame, b)
                if progress is not None:
                    progress(frame - first)
        finally:
            encoder.close()
        return encoder.count
