"""Narration: each beat's speech starts on its beat, in every scene and after the joins."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest

from lecturekit.pipeline import render_lecture
from lecturekit.settings import Quality, RenderSettings
from lecturekit.sources import read
from lecturekit.voice.speech import RATE
from lecturekit.voice.track import tts_track
from tests.conformance import Expected, conforms
from tests.conftest import DEMO


def onsets(samples: np.ndarray, rate: int, times: list[float]) -> list[float]:
    """Seconds from each time to the first sound at or after it (within half a second)."""
    found = []
    for t in times:
        first = int(t * rate)
        loud = np.flatnonzero(np.abs(samples[first : first + rate // 2]) > 0.02)
        found.append(loud[0] / rate if len(loud) else float("inf"))
    return found


def test_a_draft_voice_starts_every_beat_on_time_and_fits_before_the_next() -> None:
    beats = [(0.0, 1.5, "A short first beat with rather a lot of words to say in it."), (1.5, 4.0, "Second.")]
    track = tts_track(beats, 4.0)
    assert len(track) == 4 * RATE
    assert max(onsets(track, RATE, [0.0, 1.5])) < 0.005
    assert np.abs(track[int(1.45 * RATE) : int(1.5 * RATE)]).max() < 0.02  # the first beat ended in time


@pytest.fixture(scope="module")
def lecture_video(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    return render_lecture(DEMO, None, RenderSettings(Quality.l, out, tts="espeak"), jobs=2).path


@pytest.mark.slow
def test_the_joined_lecture_has_chapters_captions_and_speech_on_every_beat(lecture_video: Path) -> None:
    resolved = read(DEMO)
    with av.open(str(lecture_video)) as container:
        assert [c["metadata"]["title"] for c in container.chapters()] == [s.title for s in resolved.scenes]
        assert abs(float(container.duration / 1e6) - 62.0) < 1 / 15 + 0.03
        audio = container.streams.audio[0]
        samples = np.concatenate([f.to_ndarray()[0] for f in container.decode(audio)])
        rate = audio.rate
    starts = [b.start for s in resolved.scenes for b in s.beats]
    late = onsets(samples, rate, starts)
    assert max(late) <= 1 / 15, list(zip(starts, late, strict=True))  # within one frame at 15 fps
    assert lecture_video.with_suffix(".srt").read_text().startswith("1\n00:00:00,000 --> ")
    assert lecture_video.with_suffix(".vtt").read_text().startswith("WEBVTT")


@pytest.mark.slow
def test_the_lecture_with_narration_is_read_as_written_by_other_tools(
        lecture_video: Path, tmp_path: Path) -> None:
    """`tests.conformance`: the joined lecture, its chapters, captions and narration, as ffprobe,
    ffmpeg, GStreamer and MediaInfo read them."""
    conforms(lecture_video, Expected("h264", 854, 480, 930, 15, chapters=2, audio=1, subtitles=1), tmp_path)


@pytest.mark.slow
def test_the_manifest_records_every_file_and_what_it_was_made_from(lecture_video: Path) -> None:
    import hashlib
    import json

    manifest = json.loads((lecture_video.parent / "render.json").read_text())
    files = {f["path"]: f for f in manifest["files"]}
    assert files["lecturekit-demo.mp4"]["frames"] == 930 and files["lecturekit-demo.mp4"]["scene"] is None
    assert files["01-a-wave-and-its-phase.mp4"]["frames"] == 450 and files["02-adding-arrows.vtt"]["scene"] == 2
    assert manifest["lecture"]["sha256"] == hashlib.sha256(DEMO.read_bytes()).hexdigest()
    assert manifest["overrides"]["path"].endswith("lecturekit-demo.toml")
    assert [a["path"] for a in manifest["assets"]] == ["figures/arrows.png"]
    assert manifest["lecturekit"] and {f["quality"] for f in manifest["files"]} == {"l"}


@pytest.mark.slow
def test_the_lecture_video_carries_its_captions_as_a_subtitle_track(lecture_video: Path) -> None:
    with av.open(str(lecture_video)) as container:
        assert [s.codec_context.name for s in container.streams.subtitles] == ["mov_text"]
        texts = [bytes(p)[2:].decode() for p in container.demux(container.streams.subtitles[0])
                 if p.dts is not None and len(bytes(p)) > 2]
    srt_cues = lecture_video.with_suffix(".srt").read_text().strip().split("\n\n")
    assert texts == ["\n".join(block.split("\n")[2:]) for block in srt_cues]


@pytest.mark.slow
def test_a_recording_is_cut_under_its_scene(tmp_path: Path) -> None:
    from lecturekit.pipeline import render_scenes

    rate = 48_000
    recording = tmp_path / "talk.wav"
    seconds = 62.0
    signal = np.zeros(int(seconds * rate), np.float32)
    for beat in (30.0, 37.5, 43.0, 51.5):  # a click on each beat of the second scene
        start = int(beat * rate)
        signal[start : start + rate // 20] = 0.5 * np.sin(np.arange(rate // 20) * 2 * np.pi * 440 / rate)
    with av.open(str(recording), "w") as out:
        stream = out.add_stream("pcm_s16le", rate=rate)
        stream.layout = "mono"
        frame = av.AudioFrame.from_ndarray((signal * 32767).astype(np.int16)[None, :], format="s16", layout="mono")
        frame.sample_rate = rate
        out.mux(stream.encode(frame))
        out.mux(stream.encode(None))
    [scene] = render_scenes(DEMO, None, ["2"], RenderSettings(Quality.l, tmp_path / "media", narration=recording))
    with av.open(str(scene.path)) as container:
        audio = container.streams.audio[0]
        samples = np.concatenate([f.to_ndarray()[0] for f in container.decode(audio)])
        got = audio.rate
    assert max(onsets(samples, got, [0.0, 7.5, 13.0, 21.5])) <= 1 / 15
