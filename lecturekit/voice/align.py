"""Where the words are heard: a narration aligned to the beats' text, offline on the CPU.

A recording is aligned by pocketsphinx, whose wheel carries a US English acoustic model and
pronouncing dictionary: the beats' words, in order, are forced onto the audio and each word's
first frame is where it is heard. Piper's speech needs no aligner: it says where its words start.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from lecturekit.diagnostics import LectureError, Place, error
from lecturekit.resolve import ResolvedLecture
from lecturekit.voice.languages import ORIGINAL, spoken
from lecturekit.voice.narration import narration
from lecturekit.voice.speech import RATE
from lecturekit.voice.words import words

if TYPE_CHECKING:  # the voice extra, imported when aligning
    from pocketsphinx import Decoder

#: pocketsphinx's acoustic model hears 16 kHz audio in frames of 10 ms.
SPHINX_RATE, FRAME = 16_000, 0.01
#: Wide beams: a forced alignment must reach the last word, and the grammar is one straight line.
BEAMS = {"beam": 1e-120, "wbeam": 1e-100, "pbeam": 1e-120}
TRAILING = 0.5
_INSTALL = "pip install 'lecturekit[voice]' (the aligner, pocketsphinx)"

Progress = Callable[[float, float], None]


@dataclass(frozen=True)
class Beat:
    """Where a beat starts in the lecture and where its words are heard (lecture seconds)."""

    scene: int
    number: int
    said: float
    words: tuple[float, ...]

    @property
    def heard(self) -> float:
        return self.words[0] if self.words else self.said

    @property
    def drift(self) -> float:
        return self.heard - self.said


def lecture_beats(resolved: ResolvedLecture) -> list[tuple[int, int, float, str]]:
    """(scene, beat number, start, narration) of every beat, in lecture order."""
    return [(s.index, n, b.start, b.say) for s in resolved.scenes for n, b in enumerate(s.beats, 1)]


def narrated_seconds(resolved: ResolvedLecture) -> float:
    """Until when the lecture's beats narrate: the start of its last beat with words."""
    return max((start for _, _, start, say in lecture_beats(resolved) if words(say)), default=0.0)


def align_recording(resolved: ResolvedLecture, path: Path, progress: Progress | None = None) -> list[Beat]:
    """Every beat of the lecture with the times its words are heard in the recording at `path`
    (pocketsphinx's model hears English only: a lecture in another language is refused)."""
    language = spoken(resolved.language)
    if language.heard != spoken(ORIGINAL).heard:
        raise LectureError(error(Place(path=str(path)), f"the aligner hears only English, and the lecture is in "
                                 f"{language.name} ({language.code})", "retime it to Piper's speech instead: "
                                 f"--tts piper --voice FILE.onnx, a Piper voice for {language.code}"))
    audio = narration(path, narrated_seconds(resolved))
    beats = lecture_beats(resolved)
    tokens = [words(say) for *_, say in beats]
    try:
        heard = _force_align(audio, tokens, progress)
    except _NoAlignment:
        raise LectureError(error(Place(path=str(path)), "the narration's words could not be found in the recording",
                                 "is it a recording of this lecture, in English?")) from None
    return [Beat(scene, number, start, times) for (scene, number, start, _), times in zip(beats, heard, strict=True)]


class _NoAlignment(Exception):
    pass


def _force_align(audio: np.ndarray, beats: list[list[str]], progress: Progress | None) -> list[tuple[float, ...]]:
    """Each beat's words' start times in `audio` (mono at RATE), by forced alignment of all of them."""
    try:
        from pocketsphinx import Decoder
    except ImportError:
        raise LectureError(error(Place(), "the aligner is not installed", _INSTALL)) from None
    decoder = Decoder(lm=None, samprate=SPHINX_RATE, loglevel="FATAL", **BEAMS)
    spoken: list[list[list[str]]] = [[_dictionary_words(decoder, token) for token in beat] for beat in beats]
    sequence = [w for beat in spoken for token in beat for w in token]
    if not sequence:
        raise _NoAlignment
    decoder.set_align_text(" ".join(sequence))
    pcm = _pcm16(np.concatenate([audio, np.zeros(round(TRAILING * RATE), np.float32)]))
    block = SPHINX_RATE * 2 * 5  # five seconds of 16-bit samples a call
    decoder.start_utt()
    for first in range(0, len(pcm), block):
        decoder.process_raw(pcm[first : first + block])
        if progress is not None:
            progress(min(len(pcm), first + block) / (2 * SPHINX_RATE), len(pcm) / (2 * SPHINX_RATE))
    decoder.end_utt()
    found = [(re.sub(r"\(\d+\)$", "", s.word), s.start_frame * FRAME) for s in decoder.seg() or []
             if s.word not in ("<s>", "</s>", "<sil>", "(NULL)") and not s.word.startswith("++")]
    if [w for w, _ in found] != sequence:
        raise _NoAlignment
    times = iter(t for _, t in found)
    out = []
    for beat in spoken:
        starts = []
        for token in beat:
            at = [next(times) for _ in token]
            starts.append(at[0] if at else None)
        out.append(starts)
    return _fill(out)


def _fill(beats: list[list[float | None]]) -> list[tuple[float, ...]]:
    """Words with nothing the dictionary knows how to say take a time between their neighbours."""
    flat = [t for beat in beats for t in beat]
    known = [i for i, t in enumerate(flat) if t is not None]
    if not known:
        raise _NoAlignment
    filled = np.interp(np.arange(len(flat)), known, [t for t in flat if t is not None])
    out, at = [], 0
    for beat in beats:
        out.append(tuple(round(float(t), 3) for t in filled[at : at + len(beat)]))
        at += len(beat)
    return out


def _dictionary_words(decoder: Decoder, token: str) -> list[str]:
    """How a written word is said in words of the dictionary: itself, a number spelled out, or a
    compound of two words ("lecturekit"); nothing when none of these is known."""
    word = token.lower().replace("’", "'")
    if decoder.lookup_word(word):
        return [word]
    if re.fullmatch(r"\d+(?:[.,]\d+)?", word):
        from num2words import num2words

        number = word.replace(",", "")
        said = re.findall(r"[a-z']+", num2words(float(number) if "." in number else int(number)))
        return said if all(decoder.lookup_word(w) for w in said) else []
    for cut in range(len(word) - 2, 2, -1):
        if decoder.lookup_word(word[:cut]) and decoder.lookup_word(word[cut:]):
            return [word[:cut], word[cut:]]
    return []


def _pcm16(samples: np.ndarray) -> bytes:
    positions = np.arange(0, max(0, len(samples) - 1), RATE / SPHINX_RATE)
    resampled = np.interp(positions, np.arange(len(samples)), samples)
    return (np.clip(resampled, -1, 1) * 32767).astype("<i2").tobytes()


def report(beats: list[Beat]) -> str:
    """Per beat: where the lecture starts it, where its words are heard, the drift; then the largest."""
    lines = [f"{'scene':>5} {'beat':>4} {'lecture':>9} {'heard':>9} {'drift':>7}"]
    lines += [f"{b.scene:>5} {b.number:>4} {b.said:>9.3f} {b.heard:>9.3f} {b.drift:>+7.3f}" for b in beats]
    worst = max(beats, key=lambda b: abs(b.drift))
    lines.append(f"largest drift: {worst.drift:+.3f} s (scene {worst.scene}, beat {worst.number})")
    return "\n".join(lines)


def as_json(beats: list[Beat]) -> dict:
    worst = max(beats, key=lambda b: abs(b.drift))
    return {"beats": [{"scene": b.scene, "beat": b.number, "lecture": b.said, "heard": b.heard,
                       "drift": round(b.drift, 3), "words": list(b.words)} for b in beats],
            "largest_drift": round(worst.drift, 3)}
