"""A stranger's lecture recorded in Japanese (`tests/lectures/strangers/ja-rc-juuden/`, kept as
its author wrote it), rendered with no --lang: captions that break only where `--lang ja` breaks
them, none past the end of its video, and its scene's file named from its title. One scene at
`-q l` (29 s of video)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lecturekit.captions import captions, scene_beats, srt
from lecturekit.cli import app
from lecturekit.segmentation import columns, line_breaks
from lecturekit.sources import read

LECTURE = Path(__file__).parent / "lectures" / "strangers" / "ja-rc-juuden" / "lecture.json"


def probe(path: Path) -> dict:
    done = subprocess.run(["ffprobe", "-v", "error", "-show_streams", "-of", "json", str(path)],
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("media")
    result = CliRunner().invoke(app, ["render", str(LECTURE), "--scene", "1", "-q", "l", "--out", str(out), "--quiet"])
    assert result.exit_code == 0, result.output
    return out / "ja-rc-juuden"


@pytest.mark.slow
def test_a_strangers_japanese_lecture_renders_captioned_and_named_as_japanese(rendered: Path) -> None:
    resolved = read(LECTURE)
    scene = resolved.scenes[0]
    assert scene.title.isalnum()
    video = rendered / f"01-{scene.title}.mp4"  # its title, in its own script
    assert sorted(p.name for p in rendered.glob("01-*")) == [f"01-{scene.title}{s}" for s in (".mp4", ".srt", ".vtt")]
    streams = probe(video)["streams"]
    [picture] = [s for s in streams if s["codec_type"] == "video"]
    assert {s["tags"]["language"] for s in streams} == {"jpn"}
    frames, rate = int(picture["nb_frames"]), 15
    seconds = float(picture["duration"])
    assert frames / rate == pytest.approx(seconds, abs=1e-3) and seconds < scene.duration  # not whole frames
    # the captions are those `--lang ja` sets: Netflix's Japanese lines, broken between phrases
    assert (video.with_suffix(".srt")).read_text(encoding="utf-8") == srt(
        captions(scene_beats(scene), "ja", frames / rate))
    texts = [" ".join(b.say.split()) for b in scene.beats]
    written = (video.with_suffix(".srt")).read_text(encoding="utf-8").strip().split("\n\n")
    for block in written:
        lines = block.splitlines()[2:]
        assert all(columns(line) <= 26 for line in lines), lines  # 13 full-width characters
        if len(lines) == 2:  # broken where a phrase of its beat's narration ends (after a space, if one)
            [(text, at)] = [(t, t.index(joined) + len(joined) - len(lines[1])) for t in texts
                            for joined in (lines[0] + lines[1], f"{lines[0]} {lines[1]}") if joined in t]
            assert at in line_breaks(text, "ja"), lines
    # and none outlasts the video (the scene is recorded 28.8251 s long; its video is 432 frames, 28.800 s)
    last = written[-1].splitlines()[1].split(" --> ")[1]
    h, m, s = last.replace(",", ".").split(":")
    assert int(h) * 3600 + int(m) * 60 + float(s) <= seconds
    assert resolved.language == "ja"  # found from its scripts: it states none
