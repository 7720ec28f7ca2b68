"""espeak-ng: the zero-install draft voice, spoken from the beats' text."""

from __future__ import annotations

import shutil
import subprocess

import numpy as np

from lecturekit.diagnostics import LectureError, Place, error
from lecturekit.voice.languages import LANGUAGES, ORIGINAL
from lecturekit.voice.speech import trimmed_at_rate

#: espeak-ng's own sample rate and its default speaking rate (words per minute).
ESPEAK_RATE, ESPEAK_WPM, FASTEST_WPM = 22_050, 175, 450
#: Seconds espeak-ng may take over one beat (it speaks about 170 times faster than it talks).
TIMEOUT = 120


def speak(text: str, wpm: int, voice: str = LANGUAGES[ORIGINAL].espeak) -> np.ndarray:
    """`text` spoken by espeak-ng's `voice` (a file it lists, as the languages table names it) at
    `wpm`, leading silence trimmed, at RATE samples a second. The text goes to espeak on its
    standard input: nothing in it is ever a command or a flag."""
    if shutil.which("espeak-ng") is None:
        raise LectureError(error(Place(), "espeak-ng is not installed", "run ./setup.sh, or apt-get install espeak-ng"))
    try:
        done = subprocess.run(["espeak-ng", "--stdin", "--stdout", "-v", voice, "-s", str(wpm)],
                              input=text.encode("utf-8"), capture_output=True, check=False, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise LectureError(error(Place(), f"espeak-ng took over {TIMEOUT} s to speak a beat of {len(text)} characters",
                                 "shorten the beat's narration")) from None
    if done.returncode != 0 or len(done.stdout) <= 44:
        return np.zeros(0, np.float32)
    samples = np.frombuffer(done.stdout[44 : 44 + (len(done.stdout) - 44) // 2 * 2], dtype="<i2")
    return trimmed_at_rate(samples.astype(np.float32) / 32768, ESPEAK_RATE)[0]
