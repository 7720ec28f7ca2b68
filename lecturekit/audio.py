"""Narration: a draft voice from the beats' text (espeak-ng), or the lecture's own recording,
laid under each scene and the whole lecture in sync with the beats."""

from __future__ import annotations

import shutil
import subprocess
import sys
from fractions import Fraction
from functools import cache
from pathlib import Path

import av
import numpy as np

from lecturekit.diagnostics import LectureError, Place, error, warning

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


def tts_track(beats: list[tuple[float, float, str]], seconds: float, tts: str = "espeak",
              voice: Path | None = None) -> np.ndarray:
    """Each beat's speech starting at its beat, sped up where it would run into the next (espeak
    up to FASTEST_WPM, Piper up to voice.piper.FASTEST times its pace; past that it is cut, with
    a warning)."""
    track = np.zeros(round(seconds * RATE), np.float32)
    for start, end, say in beats:
        if not say.strip():
            continue
        window = max(0.2, end - start - 0.15)
        voice_samples = _spoken(say, window, tts, voice)
        if len(voice_samples) / RATE > window + 0.15:
            warn(Place(), f"the speech of the beat at {start:.2f} s runs {len(voice_samples) / RATE - window:.1f} s "
                          "past the next beat and is cut there", "retime the lecture: --fit retime")
        first = round(start * RATE)
        room = max(0, min(len(voice_samples), round(end * RATE) - first, len(track) - first))
        track[first : first + room] = voice_samples[:room]
    return track


def _spoken(say: str, window: float, tts: str, voice: Path | None) -> np.ndarray:
    """`say` in the voice asked for, as fast as it must be to fit `window` seconds (within limits)."""
    if tts == "piper":
        from lecturekit.voice import piper

        speech, speed = piper.speak(say, voice), 1.0
        for _ in range(3):  # pauses and sentence ends do not speed up with the words: ask again
            if speech.seconds <= window or speed >= piper.FASTEST:
                break
            speed = min(piper.FASTEST, speed * speech.seconds / window * 1.02)
            speech = piper.speak(say, voice, speed)
        return speech.samples
    samples = speak(say, ESPEAK_WPM)
    if len(samples) / RATE > window:
        faster = min(FASTEST_WPM, int(ESPEAK_WPM * len(samples) / RATE / window) + 10)
        samples = speak(say, faster)
    return samples


def warn(place: Place, message: str, hint: str | None = None) -> None:
    """One warning line on standard error, for work that goes on past something the author should know."""
    print(warning(place, message, hint).line(), file=sys.stderr)


def recording(path: Path, start: float, end: float) -> np.ndarray:
    """[start, end) seconds of a recording, mono at RATE, silence where it runs short."""
    audio = narration(path)
    first, last = round(start * RATE), round(end * RATE)
    out = np.zeros(last - first, np.float32)
    piece = audio[first:last]
    out[: len(piece)] = piece
    return out


#: A narration quieter than this throughout is taken for silence.
QUIET = 1e-3


@cache
def narration(path: Path, lecture_seconds: float = 0.0) -> np.ndarray:
    """A whole recording, mono at RATE. Refused with one line when it is not audio, holds no sound,
    or is shorter than half of `lecture_seconds` (the time its narration should fill)."""
    place = Place(path=str(path))
    try:
        with av.open(str(path)) as container:
            stream = container.streams.audio[0]
            resampler = av.AudioResampler(format="flt", layout="mono", rate=RATE)
            pieces = [frame.to_ndarray()[0] for packet in container.decode(stream)
                      for frame in resampler.resample(packet)]
    except IndexError:
        raise LectureError(error(place, "the narration holds no audio")) from None
    except (av.FFmpegError, OSError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise LectureError(error(place, f"the narration is not audio that can be read ({reason})")) from None
    audio = np.concatenate(pieces) if pieces else np.zeros(0, np.float32)
    if not len(audio) or float(np.abs(audio).max()) < QUIET:
        raise LectureError(error(place, "the narration is empty or silent"))
    if len(audio) / RATE < lecture_seconds / 2:
        raise LectureError(error(place, f"the narration is {len(audio) / RATE:.1f} s long, far shorter than the "
                                        f"{lecture_seconds:.1f} s the lecture narrates", "is it the right file?"))
    return audio


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
