"""What a voice gives back: mono samples at RATE from the first sound on, and where its words start."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: The sample rate of every voice's speech and of every narration track lecturekit lays.
RATE = 24_000
#: Samples quieter than this before the first word are leading silence, trimmed.
SILENCE = 0.01


@dataclass(frozen=True)
class Speech:
    """Mono samples at RATE, sound from the first sample on, and the seconds from that start
    at which each of the narration's words (lecturekit.voice.words) begins."""

    samples: np.ndarray
    words: tuple[float, ...]

    @property
    def seconds(self) -> float:
        return len(self.samples) / RATE


def trimmed_at_rate(audio: np.ndarray, rate: int) -> tuple[np.ndarray, int]:
    """`audio` (mono at `rate`) from its first sound on, resampled to RATE, and the sample (at
    `rate`) where that sound starts."""
    loud = np.flatnonzero(np.abs(audio) > SILENCE)
    first = int(loud[0]) if len(loud) else len(audio)
    audio = audio[first:]
    positions = np.arange(0, max(0, len(audio) - 1), rate / RATE)
    return np.interp(positions, np.arange(len(audio)), audio).astype(np.float32), first
