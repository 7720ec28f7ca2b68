"""What espeak-ng is given to say in a language whose writing it cannot read aloud by itself.

espeak-ng's Japanese voice speaks kana but names every kanji "Chinese letter", in English. A
Japanese narration is therefore given to it as pykakasi reads it: kanji turned into their
hiragana reading, word by word, from pykakasi's own dictionary (offline; the optional extra
`lecturekit[voice]`). Without pykakasi the text is spoken as it is, with one warning.
"""

from __future__ import annotations

import sys
from functools import cache

from lecturekit.diagnostics import Place, warning
from lecturekit.voice.languages import SpokenLanguage


def for_espeak(text: str, language: SpokenLanguage) -> str:
    """`text` as espeak-ng's voice for `language` can read it aloud."""
    if language.iso639_2 != "jpn" or not any("\u4e00" <= c <= "\u9fff" or "\u3400" <= c <= "\u4dbf" for c in text):
        return text
    reader = _kana_reader()
    if reader is None:
        return text
    return "".join(piece["hira"] for piece in reader.convert(text))


@cache
def _kana_reader():
    """pykakasi's converter (its dictionary loads once, in about 3 s), or None when it is missing."""
    try:
        import pykakasi
    except ImportError:
        print(warning(Place(), "espeak-ng reads each kanji as \"Chinese letter\" without pykakasi",
                      "pip install 'lecturekit[voice]' for kanji read as kana").line(), file=sys.stderr)
        return None
    return pykakasi.kakasi()
