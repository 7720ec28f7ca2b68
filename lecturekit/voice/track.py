"""A voice's speech laid under a scene, each beat's words from its start, and muxed under its video."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from lecturekit.diagnostics import Place, warning
from lecturekit.voice import piper
from lecturekit.voice.espeak import ESPEAK_WPM, FASTEST_WPM, speak
from lecturekit.voice.speech import RATE


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
