"""Voices that speak a beat's narration offline: speech with the time each word starts.

`espeak` is the zero-install draft voice (lecturekit.audio); `piper` is a natural neural voice
(the optional extra `lecturekit[voice]`), which also says where each of its words starts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Speech:
    """Mono samples at lecturekit.audio.RATE, sound from the first sample on, and the seconds
    from that start at which each of the narration's words (lecturekit.voice.words) begins."""

    samples: np.ndarray
    words: tuple[float, ...]

    @property
    def seconds(self) -> float:
        from lecturekit.audio import RATE

        return len(self.samples) / RATE
