"""A voice's speech laid under a scene, each beat's words from its start, and muxed under its video."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import av
import numpy as np

from lecturekit.diagnostics import Place, warning
from lecturekit.muxing import open_output
from lecturekit.voice import piper
from lecturekit.voice.espeak import ESPEAK_WPM, FASTEST_WPM, speak
from lecturekit.voice.languages import ORIGINAL, SpokenLanguage, spoken, tag_streams
from lecturekit.voice.reading import for_espeak
from lecturekit.voice.speech import RATE


def tts_track(beats: list[tuple[float, float, str]], seconds: float, tts: str = "espeak",
              voice: Path | None = None, lang: str = ORIGINAL) -> np.ndarray:
    """Each beat's speech in the language `lang` starting at its beat, sped up where it would run
    into the next (espeak up to FASTEST_WPM, Piper up to voice.piper.FASTEST times its pace; past
    that it is cut, with a warning). `voice` is a Piper voice, which must speak `lang`."""
    language = spoken(lang)
    if tts == "piper":
        voice = piper.voice_for(language, voice)
    track = np.zeros(round(seconds * RATE), np.float32)
    for start, end, say in beats:
        if not say.strip():
            continue
        window = max(0.2, end - start - 0.15)
        voice_samples = _spoken(say, window, tts, voice, language)
        if len(voice_samples) / RATE > window + 0.15:
            spoken_in = "" if lang == ORIGINAL else f"{language.name} "
            warn(Place(), f"the {spoken_in}speech of the beat at {start:.2f} s runs "
                          f"{len(voice_samples) / RATE - window:.1f} s past the next beat and is cut there",
                 "retime the lecture: --fit retime")
        first = round(start * RATE)
        room = max(0, min(len(voice_samples), round(end * RATE) - first, len(track) - first))
        track[first : first + room] = voice_samples[:room]
    return track


def _spoken(say: str, window: float, tts: str, voice: Path | None, language: SpokenLanguage) -> np.ndarray:
    """`say` in the voice asked for, as fast as it must be to fit `window` seconds (within limits)."""
    if tts == "piper":
        speech, speed = piper.speak(say, voice), 1.0
        for _ in range(3):  # pauses and sentence ends do not speed up with the words: ask again
            if speech.seconds <= window or speed >= piper.FASTEST:
                break
            speed = min(piper.FASTEST, speed * speech.seconds / window * 1.02)
            speech = piper.speak(say, voice, speed)
        return speech.samples
    said = for_espeak(say, language)
    samples = speak(said, ESPEAK_WPM, language.espeak)
    if len(samples) / RATE > window:
        faster = min(FASTEST_WPM, int(ESPEAK_WPM * len(samples) / RATE / window) + 10)
        samples = speak(said, faster, language.espeak)
    return samples


def warn(place: Place, message: str, hint: str | None = None) -> None:
    """One warning line on standard error, for work that goes on past something the author should know."""
    print(warning(place, message, hint).line(), file=sys.stderr)


def with_audio(video: Path, track: np.ndarray, out: Path, codec: str = "aac", lang: str = ORIGINAL) -> None:
    """`video`'s pictures and subtitles (copied, not re-encoded) with `track` encoded by `codec`
    (AAC; Opus in WebM), in `out` (the muxer named by its suffix), every stream tagged `lang`."""
    with av.open(str(video)) as source, open_output(out) as target:
        kept = [s for s in source.streams if s.type in ("video", "subtitle")]
        copies = {s.index: target.add_stream_from_template(s) for s in kept}
        sound = add_track(target, codec)
        tag_streams([*copies.values(), sound], lang, out.suffix)
        for packet in source.demux(kept):
            if packet.dts is not None:
                packet.stream = copies[packet.stream.index]
                target.mux(packet)
        mux_track(target, sound, track)
        chapters = source.chapters()
        if chapters:
            target.set_chapters(chapters)


def add_track(target: av.container.OutputContainer, codec: str = "aac") -> av.audio.stream.AudioStream:
    """A mono narration stream at RATE in `target`, added before anything is written."""
    sound = target.add_stream(codec, rate=RATE)
    assert isinstance(sound, av.audio.stream.AudioStream), f"{codec} is not an audio codec"
    sound.layout = "mono"
    return sound


def mux_track(target: av.container.OutputContainer, sound: av.audio.stream.AudioStream, track: np.ndarray) -> None:
    """`track` (mono at RATE) encoded into `sound`, in pieces of 1024 samples, then flushed."""
    step = 1024
    for first in range(0, len(track), step):
        frame = av.AudioFrame.from_ndarray(track[None, first : first + step].copy(), format="flt", layout="mono")
        frame.sample_rate, frame.pts, frame.time_base = RATE, first, Fraction(1, RATE)
        target.mux(sound.encode(frame))
    target.mux(sound.encode(None))
