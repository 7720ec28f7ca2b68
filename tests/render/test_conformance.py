"""An MP4 the encoder writes is read as written by tools nobody here wrote (`tests.conformance`):
its sample entry holds the SPS and PPS of the x264 sessions that wrote its keyframes, its index
comes first, and its pictures decode the same with only the sample entry's parameter sets.

The renders of lectures are checked where they are made: tests/render/test_formats.py (a scene in
every format, a GIF, stretches at -q h, p and k), tests/render/test_optimised.py (a chunked scene,
a scene rendered on a Dask cluster), tests/voice/test_narration.py (the joined lecture with narration)
and tests/test_multilingual.py (a track per language).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lecturekit.render.h264 import UnsupportedStream
from lecturekit.render.video import Encoder
from lecturekit.settings import Preset
from tests.conformance import (
    Expected,
    as_before,
    conforms,
    decode,
    header_only,
    keyframe_parameter_sets,
    mediainfo,
    openh264_md5s,
    pyav_md5s,
    top_boxes,
)

#: Pictures to write: each a flat shade with a square of another, held for some frames after it
#: (the first for one at least: openh264dec gives nothing for a clip of one picture).
pictures = st.lists(st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 20)), min_size=1,
                    max_size=6).filter(lambda shown: shown[0][2] > 0)


def clip(path: Path, preset: Preset, shown: list[tuple[int, int, int]]) -> int:
    """A clip of `shown` pictures, each written (a keyframe after a hold: a new x264 session)
    then held; returns its number of frames."""
    encoder = Encoder(path, preset, preset.fps)
    for shade, square, held in shown:
        picture = np.full((preset.height, preset.width, 4), shade, np.uint8)
        picture[: preset.height // 2, : preset.width // 2, :3] = square
        encoder.write(picture)
        encoder.hold(held)
    encoder.close()
    return encoder.count


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(width=st.integers(8, 48).map(lambda n: 2 * n), height=st.integers(8, 36).map(lambda n: 2 * n),
       crf=st.integers(10, 40), fps=st.sampled_from([10, 15, 24, 60]), shown=pictures)
def test_every_clip_s_header_is_its_sessions_and_other_tools_decode_it_with_that_alone(
        width: int, height: int, crf: int, fps: int, shown: list[tuple[int, int, int]]) -> None:
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "clip.mp4"
        frames = clip(path, Preset(width, height, fps, crf), shown)
        conforms(path, Expected("h264", width, height, frames, fps), Path(scratch))


class _Drifting(Encoder):
    """An encoder whose second x264 session codes at another quality (another PPS)."""

    def _open(self):
        codec = super()._open()
        if self.headers is not None:
            codec.options = {**codec.options, "crf": str(self.preset.crf + 10)}
        return codec


def test_a_session_with_other_parameter_sets_than_the_header_s_is_refused(tmp_path: Path) -> None:
    preset = Preset(64, 48, 15, 20)
    encoder = _Drifting(tmp_path / "drift.mp4", preset, 15)
    encoder.write(np.zeros((48, 64, 4), np.uint8))
    encoder.hold(3)
    with pytest.raises(UnsupportedStream, match="SPS or PPS"):
        encoder.write(np.full((48, 64, 4), 200, np.uint8))
        encoder.hold(3)  # the session's keyframe reaches the file here
    encoder.container.close()


def test_the_checks_catch_a_sample_entry_written_by_another_encoder(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """As lecturekit wrote MP4s before: the sample entry held the SPS and PPS of an encoder PyAV
    opened for the stream, and the index came last. Every check that looks at either fails."""
    as_before(monkeypatch)
    path = tmp_path / "before.mp4"
    frames = clip(path, Preset(96, 64, 15, 20), [(30, 200, 5), (90, 10, 5)])
    header, keyframes = keyframe_parameter_sets(path)
    assert len(keyframes) == 2 and all(sets and sets != header for sets in keyframes)
    assert top_boxes(path).index("mdat") < top_boxes(path).index("moov")
    assert mediainfo(path)["General"]["IsStreamable"] == "No"
    pictures = pyav_md5s(path)
    assert decode(path, "framemd5") == pictures and len(pictures) == frames  # the pictures themselves are right
    stripped = header_only(path, tmp_path / "stripped.mp4")
    with pytest.raises(AssertionError, match="error"):
        decode(stripped, "framemd5")
    assert openh264_md5s(stripped, 96, 64) != pictures
    with pytest.raises(AssertionError):
        conforms(path, Expected("h264", 96, 64, frames, 15), tmp_path)
