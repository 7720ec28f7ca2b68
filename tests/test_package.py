"""Joining scene videos: stream copy, exact frame counts, one named chapter per scene."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest

from lecturekit.diagnostics import RenderError
from lecturekit.package import Part, join
from lecturekit.render.video import Encoder
from lecturekit.settings import Preset
from tests.conformance import Expected, as_before, conforms

TINY = Preset(64, 48, 15, 23)


def _clip(path: Path, shade: int, frames: int, preset: Preset = TINY) -> Path:
    encoder = Encoder(path, preset, 15)
    picture = np.full((48, 64, 4), shade, np.uint8)
    encoder.write(picture)
    encoder.hold(frames - 1)
    encoder.close()
    return path


def test_scenes_join_into_one_video_with_a_chapter_each(tmp_path: Path) -> None:
    parts = [Part(_clip(tmp_path / "a.mp4", 40, 23), "First Scene"),
             Part(_clip(tmp_path / "b.mp4", 200, 17), "Second, Scene")]
    out = tmp_path / "lecture.mp4"
    assert join(parts, out, 15) == 40
    with av.open(str(out)) as container:
        frames = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]
        chapters = container.chapters()
    assert len(frames) == 40
    assert abs(int(frames[22].mean()) - 40) <= 3 and abs(int(frames[23].mean()) - 200) <= 3
    assert [c["metadata"]["title"] for c in chapters] == ["First Scene", "Second, Scene"]
    starts = [float(c["start"] * c["time_base"]) for c in chapters]
    assert starts[0] == 0.0 and abs(starts[1] - 23 / 15) <= 0.001  # MP4 keeps chapters in ms
    assert not list(tmp_path.glob(".*part*")), "no temporary file is left behind"


def test_a_held_clip_decodes_to_the_same_picture_on_every_frame(tmp_path: Path) -> None:
    path = _clip(tmp_path / "held.mp4", 120, 300)
    with av.open(str(path)) as container:
        frames = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]
        assert container.streams.video[0].average_rate == 15
    assert len(frames) == 300
    assert all(np.array_equal(frames[0], f) for f in frames)
    assert path.stat().st_size < 20_000  # 299 of them are a few bytes each


def test_joined_scenes_keep_the_header_their_pictures_were_coded_with(tmp_path: Path) -> None:
    parts = [Part(_clip(tmp_path / "a.mp4", 40, 23), "First"), Part(_clip(tmp_path / "b.mp4", 200, 17), "Second")]
    join(parts, tmp_path / "lecture.mp4", 15)
    conforms(tmp_path / "lecture.mp4", Expected("h264", 64, 48, 40, 15, chapters=2), tmp_path)


def test_parts_coded_with_other_parameter_sets_are_not_joined(tmp_path: Path) -> None:
    """The joined file has one sample entry (the first part's): a part coded at another quality
    (another PPS) would be decoded with the wrong one."""
    parts = [Part(_clip(tmp_path / "a.mp4", 40, 23), "First"),
             Part(_clip(tmp_path / "b.mp4", 200, 17, Preset(64, 48, 15, 30)), "Second")]
    with pytest.raises(RenderError, match=r"'b\.mp4' cannot be joined by stream copy"):
        join(parts, tmp_path / "lecture.mp4", 15)
    assert not (tmp_path / "lecture.mp4").exists()


def test_a_part_whose_sample_entry_is_not_its_keyframes_is_not_joined(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A video written before the sample entry held the x264 sessions' SPS and PPS."""
    good = _clip(tmp_path / "good.mp4", 40, 23)
    with monkeypatch.context() as patch:
        as_before(patch)
        old = _clip(tmp_path / "old.mp4", 200, 17)
    for parts in ([old], [good, old]):
        with pytest.raises(RenderError, match=r"'old\.mp4' cannot be joined by stream copy"):
            join([Part(p, p.stem) for p in parts], tmp_path / "lecture.mp4", 15)
