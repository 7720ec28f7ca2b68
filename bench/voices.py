"""Piper against espeak on a lecture's narration: how well pocketsphinx transcribes each voice
back (word error rate against the beats' text) and how fast each speaks (realtime factor).

    .venv/bin/python bench/voices.py [LECTURE]

Not part of the tests: it prints the table in docs/voices.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from lecturekit.sources import read
from lecturekit.voice import piper
from lecturekit.voice.align import SPHINX_RATE, _dictionary_words, _pcm16, lecture_beats
from lecturekit.voice.espeak import ESPEAK_WPM, speak
from lecturekit.voice.speech import RATE
from lecturekit.voice.words import words


def errors(said: list[str], heard: list[str]) -> int:
    """Word-level edit distance: substitutions, insertions and deletions."""
    row = list(range(len(heard) + 1))
    for i, word in enumerate(said, 1):
        previous, row[0] = row[0], i
        for j, other in enumerate(heard, 1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (word != other))
    return row[-1]


def main() -> None:
    from pocketsphinx import Decoder

    lecture = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    says = [say for *_, say in lecture_beats(read(lecture)) if words(say)]
    recognizer = Decoder(samprate=SPHINX_RATE, loglevel="FATAL")  # the bundled US English language model
    voices = {"espeak": lambda text: speak(text, ESPEAK_WPM), "piper": lambda text: piper.speak(text).samples}
    voices["piper"]("Warm up.")  # load the model outside the timing
    print("| voice | word error rate | realtime factor (synthesis s / speech s) | speech |")
    print("|---|---|---|---|")
    for name, voice in voices.items():
        wrong = total = 0
        spent = spoken = 0.0
        for say in says:
            started = time.perf_counter()
            samples = voice(say)
            spent += time.perf_counter() - started
            spoken += len(samples) / RATE
            recognizer.start_utt()
            recognizer.process_raw(_pcm16(np.concatenate([samples, np.zeros(RATE // 2, np.float32)])), full_utt=True)
            recognizer.end_utt()
            heard = recognizer.hyp().hypstr.split() if recognizer.hyp() else []
            said = [w for token in words(say) for w in _dictionary_words(recognizer, token) or [token.lower()]]
            wrong += errors(said, heard)
            total += len(said)
        print(f"| {name} | {wrong / total:.1%} ({wrong}/{total} words) | {spent / spoken:.3f} | {spoken:.1f} s |")


if __name__ == "__main__":
    main()
