"""Resolve and repair: names, parents, variables, parts, the live lists, recovered values.

`resolve(lecture, overrides)` turns the validated file into scenes of typed objects and timed
actions, collecting every diagnostic (errors, warnings, inferences, gaps) instead of stopping.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from types import MappingProxyType

from lecturekit.diagnostics import Diagnostic, Place, Severity, error, inferred, quote, warning
from lecturekit.kinds import kind_def
from lecturekit.kinds.table import TableSpec
from lecturekit.model import Lecture
from lecturekit.model import Scene as SceneFile
from lecturekit.resolve.actions import check_actions, check_board, replace_headings
from lecturekit.resolve.contrast import legible_colors
from lecturekit.resolve.crowding import limit_board
from lecturekit.resolve.findings import Findings, LeftOut, slugify
from lecturekit.resolve.labels import Anchor, anchors
from lecturekit.resolve.overrides import NO_OVERRIDES, Overrides
from lecturekit.resolve.references import check_references, leave_out_dependents
from lecturekit.resolve.scenes import (
    MAX_ACTIONS,
    MAX_OBJECTS,
    MAX_SAY_CHARS,
    BeatInfo,
    check_beats,
    check_images,
    check_typesetting,
    parse_actions,
    parse_objects,
    repair_tables,
)
from lecturekit.resolve.translation import TranslationReport
from lecturekit.resolve.values import (
    MAX_ASPECT,
    MAX_TICKS,
    check_gaps,
    check_numbers,
    check_ticks,
    check_values,
    evaluation_problem,
    shape_problems,
    start_values,
    widen_ranges,
)
from lecturekit.scripts import ENGLISH, Told, written_in
from lecturekit.syntax.nodes import Spec, TimedAction
from lecturekit.typst.source import inline_math


@dataclass(frozen=True)
class ResolvedScene:
    index: int
    title: str
    slug: str
    start: float
    end: float
    objects: Mapping[str, Spec]
    actions: tuple[TimedAction, ...]
    beats: tuple[BeatInfo, ...]
    anchors: Mapping[str, Anchor]
    #: Every name of the scene that is not drawn, with why.
    left_out: Mapping[str, LeftOut]
    #: The language its texts are in: its lecture's (`ResolvedLecture.language`), which the
    #: layout sets texts in whose own letters do not say (`typst.source.lecture_language`).
    language: str = ENGLISH

    @cached_property
    def broken(self) -> frozenset[str]:
        """The objects that cannot be drawn (a fault or a gap); the renderer leaves them out."""
        return frozenset(n for n, why in self.left_out.items() if why is not LeftOut.UNREAD)

    @property
    def duration(self) -> float:
        return self.end - self.start

    def children(self, parent: str) -> list[str]:
        return [n for n, s in self.objects.items() if s.parent == parent]


@dataclass(frozen=True)
class ResolvedLecture:
    slug: str
    title: str
    folder: str
    scenes: tuple[ResolvedScene, ...]
    diagnostics: tuple[Diagnostic, ...]
    live_recorded: int
    live_agreeing: int
    #: The file as loaded and validated, so that nothing after this reads it again.
    lecture: Lecture
    #: The lecture file itself.
    source: str = ""
    #: The overrides file it was read with ("" for none).
    overrides: str = ""
    #: What the translation it is in gave it (None: the lecture as recorded; `lecturekit.translate`).
    translation: TranslationReport | None = None
    #: The language it is recorded in: as its overrides state it, else as its text tells (`scripts`).
    own_language: str = ENGLISH
    #: Why its texts did not tell its own language surely, when they did not and no override
    #: stated it (`scripts.Told.doubt`; `check` says it).
    language_doubt: str = ""

    @property
    def language(self) -> str:
        """The language its texts are in: its translation's, else its own."""
        return self.translation.language if self.translation is not None else self.own_language

    @property
    def overrides_file(self) -> Path | None:
        return Path(self.overrides) if self.overrides else None

    def of(self, severity: Severity) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is severity]

    @property
    def renderable(self) -> bool:
        return not self.of(Severity.ERROR)

    def passes(self, strict: bool) -> bool:
        """No errors, and with `strict` no warnings or gaps either: what `check` exits 0 on."""
        return self.renderable and not (strict and (self.of(Severity.WARNING) or self.of(Severity.UNRESOLVED)))


def resolve(lecture: Lecture, overrides: Overrides = NO_OVERRIDES) -> ResolvedLecture:
    diagnostics: list[Diagnostic] = list(lecture.notes)
    scenes: list[ResolvedScene] = []
    live = [0, 0]
    used_keys: set[str] = set()
    for index, scene in enumerate(lecture.scenes, 1):
        keys = {str(index), scene.title, slugify(scene.title)}
        used_keys |= keys
        resolved, found = _resolve_scene(index, scene, overrides.for_scene(keys), lecture.folder)
        if (slug := overrides.slug_for(keys)) is not None:
            resolved = replace(resolved, slug=slug)
        scenes.append(resolved)
        diagnostics += found.diagnostics
        live[0] += found.live_recorded
        live[1] += found.live_agreeing
    for key in overrides.scene_keys():
        if key not in used_keys:
            diagnostics.append(
                error(Place(path=str(overrides.source)),
                      f"overrides name a scene {quote(key)} the lecture does not have",
                      "use a scene's slug, title or 1-based index")
            )
    _check_scene_times(lecture, diagnostics)
    told = Told(overrides.language) if overrides.language else written_in(_written(lecture.title, scenes))
    own = told.language
    return ResolvedLecture(
        lecture.slug, lecture.title, str(lecture.folder), tuple(replace(s, language=own) for s in scenes),
        tuple(diagnostics), live[0], live[1], lecture, str(lecture.source), str(overrides.source or ""),
        own_language=own, language_doubt=told.doubt,
    )


def _written(title: str, scenes: list[ResolvedScene]) -> list[str]:
    """What a lecture says in words: its titles, its narration and its prose (not its formulas,
    nor prose's inline `$…$`, whose letters are names)."""
    said = [title]
    for scene in scenes:
        said += [scene.title, *(beat.say for beat in scene.beats)]
        for spec in scene.objects.values():
            style = kind_def(spec.kind).text
            if style is not None and style.prose and spec.text is not None:
                said.append(_without_math(spec.text))
            if isinstance(spec, TableSpec):
                said += [_without_math(cell) for row in spec.cells for cell in row]
    return said


def _without_math(prose: str) -> str:
    for opening, closing in reversed(inline_math(prose)):
        prose = f"{prose[:opening]} {prose[closing + 1:]}"
    return prose


def _check_scene_times(lecture: Lecture, diagnostics: list[Diagnostic]) -> None:
    for before, after in zip(lecture.scenes, lecture.scenes[1:], strict=False):
        if abs(after.start - before.end) > 1e-6:
            diagnostics.append(
                warning(Place(scene=after.title), f"starts at {after.start:.3f} s "
                        f"but the scene before ends at {before.end:.3f} s")
            )


def _resolve_scene(index: int, scene: SceneFile, overrides: dict[str, dict], folder: Path
                   ) -> tuple[ResolvedScene, Findings]:
    """One scene read, checked and repaired, each step in its own module; what they find is
    collected in `Findings` instead of stopping."""
    found = Findings(scene, overrides)
    if len(scene.objects) > MAX_OBJECTS:
        found.report(error(found.place(), f"has {len(scene.objects)} objects; at most {MAX_OBJECTS} are allowed"))
        objects: dict[str, Spec] = {}
    else:
        objects = parse_objects(found, overrides)
    found.left_out.update((name, LeftOut.UNREAD) for name in scene.objects if name not in objects)
    beats, beat_rank = check_beats(found)
    actions = parse_actions(found, objects, beat_rank)
    objects = repair_tables(found, objects, actions)
    check_references(found, objects)
    check_gaps(found, objects)
    start = start_values(found, objects)
    check_values(found, objects, start)
    objects = check_numbers(found, objects, start)
    actions = check_typesetting(found, objects, actions)
    limit_board(found, objects, actions)
    leave_out_dependents(found, objects)
    check_actions(found, objects, actions)
    actions = replace_headings(found, objects, actions)
    check_board(found, objects, actions)
    check_images(found, objects, folder)
    check_ticks(found, objects, actions, start)
    objects = widen_ranges(found, objects, actions, start)
    objects = legible_colors(found, objects)
    labels = anchors(objects)
    for label, anchor in sorted(labels.items()):
        found.report(inferred(found.place(label), f"placed beside {quote(anchor.sibling)}, its same-numbered sibling"))
    return ResolvedScene(
        index=index,
        title=scene.title,
        slug=slugify(scene.title),
        start=scene.start,
        end=scene.end,
        objects=MappingProxyType(objects),
        actions=tuple(actions),
        beats=beats,
        anchors=MappingProxyType(labels),
        left_out=MappingProxyType(dict(found.left_out)),
    ), found


__all__ = ["MAX_ACTIONS", "MAX_ASPECT", "MAX_OBJECTS", "MAX_SAY_CHARS", "MAX_TICKS", "Anchor", "BeatInfo", "LeftOut",
           "ResolvedLecture", "ResolvedScene", "evaluation_problem", "resolve", "shape_problems", "slugify"]
