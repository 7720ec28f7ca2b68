"""Where a text may break, by its language's own rules: sentences, words and lines, from ICU
(through PyICU), which knows each script's rules and, for scripts written without spaces
(Chinese, Japanese, Thai, Lao, Khmer, Burmese), the dictionaries that find their words.

Text in a script written with spaces breaks only at its spaces, as captions are cut (a word
with a hyphen or a slash stays whole). A run of a script written without spaces breaks between
its words, where ICU's strict line-breaking rules also allow it (never before 。 or a small kana
or ー, never after an opening bracket). Japanese and Chinese break between phrases rather than
words, as BudouX (Google's phrase segmenter, the one browsers use for these languages) finds
them: a verb keeps its endings and a noun its particle. How wide a line is counts columns: a
wide (full-width) character two, as it stands on the screen.
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Callable
from functools import cache

import budoux
import icu

#: ICU's script codes of the scripts written without spaces between words.
UNSPACED = frozenset({"Hani", "Hira", "Kana", "Thai", "Laoo", "Khmr", "Mymr", "Tibt", "Bopo"})
#: ICU's rule status of a segment that is a word (a number, letters, kana or ideographs).
_WORD = 100


def _locale(lang: str) -> icu.Locale:
    return icu.Locale(f"{lang.replace('-', '_')}@lb=strict")


@cache
def _iterator(kind: str, lang: str) -> icu.BreakIterator:
    return getattr(icu.BreakIterator, f"create{kind}Instance")(_locale(lang))


def _boundaries(kind: str, text: str, lang: str) -> list[int]:
    """Where `text` may break (UTF-16 offsets turned into Python string offsets), in order, from 0
    to its length."""
    iterator = _iterator(kind, lang)
    iterator.setText(text)
    return _to_python(text, [0, *iterator])


def _to_python(text: str, units: list[int]) -> list[int]:
    """UTF-16 offsets (ICU's) as offsets into the Python string (characters past U+FFFF are two units)."""
    if text.isascii() or all(ord(c) <= 0xFFFF for c in text):
        return units
    at, positions = 0, {}
    for index, char in enumerate(text):
        positions[at] = index
        at += 2 if ord(char) > 0xFFFF else 1
    positions[at] = len(text)
    return [positions[u] for u in units]


def sentences(text: str, lang: str) -> list[tuple[int, int]]:
    """Where `text`'s sentences start and end (trailing spaces included). ICU counts an opening
    bracket or quote right after a sentence's end as closing it: 「 in 。「 is moved to the next."""
    cuts = _boundaries("Sentence", text, lang)
    for n in range(1, len(cuts) - 1):
        while cuts[n] > cuts[n - 1] + 1 and unicodedata.category(text[cuts[n] - 1]) in ("Ps", "Pi"):
            cuts[n] -= 1
    return [(a, b) for a, b in itertools.pairwise(cuts) if text[a:b].strip()]


def words(text: str, lang: str) -> list[str]:
    """The words of `text` (numbers, letters, kana, ideographs), punctuation and spaces left out."""
    iterator = _iterator("Word", lang)
    iterator.setText(text)
    units, found = [0], []
    for end in iterator:
        units.append(end)
        found.append(iterator.getRuleStatus() >= _WORD)
    cuts = _to_python(text, units)
    return [text[a:b] for a, b, word in zip(cuts, cuts[1:], found, strict=False) if word]


def unspaced(char: str) -> bool:
    """Whether `char` belongs to a script written without spaces between its words."""
    return icu.Script.getScript(char).getShortName() in UNSPACED


@cache
def _phrases(lang: str) -> budoux.Parser | None:
    """BudouX's parser for the language, if it has one for Japanese or Chinese."""
    primary = lang.replace("_", "-").lower()
    if primary.split("-")[0] == "ja":
        return budoux.load_default_japanese_parser()
    if primary in ("yue", "zh-hant", "zh-tw", "zh-hk", "zh-mo") or primary.startswith(("zh-hant-", "yue-")):
        return budoux.load_default_traditional_chinese_parser()
    if primary.split("-")[0] in ("zh", "cmn", "hak"):
        return budoux.load_default_simplified_chinese_parser()
    return None


def _between(text: str, lang: str) -> set[int]:
    """Where the words (or, in Japanese and Chinese, the phrases) of `text` meet."""
    parser = _phrases(lang)
    if parser is None:
        return set(_boundaries("Word", text, lang))
    ends, at = set(), 0
    for phrase in parser.parse(text):
        at += len(phrase)
        ends.add(at)
    return ends


def line_breaks(text: str, lang: str) -> list[int]:
    """The offsets inside `text` where a line may end: after its spaces; between the words of a
    run written without spaces, where the line-breaking rules allow it."""
    lines = set(_boundaries("Line", text, lang))
    cuts = [i for i in range(1, len(text)) if text[i - 1].isspace() and not text[i].isspace()]
    if any(unspaced(c) for c in text):
        between = _between(text, lang) & lines
        cuts += [i for i in between if 0 < i < len(text) and not text[i - 1].isspace() and not text[i].isspace()
                 and (unspaced(text[i - 1]) or unspaced(text[i]))]
    return sorted(set(cuts))


def unbroken(text: str, lang: str) -> list[str]:
    """The pieces of `text` no line break can cut, by Unicode's line-breaking rules: its words,
    and in a script written without spaces its characters (a small kana kept with the one before
    it). ICU's strict rules allow no break that the usual rules forbid, so no piece is narrower
    than the narrowest piece a typesetter following them can make."""
    cuts = _boundaries("Line", text, lang)
    return [piece for start, end in itertools.pairwise(cuts) if (piece := text[start:end].strip())]


def _width(char: str) -> int:
    return 0 if unicodedata.combining(char) else 2 if unicodedata.east_asian_width(char) in "WF" else 1


def columns(text: str) -> int:
    """How many columns `text` takes: a wide or full-width character two, a combining mark none."""
    return sum(map(_width, text))


def running_columns(text: str) -> list[int]:
    """How many columns `text[:i]` takes, for every i from 0 to its length (so that the width of
    any slice is one subtraction)."""
    return [0, *itertools.accumulate(map(_width, text))]


def wrap(text: str, width: float, lang: str, measure: Callable[[str], float] = columns) -> list[tuple[int, int]]:
    """Where the lines of `text` start and end when it is cut into lines at most `width` wide
    (in columns, or as `measure` measures), only where `line_breaks` allows (a piece with no
    break wider than `width` stands alone on its line); each line's trailing spaces are left out of it."""
    cuts = [0, *line_breaks(text, lang), len(text)]
    lines, start = [], 0
    for a, b in itertools.pairwise(cuts):
        if a > start and measure(text[start:b].rstrip()) > width:
            lines.append((start, start + len(text[start:a].rstrip())))
            start = a
    if text[start:].strip():
        lines.append((start, start + len(text[start:].rstrip())))
    return lines


def visual_runs(text: str, rtl: bool) -> list[tuple[str, bool]]:
    """`text`'s runs of one direction, left to right as the Unicode bidirectional algorithm
    (ICU's) lays out a line of a paragraph that reads right to left or not; each with whether it
    reads right to left."""
    mark = "\u200f" if rtl else "\u200e"  # the paragraph's direction, for a line that opens otherwise
    bidi = icu.Bidi()
    bidi.setPara(icu.UnicodeString(mark + text))
    units = [0]  # the Python index at each UTF-16 unit ICU counts in
    for i, ch in enumerate(mark + text):
        units += [i + 1] * (2 if ord(ch) > 0xFFFF else 1)
    runs = []
    for k in range(bidi.countRuns()):
        start, length, direction = bidi.getVisualRun(k)
        piece = (mark + text)[units[start]:units[start + length]].replace(mark, "")
        if piece:
            runs.append((piece, direction == 1))
    return runs
