"""The gettext template of a lecture (`translate extract`) and the merge of a changed lecture
into an existing translation (`translate update`), both through polib."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import polib

from lecturekit import __version__
from lecturekit.resolve import ResolvedLecture
from lecturekit.translate.plurals import plural_forms
from lecturekit.translate.texts import Text, texts_of

#: What no PO string may hold: NUL ends a C string, EOT separates gettext's context from its text.
UNSTORABLE = re.compile("[\x00\x04]")
#: msgmerge's threshold: an old entry at least this similar to a new text (`similarity`) lends it
#: its translation, fuzzy.
FUZZY_THRESHOLD = 0.6
#: msgmerge's small advantage for an old entry of the same context.
SAME_CONTEXT_BONUS = 0.00001


def template(resolved: ResolvedLecture) -> polib.POFile:
    """A POT file: an entry for every text of the lecture (but one holding a character gettext
    cannot store), its context naming its scene, object and field, a reference to its line in the
    lecture file and a comment saying what it is. Its `Language` is empty, as xgettext leaves a
    template's (msginit fills in the translation's), and `X-Source-Language` names the language
    the lecture is recorded in (gettext has no field for it; this is the one Poedit keeps it in)."""
    pot = polib.POFile(wrapwidth=0)
    pot.metadata = {
        "Project-Id-Version": resolved.slug,
        "POT-Creation-Date": _now(),
        "Language": "",
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Source-Language": resolved.own_language,
        "X-Generator": f"lecturekit {__version__}",
    }
    lines = _Lines(Path(resolved.source)) if resolved.source else None
    for text in texts_of(resolved):
        if UNSTORABLE.search(text.context + text.msgid):
            continue  # gettext cannot hold it: the text is shown in the original, counted untranslated
        pot.append(polib.POEntry(msgctxt=text.context, msgid=text.msgid, msgstr="", comment=text.comment,
                                 occurrences=[lines.of(text)] if lines else []))
    return pot


def new_translation(pot: polib.POFile, language: str) -> polib.POFile:
    """An empty translation of the template into `language`, its header as gettext's
    `msginit --no-translator` writes it, with the language's plural forms where they are known
    (`plurals`)."""
    po = polib.POFile(wrapwidth=0)
    po.metadata = dict(pot.metadata, **{"PO-Revision-Date": _now(), "Last-Translator": "Automatically generated",
                                        "Language-Team": "none", "Language": language})
    if (forms := plural_forms(language)) is not None:
        po.metadata["Plural-Forms"] = forms
    return po


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M+0000")


class _Lines:
    """The line of the lecture file each text stands on, found by its JSON spelling."""

    def __init__(self, path: Path):
        self.name = path.name
        try:
            self.raw = path.read_text(encoding="utf-8")
        except (OSError, UnicodeError):
            self.raw = ""

    def of(self, text: Text) -> tuple[str, str]:
        start = 0
        for step in text.where.replace("[", ".").replace("]", "").split("."):
            if step.isdigit() or not step:
                continue
            found = self.raw.find(json.dumps(step), start)
            start = found if found != -1 else start
        for spelling in (json.dumps(text.msgid, ensure_ascii=False), json.dumps(text.msgid)):
            found = self.raw.find(spelling[1:-1], start)
            if found != -1:
                return self.name, str(self.raw.count("\n", 0, found) + 1)
        return self.name, str(self.raw.count("\n", 0, start) + 1) if start else ""


def similarity(a: str, b: str) -> float:
    """gettext's fstrcmp, which msgmerge matches texts by: the characters (UTF-8 bytes) two
    strings have in common in order, their longest common subsequence, over their mean length.
    The subsequence is counted bit-parallel (Hyyroe's algorithm), a word operation a byte."""
    x, y = a.encode(), b.encode()
    if not x or not y:
        return float(not x and not y)
    masks: dict[int, int] = {}
    for i, byte in enumerate(x):
        masks[byte] = masks.get(byte, 0) | 1 << i
    full = v = (1 << len(x)) - 1
    for byte in y:
        u = v & masks.get(byte, 0)
        v = ((v + u) | (v - u)) & full
    return 2 * (len(x) - v.bit_count()) / (len(x) + len(y))


def _similar(new: polib.POEntry, translated: list[polib.POEntry]) -> polib.POEntry | None:
    """The old translated entry (obsolete ones too) msgmerge would take for `new`: the most
    similar text, above the threshold, an entry of the same context winning a tie."""
    best, found = FUZZY_THRESHOLD, None
    for old in translated:
        bonus = SAME_CONTEXT_BONUS if old.msgctxt is None or old.msgctxt == new.msgctxt else 0.0
        lengths = len(old.msgid.encode()), len(new.msgid.encode())
        if 2 * min(lengths) / sum(lengths) + bonus <= best:
            continue  # fstrcmp's first bound: no two strings are more alike than their lengths allow
        if (weight := similarity(new.msgid, old.msgid) + bonus) > best:
            best, found = weight, old
    return found


def _fuzzy_with_previous(entry: polib.POEntry) -> bool:
    """Whether the entry still waits for a translator to compare it with its previous text (which
    msgmerge then keeps, rather than the fuzzy text in between)."""
    return "fuzzy" in entry.flags and entry.previous_msgid is not None


@dataclass(frozen=True)
class Merged:
    """What `update` did: entries added, marked fuzzy (their text changed, or moved to another
    object or scene) and made obsolete."""

    added: int
    fuzzy: int
    obsolete: int
    kept: int

    def line(self) -> str:
        return (f"{self.kept} entries kept, {self.added} new, {self.fuzzy} fuzzy (their text changed or moved), "
                f"{self.obsolete} obsolete")


def update(translation: polib.POFile, pot: polib.POFile) -> Merged:
    """Merge the lecture's template into `translation` in place, deciding as gettext's
    `msgmerge --previous` does. An entry whose context and text are both still there keeps its
    translation (an obsolete one comes back); a new text takes the translation of the most
    similar old one (`similarity` above 0.6, in any context: a text edited a little, or an object
    renamed), marked fuzzy, with the old context and text as its previous ones (`#|`); a text
    like none before is untranslated. An old translated entry no new text took is obsolete (kept
    in the file, `#~`). Nothing a translator wrote is dropped."""
    old = [e for e in translation if e.msgid]
    exact: dict[tuple[str | None, str], polib.POEntry] = {}
    for entry in old:
        exact.setdefault((entry.msgctxt, entry.msgid), entry)
    translated = [e for e in old if e.msgstr]
    used: set[int] = set()
    merged: list[polib.POEntry] = []
    added = fuzzy = kept = 0
    for new in pot:
        entry = polib.POEntry(msgctxt=new.msgctxt, msgid=new.msgid, comment=new.comment,
                              occurrences=list(new.occurrences))
        if (before := exact.get((new.msgctxt, new.msgid))) is not None:
            entry.msgstr, entry.tcomment, entry.flags = before.msgstr, before.tcomment, list(before.flags)
            if _fuzzy_with_previous(before):
                entry.previous_msgctxt, entry.previous_msgid = before.previous_msgctxt, before.previous_msgid
            kept += 1
        elif (before := _similar(new, translated)) is not None:
            entry.msgstr, entry.tcomment = before.msgstr, before.tcomment
            entry.flags = ["fuzzy", *(f for f in before.flags if f != "fuzzy")]
            entry.previous_msgctxt, entry.previous_msgid = (
                (before.previous_msgctxt, before.previous_msgid) if _fuzzy_with_previous(before)
                else (before.msgctxt, before.msgid))
            fuzzy += 1
        else:
            added += 1
        if before is not None:
            used.add(id(before))
        merged.append(entry)
    obsolete = 0
    keys = {(e.msgctxt, e.msgid) for e in merged}
    for before in old:
        if id(before) in used or not before.msgstr or (before.msgctxt, before.msgid) in keys:
            continue  # taken, never translated, or a duplicate of an entry that is kept
        obsolete += not before.obsolete
        before.obsolete, before.comment, before.occurrences = True, "", []
        before.previous_msgctxt = before.previous_msgid = None
        merged.append(before)
    header = translation.metadata
    translation[:] = merged
    translation.metadata = header
    for key in ("Project-Id-Version", "MIME-Version", "Content-Transfer-Encoding"):
        header.setdefault(key, pot.metadata[key])
    header.update({"POT-Creation-Date": pot.metadata["POT-Creation-Date"],
                                 "Content-Type": "text/plain; charset=UTF-8",
                                 "X-Generator": f"lecturekit {__version__}"})
    return Merged(added, fuzzy, obsolete, kept)
