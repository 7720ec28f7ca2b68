"""Translation, a stage of its own: a resolved lecture in, the same lecture with every text a
viewer sees or hears in another language out, laid out and rendered like any other.

`translate(resolved, Language("de"))` reads `LECTURE_DIR/locale/de.po` (or the file given),
replaces each text whose entry is translated (`texts.walk`), and keeps the original for the rest,
counted in the report `check --lang` prints. The translated texts are untrusted like the
lecture's own: they reach Typst through the same source building, and one Typst cannot set is
shown in the original, with a warning. `qps` is the pseudo-locale (`pseudo`), needing no file.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from types import MappingProxyType

import polib

from lecturekit.diagnostics import Diagnostic, LectureError, Place, error, quote, warning
from lecturekit.resolve import ResolvedLecture, ResolvedScene
from lecturekit.resolve.translation import TranslationReport
from lecturekit.resolve.typesetting import untypesettable
from lecturekit.syntax.nodes import Emphasize, Flash, parts_named
from lecturekit.translate import pseudo
from lecturekit.translate.catalog import Catalog, parse_po, read_catalog
from lecturekit.translate.pofile import save_po
from lecturekit.translate.template import Merged, new_translation, template, update
from lecturekit.translate.texts import Text, texts_of, walk

#: A language code as gettext and BCP 47 write them: `de`, `pt_BR`, `zh-Hant`, `qps`.
CODE = re.compile(r"[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8}){0,3}")


@dataclass(frozen=True)
class Language:
    """The language to render in, and the PO file to read it from (None: `locale/CODE.po`
    beside the lecture; none is needed for the pseudo-locale)."""

    code: str
    file: Path | None = None


def checked_code(code: str) -> str:
    if not CODE.fullmatch(code):
        raise LectureError(error(Place(), f"{quote(code)} is not a language code",
                                 "give one such as de, ja, pt_BR, or qps for the pseudo-locale"), exit_code=2)
    return code


def update_file(pot: polib.POFile, path: Path) -> tuple[bool, Merged]:
    """`translate update`: the translation at `path` merged with the template (`update`) and
    written back, or started in the language its name says (locale/fr.po: French); whether it
    was started, and what the merge did."""
    started = not path.exists()
    translation = new_translation(pot, checked_code(path.stem)) if started else parse_po(path)
    merged = update(translation, pot)
    save_po(translation, path)
    return started, merged


def translation_file(resolved: ResolvedLecture, language: Language) -> Path:
    """Where the language's PO file is: the one given, else `locale/CODE.po` in the lecture's folder."""
    if language.file is not None:
        return language.file
    folder = Path(resolved.folder).resolve()
    path = folder / "locale" / f"{language.code}.po"
    if not path.exists():
        raise LectureError(error(Place(path=str(path)), "no such translation beside the lecture",
                                 "write one from `lecturekit translate extract`, or give --translation FILE.po"))
    if not path.resolve().is_relative_to(folder):
        raise LectureError(error(Place(path=str(path)), "leads outside the lecture's folder",
                                 "keep the translation in the lecture's locale/ folder, or give --translation"))
    return path


def translate(resolved: ResolvedLecture, language: Language) -> ResolvedLecture:
    """The lecture in `language`: its texts translated where the translation has them, its
    outputs (and cache) apart from other languages' (`SLUG.CODE`)."""
    code = checked_code(language.code)
    if code == pseudo.CODE and language.file is None:
        catalog = Catalog(code, "", {})
        lookup = pseudo.pseudo
    else:
        catalog = read_catalog(translation_file(resolved, language), code)
        lookup = catalog.lookup
    walked = walk(resolved, lookup)
    scenes, fallbacks = _typeset_or_original(resolved, walked.lecture)
    asked = catalog.asked
    texts = len(asked) if catalog.file else len(texts_of(resolved))  # the pseudo-locale translates all
    report = TranslationReport(
        language=code, file=catalog.file, texts=texts,
        translated=sum(v == "translated" for v in asked.values()) if catalog.file else texts,
        fuzzy=tuple(c for (c, _), v in asked.items() if v == "fuzzy"),
        untranslated=tuple(c for (c, _), v in asked.items() if v == "untranslated"),
        unused=catalog.unused,
        board=tuple(_digest(b) for b in walked.board), heard=tuple(_digest(h) for h in walked.heard))
    diagnostics = resolved.diagnostics + tuple(catalog.diagnostics) + walked.diagnostics + tuple(fallbacks)
    return replace(walked.lecture, slug=f"{resolved.slug}.{code}", scenes=tuple(replace(s, language=code)
                                                                                for s in scenes),
                   diagnostics=diagnostics, translation=report)


def translator(file: Path | None = None, original: str | None = None
               ) -> Callable[[ResolvedLecture, str], ResolvedLecture]:
    """`translate` as a function of a lecture and a language code, as rendering several languages
    calls it: the `original` language is the lecture as recorded, any other is read from `file`
    (when one language is asked for) or from `locale/CODE.po` beside the lecture."""

    def into(resolved: ResolvedLecture, code: str) -> ResolvedLecture:
        return resolved if code == original else translate(resolved, Language(code, file))

    return into


def _digest(pairs: tuple[tuple[str, str], ...]) -> str:
    return hashlib.sha256("\n".join(f"{a}\x00{b}" for a, b in pairs).encode()).hexdigest()


def _typeset_or_original(original: ResolvedLecture, translated: ResolvedLecture
                         ) -> tuple[tuple[ResolvedScene, ...], list[Diagnostic]]:
    """Each scene with any translated text Typst cannot set shown in the original instead
    (its actions as they were), and parts that cannot be marked in a translation let go."""
    scenes, found = [], []
    for before, after in zip(original.scenes, translated.scenes, strict=True):
        changed = {n: s for n, s in after.objects.items() if s != before.objects[n] and n not in after.broken}
        if not changed:
            scenes.append(after)
            continue
        reasons, unmarked = untypesettable(changed, parts_named(after.actions))
        objects = {n: before.objects[n] if n in reasons else s for n, s in after.objects.items()}
        originals = {a.index: a for a in before.actions}
        actions = []
        for timed in after.actions:
            name = timed.action.object
            if name in reasons:
                timed = originals.get(timed.index, timed)
            elif name in unmarked and isinstance(timed.action, Emphasize | Flash):
                timed = replace(timed, action=replace(timed.action, part=None))
            actions.append(timed)
        for name, reason in reasons.items():
            found.append(warning(Place(scene=before.title, object=name),
                                 f"its translation cannot be typeset ({reason}); it is shown in the original",
                                 "fix the translation"))
        for name, reason in unmarked.items():
            found.append(warning(Place(scene=before.title, object=name),
                                 f"its parts cannot be marked in its translation ({reason}); they are emphasised "
                                 "as the whole of it", "translate the part as a whole piece of the text"))
        scenes.append(replace(after, objects=MappingProxyType(objects), actions=tuple(actions)))
    return tuple(scenes), found


__all__ = ["CODE", "Language", "Merged", "Text", "TranslationReport", "checked_code", "new_translation", "template",
           "texts_of", "translate", "translation_file", "translator", "update", "update_file"]
