"""Narration: a draft voice from the beats' text (espeak-ng), or the lecture's own recording,
laid under each scene and the whole lecture in sync with the beats."""

from __future__ import annotations

import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from lecturekit.diagnostics import LectureError, Place, error

RATE = 24_000
#: espeak-ng's own sample rate and its default speaking rate (words per minute).
ESPEAK_RATE, ESPEAK_WPM, FASTEST_WPM = 22_050, 175, 450
SILENCE = 0.01


def speak(text: str, wpm: int) -> np.ndarray:
    """`text` spoken by espeak-ng at `wpm`, leading silence trimmed, at RATE samples a second.
    The text goes to espeak on its standard input: nothing in it is ever a command or a flag."""
    if shutil.which("espeak-ng") is None:
        raise LectureError(error(Place(), "espeak-ng is not installed", "run ./setup.sh, or apt-get install espeak-ng"))
    done = subprocess.run(["espeak-ng", "--stdin", "--stdout", "-s", str(wpm)], input=text.encode("utf-8"),
                          capture_output=True, check=False, timeout=120)
    if done.returncode != 0 or len(done.stdout) <= 44:
        return np.zeros(0, np.float32)
    samples = np.frombuffer(done.stdout[44 : 44 + (len(done.stdout) - 44) // 2 * 2], dtype="<i2")
    voice = samples.astype(np.float32) / 32768
    loud = np.flatnonzero(np.abs(voice) > SILENCE)
    voice = voice[loud[0] :] if len(loud) else voice[:0]
    positions = np.arange(0, len(voice) - 1, ESPEAK_RATE / RATE)
    return np.interp(positions, np.arange(len(voice)), voice).astype(np.float32)


def tts_track(beats: list[tuple[float, float, str]], seconds: float) -> np.ndarray:
    """Each beat's speech starting at its beat, sped up where it would run into the next."""
    track = np.zeros(round(seconds * RATE), np.float32)
    for start, end, say in beats:
        if not say.strip():
            continue
        window = max(0.2, end - start - 0.15)
        voice = speak(say, ESPEAK_WPM)
        if len(voice) / RATE > window:
            faster = min(FASTEST_WPM, int(ESPEAK_WPM * len(voice) / RATE / window) + 10)
            voice = speak(say, faster)
        first = round(start * RATE)
        room = max(0, min(len(voice), round(end * RATE) - first, len(track) - first))
        track[first : first + room] = voice[:room]
    return track


def recording(path: Path, start: float, end: float) -> np.ndarray:
    """[start, end) seconds of a recording, mono at RATE, silence where it runs short."""
    try:
        with av.open(str(path)) as container:
            stream = container.streams.audio[0]
            resampler = av.AudioResampler(format="flt", layout="mono", rate=RATE)
            pieces = [frame.to_ndarray()[0] for packet in container.decode(stream)
                      for frame in resampler.resample(packet)]
    except (av.FFmpegError, IndexError, OSError) as exc:
        raise LectureError(error(Place(path=str(path)), f"the narration cannot be read: {exc}")) from None
    audio = np.concatenate(pieces) if pieces else np.zeros(0, np.float32)
    first, last = round(start * RATE), round(end * RATE)
    out = np.zeros(last - first, np.float32)
    piece = audio[first:last]
    out[: len(piece)] = piece
    return out


def with_audio(video: Path, track: np.ndarray, out: Path, codec: str = "aac") -> None:
    """`video`'s pictures and subtitles (copied, not re-encoded) with `track` encoded by `codec`
    (AAC; Opus in WebM), in `out` (the muxer named by its suffix)."""
    with av.open(str(video)) as source, av.open(str(out), mode="w") as target:
        kept = [s for s in source.streams if s.type in ("video", "subtitle")]
        copies = {s.index: target.add_stream_from_template(s) for s in kept}
        sound = target.add_stream(codec, rate=RATE)
        sound.layout = "mono"
        for packet in source.demux(kept):
            if packet.dts is not None:
                packet.stream = copies[packet.stream.index]
                target.mux(packet)
        step = 1024
        for first in range(0, len(track), step):
            frame = av.AudioFrame.from_ndarray(track[None, first : first + step].copy(), format="flt", layout="mono")
            frame.sample_rate, frame.pts, frame.time_base = RATE, first, Fraction(1, RATE)
            target.mux(sound.encode(frame))
        target.mux(sound.encode(None))
        chapters = source.chapters()
        if chapters:
            target.set_chapters(chapters)
