"""A catalogue row's thumbnail: the frame a third of the way into the lecture's video, small, and
written whole; on a tiny lecture rendered at -q l whose first frames are an empty board."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import av
import numpy as np
import pytest
from PIL import Image

from lecturekit.catalogue.thumbnails import thumbnail
from tests.conftest import lecture_data

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def video(tmp_path_factory) -> Path:
    """A 3 s lecture at -q l (15 fps): an empty board until a panel is written at 0.8 s."""
    folder = tmp_path_factory.mktemp("tiny")
    lecture = folder / "lecture.json"
    data = lecture_data({"p": 'a Panel that says "hello"'}, [(0.8, "p is shown on the screen, written out.")], end=3.0)
    lecture.write_text(json.dumps(data), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "lecturekit", "render", str(lecture), "-q", "l", "--jobs", "1", "--quiet",
                    "--out", str(folder / "media")], check=True, capture_output=True)
    return folder / "media" / "tiny" / "tiny.mp4"


def _frames(video: Path) -> list[np.ndarray]:
    with av.open(str(video)) as container:
        return [np.asarray(f.to_image(), dtype=float) for f in container.decode(container.streams.video[0])]


def test_the_thumbnail_is_the_frame_a_third_in_small_and_whole(video, tmp_path):
    out = thumbnail(video, tmp_path / "still.png")
    assert out == tmp_path / "still.png" and [p.name for p in tmp_path.iterdir()] == ["still.png"]
    still = np.asarray(Image.open(out).convert("RGB"), dtype=float)
    assert still.shape == (180, 320, 3)
    frames = _frames(video)
    assert len(frames) == 45

    def distance(frame: np.ndarray) -> float:
        small = Image.fromarray(frame.astype(np.uint8)).resize((320, 180))
        return float(np.abs(np.asarray(small, dtype=float) - still).mean())

    assert distance(frames[15]) < 0.1  # 1.0 s of 3.0 s: the panel, written (scaled as the test scales it)
    assert distance(frames[0]) > 0.5  # not the empty board it opens on (0.9 apart: a small panel on a dark board)


def test_a_jpeg_thumbnail_for_a_jpg_name(video, tmp_path):
    out = thumbnail(video, tmp_path / "still.jpg", width=160)
    with Image.open(out) as image:
        assert (image.format, image.size) == ("JPEG", (160, 90))
