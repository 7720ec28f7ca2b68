"""The words of a beat's narration, as the voices, the aligner and the retimer count them."""

from __future__ import annotations

from lecturekit import segmentation
from lecturekit.voice.languages import ORIGINAL


def words(say: str, lang: str = ORIGINAL) -> list[str]:
    """The narration's words in order, punctuation dropped, as the language's own rules find
    them (lecturekit.segmentation): "3.16" and "tip-to-tail" stay one and three words, as they
    are said; Japanese and Chinese words are found by ICU's dictionaries."""
    return segmentation.words(say.replace("’", "'"), lang)


def spread(start: float, end: float, count: int) -> list[float]:
    """Where `count` words start when a beat's speech fills it evenly (the lecture's own timing)."""
    return [start + (end - start) * k / count for k in range(count)] if count else []
