"""The gettext template of a lecture (`translate extract`) and the merge of a changed lecture
into an existing translation (`translate update`), both through polib."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import polib

from lecturekit import __version__
from lecturekit.resolve import ResolvedLecture
from lecturekit.translate.texts import Text, texts_of


def template(resolved: ResolvedLecture) -> polib.POFile:
    """A POT file: an entry for every text of the lecture, its context naming its scene, object
    and field, a reference to its line in the lecture file and a comment saying what it is."""
    pot = polib.POFile(wrapwidth=0)
    pot.metadata = {
        "Project-Id-Version": resolved.slug,
        "POT-Creation-Date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M+0000"),
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "X-Generator": f"lecturekit {__version__}",
    }
    lines = _Lines(Path(resolved.source)) if resolved.source else None
    for text in texts_of(resolved):
        pot.append(polib.POEntry(msgctxt=text.context, msgid=text.msgid, msgstr="", comment=text.comment,
                                 occurrences=[lines.of(text)] if lines else []))
    return pot


def new_translation(pot: polib.POFile, language: str) -> polib.POFile:
    """An empty translation of the template into `language`, its header as gettext's msginit writes it."""
    po = polib.POFile(wrapwidth=0)
    po.metadata = {key: value for key, value in pot.metadata.items() if key != "POT-Creation-Date"}
    po.metadata["Language"] = language
    return po


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


@dataclass(frozen=True)
class Merged:
    """What `update` did: entries added, marked fuzzy (their text changed) and made obsolete."""

    added: int
    fuzzy: int
    obsolete: int
    kept: int

    def line(self) -> str:
        return (f"{self.kept} entries kept, {self.added} new, {self.fuzzy} fuzzy (their text changed), "
                f"{self.obsolete} obsolete")


def update(translation: polib.POFile, pot: polib.POFile) -> Merged:
    """Merge the lecture's template into `translation` in place. An entry whose context and text
    are both still there keeps its translation; one whose context is there with a changed text
    keeps its translation, marked fuzzy, with the old text as its previous msgid; a text the
    lecture now has under another context takes a translation it had there, fuzzy; one the
    lecture no longer has is obsolete (kept in the file, `#~`) when it was translated. Nothing a
    translator wrote is dropped."""
    old = [e for e in translation if e.msgid]
    exact = {(e.msgctxt or "", e.msgid): e for e in reversed(old)}
    by_context = {e.msgctxt or "": e for e in reversed(old) if not e.obsolete}
    by_text = {e.msgid: e for e in reversed(old) if e.msgstr and not e.obsolete}
    used: set[int] = set()
    merged: list[polib.POEntry] = []
    added = fuzzy = kept = 0
    for new in pot:
        context = new.msgctxt or ""
        before = exact.get((context, new.msgid))
        entry = polib.POEntry(msgctxt=new.msgctxt, msgid=new.msgid, comment=new.comment,
                              occurrences=list(new.occurrences))
        if before is not None:
            used.add(id(before))
            entry.msgstr, entry.tcomment, entry.flags = before.msgstr, before.tcomment, list(before.flags)
            kept += 1
        elif (before := by_context.get(context)) is not None and id(before) not in used and before.msgstr:
            used.add(id(before))
            entry.msgstr, entry.tcomment = before.msgstr, before.tcomment
            entry.flags, entry.previous_msgid = ["fuzzy"], before.msgid
            fuzzy += 1
        elif (before := by_text.get(new.msgid)) is not None:
            entry.msgstr, entry.flags, entry.previous_msgctxt = before.msgstr, ["fuzzy"], before.msgctxt
            fuzzy += 1
        else:
            added += 1
        merged.append(entry)
    obsolete = 0
    keys = {(e.msgctxt or "", e.msgid) for e in merged}
    for before in old:
        if id(before) in used or not before.msgstr or (before.msgctxt or "", before.msgid) in keys:
            continue  # kept, never translated, or a duplicate of an entry that is kept
        obsolete += not before.obsolete
        before.obsolete = True
        merged.append(before)
    header = translation.metadata
    translation[:] = merged
    translation.metadata = header
    translation.metadata["X-Generator"] = f"lecturekit {__version__}"
    return Merged(added, fuzzy, obsolete, kept)
