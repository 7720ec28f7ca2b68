"""Every text a viewer sees or hears, each with the context its translation is keyed by, and the
lecture rebuilt with each one replaced: one walk, for extracting a template and for translating.

The walk runs on the resolved lecture, where texts are data (a spec's text, label and cells, a
beat's narration, a scene's title), never on description strings. Prose is translated whole (its
inline `$…$` math travels with it); in a formula only the words it shows as text are (its strings
and the names Typst does not know, `lecturekit.typst.math_syntax.words`), and each is written back
as a Typst string, so the math around it stays as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from lecturekit.diagnostics import Diagnostic, Place, quote, warning
from lecturekit.kinds import TableSpec, kind_def
from lecturekit.resolve import BeatInfo, ResolvedLecture, ResolvedScene
from lecturekit.syntax.nodes import Emphasize, Flash, Kind, Spec, Str, TextPart, TimedAction, Tuple
from lecturekit.typst.math_syntax import quote as typst_string
from lecturekit.typst.math_syntax import words
from lecturekit.typst.source import inline_math, label_spec, occurrences


@dataclass(frozen=True)
class Text:
    """One translatable text: `context` names its scene, object and field (gettext's msgctxt),
    `where` is its place in the lecture file (`scenes[2].objects.rule`)."""

    context: str
    msgid: str
    comment: str = ""
    where: str = ""
    #: A part an action marks: pseudo-localised without padding, so it still occurs in its text.
    part: bool = False


#: Given a text, its translation (the text itself when there is none).
Lookup = Callable[[Text], str]


@dataclass(frozen=True)
class Walked:
    """The lecture with every text looked up, and what did not fit (a marked part that its
    translated text no longer holds)."""

    lecture: ResolvedLecture
    diagnostics: tuple[Diagnostic, ...]
    #: For each scene, the (context, translation) of what its board shows and of what is heard.
    board: tuple[tuple[tuple[str, str], ...], ...]
    heard: tuple[tuple[tuple[str, str], ...], ...]


def has_words(text: str) -> bool:
    """Whether prose holds a letter outside its inline math (only then is it worth translating)."""
    pos, kept = 0, []
    for opening, closing in inline_math(text):
        kept.append(text[pos:opening])
        pos = closing + 1
    kept.append(text[pos:])
    return any(ch.isalpha() for ch in "".join(kept))


class _Scene:
    """The walk through one scene: its texts looked up, in the file's order."""

    def __init__(self, scene: ResolvedScene, prefix: str, where: str, lookup: Lookup):
        self.scene, self.prefix, self.where, self.lookup = scene, prefix, where, lookup
        self.diagnostics: list[Diagnostic] = []
        self.board: list[tuple[str, str]] = []
        self.heard: list[tuple[str, str]] = []

    def ask(self, text: Text, into: list[tuple[str, str]]) -> str:
        found = self.lookup(text)
        if found != text.msgid:
            into.append((f"{text.context}\x04{text.msgid}", found))
        return found

    def prose(self, context: str, text: str, comment: str, where: str) -> str:
        if not has_words(text):
            return text
        return self.ask(Text(context, text, comment, where), self.board)

    def math(self, context: str, text: str, where: str, start: int = 0, end: int | None = None) -> str:
        """`text` (math) with each word it shows as text translated, as a Typst string; only its
        piece from `start` to `end` (a marked part), where a word the piece cuts is no word of
        its own (`sin(om` of `sin(omega t)` keeps its `om`)."""
        end = len(text) if end is None else end
        out, pos = [], start
        for token, shown in words(text):
            if token.start < start or token.end > end or not any(ch.isalpha() for ch in shown):
                continue
            comment = f"a word inside the formula {text[:80]!r}: translate only the word"
            new = self.ask(Text(context, shown, comment, where), self.board)
            if new != shown:
                out += [text[pos : token.start], typst_string(new)]
                pos = token.end
        return "".join(out) + text[pos:end]

    def title(self) -> str:
        comment = "the scene's title: its chapter name in the joined video and in chapters.txt"
        return self.ask(Text(f"{self.prefix}/title", self.scene.title, comment, f"{self.where}.title"), self.heard)

    def beats(self) -> tuple[BeatInfo, ...]:
        beats = []
        for n, beat in enumerate(self.scene.beats, 1):
            say = beat.say
            if say.strip():
                at = beat.start - self.scene.start
                comment = f"narration of beat {n}, spoken from {int(at // 60)}:{at % 60:04.1f} in the scene"
                say = self.ask(Text(f"{self.prefix}/beat {n}", say, comment, f"{self.where}.beats"), self.heard)
            beats.append(replace(beat, say=say))
        return tuple(beats)

    def spec(self, spec: Spec) -> Spec:
        """The object with its text, label and cells translated."""
        context, where = f"{self.prefix}/{spec.name}", f"{self.where}.objects.{spec.name}"
        changes: dict[str, Any] = {}  # a field name to its translation, whichever type that field has
        style = kind_def(spec.kind).text
        if style is not None and spec.text is not None:
            changes["text"] = (self.prose(f"{context}/text", spec.text, f"the text of a {spec.kind}", where)
                               if style.prose else self.math(f"{context}/text", spec.text, where))
        label = label_spec(spec)
        if label is not None and spec.label is not None:  # (there is a label_spec only for a label)
            changes["label"] = (self.prose(f"{context}/label", spec.label, f"the label of a {spec.kind}", where)
                                if label.kind is Kind.TEXT else self.math(f"{context}/label", spec.label, where))
        if isinstance(spec, TableSpec) and spec.cells:
            rows = tuple(Tuple(tuple(Str(self.prose(f"{context}/row {r} cell {c}", cell, f"a cell of a table, "
                                                    f"row {r} of {len(spec.cells)}", where))
                                     for c, cell in enumerate(row, 1)))
                         for r, row in enumerate(spec.cells, 1))
            changes["rows"] = Tuple(rows)
        changed = {k: v for k, v in changes.items() if v != getattr(spec, k)}
        return replace(spec, **changed) if changed else spec

    def part(self, timed: TimedAction, before: Spec, after: Spec) -> TimedAction:
        """An emphasis or flash of a part, with the part as the translated text writes it; of
        the whole object (and a warning naming both) when the translation no longer holds it."""
        action = timed.action
        if not isinstance(action, Emphasize | Flash) or not isinstance(action.part, TextPart):
            return timed
        part, source = action.part, before.text if before.text is not None else (before.label or "")
        target = (after.text if before.text is not None else after.label) or ""
        if before.text is not None:
            style = kind_def(before.kind).text
            prose = style is not None and style.prose
        else:
            prose = (label := label_spec(before)) is not None and label.kind is Kind.TEXT
        context = f"{self.prefix}/{before.name}/{'text' if before.text is not None else 'label'}"
        found = occurrences(source, part.text)
        if not prose and len(found) >= part.occurrence:  # a piece of a formula: its words as the formula's own
            at = found[part.occurrence - 1]  # entries have them
            new = self.math(context, source, f"{self.where}.objects.{before.name}", at, at + len(part.text))
        elif not prose:
            new = self.math(context, part.text, f"{self.where}.objects.{before.name}")
        elif _in_math(source, part):
            new = part.text  # math: it travels with the text unchanged
        else:
            comment = (f"a part of the text {source[:80]!r} that an action marks (occurrence {part.occurrence}): "
                       "write it exactly as your translation of that text writes it")
            new = self.ask(Text(f"{context} part", part.text, comment, f"{self.where}.objects.{before.name}",
                                part=True), self.board)
        occurrence = part.occurrence
        bare = re.fullmatch(r"(.+)#([1-9][0-9]{0,3})", new, re.DOTALL)
        if bare and len(occurrences(target, bare.group(1))) >= int(bare.group(2)):
            new, occurrence = bare.group(1), int(bare.group(2))
        if len(occurrences(target, new)) >= occurrence:
            return replace(timed, action=replace(action, part=TextPart(new, occurrence)))
        self.diagnostics.append(warning(
            Place(scene=self.scene.title, object=before.name, action=f"#{timed.index} at {timed.time:.3f} s"),
            f"the part {quote(part.text)}, translated {quote(new)}, does not occur in the translated text "
            f"{quote(target)}; the action marks the whole object",
            "translate the part as the text's translation writes it"))
        return replace(timed, action=replace(action, part=None))

    def walk(self) -> ResolvedScene:
        title = self.title()
        objects = {name: self.spec(spec) for name, spec in self.scene.objects.items()}
        actions = tuple(self.part(t, self.scene.objects[t.action.object], objects[t.action.object])
                        if t.action.object in objects else t for t in self.scene.actions)
        return replace(self.scene, title=title, objects=MappingProxyType(objects), actions=actions,
                       beats=self.beats())


def _in_math(source: str, part: TextPart) -> bool:
    """Whether the part lies inside the inline math of `source`."""
    found = occurrences(source, part.text)
    if len(found) < part.occurrence:
        return False
    start = found[part.occurrence - 1]
    return any(opening < start and start + len(part.text) <= closing for opening, closing in inline_math(source))


def scene_prefixes(resolved: ResolvedLecture) -> list[str]:
    """Each scene's name in contexts: its slug, numbered when two scenes share one."""
    slugs = [scene.slug for scene in resolved.scenes]
    return [slug if slugs.count(slug) == 1 else f"{slug}-{scene.index}"
            for slug, scene in zip(slugs, resolved.scenes, strict=True)]


def walk(resolved: ResolvedLecture, lookup: Lookup) -> Walked:
    """The lecture with every text a viewer sees or hears replaced by `lookup`'s answer."""
    scenes, diagnostics, board, heard = [], [], [], []
    for scene, prefix in zip(resolved.scenes, scene_prefixes(resolved), strict=True):
        one = _Scene(scene, prefix, f"scenes[{scene.index - 1}]", lookup)
        scenes.append(one.walk())
        diagnostics += one.diagnostics
        board.append(tuple(one.board))
        heard.append(tuple(one.heard))
    lecture = resolved.lecture
    publication = lecture.file.publication if lecture is not None else None
    title = lookup(Text("lecture/title", resolved.title, "the lecture's title", "publication.title"))
    if publication is not None:
        summary = publication.summary
        if summary.strip():
            summary = lookup(Text("lecture/summary", summary, "the lecture's summary, in its description",
                                  "publication.summary"))
        chapters = tuple(
            chapter.model_copy(update={"title": _chapter_title(chapter.title, i, resolved, scenes, lookup)})
            for i, chapter in enumerate(publication.chapters, 1))
        file = lecture.file.model_copy(update={"publication": publication.model_copy(
            update={"title": title, "summary": summary, "chapters": chapters})})
        lecture = lecture.model_copy(update={"file": file})
    return Walked(replace(resolved, title=title, scenes=tuple(scenes), lecture=lecture), tuple(diagnostics),
                  tuple(board), tuple(heard))


def _chapter_title(title: str, index: int, resolved: ResolvedLecture, scenes: list[ResolvedScene],
                   lookup: Lookup) -> str:
    """A chapter of the publication: its scene's translated title when it is that scene's title."""
    if index <= len(scenes) and resolved.scenes[index - 1].title == title:
        return scenes[index - 1].title
    return lookup(Text(f"chapter {index}/title", title, "a chapter's title", f"publication.chapters[{index - 1}]"))


def catalogue_key(text: Text) -> tuple[str, str]:
    return text.context, text.msgid


def texts_of(resolved: ResolvedLecture) -> list[Text]:
    """Every translatable text of the lecture, once each, in the file's order."""
    found: dict[tuple[str, str], Text] = {}

    def record(text: Text) -> str:
        found.setdefault(catalogue_key(text), text)
        return text.msgid

    walk(resolved, record)
    return list(found.values())


__all__ = ["Lookup", "Text", "Walked", "catalogue_key", "has_words", "texts_of", "walk"]
