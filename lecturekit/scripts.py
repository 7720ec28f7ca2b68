"""Which language a lecture is written in, as far as the scripts of its letters tell (each
letter's script from ICU, through PyICU).

The script with the most letters decides, Han, kana and Hangul counted together as one writing
system: with Hangul for at least half of those, Korean; with kana for at least a twentieth,
Japanese (Japanese prose is a third to a half kana; Chinese has none); Han alone, Chinese. A
script most of whose letters belong to one language gives that language (Cyrillic Russian,
Arabic Arabic, Devanagari Hindi, …), told apart where a few letters are the language's own
(Ukrainian і ї є ґ, Persian پ چ ژ گ, Urdu ٹ ڈ ڑ ے, …). The Latin script is written by too many
languages to tell apart by script, so a lecture in it, or in a script with no language here, is
taken to be in English unless its overrides say otherwise (`language = "fr"`).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable
from functools import cache

import icu

#: The language a lecture is taken to be in when its scripts do not tell.
ENGLISH = "en"
#: ICU's script codes of the one writing system of Chinese, Japanese and Korean.
_CJK = frozenset({"Hani", "Hira", "Kana", "Hang"})
#: The language a script gives when nothing else tells, for every script lecturekit has a voice
#: for (`voice/languages.py`; a test holds the two together).
BY_SCRIPT = {
    "Cyrl": "ru", "Arab": "ar", "Hebr": "he", "Deva": "hi", "Grek": "el", "Thai": "th", "Geor": "ka",
    "Armn": "hy", "Beng": "bn", "Taml": "ta", "Telu": "te", "Knda": "kn", "Mlym": "ml", "Gujr": "gu",
    "Guru": "pa", "Orya": "or", "Sinh": "si", "Mymr": "my", "Ethi": "am", "Cher": "chr",
}
#: Letters that are one language's own within a script shared by several, in the order asked.
_OWN_LETTERS = (
    ("Cyrl", "ў", "be"), ("Cyrl", "ѓќѕ", "mk"), ("Cyrl", "ђћ", "sr"), ("Cyrl", "әғқңөұһ", "kk"),
    ("Cyrl", "ґєїі", "uk"), ("Arab", "ٹڈڑںےۓ", "ur"), ("Arab", "پچژگکی", "fa"),
)


@cache
def _script(char: str) -> str:
    return str(icu.Script.getScript(char).getShortName())


def scripts(texts: Iterable[str]) -> Counter[str]:
    """How many letters of `texts` are in each script (ICU's four-letter codes)."""
    found: Counter[str] = Counter()
    for text in texts:
        found.update(_script(c) for c in text if unicodedata.category(c).startswith("L"))
    return found


def written_in(texts: Iterable[str]) -> str:
    """The language `texts` are written in, as far as their scripts tell (else English)."""
    texts = list(texts)
    found = scripts(texts)
    if not found:
        return ENGLISH
    systems: Counter[str] = Counter()
    for script, count in found.items():
        systems["CJK" if script in _CJK else script] += count
    system = systems.most_common(1)[0][0]
    if system == "CJK":
        cjk = systems["CJK"]
        if found["Hang"] * 2 >= cjk:
            return "ko"
        return "ja" if (found["Hira"] + found["Kana"]) * 20 >= cjk else "zh"
    letters = {c.lower() for text in texts for c in text}
    for script, own, language in _OWN_LETTERS:
        if script == system and letters & set(own):
            return language
    return BY_SCRIPT.get(system, ENGLISH)
