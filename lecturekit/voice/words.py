"""The words of a beat's narration, as the voices, the aligner and the retimer count them."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"[A-Za-z0-9]+(?:['’.,][A-Za-z0-9]+)*")


def words(say: str) -> list[str]:
    """The narration's words in order, punctuation dropped: "3.16" and "tip-to-tail" stay one
    and three words, as they are said."""
    return _TOKEN.findall(say.replace("’", "'"))


def spread(start: float, end: float, count: int) -> list[float]:
    """Where `count` words start when a beat's speech fills it evenly (the lecture's own timing)."""
    return [start + (end - start) * k / count for k in range(count)] if count else []
