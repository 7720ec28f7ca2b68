"""Whether a video is read as we mean it by tools nobody here wrote: the system's FFmpeg (ffprobe
and ffmpeg, not the FFmpeg inside PyAV), GStreamer with Cisco's openh264 decoder, and MediaInfo.

`conforms(path, expected, scratch)` runs every check that applies to the file's container and codec:

- ffprobe reads every stream and chapter, with the codec, size, frame rate and counts expected;
- ffmpeg decodes every frame of every stream with no error (`-err_detect explode -xerror`);
- MP4 and MOV: the index (`moov`) comes before the media (`mdat`);
- VP9 (WebM, which carries no CodecPrivate for it): the track's profile, colour range and size are
  those of the first keyframe;
- H.264: the sample entry (`avcC`) holds the SPS and PPS of every keyframe; with the keyframes'
  own SPS and PPS removed, so that only the sample entry's are left, ffmpeg (with no error) and
  GStreamer's openh264dec decode pictures identical to PyAV's of the file itself;
- MediaInfo reports no conformance problem, nor a truncated file, and sees the index first.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

import av
import pytest

#: MediaInfo 23.04's fields for what is wrong with a file (any track, or its "extra" fields).
PROBLEMS = ("Conformance", "Errors", "Warnings", "IsTruncated")
#: The most seconds a tool may take on one file.
TIMEOUT = 600


@dataclass(frozen=True)
class Expected:
    codec: str  # as ffprobe names it: h264, vp9, prores, gif
    width: int
    height: int
    frames: int
    fps: int | None = None  # None: not a constant rate (a GIF's delays)
    chapters: int = 0
    audio: int = 0
    subtitles: int = 0


def run(*command: str | Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([str(c) for c in command], capture_output=True, check=False, timeout=TIMEOUT)


def top_boxes(path: Path) -> list[str]:
    """The types of an MP4's or MOV's top-level boxes, in order."""
    boxes, at, data = [], 0, path.read_bytes()
    while at + 8 <= len(data):
        size = int.from_bytes(data[at : at + 4], "big")
        if size == 1:
            size = int.from_bytes(data[at + 8 : at + 16], "big")
        elif size == 0:
            size = len(data) - at
        boxes.append(data[at + 4 : at + 8].decode("latin-1"))
        at += size
    assert at == len(data), f"{path.name}: the last box runs past the end of the file"
    return boxes


def probe(path: Path) -> dict:
    done = run("ffprobe", "-v", "error", "-show_streams", "-show_chapters", "-show_format", "-of", "json", path)
    assert done.returncode == 0 and not done.stderr, done.stderr.decode()
    return json.loads(done.stdout)


def decode(path: Path, hashed_by: str = "framecrc") -> list[str]:
    """ffmpeg's hash (Adler-32, or with "framemd5" MD5) of each picture of the first video stream,
    decoding every stream of `path` (subtitles too) and stopping at the first error, after
    asserting it reported none."""
    done = run("ffmpeg", "-nostdin", "-v", "error", "-err_detect", "explode", "-xerror", "-i", path,
               "-map", "0:v:0", "-f", hashed_by, "pipe:1", "-map", "0", "-c:s", "ass", "-f", "null", "-")
    assert done.returncode == 0 and not done.stderr, f"{path.name}: {done.stderr.decode()[:2000]}"
    return [line.rsplit(",", 1)[1].strip() for line in done.stdout.decode().splitlines() if not line.startswith("#")]


def header_only(path: Path, out: Path) -> Path:
    """`path` with its video's in-band SPS and PPS removed: only the sample entry's are left."""
    done = run("ffmpeg", "-nostdin", "-v", "error", "-y", "-i", path, "-map", "0:v:0", "-c", "copy",
               "-bsf:v", "filter_units=remove_types=7|8", out)
    assert done.returncode == 0 and not done.stderr, done.stderr.decode()
    return out


def _parameter_sets(units: list[bytes]) -> tuple[bytes, ...]:
    return tuple(u for u in units if u[0] & 31 in (7, 8))


def avcc_parameter_sets(avcc: bytes) -> tuple[tuple[bytes, ...], int]:
    """The SPS and PPS of an avcC record, and the size of a sample's NAL lengths (ISO 14496-15)."""
    assert avcc[0] == 1, "the sample entry's configuration is an avcC record"
    sets, at = [], 5
    for mask in (31, 255):  # numOfSequenceParameterSets (5 bits), then numOfPictureParameterSets
        count, at = avcc[at] & mask, at + 1
        for _ in range(count):
            size = int.from_bytes(avcc[at : at + 2], "big")
            sets.append(avcc[at + 2 : at + 2 + size])
            at += 2 + size
    return tuple(sets), (avcc[4] & 3) + 1


def _units(sample: bytes, length_size: int) -> list[bytes]:
    units, at = [], 0
    while at < len(sample):
        size = int.from_bytes(sample[at : at + length_size], "big")
        units.append(sample[at + length_size : at + length_size + size])
        at += length_size + size
    return units


def keyframe_parameter_sets(path: Path) -> tuple[tuple[bytes, ...], list[tuple[bytes, ...]]]:
    """The sample entry's SPS and PPS, and those each keyframe carries."""
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        header, length_size = avcc_parameter_sets(stream.codec_context.extradata)
        found = [_parameter_sets(_units(bytes(p), length_size)) for p in container.demux(stream) if p.is_keyframe]
    return header, found


def vp9_keyframe(path: Path) -> dict[str, object]:
    """What a WebM's first VP9 frame (a keyframe, profile 0) says of itself: profile, colour range
    (limited or full) and size, from its uncompressed header."""
    with av.open(str(path)) as container:
        frame = bytes(next(p for p in container.demux(video=0) if p.size))
    bits = "".join(f"{byte:08b}" for byte in frame[:16])
    # frame marker, profile (two bits), show_existing_frame, frame_type, ..., sync code, colour space, range, size
    assert bits[:2] == "10" and bits[2:5] == "000", "a profile 0 frame, not one shown again"
    assert bits[5] == "0" and int(bits[8:32], 2) == 0x498342, "a keyframe with its sync code"
    return {"profile": "Profile 0", "color_range": "pc" if bits[35] == "1" else "tv",
            "width": int(bits[36:52], 2) + 1, "height": int(bits[52:68], 2) + 1}


def pyav_md5s(path: Path) -> list[str]:
    """The MD5 of each picture PyAV decodes from the first video stream, as I420 without padding
    (as ffmpeg's framemd5 hashes it)."""
    with av.open(str(path)) as container:
        return [hashlib.md5(f.to_ndarray(format="yuv420p").tobytes()).hexdigest() for f in container.decode(video=0)]


def openh264_md5s(path: Path, width: int, height: int) -> list[str]:
    """The MD5 of each picture GStreamer's openh264dec decodes from an MP4's first video stream,
    as I420 without GStreamer's padding (its rows are a multiple of 4 bytes). openh264dec gives
    nothing for a stream of one picture, and gst-launch 1.22 can then hang: it is stopped after
    `TIMEOUT` seconds."""
    pipeline = (f"filesrc location={path} ! qtdemux name=d d.video_0 ! h264parse ! openh264dec ! videoconvert ! "
                "video/x-raw,format=I420 ! fdsink fd=1")
    chroma = ((width + 1) // 2, (height + 1) // 2)
    planes = [(-(-width // 4) * 4, width, height), *[(-(-chroma[0] // 4) * 4, *chroma)] * 2]
    size = sum(stride * rows for stride, _, rows in planes)
    found = []
    with tempfile.TemporaryFile() as errors, subprocess.Popen(
            ["gst-launch-1.0", "-q", *pipeline.split()], stdout=subprocess.PIPE, stderr=errors) as process:
        assert process.stdout is not None
        watchdog = threading.Timer(TIMEOUT, process.kill)
        watchdog.start()
        while picture := process.stdout.read(size):
            assert len(picture) == size, "a whole picture"
            md5, at = hashlib.md5(), 0
            for stride, used, rows in planes:
                for row in range(rows):
                    md5.update(picture[at + row * stride : at + row * stride + used])
                at += stride * rows
            found.append(md5.hexdigest())
        process.wait()
        watchdog.cancel()
        errors.seek(0)
        said = errors.read().decode()
    assert process.returncode == 0 and not said, f"{path.name}: gst-launch {process.returncode}: {said}"
    return found


def mediainfo(path: Path) -> dict[str, dict]:
    """MediaInfo's tracks by type (the first of each), after asserting it reports no problem."""
    done = run("mediainfo", "--Output=JSON", path)
    assert done.returncode == 0, done.stderr.decode()
    tracks = json.loads(done.stdout)["media"]["track"]
    for track in tracks:
        fields = {**track, **track.get("extra", {})}
        assert not [k for k in fields if k.startswith(PROBLEMS)], (path.name, track)
    return {track["@type"]: track for track in reversed(tracks)}


def conforms(path: Path, expected: Expected, scratch: Path) -> None:
    """Every check that applies to `path` (see the module's docstring)."""
    found = probe(path)
    streams = found["streams"]
    video = [s for s in streams if s["codec_type"] == "video"]
    assert len(video) == 1 and video[0]["codec_name"] == expected.codec, streams
    assert (video[0]["width"], video[0]["height"]) == (expected.width, expected.height)
    if expected.fps is not None:
        assert video[0]["r_frame_rate"] == video[0]["avg_frame_rate"] == f"{expected.fps}/1"
    assert sum(s["codec_type"] == "audio" for s in streams) == expected.audio
    assert sum(s["codec_type"] == "subtitle" for s in streams) == expected.subtitles
    assert len(found["chapters"]) == expected.chapters
    assert len(decode(path)) == expected.frames

    info = mediainfo(path)
    picture_track = info["Image" if expected.codec == "gif" else "Video"]
    assert picture_track["Format"] == {"h264": "AVC", "vp9": "VP9", "prores": "ProRes", "gif": "GIF"}[expected.codec]
    if path.suffix in (".mp4", ".mov"):
        boxes = top_boxes(path)
        assert boxes.count("moov") == 1 and boxes.index("moov") < boxes.index("mdat"), boxes
        assert info["General"]["IsStreamable"] == "Yes"

    if expected.codec == "vp9":  # no CodecPrivate: the track's own fields must be the stream's
        assert vp9_keyframe(path) == {k: video[0].get(k) for k in ("profile", "color_range", "width", "height")}

    if expected.codec == "h264":
        header, keyframes = keyframe_parameter_sets(path)
        assert keyframes and all(sets in ((), header) for sets in keyframes), "keyframes repeat the header's SPS, PPS"
        assert info["Video"]["CodecID"] == "avc1"
        pictures = pyav_md5s(path)
        stripped = header_only(path, scratch / f"header-only-{path.stem}.mp4")
        assert decode(stripped, "framemd5") == pictures
        assert openh264_md5s(stripped, expected.width, expected.height) == pictures

class _AsBefore:
    """An MP4 opened as lecturekit's encoder opened it before: no index first, and a stream with
    an encoder of its own, which PyAV opens to write the header (its SPS and PPS in the sample
    entry, not those of the x264 sessions that wrote the pictures)."""

    def __init__(self, path: Path, format: str | None = None):
        self.container = av.open(str(path), mode="w", format=format)

    def add_mux_stream(self, codec: str, rate: int, width: int, height: int, **_: object) -> av.VideoStream:
        stream = self.container.add_stream(codec, rate=rate)
        stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
        return stream

    def __getattr__(self, name: str) -> object:
        return getattr(self.container, name)


def as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `lecturekit.render.video.Encoder` write MP4s as it did before (`_AsBefore`)."""
    from lecturekit.render import video

    monkeypatch.setattr(video, "open_output", _AsBefore)
