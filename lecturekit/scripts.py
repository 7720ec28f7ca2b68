"""Which language a lecture is written in, as far as the scripts of its letters tell (each
letter's script from ICU, through PyICU).

The script with the most letters decides, Han, kana and Hangul counted together as one writing
system: with Hangul for at least half of those, Korean; with kana for at least a twentieth,
Japanese (Japanese prose is a third to a half kana; Chinese has none); Han alone, Chinese. A
script most of whose letters belong to one language gives that language (Cyrillic Russian,
Arabic Arabic, Devanagari Hindi, …), told apart where a few letters are the language's own
(Ukrainian і ї є ґ, Persian پ چ ژ گ, Urdu ٹ ڈ ڑ ے, …).

A script several languages lecturekit speaks are written in (Latin above all, and Cyrillic,
Arabic, Devanagari, Bengali) does not tell which of them a text is in: py3langid does, its naive
Bayes model over byte n-grams shipped in its wheel, restricted to those languages. Below a
hundred letters, or below a probability of 0.99, it is not taken at its word: a lecture in the
Latin script is then taken to be in English, one in another script as the script tells, and why
is said (`Told.doubt`, which `check` prints). A lecture in a script with no language here is
taken to be in English too. A lecture's overrides can state its language (`language = "fr"`).
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

import icu
import py3langid.langid as py3langid

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
#: The languages written in a script that several share which both py3langid's model knows and
#: lecturekit speaks (a test holds this to the model, to ICU's likely script of each and to
#: `voice/languages.py`).
SHARED = {
    "Latn": frozenset({
        "af", "an", "az", "bs", "ca", "cs", "cy", "da", "de", "en", "eo", "es", "et", "eu", "fi", "fr", "ga",
        "gd", "hr", "ht", "hu", "id", "is", "it", "ku", "la", "lb", "lt", "ltg", "lv", "ms", "mt", "nl", "no",
        "om", "pl", "pt", "qu", "ro", "sk", "sl", "sq", "sv", "sw", "tk", "tr", "uz", "vi"}),
    "Cyrl": frozenset({"ba", "be", "bg", "kk", "ky", "mk", "ru", "sr", "tt", "uk"}),
    "Arab": frozenset({"ar", "fa", "ug", "ur"}),
    "Deva": frozenset({"hi", "mr", "ne"}),
    "Beng": frozenset({"as", "bn"}),
}
#: Fewer letters than this are too few for the model to tell a language by.
MIN_LETTERS = 100
#: The model's probability (among `SHARED`'s languages of the script) it must give a language.
CONFIDENCE = 0.99
#: The scripts of what sits between the letters of any script: spaces, punctuation, digits, marks.
_BETWEEN = frozenset({"Zyyy", "Zinh"})


@dataclass(frozen=True)
class Told:
    """The language a lecture's texts are in, and why it was not told surely ("" if it was)."""

    language: str
    doubt: str = ""


@cache
def _script(char: str) -> str:
    return str(icu.Script.getScript(char).getShortName())


def scripts(texts: Iterable[str]) -> Counter[str]:
    """How many letters of `texts` are in each script (ICU's four-letter codes)."""
    found: Counter[str] = Counter()
    for text in texts:
        found.update(_script(c) for c in text if unicodedata.category(c).startswith("L"))
    return found


def written_in(texts: Iterable[str]) -> Told:
    """The language `texts` are written in, as far as their scripts, and the model for a script
    several languages share, tell (else English)."""
    texts = list(texts)
    found = scripts(texts)
    if not found:
        return Told(ENGLISH)
    systems: Counter[str] = Counter()
    for script, count in found.items():
        systems["CJK" if script in _CJK else script] += count
    system = systems.most_common(1)[0][0]
    if system == "CJK":
        cjk = systems["CJK"]
        if found["Hang"] * 2 >= cjk:
            return Told("ko")
        return Told("ja" if (found["Hira"] + found["Kana"]) * 20 >= cjk else "zh")
    told = Told(_by_letters(texts, system))
    if system not in SHARED:
        return told
    script = f"the {icu.Script(icu.Script.getCode(system)[0]).getName()} script"
    if found[system] < MIN_LETTERS:
        return Told(told.language, f"its {found[system]} letters in {script} are too few to tell which "
                                   f"language they are in (at least {MIN_LETTERS} tell it)")
    language, probability = _identified(texts, system)
    if probability >= CONFIDENCE:
        return Told(language)
    return Told(told.language, f"its text in {script} reads as {language} with a probability of only "
                               f"{probability:.4f} (at least {CONFIDENCE} tells it)")


def _by_letters(texts: list[str], system: str) -> str:
    """The language of a script, told apart by the letters only one language of it has."""
    letters = {c.lower() for text in texts for c in text}
    for script, own, language in _OWN_LETTERS:
        if script == system and letters & set(own):
            return language
    return BY_SCRIPT.get(system, ENGLISH)


def _identified(texts: list[str], script: str) -> tuple[str, float]:
    """The language py3langid finds `texts` to be in, of those written in `script` (`SHARED`),
    and its probability among them; letters of other scripts are left out."""
    kept = "".join(c if _script(c) == script or _script(c) in _BETWEEN else " " for c in "\n".join(texts))
    ranked = [(code, p) for code, p in _identifier().rank(kept) if code in SHARED[script]]
    total = sum(p for _, p in ranked)
    return ranked[0][0], ranked[0][1] / total if total > 0 else 0.0


@cache
def _identifier() -> py3langid.LanguageIdentifier:
    """py3langid's model, read from its wheel once a process (about 0.4 s of CPU), giving probabilities."""
    return py3langid.LanguageIdentifier.from_model_file(py3langid.MODEL_FILE, norm_probs=True)
