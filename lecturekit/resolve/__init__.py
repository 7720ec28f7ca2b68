"""Resolve and repair: names, parents, variables, parts, the live lists, recovered values.

`resolve(lecture, overrides)` turns the validated file into scenes of typed objects and timed
actions, collecting every diagnostic (errors, warnings, inferences, gaps) instead of stopping.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields, replace
from itertools import groupby
from pathlib import Path
from types import MappingProxyType

from lecturekit.diagnostics import (
    Diagnostic,
    Place,
    Severity,
    error,
    inferred,
    quote,
    unresolved,
    warning,
)
from lecturekit.images import image_problem
from lecturekit.model import Lecture
from lecturekit.model import Scene as SceneFile
from lecturekit.resolve.labels import Anchor, anchors
from lecturekit.resolve.overrides import NO_OVERRIDES, Overrides, apply
from lecturekit.resolve.tables import infer_rows
from lecturekit.resolve.typesetting import untypesettable
from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.evaluate import (
    CONSTANTS,
    EvaluationError,
    evaluate,
    evaluate_number,
    evaluate_point,
    function_of,
)
from lecturekit.syntax.nodes import (
    CONTAINER_KINDS,
    STEPPED_KINDS,
    VALUE_TYPES,
    Action,
    ColumnPart,
    Emphasize,
    Flash,
    FunctionPlotSpec,
    FunctionValue,
    Hide,
    ImageSpec,
    Kind,
    PlotPointSpec,
    Redraw,
    RowPart,
    Show,
    Spec,
    Str,
    StyleHint,
    TableSpec,
    TextPart,
    Tick,
    TimedAction,
    Truncated,
    Tuple,
    Value,
    VariableNumberSpec,
    variables_of,
)
from lecturekit.syntax.parser import parse_action, parse_description
from lecturekit.theme import PALETTE
from lecturekit.typst_source import label_spec, line_count, occurrences, rewrites

#: Kinds that must be drawn in a Figure or Axes.
_NEEDS_PARENT = frozenset({Kind.VECTOR, Kind.LINE, Kind.POINT, Kind.FUNCTION_PLOT, Kind.PLOT_POINT})
MAX_OBJECTS = 5_000
MAX_ACTIONS = 20_000
#: A beat's narration is cut here (fifty times the longest beat of the transformer lecture, ten
#: minutes of speech): captions and the draft voice take time in proportion to it.
MAX_SAY_CHARS = 20_000


@dataclass(frozen=True)
class BeatInfo:
    start: float
    say: str
    live: tuple[str, ...] | None


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
    #: Objects that cannot be drawn (a fault or a gap); the renderer leaves them out.
    broken: frozenset[str]

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
    #: The lecture file itself.
    source: str = ""

    def of(self, severity: Severity) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is severity]

    @property
    def renderable(self) -> bool:
        return not self.of(Severity.ERROR)

    def passes(self, strict: bool) -> bool:
        """No errors, and with `strict` no warnings or gaps either: what `check` exits 0 on."""
        return self.renderable and not (strict and (self.of(Severity.WARNING) or self.of(Severity.UNRESOLVED)))


def slugify(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return slug[:80] or "scene"


def resolve(lecture: Lecture, overrides: Overrides = NO_OVERRIDES) -> ResolvedLecture:
    diagnostics: list[Diagnostic] = list(lecture.notes)
    scenes: list[ResolvedScene] = []
    live = [0, 0]
    used_keys: set[str] = set()
    for index, scene in enumerate(lecture.scenes, 1):
        keys = {str(index), scene.title, slugify(scene.title)}
        used_keys |= keys
        resolver = _SceneResolver(index, scene, overrides.for_scene(keys), lecture.folder)
        scenes.append(resolver.run())
        diagnostics += resolver.diagnostics
        live[0] += resolver.live_recorded
        live[1] += resolver.live_agreeing
    for key in overrides.scene_keys():
        if key not in used_keys:
            diagnostics.append(
                error(Place(path=str(overrides.source)),
                      f"overrides name a scene {quote(key)} the lecture does not have",
                      "use a scene's slug, title or 1-based index")
            )
    _check_scene_times(lecture, diagnostics)
    return ResolvedLecture(
        lecture.slug, lecture.title, str(lecture.folder), tuple(scenes), tuple(diagnostics),
        live[0], live[1], str(lecture.source),
    )


def _check_scene_times(lecture: Lecture, diagnostics: list[Diagnostic]) -> None:
    for before, after in zip(lecture.scenes, lecture.scenes[1:], strict=False):
        if abs(after.start - before.end) > 1e-6:
            diagnostics.append(
                warning(Place(scene=after.title), f"starts at {after.start:.3f} s "
                        f"but the scene before ends at {before.end:.3f} s")
            )


class _SceneResolver:
    def __init__(self, index: int, scene: SceneFile, overrides: dict[str, dict], folder: Path):
        self.index = index
        #: Each recorded beat's place in time order.
        self.beat_rank: list[int] = []
        self.scene = scene
        self.overrides = overrides
        self.folder = folder
        self.diagnostics: list[Diagnostic] = []
        #: Objects left out of the video (a fault or a gap); `gaps` are those only a gap leaves out.
        self.broken: set[str] = set()
        self.gaps: set[str] = set()
        #: Names of the scene whose descriptions were left out before they became objects.
        self.dropped: set[str] = set()
        #: Why each object was left out, as those drawn in it, standing on it or using it say.
        self.reasons: dict[str, str] = {}
        self.live_recorded = 0
        self.live_agreeing = 0

    # ------------------------------------------------------------ helpers
    def place(self, obj: str | None = None, action: str | None = None) -> Place:
        return Place(scene=self.scene.title, object=obj, action=action)

    def report(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic)

    def leave_out(self, name: str, gap: bool = False, reason: str | None = None) -> None:
        """The renderer skips `name`; `gaps` keeps those left out for missing data alone."""
        if reason is not None:
            self.reasons.setdefault(name, reason)
        if not gap:
            self.gaps.discard(name)
        elif name not in self.broken:
            self.gaps.add(name)
        self.broken.add(name)

    # ------------------------------------------------------------ stages
    def run(self) -> ResolvedScene:
        scene = self.scene
        if len(scene.objects) > MAX_OBJECTS:
            self.report(error(
                self.place(), f"has {len(scene.objects)} objects; at most {MAX_OBJECTS} are allowed"
            ))
            objects: dict[str, Spec] = {}
        else:
            objects = self.parse_objects()
        self.dropped = set(scene.objects) - set(objects)
        beats, self.beat_rank = self.check_beats()
        actions = self.parse_actions(objects)
        objects = self.repair_tables(objects, actions)
        self.check_references(objects)
        self.check_gaps(objects)
        start = self.start_values(objects)
        self.check_values(objects, start)
        objects = self.check_numbers(objects, start)
        self.check_typesetting(objects)
        self.leave_out_dependents(objects)
        self.check_actions(objects, actions)
        actions = self.replace_headings(objects, actions)
        self.check_board(objects, actions)
        self.check_images(objects)
        self.check_ticks(objects, actions, start)
        found = anchors(objects)
        for label, anchor in sorted(found.items()):
            self.report(inferred(
                self.place(label), f"placed beside {quote(anchor.sibling)}, its same-numbered sibling"
            ))
        return ResolvedScene(
            index=self.index,
            title=scene.title,
            slug=slugify(scene.title),
            start=scene.start,
            end=scene.end,
            objects=MappingProxyType(objects),
            actions=tuple(actions),
            beats=beats,
            anchors=MappingProxyType(found),
            broken=frozenset(self.broken),
        )

    def repair_text(self, spec: Spec) -> Spec:
        """LaTeX's `\\\\` line break read as Typst's `\\`, and a label that is not math set as text."""
        place = self.place(spec.name)
        if spec.kind in (Kind.MATH, Kind.DERIVATION) and spec.text and _LATEX_BREAK.search(spec.text):
            # the same length, so the offsets of the parts that actions name still hold
            spec = replace(spec, text=_LATEX_BREAK.sub(" \\\\", spec.text))
            self.report(inferred(place, "reads LaTeX's '\\\\' as a line break (Typst writes '\\')"))
        if (label := label_spec(spec)) is not None and label.kind is Kind.TEXT:
            self.report(inferred(place, f"label {quote(spec.label)} is not Typst math; it is set as plain text"))
        return spec

    def check_typesetting(self, objects: dict[str, Spec]) -> None:
        """A text Typst cannot typeset is left out, with Typst's reason."""
        for name, reason in untypesettable({n: s for n, s in objects.items() if n not in self.broken}).items():
            self.report(warning(self.place(name), f"{reason}; it is left out", "fix the text"))
            self.leave_out(name, reason=reason)

    def parse_objects(self) -> dict[str, Spec]:
        objects: dict[str, Spec] = {}
        for name, description in self.scene.objects.items():
            place = self.place(name)
            if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,99}", name):
                self.report(warning(
                    place, "object names are letters, digits and underscores; it is left out", "rename it"
                ))
                continue
            attrs = dict(self.overrides.get(name, {}))
            replaced = "description" in attrs
            if replaced:  # a whole new one: the recorded description need not parse
                description = str(attrs.pop("description"))
            try:
                spec, unknown = parse_description(description, name)
            except GrammarError as exc:
                found = exc.message + f" in {quote(description[:60])}"
                if replaced:  # the overrides themselves are wrong
                    self.report(error(place, found, "fix the description in the overrides"))
                else:
                    self.report(warning(place, f"{found}; it is left out", "fix the description"))
                continue
            for key in unknown:
                self.report(warning(
                    place, f"a {spec.kind.value} has no parameter {quote(key)}; it is ignored"
                ))
            if attrs:
                spec, problems = apply(spec, attrs, place)
                self.diagnostics += problems
            spec = self.repair_text(spec)
            if rewritten := rewrites(spec):
                self.report(warning(place, f"math rewritten: {rewritten}", "write the math with Typst's own names"))
            objects[name] = spec
        for name in self.overrides:
            if name not in self.scene.objects:
                self.report(error(
                    self.place(name), "the overrides name an object this scene does not have"
                ))
        return objects

    def parse_actions(self, objects: dict[str, Spec]) -> list[TimedAction]:
        actions: list[TimedAction] = []
        count = sum(len(b.does) for b in self.scene.beats)
        if count > MAX_ACTIONS:
            self.report(error(
                self.place(), f"has {count} actions; at most {MAX_ACTIONS} are allowed"
            ))
            return actions
        n = 0
        for b, beat in enumerate(self.scene.beats):
            for pair in beat.does:
                n += 1
                action = self.accept_action(pair.time, pair.text, f"#{n} at {pair.time:.3f} s", objects)
                if action is not None:
                    actions.append(TimedAction(pair.time, action, n, self.beat_rank[b], pair.text))
        actions.sort(key=lambda a: a.time)
        return actions

    def accept_action(self, time: float, text: str, where: str, objects: dict[str, Spec]) -> Action | None:
        """The action, or None when it is left out (with a warning unless its object was)."""
        try:
            action = parse_action(text)
        except GrammarError as exc:
            self.report(warning(
                self.place(action=where), f"{exc.message} in {quote(text[:60])}; it is left out", "fix the action"
            ))
            return None
        place = self.place(action.object, where)
        spec = objects.get(action.object)
        if spec is None:
            if action.object not in self.dropped:
                self.report(warning(
                    place, "names an object this scene does not have; it is left out", "fix the name"
                ))
            return None
        if isinstance(action, Tick) and spec.kind is not Kind.VARIABLE_NUMBER:
            self.report(warning(place, "only a VariableNumber ticks; it is left out", "name a VariableNumber"))
            return None
        if not self.scene.start - 1e-6 <= time <= self.scene.end + 1e-6:
            self.report(warning(
                place, f"is outside the scene ({self.scene.start:.3f}-{self.scene.end:.3f} s); it is left out",
                "fix its time"
            ))
            return None
        return action

    def check_beats(self) -> tuple[tuple[BeatInfo, ...], list[int]]:
        """The beats in time order, each inside the scene, and each recorded beat's place in that
        order. A beat out of order is moved into it; one outside the scene keeps its place in time
        at the scene's edge, without narration (its captions would fall outside the video)."""
        scene = self.scene
        order = sorted(range(len(scene.beats)), key=lambda b: scene.beats[b].start)
        rank = [0] * len(order)
        for position, b in enumerate(order):
            rank[b] = position
        beats = []
        for b in order:
            beat = scene.beats[b]
            place = self.place(action=f"beat {b + 1} at {beat.start:.3f} s")
            say = beat.say
            if b and beat.start < scene.beats[b - 1].start - 1e-9:
                self.report(warning(place, "starts before the beat recorded ahead of it; the beats are taken "
                                    "in time order", "list the beats in time order"))
            if not scene.start - 1e-6 <= beat.start < scene.end:
                self.report(warning(
                    place, f"is outside the scene ({scene.start:.3f}-{scene.end:.3f} s); its narration is left out",
                    "fix its start"))
                say = ""
            elif len(say) > MAX_SAY_CHARS:
                self.report(warning(
                    place, f"says {len(say)} characters; only the first {MAX_SAY_CHARS} are used",
                    "split the narration into beats"))
                say = say[:MAX_SAY_CHARS]
            beats.append(BeatInfo(min(max(beat.start, scene.start), scene.end), say, beat.live))
        return tuple(beats), rank

    def repair_tables(
        self, objects: dict[str, Spec], actions: list[TimedAction]
    ) -> dict[str, Spec]:
        repaired = dict(objects)
        for name, spec in objects.items():
            if not isinstance(spec, TableSpec):
                continue
            place = self.place(name)
            reveals = sum(
                1 for a in actions if a.action.object == name and isinstance(a.action, Show)
            )
            columns = max(
                (a.action.part.index for a in actions
                 if a.action.object == name
                 and isinstance(getattr(a.action, "part", None), ColumnPart)),
                default=1,
            )
            rows = _rows_of(spec.rows)
            if rows is None:
                prefix = spec.rows.prefix if isinstance(spec.rows, Truncated) else ""
                rows = infer_rows(spec.text or "", prefix, reveals, columns) if prefix else None
                if rows is None:
                    self.report(unresolved(
                        place, "its rows were cut off and the TEXT does not determine them",
                        "give rows = [[...], ...] in the overrides",
                    ))
                    self.leave_out(name, gap=True, reason="its rows were cut off")
                    continue
                shape = f"{len(rows)} rows of {len(rows[0])} cells"
                self.report(inferred(place, f"rows recovered from its text: {shape}"))
            if len({len(r) for r in rows}) != 1:
                self.report(warning(place, "its rows have different numbers of cells"))
            cells = Tuple(tuple(Tuple(tuple(Str(c) for c in r)) for r in rows))
            repaired[name] = replace(spec, rows=cells)
        return repaired

    def check_references(self, objects: dict[str, Spec]) -> None:
        """Parents, plot targets and variables must be objects of the right kind; a reference to
        an object that was left out is left to `leave_out_dependents`."""
        variables = {n for n, s in objects.items() if s.kind is Kind.VARIABLE_NUMBER}
        for name, spec in objects.items():
            for message, hint in self.reference_problems(spec, objects, variables):
                self.report(warning(self.place(name), f"{message}; it is left out", hint))
                self.leave_out(name, reason=f"it {message}" if message.startswith(("is ", "uses ")) else message)

    def reference_problems(
        self, spec: Spec, objects: dict[str, Spec], variables: set[str]
    ) -> Iterator[tuple[str, str | None]]:
        parent = objects.get(spec.parent) if spec.parent is not None else None
        if spec.parent is not None and spec.parent not in self.scene.objects:
            yield f"is drawn in {quote(spec.parent)}, which this scene does not have", "fix the name"
        elif parent is not None and parent.kind not in CONTAINER_KINDS:
            yield (f"is drawn in {quote(spec.parent)}, a {parent.kind.value}; only Figures and Axes hold objects",
                   "draw it in a Figure or Axes")
        elif spec.parent is None and spec.kind in _NEEDS_PARENT:
            yield f"a {spec.kind.value} must be drawn in a Figure or Axes", "add 'drawn in NAME'"
        if (isinstance(spec, PlotPointSpec) and spec.target not in self.dropped
                and not isinstance(objects.get(spec.target), FunctionPlotSpec)):
            yield f"target={quote(spec.target)} must name a FunctionPlot of this scene", "fix the target"
        for var in sorted(_spec_variables(spec) - variables - self.dropped - CONSTANTS.keys()):
            yield (f"uses {quote(var)}, which is not a VariableNumber of this scene",
                   "declare it as a VariableNumber or fix the name")

    def check_actions(self, objects: dict[str, Spec], actions: list[TimedAction]) -> None:
        ticks = {(round(a.time, 6), a.action.object) for a in actions if isinstance(a.action, Tick)}
        for timed in actions:
            if timed.action.object in self.broken:
                continue  # left out with its object
            action, spec = timed.action, objects[timed.action.object]
            place = self.place(action.object, f"#{timed.index} at {timed.time:.3f} s")
            if spec.kind is Kind.VARIABLE_NUMBER and not isinstance(action, Tick):
                self.report(warning(place, "a VariableNumber is never shown; this action does nothing"))
            if isinstance(action, Redraw):
                depends = _spec_variables(spec)
                if depends and not any((round(timed.time, 6), v) in ticks for v in depends):
                    self.report(warning(
                        place, "is redrawn but none of its numbers ticks at that time"
                    ))
            if isinstance(action, Hide) and action.cause not in (None, action.object, spec.parent):
                self.report(warning(
                    place, f"leaves because {quote(action.cause)} left, but it is not drawn in it"
                ))
            if isinstance(action, StyleHint) and spec.kind is not Kind.TITLE:
                self.report(warning(place, f"style hint {quote(action.hint)} is only used on a Title"))
            part = getattr(action, "part", None)
            if isinstance(action, Emphasize | Flash) and part is not None:
                self.check_part(spec, part, place)

    def check_part(self, spec: Spec, part: object, place: Place) -> None:
        if isinstance(part, RowPart | ColumnPart):
            rows = _rows_of(spec.rows) if isinstance(spec, TableSpec) else None
            if rows is None:
                if not isinstance(spec, TableSpec):
                    self.report(warning(place, "rows and columns are parts of a Table only"))
                return
            size = len(rows) if isinstance(part, RowPart) else max(len(r) for r in rows)
            if part.index > size:
                what = "rows" if isinstance(part, RowPart) else "columns"
                self.report(warning(
                    place, f"names {what[:-1]} {part.index}, but the table has {size} {what}"
                ))
        elif isinstance(part, TextPart):
            source = _part_source(spec)
            found = len(occurrences(source, part.text))
            if found < part.occurrence:
                which = f"occurrence {part.occurrence} of " if part.occurrence > 1 else ""
                self.report(warning(
                    place, f"{which}{quote(part.text)} is not in its text; "
                    "the whole object is emphasised"
                ))

    def replace_headings(self, objects: dict[str, Spec], actions: list[TimedAction]) -> list[TimedAction]:
        """A board has one heading band: a Heading shown while another is on the board replaces
        it, as though the earlier one were hidden at that moment."""
        out: list[TimedAction] = []
        heading: str | None = None
        hides = {(round(a.time, 6), a.action.object) for a in actions if isinstance(a.action, Hide)}
        for timed in actions:
            action, name = timed.action, timed.action.object
            if objects[name].kind is Kind.HEADING and name not in self.broken:
                if isinstance(action, Show):
                    if heading not in (None, name) and (round(timed.time, 6), heading) not in hides:
                        self.report(warning(
                            self.place(name, f"#{timed.index} at {timed.time:.3f} s"),
                            f"is shown while the Heading {quote(heading)} is on the board; it replaces it",
                            f"hide {quote(heading)} first"))
                        out.append(replace(timed, action=Hide(heading), source=f"{heading} is hidden from the screen."))
                    heading = name
                elif isinstance(action, Hide) and heading == name:
                    heading = None
            out.append(timed)
        return out

    def check_board(self, objects: dict[str, Spec], actions: list[TimedAction]) -> None:
        """Replay shows and hides: reveal counts, parents, and the recorded `live` lists."""
        shown: set[str] = set()
        reveals: dict[str, int] = {}
        pending = iter(actions)
        upcoming = next(pending, None)
        for b, beat in sorted(enumerate(self.scene.beats), key=lambda pair: pair[1].start):
            while upcoming is not None and upcoming.time < beat.start - 1e-9:
                self.step(objects, shown, reveals, upcoming)
                upcoming = next(pending, None)
            if beat.live is not None:
                self.live_recorded += 1
                board = {n for n in shown if objects[n].kind not in STEPPED_KINDS}
                recorded = set(beat.live) - self.dropped  # their actions were left out with them
                if board == recorded:
                    self.live_agreeing += 1
                else:
                    extra, missing = sorted(board - recorded), sorted(recorded - board)
                    self.report(warning(
                        self.place(action=f"beat {b + 1} at {beat.start:.3f} s"),
                        f"the actions put {extra} on the board "
                        f"but the recorded live list has {missing}"
                        if extra and missing else
                        f"the recorded live list does not have {extra}" if extra else
                        f"the recorded live list has {missing}, which the actions do not show",
                    ))
        while upcoming is not None:
            self.step(objects, shown, reveals, upcoming)
            upcoming = next(pending, None)
        for name, spec in objects.items():
            if spec.kind in STEPPED_KINDS and name in reveals:
                self.check_reveals(name, spec, reveals[name])

    def step(
        self, objects: dict[str, Spec], shown: set[str], reveals: dict[str, int], timed: TimedAction
    ) -> None:
        action: Action = timed.action
        name = action.object
        place = self.place(name, f"#{timed.index} at {timed.time:.3f} s")
        spec = objects[name]
        if isinstance(action, Show):
            if spec.kind in STEPPED_KINDS:
                reveals[name] = reveals.get(name, 0) + 1
            elif name in shown:
                self.report(warning(place, "is shown while already on the board"))
            if spec.parent in objects and spec.parent not in shown:
                self.report(warning(place, f"is shown before its parent {quote(spec.parent)}"))
            shown.add(name)
        elif isinstance(action, Hide):
            if name not in shown:
                self.report(warning(place, "is hidden but is not on the board"))
            shown.discard(name)

    def check_reveals(self, name: str, spec: Spec, count: int) -> None:
        if spec.kind is Kind.DERIVATION:
            lines = line_count(spec.text or "")
            if count != lines:
                self.report(warning(
                    self.place(name), f"is shown {count} times but has {lines} lines"
                ))
        else:
            rows = _rows_of(getattr(spec, "rows", None))
            if rows is not None and count != len(rows):
                self.report(warning(
                    self.place(name), f"is shown {count} times but has {len(rows)} rows"
                ))

    def check_gaps(self, objects: dict[str, Spec]) -> None:
        for name, spec in objects.items():
            for key, value in _values_of(spec):
                if isinstance(spec, TableSpec) and key == "rows":
                    continue  # repair_tables has recovered the rows or reported them
                if isinstance(value, Truncated):
                    self.report(unresolved(
                        self.place(name), f"{key} was cut off after {quote(value.prefix[-24:])}…",
                        f'set {key} in the overrides file '
                        f'(["{slugify(self.scene.title)}".{name}])'))
                    self.leave_out(name, gap=True, reason=f"its {key} was cut off")
                elif isinstance(value, FunctionValue) and value.body is None:
                    self.report(unresolved(
                        self.place(name), "its function was not recorded",
                        f'set function = "..." (an expression of x) in the overrides file '
                        f'(["{slugify(self.scene.title)}".{name}])'))
                    self.leave_out(name, gap=True, reason="its function was not recorded")

    def start_values(self, objects: dict[str, Spec]) -> dict[str, float]:
        """Every VariableNumber's initial value; one that cannot be evaluated is left out."""
        start = {}
        for name, spec in objects.items():
            if isinstance(spec, VariableNumberSpec):
                try:
                    start[name] = evaluate_number(spec.initial_value, {})
                except EvaluationError as exc:
                    key = self.from_overrides(name, "initial_value")
                    self.report(warning(
                        self.place(name), f"{key}: {exc.message}; it is left out",
                        self.fix(name, "initial_value", "fix the initial_value"),
                    ))
                    self.leave_out(name, reason=f"its initial_value cannot be evaluated: {exc.message}")
        return start

    def from_overrides(self, name: str, key: str) -> str:
        """`key`, said to come from the overrides when it does: the fault is there, not in the lecture."""
        attrs = self.overrides.get(name, {})
        return f"{key} (set in the overrides)" if key in attrs or "description" in attrs else key

    def fix(self, name: str, key: str, hint: str) -> str:
        """`hint`, or where in the overrides file to fix `key` when it was set there."""
        attrs = self.overrides.get(name, {})
        if key in attrs or "description" in attrs:
            return f'fix {key} in the overrides file (["{slugify(self.scene.title)}".{name}])'
        return hint

    def check_values(self, objects: dict[str, Spec], start: dict[str, float]) -> None:
        """Every number an object is drawn from must evaluate with the scene's starting values;
        an object whose numbers do not has nothing to be drawn at, so it is left out. What stands
        on or is drawn in an object is checked after it: if that is left out, so is it, for that."""
        for name, spec in sorted(objects.items(), key=lambda item: isinstance(item[1], PlotPointSpec)):
            if (name in self.broken or isinstance(spec, VariableNumberSpec)
                    or depends_on(spec, objects) - start.keys() - CONSTANTS.keys()
                    or any(cause in self.broken for _, cause in _uses(spec))):
                continue  # left out with what it uses (`leave_out_dependents`)
            problem = evaluation_problem(spec, objects, start)
            if problem is not None:
                key, message = problem
                self.report(warning(
                    self.place(name), f"{self.from_overrides(name, key)} cannot be evaluated: {message}; "
                    "it is left out", self.fix(name, key, "fix the expression"),
                ))
                self.leave_out(name, reason=f"its {key} cannot be evaluated: {message}")

    def check_numbers(self, objects: dict[str, Spec], start: dict[str, float]) -> dict[str, Spec]:
        """Ranges, aspects, tick spacings, radii and colours that cannot be drawn are set back to
        their defaults, with a warning naming the value: the object is drawn as though it had not
        given one, and nothing else on the board moves for it."""
        checked = dict(objects)
        for name, spec in objects.items():
            if name in self.broken:
                continue
            defaults = {f.name: f.default for f in fields(spec)}
            changes = {}
            for key, problem in shape_problems(spec, start):
                self.report(warning(self.place(name), f"{key} {problem}; the default is used", f"fix {key}"))
                changes[key] = defaults[key]
            checked[name] = replace(spec, **changes) if changes else spec
        return checked

    def leave_out_dependents(self, objects: dict[str, Spec]) -> None:
        """What is drawn in, stands on or uses a left-out object is left out with it, reported as
        its cause was: what waits on a gap is a gap too."""
        dependents: dict[str, list[tuple[str, str]]] = {}
        for name, spec in objects.items():
            for how, cause in _uses(spec):
                dependents.setdefault(cause, []).append((name, how))
        pending = deque(sorted(self.broken | self.dropped))
        while pending:
            cause = pending.popleft()
            for name, how in dependents.get(cause, ()):
                if name in self.broken:
                    continue
                gap = cause in self.gaps
                why = f": {self.reasons[cause]}" if cause in self.reasons else ""
                self.report((unresolved if gap else warning)(
                    self.place(name), f"{how} {quote(cause)}, which is left out{why}; it is left out too",
                    f"fix {quote(cause)}"
                ))
                self.leave_out(name, gap, reason=f"it {how} {quote(cause)}, which is left out")
                pending.append(name)

    def check_ticks(self, objects: dict[str, Spec], actions: list[TimedAction], start: dict[str, float]) -> None:
        """A value that evaluates at the start but not with the numbers some ticks end on is drawn
        at its last good value (the plan holds it there): one warning an object, at the first."""
        watched = {n: depends_on(s, objects) for n, s in objects.items()
                   if n not in self.broken and not isinstance(s, VariableNumberSpec)}
        values = dict(start)
        ticks = [a for a in actions if isinstance(a.action, Tick) and a.action.object in start]
        for time, together in groupby(ticks, key=lambda a: round(a.time, 6)):
            ticked = set()
            for timed in together:
                values[timed.action.object] = timed.action.value  # type: ignore[attr-defined]
                ticked.add(timed.action.object)
            for name, variables in list(watched.items()):
                problem = evaluation_problem(objects[name], objects, values) if variables & ticked else None
                if problem is not None:
                    key, message = problem
                    self.report(warning(
                        self.place(name),
                        f"{self.from_overrides(name, key)} cannot be evaluated at {time:.3f} s: {message}; "
                        "it is drawn at its last good value",
                        "keep the numbers it uses where it is defined",
                    ))
                    del watched[name]

    def check_images(self, objects: dict[str, Spec]) -> None:
        """An image is decoded as it will be drawn; one that cannot be is a placeholder."""
        for name, spec in objects.items():
            problem = image_problem(self.folder, spec.path) if isinstance(spec, ImageSpec) else None
            if problem is not None:
                self.report(warning(self.place(name), f"image {quote(spec.path)} {problem}",
                                    "a marked placeholder is drawn instead"))


_LATEX_BREAK = re.compile(r"\\\\(?=\s|$)")


def _values_of(spec: Spec) -> list[tuple[str, Value]]:
    values = []
    for f in fields(spec):
        value = getattr(spec, f.name)
        if isinstance(value, VALUE_TYPES):
            values.append((f.name, value))
    return values


def _spec_variables(spec: Spec) -> frozenset[str]:
    found: frozenset[str] = frozenset()
    for _, value in _values_of(spec):
        found |= variables_of(value)
    return found


def depends_on(spec: Spec, objects: Mapping[str, Spec]) -> frozenset[str]:
    """The VariableNumbers an object follows: its own, and a PlotPoint's plot's."""
    target = objects.get(spec.target) if isinstance(spec, PlotPointSpec) else None
    return _spec_variables(spec) | (_spec_variables(target) if target is not None else frozenset())


#: Attributes drawn as one number; the other numeric ones are pairs (points, ranges, aspects).
_NUMBERS = frozenset({"x", "marker_radius", "x_ticks_every", "y_ticks_every", "initial_value"})
_PAIRS = frozenset({"start", "end", "location", "x_range", "y_range", "aspect"})


def evaluation_problem(
    spec: Spec, objects: Mapping[str, Spec], env: Mapping[str, float]
) -> tuple[str, str] | None:
    """The first value of `spec` that cannot be drawn with the numbers in `env`, and why, as the
    builders evaluate it (a pair where a point goes); gaps are not evaluated."""
    try:
        for key, value in _values_of(spec):
            if isinstance(value, Truncated | FunctionValue):
                continue
            if key in _PAIRS:
                evaluate_point(value, env)
            elif key in _NUMBERS:
                evaluate_number(value, env)
            else:
                evaluate(value, env)
    except EvaluationError as exc:
        return key, exc.message
    if isinstance(spec, FunctionPlotSpec):
        return _function_problem(spec, objects, env)
    return _height_problem(spec, objects, env) if isinstance(spec, PlotPointSpec) else None


#: A plot's function is tried at this many x across its range before it is said to draw nothing.
_FUNCTION_SAMPLES = 33


def _function_problem(
    spec: FunctionPlotSpec, objects: Mapping[str, Spec], env: Mapping[str, float]
) -> tuple[str, str] | None:
    """A plot whose function is defined nowhere on its x range (a name the whitelist lacks, most
    often) draws nothing: that is the plot's fault, not that of what stands on it."""
    function = spec.function
    if not isinstance(function, FunctionValue) or function.body is None:
        return None  # a gap, reported as such
    parent = objects.get(spec.parent) if spec.parent is not None else None
    low, high = (_evaluated(spec.x_range, env) or _evaluated(getattr(parent, "x_range", None), env)
                 or (0.0, 1.0))
    f, first = function_of(function, env), ""
    for i in range(_FUNCTION_SAMPLES):
        try:
            f(low + (high - low) * i / (_FUNCTION_SAMPLES - 1))
            return None
        except EvaluationError as exc:
            first = first or exc.message
    return "function", f"{first} (at every x from {low:g} to {high:g})"


def _height_problem(
    spec: PlotPointSpec, objects: Mapping[str, Spec], env: Mapping[str, float]
) -> tuple[str, str] | None:
    """A PlotPoint sits on its plot: the plot's function must be defined at its x."""
    target = objects.get(spec.target)
    function = target.function if isinstance(target, FunctionPlotSpec) else None
    if not isinstance(function, FunctionValue) or function.body is None:
        return None  # a wrong target or a gap, reported as such
    try:
        function_of(function, env)(evaluate_number(spec.x, env))
    except EvaluationError as exc:
        return f"the height of {quote(spec.target)} at x", exc.message
    return None


#: At most this many ticks on an axis; a finer spacing is replaced by the default one.
MAX_TICKS = 200
#: A visual's aspect (width / height) lies within 1:MAX_ASPECT and MAX_ASPECT:1.
MAX_ASPECT = 20.0
_HEX = re.compile(r"#[0-9A-Fa-f]{6}")


def shape_problems(spec: Spec, env: Mapping[str, float]) -> Iterator[tuple[str, str]]:
    """(attribute, what is wrong) for every range, aspect, tick spacing, radius and colour of
    `spec` that cannot be drawn; values that do not evaluate are `evaluation_problem`'s."""
    if spec.color is not None and spec.color.lower() not in PALETTE and not _HEX.fullmatch(spec.color):
        yield "color", f"{quote(spec.color)} is not a colour name or #rrggbb"
    spans = {}
    for key in ("x_range", "y_range"):
        pair = _evaluated(getattr(spec, key, None), env)
        if pair is None:
            continue
        low, high = pair
        if not high > low or not high - low > 1e-9 * max(abs(low), abs(high)):
            yield key, f"({low:g}, {high:g}) is empty or reversed"
            spans[key[0]] = 1.0  # the default range's
        else:
            spans[key[0]] = high - low
    aspect = _evaluated(getattr(spec, "aspect", None), env)
    if aspect is not None:
        width, height = aspect
        if not (width > 0 and height > 0 and width <= MAX_ASPECT * height and height <= MAX_ASPECT * width):
            yield "aspect", f"({width:g}, {height:g}) is not a width and height within 1:{MAX_ASPECT:g}"
    for key in ("x_ticks_every", "y_ticks_every"):
        step = _evaluated(getattr(spec, key, None), env, point=False)
        span = spans.get(key[0])
        if step is not None and not (step > 0 and (span is None or span / step <= MAX_TICKS)):
            yield key, f"{step:g} gives no ticks or more than {MAX_TICKS}"
    radius = _evaluated(getattr(spec, "marker_radius", None), env, point=False)
    if radius is not None and not radius > 0:
        yield "marker_radius", f"{radius:g} is not a positive radius"


def _evaluated(value: Value | None, env: Mapping[str, float], point: bool = True):
    if value is None or isinstance(value, Truncated | FunctionValue):
        return None
    try:
        return evaluate_point(value, env) if point else evaluate_number(value, env)
    except EvaluationError:
        return None


def _uses(spec: Spec) -> list[tuple[str, str]]:
    """(how, name) for every object `spec` cannot be drawn without."""
    found = [("is drawn in", spec.parent)] if spec.parent is not None else []
    if isinstance(spec, PlotPointSpec):
        found.append(("stands on", spec.target))
    return found + [("uses", v) for v in sorted(_spec_variables(spec))]


def _rows_of(value: Value | None) -> tuple[tuple[str, ...], ...] | None:
    """A Table's rows as plain strings, if they are all there."""
    if not isinstance(value, Tuple) or not value.items:
        return None
    rows = []
    for row in value.items:
        if not isinstance(row, Tuple) or not all(isinstance(c, Str) for c in row.items):
            return None
        rows.append(tuple(c.value for c in row.items))  # type: ignore[union-attr]
    return tuple(rows)


def _part_source(spec: Spec) -> str:
    if isinstance(spec, TableSpec):
        rows = _rows_of(spec.rows) or ()
        return " ".join(c for r in rows for c in r) or (spec.text or "")
    return spec.text or spec.label or ""


__all__ = ["BeatInfo", "ResolvedLecture", "ResolvedScene", "depends_on", "evaluation_problem", "resolve", "slugify"]
