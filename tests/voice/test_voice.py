"""The natural voice, the aligner and the retimer, on a synthetic narration whose beats were
moved by known amounts: Piper's speech of the demo's beats, with the silences between changed."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess
import sys
from pathlib import Path

import av
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lecturekit.sources import read
from lecturekit.voice import piper
from lecturekit.voice.align import align_recording, lecture_beats
from lecturekit.voice.retime import retimed, write_lecture
from lecturekit.voice.speech import RATE, SILENCE
from lecturekit.voice.words import words
from tests.conftest import DEMO
from tests.voice.test_narration import onsets

#: How far each demo beat's speech is moved from the lecture's time (it also waits for the last).
SHIFTS = [0.3, -0.2, 0.6, 0.0, 0.45, -0.35, 0.8, 0.2]
LECTURE = [sys.executable, "-m", "lecturekit"]


def write_wav(path: Path, samples: np.ndarray, rate: int = RATE) -> Path:
    with av.open(str(path), "w") as out:
        stream = out.add_stream("pcm_s16le", rate=rate)
        stream.layout = "mono"
        frame = av.AudioFrame.from_ndarray((np.clip(samples, -1, 1) * 32767).astype(np.int16)[None, :],
                                           format="s16", layout="mono")
        frame.sample_rate = rate
        out.mux(stream.encode(frame))
        out.mux(stream.encode(None))
    return path


@pytest.fixture(scope="module")
def synthetic(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[float]]:
    """A recording of the demo and where each beat's speech was put in it."""
    track = np.zeros(75 * RATE, np.float32)
    placed, free = [], 0.0
    for (_, _, start, say), shift in zip(lecture_beats(read(DEMO)), SHIFTS, strict=True):
        speech = piper.speak(say)
        at = max(start + shift, free)
        track[round(at * RATE) : round(at * RATE) + len(speech.samples)] = speech.samples
        placed.append(at)
        free = at + speech.seconds + 0.3
    return write_wav(tmp_path_factory.mktemp("narration") / "talk.wav", track), placed


def test_every_beat_of_a_recording_is_found_within_100_ms(synthetic: tuple[Path, list[float]]) -> None:
    path, placed = synthetic
    beats = align_recording(read(DEMO), path)
    assert len(beats) == len(placed)
    assert max(abs(b.heard - at) for b, at in zip(beats, placed, strict=True)) < 0.1
    assert max(abs(b.drift) for b in beats) > 0.5  # the lecture's own times were off
    for beat in beats:
        assert list(beat.words) == sorted(beat.words)


@pytest.fixture(scope="module")
def retimed_demo(synthetic: tuple[Path, list[float]], tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("retimed") / "demo"
    shutil.copytree(DEMO.parent, folder)
    out = folder / "lecture.retimed.json"
    write_lecture(retimed(DEMO, align_recording(read(DEMO), synthetic[0])), out)
    return out


def test_a_retimed_lecture_starts_every_beat_on_its_speech_and_passes_check(
        retimed_demo: Path, synthetic: tuple[Path, list[float]]) -> None:
    resolved = read(retimed_demo)
    assert resolved.renderable and resolved.passes(False)
    starts = [start for _, _, start, _ in lecture_beats(resolved)]
    assert max(abs(s - at) for s, at in zip(starts, synthetic[1], strict=True)) < 0.1
    for scene in json.loads(retimed_demo.read_text())["publication"]["watch"]["scenes"]:
        ends = [b["start"] for b in scene["beats"][1:]] + [scene["end"]]
        for beat, end in zip(scene["beats"], ends, strict=True):
            assert all(beat["start"] <= t <= end for t, _ in beat["does"])
    checked = subprocess.run([*LECTURE, "check", str(retimed_demo), "--json"], capture_output=True, text=True)
    assert checked.returncode == 0 and json.loads(checked.stdout)["errors"] == []


def test_an_action_keeps_its_place_among_the_words_it_falls_on(retimed_demo: Path) -> None:
    old = json.loads(DEMO.read_text())["publication"]["watch"]["scenes"]
    new = json.loads(retimed_demo.read_text())["publication"]["watch"]["scenes"]
    old_times = [t for s in old for b in s["beats"] for t, _ in b["does"]]
    new_times = [t for s in new for b in s["beats"] for t, _ in b["does"]]
    assert len(old_times) == len(new_times)
    order = np.argsort(old_times, kind="stable")
    assert list(np.array(new_times)[order]) == sorted(new_times)  # nothing changes order
    # actions together stay together, actions apart stay apart
    for a, b in itertools.pairwise(order):
        assert (old_times[a] == old_times[b]) == (new_times[a] == new_times[b])
    assert [b["does"][0][1] for s in new for b in s["beats"]] == [b["does"][0][1] for s in old for b in s["beats"]]


@given(st.lists(st.floats(-0.8, 0.8), min_size=8, max_size=8))
def test_retiming_never_reorders_and_follows_every_beat(shifts: list[float]) -> None:
    from lecturekit.voice.align import Beat

    beats = lecture_beats(read(DEMO))
    heard, free = [], 0.0
    for (scene, number, start, say), shift in zip(beats, shifts, strict=True):
        at = max(start + shift, free, 0.0)
        times = tuple(round(at + 0.3 * k, 3) for k in range(len(words(say))))
        heard.append(Beat(scene, number, start, times))
        free = times[-1] + 0.5
    data = retimed(DEMO, heard)
    scenes = data["publication"]["watch"]["scenes"]
    assert [b["start"] for s in scenes for b in s["beats"]] == [b.heard for b in heard]
    times = [t for s in scenes for t in (s["start"], *(x for b in s["beats"] for x in (b["start"],
             *(a for a, _ in b["does"]))), s["end"])]
    assert times == sorted(times)


@pytest.mark.slow
def test_a_retimed_lecture_renders_with_its_recording_on_every_beat(
        retimed_demo: Path, synthetic: tuple[Path, list[float]], tmp_path: Path) -> None:
    from lecturekit.pipeline import render_scenes
    from lecturekit.settings import Quality, RenderSettings

    [scene] = render_scenes(retimed_demo, None, ["2"], RenderSettings(Quality.l, tmp_path, narration=synthetic[0]))
    resolved = read(retimed_demo)
    second = resolved.scenes[1]
    with av.open(str(scene.path)) as container:
        audio = container.streams.audio[0]
        samples = np.concatenate([f.to_ndarray()[0] for f in container.decode(audio)])
        rate = audio.rate
    late = onsets(samples, rate, [b.start - second.start for b in second.beats])
    assert max(late) <= 1 / 15, late
    assert scene.path.with_suffix(".srt").read_text().startswith("1\n00:00:00,000 --> ")


@pytest.mark.slow
def test_piper_speaks_every_beat_of_the_demo_from_its_frame(tmp_path: Path) -> None:
    from lecturekit.pipeline import render_lecture
    from lecturekit.settings import Quality, RenderSettings

    video = render_lecture(DEMO, None, RenderSettings(Quality.l, tmp_path, tts="piper"), jobs=2).path
    with av.open(str(video)) as container:
        audio = container.streams.audio[0]
        samples = np.concatenate([f.to_ndarray()[0] for f in container.decode(audio)])
        rate = audio.rate
    starts = [start for _, _, start, _ in lecture_beats(read(DEMO))]
    late = onsets(samples, rate, starts)
    assert max(late) <= 1 / 15, list(zip(starts, late, strict=True))  # within one frame at 15 fps
    for start in starts[1:]:  # and it is the beat's own speech starting, not the last one running on
        before = samples[round((start - 0.06) * rate) : round((start - 0.01) * rate)]
        assert np.abs(before).max() < 0.02, start


def test_piper_says_where_its_words_start() -> None:
    say = "Read the table: three point one six plus 1.8 is not four point seven two."
    speech = piper.speak(say)
    assert len(speech.words) == len(words(say)) and speech.words[0] == 0.0
    assert list(speech.words) == sorted(speech.words) and speech.words[-1] < speech.seconds
    again = piper.speak(say)  # no duration noise: one text, one length (the trimmed lead may
    assert abs(again.seconds - speech.seconds) < 0.01  # differ by a few ms of timbre noise)
    faster = piper.speak(say, speed=2.0)
    assert faster.seconds < speech.seconds / 1.5  # pauses between sentences scale less than words
    assert np.abs(speech.samples[: RATE // 100]).max() > SILENCE  # sound from the first sample


def test_the_default_voice_is_the_one_pinned_by_hash() -> None:
    import hashlib

    path = piper.default_voice()
    assert path.name == "en_US-joe-medium.onnx"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == piper.DEFAULT_VOICE_SHA256


def test_a_voice_that_is_not_a_piper_voice_is_refused_with_one_line(tmp_path: Path) -> None:
    bad = tmp_path / "voice.onnx"
    bad.write_bytes(b"not a model")
    (tmp_path / "voice.onnx.json").write_text("{}")
    for voice in (bad, tmp_path / "missing.onnx"):
        done = subprocess.run([*LECTURE, "retime", str(DEMO), "--tts", "piper", "--voice", str(voice),
                               "--out", str(tmp_path / "new.json"), "--quiet"], capture_output=True, text=True)
        assert done.returncode != 0 and "Traceback" not in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1 and str(voice) in done.stderr
    assert not (tmp_path / "new.json").exists()


def test_a_narration_that_is_not_audio_empty_or_far_too_short_is_refused_with_one_line(tmp_path: Path) -> None:
    text = tmp_path / "notes.wav"
    text.write_text("these are notes, not a recording")
    silent = write_wav(tmp_path / "silent.wav", np.zeros(60 * RATE, np.float32))
    short = write_wav(tmp_path / "short.wav", 0.3 * np.sin(np.arange(5 * RATE) * 0.1).astype(np.float32))
    for path, said in ((text, "not audio"), (silent, "empty or silent"), (short, "far shorter")):
        done = subprocess.run([*LECTURE, "align", str(DEMO), "--narration", str(path), "--quiet"],
                              capture_output=True, text=True)
        assert done.returncode == 1 and said in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_alignment_and_a_retimed_lecture_from_piper_need_no_network(
        synthetic: tuple[Path, list[float]], tmp_path: Path) -> None:
    """Run in a network namespace of their own, where no address but loopback exists."""
    offline = ["unshare", "--net", "--map-root-user"] if shutil.which("unshare") else []
    probe = subprocess.run([*offline, sys.executable, "-c",
                            "import socket; s = socket.socket(); s.settimeout(2); s.connect(('192.0.2.1', 80))"],
                           capture_output=True, text=True)
    assert probe.returncode != 0 and "unreachable" in probe.stderr  # the namespace has no way out
    aligned = subprocess.run([*offline, *LECTURE, "align", str(DEMO), "--narration", str(synthetic[0]), "--json",
                              "--quiet"], capture_output=True, text=True)
    assert aligned.returncode == 0, aligned.stderr
    heard = [b["heard"] for b in json.loads(aligned.stdout)["beats"]]
    assert max(abs(h - at) for h, at in zip(heard, synthetic[1], strict=True)) < 0.1
    out = tmp_path / "lecture.json"
    spoken = subprocess.run([*offline, *LECTURE, "retime", str(DEMO), "--tts", "piper", "--out", str(out), "--quiet"],
                            capture_output=True, text=True)
    assert spoken.returncode == 0, spoken.stderr
    assert json.loads(out.read_text())["publication"]["slug"] == "lecturekit-demo"
