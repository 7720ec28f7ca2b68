"""The pseudo-locale `qps`: every text accented and about 40% longer, in brackets
(`[Ŧĥé ŧîþ ~~]`), so a lecture's boards can be checked for long translations before any
translator starts. Math is left as it is; a marked part is only accented, so that it still
occurs in its accented text."""

from __future__ import annotations

from lecturekit.translate.texts import Text
from lecturekit.typst.source import inline_math

CODE = "qps"
#: One accented letter for each plain one that has a common accented form (Latin-1 and Latin
#: Extended-A, which text fonts carry); the others stay. One to one, so a part found in a text is
#: found at the same place in its accented text.
_ACCENTS = str.maketrans(
    "acdeghijklnoprstuwyzACDEGHIJKLNOPRSTUWYZf",
    "åçðéğĥîĵķľñöþŕšŧûŵýžÅÇÐÉĞĤÎĴĶĽÑÖÞŔŠŦÛŴÝŽƒ",
)
#: How much longer a pseudo-translation is than its text.
GROWTH = 0.4
_WORD = 5


def accented(text: str) -> str:
    """The letters of `text` accented, except inside its inline `$…$` math."""
    out, pos = [], 0
    for opening, closing in inline_math(text):
        out += [text[pos:opening].translate(_ACCENTS), text[opening : closing + 1]]
        pos = closing + 1
    return "".join(out) + text[pos:].translate(_ACCENTS)


def pseudo(text: Text) -> str:
    """The pseudo-translation of a text (of a part: its accented self)."""
    if text.part:
        return accented(text.msgid)
    padding = max(1, round(GROWTH * len(text.msgid)) - 3)
    # in words of at most five, so that a paragraph can still wrap in it
    words = " ".join("~" * min(_WORD, padding - at) for at in range(0, padding, _WORD + 1))
    return f"[{accented(text.msgid)} {words}]"
