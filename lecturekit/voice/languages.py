"""The languages lecturekit speaks: one entry each, with espeak-ng's voice for it and the ISO 639-2
code its videos and tracks are tagged with.

The table holds every voice espeak-ng 1.51 lists (`espeak-ng --voices`; a test holds the two
together), named by the voice's own BCP 47 tag in lower case, and a few common tags for them
(`zh` is Mandarin, `no` Bokmål). `--lang` takes a tag in either spelling (`pt_BR`, `pt-BR`); a tag
the table lacks falls back to its language (`de-AT` is spoken as `de`). ISO 639-2 lacks some
languages: they are tagged as their macrolanguage (Mandarin and Cantonese as `zho`) or their
group (`art` for constructed ones). `qps`, the pseudo-locale, is English accented: spoken by the
English voice, tagged `qps` (639-2 keeps qaa-qtz for local use).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from lecturekit.diagnostics import LectureError, Place, error, quote

if TYPE_CHECKING:
    from av.stream import Stream

#: The language a lecture is recorded in, spoken and tagged as today.
ORIGINAL = "en"


@dataclass(frozen=True)
class SpokenLanguage:
    """A language lecturekit can speak and tag."""

    code: str
    #: espeak-ng's voice file for it (its `-v`), as `espeak-ng --voices` lists it.
    espeak: str
    name: str
    #: ISO 639-2/T, the code MP4 and most players read; the bibliographic form where it differs
    #: (Matroska and WebM ask for that one).
    iso639_2: str
    bibliographic: str | None = None
    #: Written right to left (Arabic, Hebrew, Persian, Urdu, Sindhi, Uyghur).
    rtl: bool = False
    #: The ISO 639-2 code of what is heard, where that is another language (the pseudo-locale's English).
    heard_as: str | None = None

    @property
    def heard(self) -> str:
        """The ISO 639-2 code of the language a voice for it must speak."""
        return self.heard_as or self.iso639_2

    def tag(self, suffix: str = ".mp4") -> str:
        """The ISO 639-2 code a file of this `suffix` stores for it: the bibliographic form in
        Matroska and WebM (as their specification asks) and in MOV (QuickTime's own list of
        languages, the only ones a MOV holds, spells most of them so); the terminological one in MP4."""
        quicktime = suffix == ".mov" and self.iso639_2 not in _QUICKTIME_TERMINOLOGICAL
        return (self.bibliographic or self.iso639_2) if suffix in (".webm", ".mkv") or quicktime else self.iso639_2


#: The languages QuickTime's list (FFmpeg's mov_mdhd_language_map) spells terminologically.
_QUICKTIME_TERMINOLOGICAL = frozenset({"fra", "ces", "ron", "slk"})


def _entry(code: str, espeak: str, name: str, iso639_2: str, bibliographic: str | None = None,
           rtl: bool = False, heard_as: str | None = None) -> SpokenLanguage:
    return SpokenLanguage(code, espeak, name, iso639_2, bibliographic, rtl, heard_as)


_ENTRIES = (
    _entry("af", "gmw/af", "Afrikaans", "afr"),
    _entry("am", "sem/am", "Amharic", "amh"),
    _entry("an", "roa/an", "Aragonese", "arg"),
    _entry("ar", "sem/ar", "Arabic", "ara", rtl=True),
    _entry("as", "inc/as", "Assamese", "asm"),
    _entry("az", "trk/az", "Azerbaijani", "aze"),
    _entry("ba", "trk/ba", "Bashkir", "bak"),
    _entry("be", "zle/be", "Belarusian", "bel"),
    _entry("bg", "zls/bg", "Bulgarian", "bul"),
    _entry("bn", "inc/bn", "Bengali", "ben"),
    _entry("bpy", "inc/bpy", "Bishnupriya Manipuri", "inc"),
    _entry("bs", "zls/bs", "Bosnian", "bos"),
    _entry("ca", "roa/ca", "Catalan", "cat"),
    _entry("chr", "iro/chr", "Cherokee ", "chr"),
    _entry("cmn", "sit/cmn", "Chinese (Mandarin, latin as English)", "zho", "chi"),
    _entry("cmn-latn-pinyin", "sit/cmn-Latn-pinyin", "Chinese (Mandarin, latin as Pinyin)", "zho", "chi"),
    _entry("cs", "zlw/cs", "Czech", "ces", "cze"),
    _entry("cv", "trk/cv", "Chuvash", "chv"),
    _entry("cy", "cel/cy", "Welsh", "cym", "wel"),
    _entry("da", "gmq/da", "Danish", "dan"),
    _entry("de", "gmw/de", "German", "deu", "ger"),
    _entry("el", "grk/el", "Greek", "ell", "gre"),
    _entry("en-029", "gmw/en-029", "English (Caribbean)", "eng"),
    _entry("en", "gmw/en", "English (Great Britain)", "eng"),
    _entry("en-gb-scotland", "gmw/en-GB-scotland", "English (Scotland)", "eng"),
    _entry("en-gb-x-gbclan", "gmw/en-GB-x-gbclan", "English (Lancaster)", "eng"),
    _entry("en-gb-x-gbcwmd", "gmw/en-GB-x-gbcwmd", "English (West Midlands)", "eng"),
    _entry("en-gb-x-rp", "gmw/en-GB-x-rp", "English (Received Pronunciation)", "eng"),
    _entry("en-us", "gmw/en-US", "English (America)", "eng"),
    _entry("en-us-nyc", "gmw/en-US-nyc", "English (America, New York City)", "eng"),
    _entry("eo", "art/eo", "Esperanto", "epo"),
    _entry("es", "roa/es", "Spanish (Spain)", "spa"),
    _entry("es-419", "roa/es-419", "Spanish (Latin America)", "spa"),
    _entry("et", "urj/et", "Estonian", "est"),
    _entry("eu", "eu", "Basque", "eus", "baq"),
    _entry("fa", "ira/fa", "Persian", "fas", "per", rtl=True),
    _entry("fa-latn", "ira/fa-Latn", "Persian (Pinglish)", "fas", "per"),
    _entry("fi", "urj/fi", "Finnish", "fin"),
    _entry("fr-be", "roa/fr-BE", "French (Belgium)", "fra", "fre"),
    _entry("fr-ch", "roa/fr-CH", "French (Switzerland)", "fra", "fre"),
    _entry("fr", "roa/fr", "French (France)", "fra", "fre"),
    _entry("ga", "cel/ga", "Gaelic (Irish)", "gle"),
    _entry("gd", "cel/gd", "Gaelic (Scottish)", "gla"),
    _entry("gn", "sai/gn", "Guarani", "grn"),
    _entry("grc", "grk/grc", "Greek (Ancient)", "grc"),
    _entry("gu", "inc/gu", "Gujarati", "guj"),
    _entry("hak", "sit/hak", "Hakka Chinese", "zho", "chi"),
    _entry("haw", "map/haw", "Hawaiian", "haw"),
    _entry("he", "sem/he", "Hebrew", "heb", rtl=True),
    _entry("hi", "inc/hi", "Hindi", "hin"),
    _entry("hr", "zls/hr", "Croatian", "hrv"),
    _entry("ht", "roa/ht", "Haitian Creole", "hat"),
    _entry("hu", "urj/hu", "Hungarian", "hun"),
    _entry("hy", "ine/hy", "Armenian (East Armenia)", "hye", "arm"),
    _entry("hyw", "ine/hyw", "Armenian (West Armenia)", "hye", "arm"),
    _entry("ia", "art/ia", "Interlingua", "ina"),
    _entry("id", "poz/id", "Indonesian", "ind"),
    _entry("io", "art/io", "Ido", "ido"),
    _entry("is", "gmq/is", "Icelandic", "isl", "ice"),
    _entry("it", "roa/it", "Italian", "ita"),
    _entry("ja", "jpx/ja", "Japanese", "jpn"),
    _entry("jbo", "art/jbo", "Lojban", "jbo"),
    _entry("ka", "ccs/ka", "Georgian", "kat", "geo"),
    _entry("kk", "trk/kk", "Kazakh", "kaz"),
    _entry("kl", "esx/kl", "Greenlandic", "kal"),
    _entry("kn", "dra/kn", "Kannada", "kan"),
    _entry("ko", "ko", "Korean", "kor"),
    _entry("kok", "inc/kok", "Konkani", "kok"),
    _entry("ku", "ira/ku", "Kurdish", "kur"),
    _entry("ky", "trk/ky", "Kyrgyz", "kir"),
    _entry("la", "itc/la", "Latin", "lat"),
    _entry("lb", "gmw/lb", "Luxembourgish", "ltz"),
    _entry("lfn", "art/lfn", "Lingua Franca Nova", "art"),
    _entry("lt", "bat/lt", "Lithuanian", "lit"),
    _entry("ltg", "bat/ltg", "Latgalian", "lav"),
    _entry("lv", "bat/lv", "Latvian", "lav"),
    _entry("mi", "poz/mi", "Māori", "mri", "mao"),
    _entry("mk", "zls/mk", "Macedonian", "mkd", "mac"),
    _entry("ml", "dra/ml", "Malayalam", "mal"),
    _entry("mr", "inc/mr", "Marathi", "mar"),
    _entry("ms", "poz/ms", "Malay", "msa", "may"),
    _entry("mt", "sem/mt", "Maltese", "mlt"),
    _entry("my", "sit/my", "Myanmar (Burmese)", "mya", "bur"),
    _entry("nb", "gmq/nb", "Norwegian Bokmål", "nob"),
    _entry("nci", "azc/nci", "Nahuatl (Classical)", "nah"),
    _entry("ne", "inc/ne", "Nepali", "nep"),
    _entry("nl", "gmw/nl", "Dutch", "nld", "dut"),
    _entry("nog", "trk/nog", "Nogai", "nog"),
    _entry("om", "cus/om", "Oromo", "orm"),
    _entry("or", "inc/or", "Oriya", "ori"),
    _entry("pa", "inc/pa", "Punjabi", "pan"),
    _entry("pap", "roa/pap", "Papiamento", "pap"),
    _entry("piqd", "art/piqd", "Klingon", "tlh"),
    _entry("pl", "zlw/pl", "Polish", "pol"),
    _entry("pt", "roa/pt", "Portuguese (Portugal)", "por"),
    _entry("pt-br", "roa/pt-BR", "Portuguese (Brazil)", "por"),
    _entry("py", "art/py", "Pyash", "art"),
    _entry("qdb", "art/qdb", "Lang Belta", "art"),
    _entry("qu", "qu", "Quechua", "que"),
    _entry("quc", "myn/quc", "K'iche'", "myn"),
    _entry("qya", "art/qya", "Quenya", "art"),
    _entry("ro", "roa/ro", "Romanian", "ron", "rum"),
    _entry("ru", "zle/ru", "Russian", "rus"),
    _entry("ru-lv", "zle/ru-LV", "Russian (Latvia)", "rus"),
    _entry("sd", "inc/sd", "Sindhi", "snd", rtl=True),
    _entry("shn", "tai/shn", "Shan (Tai Yai)", "shn"),
    _entry("si", "inc/si", "Sinhala", "sin"),
    _entry("sjn", "art/sjn", "Sindarin", "art"),
    _entry("sk", "zlw/sk", "Slovak", "slk", "slo"),
    _entry("sl", "zls/sl", "Slovenian", "slv"),
    _entry("smj", "urj/smj", "Lule Saami", "smj"),
    _entry("sq", "ine/sq", "Albanian", "sqi", "alb"),
    _entry("sr", "zls/sr", "Serbian", "srp"),
    _entry("sv", "gmq/sv", "Swedish", "swe"),
    _entry("sw", "bnt/sw", "Swahili", "swa"),
    _entry("ta", "dra/ta", "Tamil", "tam"),
    _entry("te", "dra/te", "Telugu", "tel"),
    _entry("th", "tai/th", "Thai", "tha"),
    _entry("tk", "trk/tk", "Turkmen", "tuk"),
    _entry("tn", "bnt/tn", "Setswana", "tsn"),
    _entry("tr", "trk/tr", "Turkish", "tur"),
    _entry("tt", "trk/tt", "Tatar", "tat"),
    _entry("ug", "trk/ug", "Uyghur", "uig", rtl=True),
    _entry("uk", "zle/uk", "Ukrainian", "ukr"),
    _entry("ur", "inc/ur", "Urdu", "urd", rtl=True),
    _entry("uz", "trk/uz", "Uzbek", "uzb"),
    _entry("vi", "aav/vi", "Vietnamese (Northern)", "vie"),
    _entry("vi-vn-x-central", "aav/vi-VN-x-central", "Vietnamese (Central)", "vie"),
    _entry("vi-vn-x-south", "aav/vi-VN-x-south", "Vietnamese (Southern)", "vie"),
    _entry("yue", "sit/yue", "Chinese (Cantonese)", "zho", "chi"),
    _entry("yue-latn-jyutping", "sit/yue-Latn-jyutping", "Chinese (Cantonese, latin as Jyutping)", "zho", "chi"),
    _entry("qps", "gmw/en", "Pseudo-locale (accented English)", "qps", heard_as="eng"),
)

LANGUAGES: MappingProxyType[str, SpokenLanguage] = MappingProxyType({e.code: e for e in _ENTRIES})

#: Common tags for languages the table names otherwise.
ALIASES = MappingProxyType({
    "en-gb": "en", "fr-fr": "fr", "zh": "cmn", "zh-cn": "cmn", "zh-sg": "cmn", "zh-tw": "cmn", "zh-hans": "cmn",
    "zh-hant": "cmn", "zh-hk": "yue", "zh-mo": "yue", "no": "nb", "iw": "he", "in": "id", "tlh": "piqd",
})


def entry(code: str) -> SpokenLanguage | None:
    """The entry for a BCP 47 or gettext language tag: itself, its alias, or the nearest shorter
    tag that has one; None when there is none."""
    tag = code.strip().replace("_", "-").lower()
    while tag:
        tag = ALIASES.get(tag, tag)
        if tag in LANGUAGES:
            return LANGUAGES[tag]
        tag = tag.rpartition("-")[0]
    return None


def spoken(code: str) -> SpokenLanguage:
    """The entry for a BCP 47 or gettext language tag (`entry`), refused with one line naming the
    tag when there is none."""
    if (found := entry(code)) is not None:
        return found
    raise LectureError(error(Place(), f"lecturekit has no voice for the language {quote(code)}",
                             "give a code espeak-ng speaks (`lecturekit voices` lists them), such as de, ja or pt-br"),
                       exit_code=2)


def tag_streams(streams: Iterable[Stream], language: str, suffix: str) -> None:
    """Every one of `streams` (of a file being written with `suffix`) tagged with `language`, as
    players read it (the stream's `language` metadata)."""
    code = spoken(language).tag(suffix)
    for stream in streams:
        stream.metadata["language"] = code
