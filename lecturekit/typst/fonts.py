"""The fonts lecture text is set in: the theme's font first, then a Noto font for each script.

Typst is handed a fallback chain, not left to find fonts itself: its automatic fallback picks a
font per character, which breaks Devanagari's conjuncts and Arabic's joining; a font named in the
list shapes the whole run. The files are fixed by lecturekit (Debian's `fonts-noto-core` and
`fonts-noto-cjk`, and the monochrome Noto Emoji, whose outlines draw like any glyph, from the
`manimgx-fonts` wheel), never by a lecture. The compile process links just these files into a
folder of its own and loads them once (`typst.Fonts`), so no compile rescans the system's fonts.

`missing` says which characters of a text no font of the chain has (tofu), for `check` to warn.
"""

from __future__ import annotations

import importlib.util
import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from lecturekit.theme import FONT

_NOTO = Path("/usr/share/fonts/truetype/noto")
_NOTO_CJK = Path("/usr/share/fonts/opentype/noto")

#: (family, file) in the order Typst tries them: serif faces first, to sit beside the theme's
#: serif; the scripts the world writes most, then the others, then symbols and emoji.
_CHAIN: tuple[tuple[str, str], ...] = (
    ("Noto Serif", "NotoSerif-Regular.ttf"),  # the rest of Latin, Greek, Cyrillic; Vietnamese
    ("Noto Naskh Arabic", "NotoNaskhArabic-Regular.ttf"),
    ("Noto Serif Hebrew", "NotoSerifHebrew-Regular.ttf"),
    ("Noto Serif Devanagari", "NotoSerifDevanagari-Regular.ttf"),
    ("Noto Serif CJK SC", "cjk:NotoSerifCJK-Regular.ttc"),  # Han, kana and Hangul (one file)
    ("Noto Serif Bengali", "NotoSerifBengali-Regular.ttf"),
    ("Noto Serif Tamil", "NotoSerifTamil-Regular.ttf"),
    ("Noto Serif Telugu", "NotoSerifTelugu-Regular.ttf"),
    ("Noto Serif Kannada", "NotoSerifKannada-Regular.ttf"),
    ("Noto Serif Malayalam", "NotoSerifMalayalam-Regular.ttf"),
    ("Noto Serif Gujarati", "NotoSerifGujarati-Regular.ttf"),
    ("Noto Serif Gurmukhi", "NotoSerifGurmukhi-Regular.ttf"),
    ("Noto Sans Oriya", "NotoSansOriya-Regular.ttf"),
    ("Noto Serif Sinhala", "NotoSerifSinhala-Regular.ttf"),
    ("Noto Serif Thai", "NotoSerifThai-Regular.ttf"),
    ("Noto Serif Lao", "NotoSerifLao-Regular.ttf"),
    ("Noto Serif Khmer", "NotoSerifKhmer-Regular.ttf"),
    ("Noto Serif Myanmar", "NotoSerifMyanmar-Regular.ttf"),
    ("Noto Serif Tibetan", "NotoSerifTibetan-Regular.ttf"),
    ("Noto Serif Armenian", "NotoSerifArmenian-Regular.ttf"),
    ("Noto Serif Georgian", "NotoSerifGeorgian-Regular.ttf"),
    ("Noto Serif Ethiopic", "NotoSerifEthiopic-Regular.ttf"),
    ("Noto Sans Syriac", "NotoSansSyriac-Regular.ttf"),
    ("Noto Sans Thaana", "NotoSansThaana-Regular.ttf"),
    ("Noto Sans Mongolian", "NotoSansMongolian-Regular.ttf"),
    ("Noto Sans Javanese", "NotoSansJavanese-Regular.ttf"),
    ("Noto Serif Balinese", "NotoSerifBalinese-Regular.ttf"),
    ("Noto Sans Sundanese", "NotoSansSundanese-Regular.ttf"),
    ("Noto Sans Cherokee", "NotoSansCherokee-Regular.ttf"),
    ("Noto Sans CanAborig", "NotoSansCanadianAboriginal-Regular.ttf"),
    ("Noto Sans Tifinagh", "NotoSansTifinagh-Regular.ttf"),
    ("Noto Sans NKo", "NotoSansNKo-Regular.ttf"),
    ("Noto Sans Adlam", "NotoSansAdlam-Regular.ttf"),
    ("Noto Sans Vai", "NotoSansVai-Regular.ttf"),
    ("Noto Sans Yi", "NotoSansYi-Regular.ttf"),
    ("Noto Sans Ol Chiki", "NotoSansOlChiki-Regular.ttf"),
    ("Noto Sans Lisu", "NotoSansLisu-Regular.ttf"),
    ("Noto Sans", "NotoSans-Regular.ttf"),
    ("Noto Sans Math", "NotoSansMath-Regular.ttf"),
    ("Noto Sans Symbols", "NotoSansSymbols-Regular.ttf"),
    ("Noto Sans Symbols2", "NotoSansSymbols2-Regular.ttf"),
    ("Noto Emoji", "emoji:NotoEmoji[wght].ttf"),
)


def _path(file: str) -> Path | None:
    """Where a chain file is on this machine (None when it is not installed)."""
    where, _, name = file.rpartition(":")
    if where == "emoji":  # found without importing anything (the compile process starts fast)
        spec = importlib.util.find_spec("manimgx_fonts")
        if spec is None or not spec.submodule_search_locations:
            return None
        path = Path(spec.submodule_search_locations[0]) / name
    else:
        path = (_NOTO_CJK if where == "cjk" else _NOTO) / name
    return path if path.is_file() else None


@cache
def installed() -> tuple[tuple[str, Path], ...]:
    """(family, file) of every font of the chain found on this machine, in the chain's order."""
    return tuple((family, path) for family, file in _CHAIN if (path := _path(file)) is not None)


def families() -> tuple[str, ...]:
    """The font list every text is set in: the theme's font, then each Noto font installed."""
    return (FONT, *(family for family, _ in installed()))


def link_fonts(folder: Path) -> Path:
    """A folder `folder/fonts` holding links to the chain's files, for Typst to load; its path."""
    fonts = folder / "fonts"
    fonts.mkdir()
    for index, (_, path) in enumerate(installed()):
        (fonts / f"{index:02d}-{path.name}").symlink_to(path)
    return fonts


class _Coverage:
    """The code points the chain's fonts map to glyphs, read from their cmaps in the chain's
    order only as far as a character needs: most texts' few non-ASCII characters are in the
    first font, and the CJK font's cmap alone costs more than all the others."""

    def __init__(self) -> None:
        self.covered: set[int] = set(range(0x20, 0x7F))  # the theme's font, embedded in Typst, has ASCII
        self.unread = iter(installed())

    def has(self, point: int) -> bool:
        while point not in self.covered:
            _, path = next(self.unread, (None, None))
            if path is None:
                return False
            self.covered.update(cmap(path))
        return True


@cache
def cmap(path: Path) -> frozenset[int]:
    """The code points a chain file maps to glyphs (a collection's first face, the one set)."""
    from fontTools.ttLib import TTCollection, TTFont

    font = TTCollection(path, lazy=True).fonts[0] if path.suffix == ".ttc" else TTFont(path, lazy=True)
    return frozenset(font.getBestCmap() or {})


def visible(char: str) -> bool:
    """Whether `char` is meant to be seen (draws a glyph of its own)."""
    return unicodedata.category(char) not in _INVISIBLE and not any(ord(char) in r for r in _SELECTORS)


@cache
def _coverage() -> _Coverage:
    return _Coverage()


#: Characters that draw no glyph of their own: controls, format characters (joiners, marks of
#: direction, the tags of flag sequences), spaces; and the variation selectors.
_INVISIBLE = {"Cc", "Cf", "Cs", "Zs", "Zl", "Zp"}
_SELECTORS = (range(0xFE00, 0xFE10), range(0xE0100, 0xE01F0))


def missing(text: str) -> list[str]:
    """The characters of `text` (each once, in order) meant to be seen that no font of the chain
    has a glyph for; an unassigned code point is always one."""
    seen = [ch for ch in dict.fromkeys(text) if not ch.isascii() and visible(ch)]
    if not seen:
        return []
    coverage = _coverage()
    return [ch for ch in seen if not coverage.has(ord(ch))]


def describe(chars: Iterable[str]) -> str:
    """`U+0378`, `U+E000 'x'`: code points for the author, each with its character when printable."""
    return ", ".join(f"U+{ord(ch):04X}" + (f" {ch!r}" if ch.isprintable() and unicodedata.category(ch)[0] != "C"
                                            else "") for ch in chars)
