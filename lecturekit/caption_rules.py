"""The guideline every caption file is held to: Netflix's Timed Text Style Guide (its General
Requirements and English Template, and its Japanese and Simplified Chinese guides for those).

A cue is on screen 5/6 s (20 frames at 24 fps) to 7 s, at least 2 frames at 24 fps (1/12 s)
after the one before; it has one line, or two where one is too long; a line holds 42 characters
(Japanese 13 full-width characters, Chinese and Korean 16, a half-width character counting half);
a line does not end on an article, preposition or conjunction where another break fits; and it
is read at no more than 17 characters a second (Japanese 4, Chinese 9, Korean 12).
`guideline_violations` says where cues break it, for the tests and for `check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from lecturekit.segmentation import columns, line_breaks, running_columns

MIN_SECONDS = 5 / 6
MAX_SECONDS = 7.0
#: Netflix's 2 frames, at 24 fps (our videos are 15 to 60 fps; the gap is the same time at any).
GAP_SECONDS = 2 / 24
LINES = 2
#: Timestamps are whole milliseconds, each rounded: a time between two is met to within one.
_MS = 0.001

#: Columns a line may take (a full-width character takes two), by primary language.
_COLUMNS = {"ja": 26, "zh": 32, "cmn": 32, "yue": 32, "hak": 32, "ko": 32}
#: Characters a second, by primary language (a full-width character one, a half-width one half in these).
_SPEED = {"ja": 4.0, "zh": 9.0, "cmn": 9.0, "yue": 9.0, "hak": 9.0, "ko": 12.0}
#: Words a line should not end on (articles, prepositions, conjunctions), in the languages we
#: ship captions in with words between spaces: English, German, Arabic (Japanese is broken
#: between BudouX's phrases, which keep a particle with its word).
_WEAK = {
    "en": frozenset({"a", "an", "the", "of", "to", "in", "on", "at", "by", "for", "from", "with", "into", "onto",
                     "over", "under", "about", "as", "and", "or", "but", "nor", "so", "if", "than", "that", "plus"}),
    "de": frozenset({"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer", "eines",
                     "und", "oder", "aber", "in", "im", "an", "am", "auf", "mit", "von", "vom", "zu", "zum", "zur",
                     "für", "bei", "nach", "aus", "über", "unter", "um", "durch", "plus"}),
    "ar": frozenset({"في", "من", "إلى", "على", "عن", "مع", "أو", "ثم", "و"}),
}


def _primary(lang: str) -> str:
    return lang.replace("_", "-").lower().split("-")[0]


def line_columns(lang: str) -> int:
    """How many columns a line of `lang` may take."""
    return _COLUMNS.get(_primary(lang), 42)


def speed(lang: str) -> float:
    """How many characters a second a caption of `lang` may ask to be read."""
    return _SPEED.get(_primary(lang), 17.0)


def characters(lines: tuple[str, ...], lang: str) -> float:
    """The characters to read: in Japanese, Chinese and Korean a full-width one counts one and a
    half-width one half; elsewhere each counts one (a right-to-left mark none)."""
    text = "".join(line.replace("\u200f", "") for line in lines)
    return columns(text) / 2 if _primary(lang) in _COLUMNS else float(len(text))


def weak_end(line: str, lang: str) -> bool:
    """Whether `line` ends on an article, a preposition or a conjunction of `lang`."""
    words = line.split()
    return bool(words) and words[-1].strip("\u200f").lower() in _WEAK.get(_primary(lang), ())


def two_lines(text: str, lang: str, breaks: Sequence[int] | None = None, at: Sequence[int] | None = None
              ) -> tuple[str, ...] | None:
    """`text` as a cue: one line when it fits, else the two lines that fit, broken where the
    language allows, preferring a break after punctuation and never (where another fits) after a
    weak word; the most even such pair. None when it fits in no two lines. A caller that has cut
    a longer text gives the piece's `breaks` and running columns (`at`) from it: found again for
    every piece, they were most of a render's caption time."""
    width = line_columns(lang)
    at = running_columns(text) if at is None else at
    if at[-1] <= width:
        return (text,)
    best: tuple[tuple[int, int], tuple[str, str]] | None = None
    for cut in line_breaks(text, lang) if breaks is None else breaks:  # a break follows any space
        first, second = text[:cut].rstrip(), text[cut:].rstrip()
        wide, wider = at[len(first)], at[cut + len(second)] - at[cut]
        if not first or not second or wide > width or wider > width:
            continue
        cost = (weak_end(first, lang), abs(wide - wider) - 20 * (first[-1] in ",.;:!?،؛"))
        if best is None or cost < best[0]:
            best = cost, (first, second)
    return None if best is None else best[1]


class Cue(Protocol):
    """A timed caption (captions.Caption)."""

    @property
    def start(self) -> float: ...
    @property
    def end(self) -> float: ...
    @property
    def lines(self) -> tuple[str, ...]: ...


@dataclass(frozen=True)
class Violation:
    cue: int
    #: short, long, gap, lines, width, weak end or speed.
    rule: str
    detail: str


def guideline_violations(cues: Sequence[Cue], lang: str) -> list[Violation]:
    """Where `cues` break the guideline, cue by cue, in order."""
    found = []
    width, fast = line_columns(lang), speed(lang)
    for n, cue in enumerate(cues):
        shown = cue.end - cue.start
        if shown < MIN_SECONDS - _MS:
            found.append(Violation(n, "short", f"on screen {shown:.3f} s, less than {MIN_SECONDS:.3f} s"))
        if shown > MAX_SECONDS + _MS:
            found.append(Violation(n, "long", f"on screen {shown:.3f} s, more than {MAX_SECONDS:g} s"))
        if n + 1 < len(cues) and cues[n + 1].start - cue.end < GAP_SECONDS - _MS:
            found.append(Violation(n, "gap", f"{cues[n + 1].start - cue.end:.3f} s before the next cue"))
        if len(cue.lines) > LINES:
            found.append(Violation(n, "lines", f"{len(cue.lines)} lines"))
        for line in cue.lines:
            if columns(line) > width:
                found.append(Violation(n, "width", f"{line!r} is wider than {width} columns"))
        text = " ".join(line.strip("\u200f") for line in cue.lines)
        if len(cue.lines) == 2 and weak_end(cue.lines[0], lang) and not weak_end((two_lines(text, lang) or ("",))[0],
                                                                                 lang):
            found.append(Violation(n, "weak end", f"{cue.lines[0]!r} ends on {cue.lines[0].split()[-1]!r}"))
        count = characters(cue.lines, lang)
        if count / fast > shown + _MS:
            rate = count / max(shown, 1e-9)
            found.append(Violation(n, "speed", f"{rate:.1f} characters a second, more than {fast:g}"))
    return found
