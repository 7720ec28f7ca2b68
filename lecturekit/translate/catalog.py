"""A translation read from a PO file (through polib), as strangers write them: bounded, UTF-8,
each fault one line naming the file and line, never a traceback; and the lookup a render uses,
which counts what falls back to the original.

Only a file's active entries are used; a fuzzy or empty one falls back to the original. Plural
entries (a lecture has no plurals), entries given twice and translations far longer than their
text are warnings, and the text is shown in the original.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import polib

from lecturekit.diagnostics import Diagnostic, LectureError, Place, error, quote, warning
from lecturekit.paths import NotReadable, read_regular
from lecturekit.translate.texts import Text, catalogue_key

MAX_PO_BYTES = 16 * 1024 * 1024
#: A translation longer than this many times its text, plus a margin, is refused (German runs
#: about 30% longer than English; nothing honest runs three times as long).
MAX_GROWTH, MARGIN = 3, 500


@dataclass(frozen=True)
class Entry:
    msgstr: str
    fuzzy: bool
    line: int


@dataclass
class Catalog:
    """A PO file's usable entries by (context, text), and what reading it found."""

    language: str
    file: str
    entries: dict[tuple[str, str], Entry]
    diagnostics: list[Diagnostic] = field(default_factory=list)
    #: What each text asked for came to: "translated", "fuzzy" or "untranslated", by context.
    asked: dict[tuple[str, str], str] = field(default_factory=dict)

    def lookup(self, text: Text) -> str:
        key = catalogue_key(text)
        entry = self.entries.get(key)
        if entry is None or not entry.msgstr:
            self.asked[key] = "untranslated"
            return text.msgid
        if entry.fuzzy:
            self.asked[key] = "fuzzy"
            return text.msgid
        if len(entry.msgstr) > MAX_GROWTH * len(text.msgid) + MARGIN:
            if key in self.asked:  # said once, however often the text is asked for
                return text.msgid
            self.asked[key] = "untranslated"
            self.diagnostics.append(warning(
                self.place(entry.line), f"the translation of {quote(text.msgid, 60)} is {len(entry.msgstr)} "
                f"characters long; it is shown in the original", "translate the text, not more"))
            return text.msgid
        self.asked[key] = "translated"
        return entry.msgstr

    def place(self, line: int) -> Place:
        return Place(path=f"{self.file}:{line}")

    @property
    def unused(self) -> int:
        return sum(1 for key in self.entries if key not in self.asked)


def parse_po(path: Path) -> polib.POFile:
    """The PO file at `path` as polib reads it, or a LectureError naming the file and line."""
    where = Place(path=str(path))
    try:
        raw = read_regular(path, MAX_PO_BYTES)
    except NotReadable as exc:
        raise LectureError(error(where, str(exc), "give a PO file")) from None
    except FileNotFoundError:
        raise LectureError(error(where, "no such translation", "write one with `lecturekit translate extract`, "
                                 "or give --translation FILE.po")) from None
    except OSError as exc:
        raise LectureError(error(where, f"cannot be read: {exc.strerror}")) from None
    try:
        text = raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise LectureError(error(Place(path=f"{path}:{line}"), "is not UTF-8 text",
                                 "save the translation as UTF-8 (charset=UTF-8 in its header)")) from None
    try:
        # the leading line break keeps polib from taking the text for a file's name
        po = polib.pofile("\n" + text, encoding="utf-8", wrapwidth=0)
    except (OSError, ValueError, UnicodeError) as exc:
        found = re.search(r"line (\d+)", str(exc))
        at = f":{int(found.group(1)) - 1}" if found else ""
        reason = str(exc).split("): ", 1)[1] if "): " in str(exc) else "the line is no keyword, string or comment"
        raise LectureError(error(Place(path=f"{path}{at}"), f"is not a PO file: {reason[:200]}",
                                 "fix the line (msgfmt --check names the fault too)")) from None
    return po


def read_catalog(path: Path, language: str) -> Catalog:
    """The PO file at `path`: its entries, or a LectureError when it cannot be read at all."""
    where = Place(path=str(path))
    po = parse_po(path)
    catalog = Catalog(language, str(path), {})
    declared = po.metadata.get("Language", "")
    if declared and _primary(declared) != _primary(language):
        catalog.diagnostics.append(warning(where, f"says it is in {quote(declared)}, not {quote(language)}",
                                           "give the file of that language"))
    for entry in po:
        if entry.obsolete or not entry.msgid:
            continue
        line = max(1, (entry.linenum or 1) - 1)
        if entry.msgid_plural:
            catalog.diagnostics.append(warning(catalog.place(line), f"{quote(entry.msgid, 60)} has plural forms, "
                                               "which a lecture does not use; the entry is ignored",
                                               "translate it with a plain msgstr"))
            continue
        key = (entry.msgctxt or "", entry.msgid)
        if key in catalog.entries:
            catalog.diagnostics.append(warning(catalog.place(line), f"gives {quote(entry.msgid, 60)} in context "
                                               f"{quote(key[0], 60)} again; the first is used",
                                               "give each entry once"))
            continue
        catalog.entries[key] = Entry(entry.msgstr, "fuzzy" in entry.flags, line)
    return catalog


def _primary(code: str) -> str:
    """A language tag's language (`pt_BR`, `pt-BR`, `pt`: pt)."""
    return code.replace("-", "_").split("_")[0].lower()
