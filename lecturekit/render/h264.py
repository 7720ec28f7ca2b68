"""Held boards for free: all-skip H.264 P slices, written directly instead of encoded.

A board held still for N frames needs one encoded picture and then N-1 frames that say "same as
before". x264 would spend ~10 ms analysing each of those at 1080p; a P slice whose every macroblock
is skipped (motion zero, no residual) decodes to an exact copy of its reference and is a few bytes,
so we write it ourselves. It needs CAVLC (`cabac=0`), no weighted prediction, no B-frames (so the
picture order follows `frame_num`, pic_order_cnt_type 2) and SPS/PPS repeated in every keyframe;
`X264_PARAMS` asks x264 for exactly that, and `Headers.parse` refuses anything else.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

X264_PARAMS = "bframes=0:cabac=0:weightp=0:repeat-headers=1"
_START = re.compile(b"\x00\x00\x01")
_HIGH_PROFILES = (100, 110, 122, 244, 44, 83, 86, 118, 128, 138, 139, 134, 135)
NAL_SLICE, NAL_IDR, NAL_SPS, NAL_PPS = 1, 5, 7, 8


class Bits:
    """Reads an RBSP bit by bit: u(n), ue(v), se(v) as the H.264 spec names them."""

    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def u(self, n: int) -> int:
        value = 0
        for _ in range(n):
            byte = self.data[self.pos >> 3]
            value = (value << 1) | ((byte >> (7 - (self.pos & 7))) & 1)
            self.pos += 1
        return value

    def ue(self) -> int:
        zeros = 0
        while self.u(1) == 0:
            zeros += 1
        return (1 << zeros) - 1 + self.u(zeros)

    def se(self) -> int:
        k = self.ue()
        return (k + 1) // 2 if k % 2 else -(k // 2)


class _Writer:
    def __init__(self) -> None:
        self.bits: list[int] = []

    def u(self, n: int, value: int) -> None:
        self.bits += [(value >> (n - 1 - i)) & 1 for i in range(n)]

    def ue(self, value: int) -> None:
        value += 1
        self.u(value.bit_length() - 1, 0)
        self.u(value.bit_length(), value)

    def se(self, value: int) -> None:
        self.ue(2 * value - 1 if value > 0 else -2 * value)

    def rbsp(self) -> bytes:
        bits = [*self.bits, 1]
        bits += [0] * (-len(bits) % 8)
        return bytes(int("".join(map(str, bits[i : i + 8])), 2) for i in range(0, len(bits), 8))


def nal_units(annexb: bytes) -> list[bytes]:
    """The NAL units of an Annex B byte stream, without start codes."""
    starts = [m.end() for m in _START.finditer(annexb)]
    units = []
    for i, start in enumerate(starts):
        end = starts[i + 1] - 3 if i + 1 < len(starts) else len(annexb)
        unit = annexb[start:end]
        units.append(unit.rstrip(b"\x00") if i + 1 < len(starts) else unit)
    return units


def parameter_sets(units: list[bytes]) -> tuple[bytes, ...]:
    """The SPS and PPS among NAL units, in order."""
    return tuple(nal for nal in units if nal[0] & 31 in (NAL_SPS, NAL_PPS))


def sample_units(sample: bytes, length_size: int = 4) -> list[bytes]:
    """The NAL units of an MP4 sample: each after its length, in `length_size` bytes."""
    units, at = [], 0
    while at + length_size <= len(sample):
        size = int.from_bytes(sample[at : at + length_size], "big")
        units.append(sample[at + length_size : at + length_size + size])
        at += length_size + size
    return units


@dataclass(frozen=True)
class SampleEntry:
    """An MP4's H.264 configuration (its `avcC` record): the SPS and PPS its samples are decoded
    with, and the size of the lengths before each NAL unit of a sample."""

    length_size: int
    parameter_sets: tuple[bytes, ...]

    @classmethod
    def parse(cls, avcc: bytes) -> SampleEntry:
        if len(avcc) < 7 or avcc[0] != 1:
            raise UnsupportedStream("not an avcC record")
        sets, at = [], 5
        for count_mask in (31, 255):  # the SPS, then the PPS
            count, at = avcc[at] & count_mask, at + 1
            for _ in range(count):
                size = int.from_bytes(avcc[at : at + 2], "big")
                sets.append(avcc[at + 2 : at + 2 + size])
                at += 2 + size
        return cls((avcc[4] & 3) + 1, tuple(sets))


def _unescape(nal: bytes) -> bytes:
    out, zeros = bytearray(), 0
    for byte in nal:
        if zeros >= 2 and byte == 3:
            zeros = 0
            continue
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)


def _escape(rbsp: bytes) -> bytes:
    out, zeros = bytearray(), 0
    for byte in rbsp:
        if zeros >= 2 and byte <= 3:
            out.append(3)
            zeros = 0
        out.append(byte)
        zeros = zeros + 1 if byte == 0 else 0
    return bytes(out)


class UnsupportedStream(ValueError):
    """The encoder's settings do not allow writing skip slices by hand."""


@dataclass(frozen=True)
class Headers:
    log2_max_frame_num: int
    macroblocks: int
    deblocking_control: bool

    @classmethod
    def parse(cls, packet: bytes) -> Headers:
        """Read what a skip slice needs from the SPS and PPS inside a keyframe packet."""
        units = {nal[0] & 31: nal for nal in nal_units(packet)}
        if NAL_SPS not in units or NAL_PPS not in units:
            raise UnsupportedStream("the keyframe carries no SPS and PPS")
        sps = Bits(_unescape(units[NAL_SPS][1:]))
        profile = sps.u(8)
        sps.u(16)
        sps.ue()
        if profile in _HIGH_PROFILES:
            if sps.ue() == 3:
                sps.u(1)
            sps.ue()
            sps.ue()
            sps.u(1)
            if sps.u(1):
                raise UnsupportedStream("scaling matrices")
        log2_max_frame_num = sps.ue() + 4
        if sps.ue() != 2:
            raise UnsupportedStream("picture order must follow frame_num (no B-frames)")
        sps.ue()
        sps.u(1)
        width, height = sps.ue() + 1, sps.ue() + 1
        if not sps.u(1):
            raise UnsupportedStream("interlaced coding")
        pps = Bits(_unescape(units[NAL_PPS][1:]))
        pps.ue()
        pps.ue()
        if pps.u(1):
            raise UnsupportedStream("CABAC (x264 needs cabac=0)")
        pps.u(1)
        if pps.ue() != 0:
            raise UnsupportedStream("slice groups")
        pps.ue()
        pps.ue()
        if pps.u(1):
            raise UnsupportedStream("weighted prediction (x264 needs weightp=0)")
        pps.u(2)
        pps.se()
        pps.se()
        pps.se()
        return cls(log2_max_frame_num, width * height, bool(pps.u(1)))

    def frame_num(self, packet: bytes) -> int:
        """The frame_num of the (first) slice in an encoded picture."""
        for nal in nal_units(packet):
            if nal[0] & 31 in (NAL_SLICE, NAL_IDR):
                bits = Bits(_unescape(nal[1:]))
                bits.ue()
                bits.ue()
                bits.ue()
                return bits.u(self.log2_max_frame_num)
        raise UnsupportedStream("a picture without slices")

    def skip(self, frame_num: int) -> bytes:
        """A P picture, referenced by what follows, that repeats the previous one exactly."""
        w = _Writer()
        w.ue(0)  # first_mb_in_slice
        w.ue(5)  # slice_type: P, as every slice of the picture
        w.ue(0)  # pic_parameter_set_id
        w.u(self.log2_max_frame_num, frame_num % (1 << self.log2_max_frame_num))
        w.u(1, 0)  # num_ref_idx_active_override_flag
        w.u(1, 0)  # ref_pic_list_modification_flag_l0
        w.u(1, 0)  # adaptive_ref_pic_marking_mode_flag: sliding window
        w.se(0)  # slice_qp_delta
        if self.deblocking_control:
            w.ue(1)  # disable_deblocking_filter_idc: nothing to filter in a copy
        w.ue(self.macroblocks)  # mb_skip_run: every macroblock
        return b"\x00\x00\x00\x01\x41" + _escape(w.rbsp())
