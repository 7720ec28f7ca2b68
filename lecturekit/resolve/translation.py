"""What a translation gave a lecture, kept on the resolved lecture: counted for `check --lang`,
and hashed scene by scene into the render cache's keys."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TranslationReport:
    #: The language code (`de`, `pt_BR`, `qps`) and the PO file read ("" for the pseudo-locale).
    language: str
    file: str
    #: Texts the lecture has, and those a translation was used for.
    texts: int
    translated: int
    #: The contexts of the texts shown in the original instead: fuzzy, and untranslated or missing.
    fuzzy: tuple[str, ...] = ()
    untranslated: tuple[str, ...] = ()
    #: Entries of the file the lecture no longer has (`translate update` marks them obsolete).
    unused: int = 0
    #: Per scene, a hash of what its board shows and of what is heard in it, translated.
    board: tuple[str, ...] = ()
    heard: tuple[str, ...] = ()

    def line(self) -> str:
        """`de (locale/de.po): 40 of 44 texts translated; 3 untranslated and 1 fuzzy shown in the original`."""
        source = f" ({self.file})" if self.file else " (pseudo-locale)"
        text = f"{self.language}{source}: {self.translated} of {self.texts} texts translated"
        if self.untranslated or self.fuzzy:
            text += (f"; {len(self.untranslated)} untranslated and {len(self.fuzzy)} fuzzy "
                     "shown in the original")
        if self.unused:
            text += f"; {self.unused} entries the lecture no longer has (run `lecturekit translate update`)"
        return text

    def as_json(self) -> dict:
        return {"language": self.language, "file": self.file or None, "texts": self.texts,
                "translated": self.translated, "fuzzy": list(self.fuzzy), "untranslated": list(self.untranslated),
                "unused": self.unused}
