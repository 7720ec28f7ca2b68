"""A scene's plan (`ScenePlan`): its cues, where its objects stand over time and how its texts are
set (worked out by `plan.planning`), and what is worked out from them when first asked for: the
holds, the boards over time and each Axes' numbering."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from types import MappingProxyType

from lecturekit.boxes import Box
from lecturekit.kinds import AxesSpec, Role, VariableNumberSpec, depends_on, kind_def, own_variables
from lecturekit.plan import shapes
from lecturekit.plan.halos import halos
from lecturekit.plan.items import BoardItem, Figures
from lecturekit.plan.layout import Placed
from lecturekit.plan.placement import Crowded, Stay, aspect_of
from lecturekit.plan.timeline import (
    Cue,
    Hold,
    Values,
    busy_spans,
    holds,
    numbers_key,
    variable_values,
)
from lecturekit.plan.typeset import TableMetrics, Typeset
from lecturekit.replay import Replay
from lecturekit.resolve import ResolvedScene, evaluation_problem
from lecturekit.syntax.nodes import BoxAround, Hide, Show, Spec
from lecturekit.syntax.nodes import Tick as TickAction
from lecturekit.theme import THEME, Theme


def carries_text(spec: Spec) -> bool:
    """Whether an object draws text (its label, or itself a text): in a figure, that text settles
    clear of every mark there."""
    return bool(spec.label) or kind_def(spec.kind).text is not None


def reflowed(name: str, frame: int) -> str:
    """The key of a paragraph's typesetting after the layout rewraps it at `frame` (as it moves or
    is shown again)."""
    return f"{name}@{frame}"


@dataclass(frozen=True)
class Board:
    time: float
    frame: int
    items: tuple[BoardItem, ...]


@dataclass(frozen=True)
class ScenePlan:
    index: int
    title: str
    slug: str
    start: float
    end: float
    fps: int
    frames: int
    scene: ResolvedScene
    cues: tuple[Cue, ...]
    stays: Mapping[str, tuple[Stay, ...]]
    #: Typesetting of text objects, and of labels under the key `name + LABEL`.
    texts: Mapping[str, Typeset]
    tables: Mapping[str, TableMetrics]
    initial_values: Mapping[str, float]
    folder: str | None
    warnings: tuple[str, ...] = ()
    theme: Theme = field(default=THEME, compare=False)
    #: The boards that cannot hold their objects legibly, at their times (`warnings` in words).
    crowded: tuple[Crowded, ...] = ()

    @cached_property
    def objects(self) -> Mapping[str, Spec]:
        """The objects that are drawn: those the scene leaves out (`ResolvedScene.broken`) are not
        there to be measured, settled or painted (a PlotPoint on a FunctionPlot left out is left
        out with it)."""
        broken = self.scene.broken
        return MappingProxyType({n: s for n, s in self.scene.objects.items() if n not in broken})

    @cached_property
    def holds(self) -> Mapping[str, tuple[Hold, ...]]:
        """Objects held at their last good numbers where their values cannot be evaluated.
        Worked out when first asked for (it tries every object on every frame a number ticks),
        so planning a scene only to cut it into chunks does not pay for it."""
        return MappingProxyType(_holds(self.scene, self.cues, dict(self.initial_values), self.frames))

    @cached_property
    def depends(self) -> Mapping[str, frozenset[str]]:
        """The VariableNumbers each object follows, for those that follow any: those its own
        marks follow (`marks_follow`), and for a child that carries text (a label, a figure's
        Math) those of every mark in its container, since its text settles clear of all of them."""
        objects = self.objects
        marks: dict[str, frozenset[str]] = {}
        for spec in objects.values():
            if spec.parent is not None:
                marks[spec.parent] = marks.get(spec.parent, frozenset()) | depends_on(spec, objects)
        found = {}
        for name, spec in objects.items():
            variables = self.marks_follow.get(name, frozenset())
            if spec.parent is not None and carries_text(spec):
                variables |= marks[spec.parent]
            if variables:
                found[name] = variables
        return MappingProxyType(found)

    @cached_property
    def marks_follow(self) -> Mapping[str, frozenset[str]]:
        """The VariableNumbers an object's own drawing follows, for those that follow any: its
        own, those of what it stands on and of the sibling it is anchored to; not those its text
        settles clear of, which move it only where they move its settled place."""
        objects = self.objects
        found = {}
        for name, spec in objects.items():
            variables = depends_on(spec, objects)
            anchor = self.scene.anchors.get(name) if spec.parent is not None else None
            if anchor is not None and anchor.sibling in objects:
                variables |= own_variables(objects[anchor.sibling])
            if variables:
                found[name] = variables
        return MappingProxyType(found)

    @cached_property
    def halos(self) -> Mapping[str, str]:
        """The children drawn with a halo, with its colour (`halos.halos`): worked out from the
        colours alone, so the painter asks it without the boards."""
        return MappingProxyType(halos(self.objects))

    @cached_property
    def boards(self) -> tuple[Board, ...]:
        """The boards over time, worked out when first asked for (`plan --json`): rendering
        never needs them."""
        return _boards(self)

    def ring(self, name: str, extent: Box) -> Box:
        """Where a Box action's ring goes around `name` drawn in `extent` (`shapes.ring`): a text
        that keeps room for it around its lines (`Typeset.margin`) is ringed at its box's edge."""
        typeset = self.texts.get(name)
        room = typeset.margin if typeset is not None else 0.0
        return shapes.ring(extent, self.theme.board.safe, self.theme.board.ring_reach - room)

    @cached_property
    def beside(self) -> Mapping[tuple[str, Box], tuple[Box, ...]]:
        """For each place a Figure or Axes takes, every place the scene's other top-level objects
        take while it stands there (from each stay to the next, or to its departure: what comes
        after it has left is not beside it; theirs counted on to their next stay): a label that
        finds no room by its container keeps away from all of them."""
        ringed = {c.object for c in self.cues if isinstance(c.action, BoxAround)}
        board = Replay()
        departures: dict[str, list[float]] = {}
        for cue in self.cues:
            for name in board.apply(cue.action).left:
                departures.setdefault(name, []).append(cue.time)

        def spans(name: str, stays: tuple[Stay, ...], ring: bool, gone: list[float] | None = None
                  ) -> list[tuple[float, float, Box]]:
            """Where `name` stands, and till when (its next stay, or the first of the times it is
            `gone` before that); with `ring`, an object a Box action rings with its ring."""
            ends = [min([s.time for s in stays[i + 1:i + 2]] + [self.end - self.start]
                        + [t for t in gone or [] if t > stay.time])
                    for i, stay in enumerate(stays)]
            return [(s.time, end, self.ring(name, s.place.box) if ring and name in ringed else s.place.box)
                    for s, end in zip(stays, ends, strict=True)]

        every = {name: spans(name, stays, ring=True) for name, stays in self.stays.items()}
        found: dict[tuple[str, Box], set[Box]] = {}
        for c, stays in self.stays.items():
            if not kind_def(self.objects[c].kind).container:
                continue
            # a container's own place, as its children ask by it (`Figures._beside`), not its ring
            for t0, t1, box in spans(c, stays, ring=False, gone=departures.get(c)):
                found.setdefault((c, box), set()).update(
                    other for name, theirs in every.items() if name != c
                    for s0, s1, other in theirs if s0 < t1 and t0 < s1)
        return MappingProxyType({key: tuple(sorted(boxes)) for key, boxes in found.items()})

    @cached_property
    def numbering(self) -> Mapping[str, shapes.Numbering]:
        """Each Axes' numbers over the scene (`shapes.numbering`), clear of every mark drawn in
        it in every box it stands in, at the numbers those marks take: the boards list them, the
        painter draws them."""
        return MappingProxyType(_numbering(self))

    def values_at(self, frame: float) -> Values:
        """The VariableNumbers at `frame`; `.of(name)` the numbers each object is drawn with."""
        held = {name: hold.values for name, spans in self.holds.items() for hold in spans
                if hold.start <= frame < hold.end}
        return Values(variable_values(self.cues, dict(self.initial_values), frame), held)

    def items_at(self, frame: int) -> tuple[BoardItem, ...]:
        """Everything drawn at `frame` as the boards list it, children at that frame's numbers
        (a board lists them at the numbers of its first frame)."""
        standing = None
        for at, on, shown, boxed in _standing(self):
            if at > frame:
                break
            standing = on, shown, boxed
        return _items(self, frame, *standing, {}) if standing is not None else ()

    def busy(self) -> tuple[tuple[int, int], ...]:
        return busy_spans(self.cues, self.frames)

    def shown_at(self, frame: int) -> set[str]:
        """Names on the board at `frame`: shown by a cue at or before it and not hidden since."""
        board = Replay()
        for cue in self.cues:
            if cue.frame > frame:
                break
            board.apply(cue.action)
        return board.shown()


@dataclass(frozen=True)
class LecturePlan:
    slug: str
    title: str
    fps: int
    scenes: tuple[ScenePlan, ...]


def _holds(scene: ResolvedScene, cues: tuple[Cue, ...], initial: dict[str, float],
           frames: int) -> dict[str, tuple[Hold, ...]]:
    objects = scene.objects
    depends = {n: depends_on(s, objects) for n, s in objects.items()
               if n not in scene.broken and not isinstance(s, VariableNumberSpec)}

    def evaluates(name: str, values: Mapping[str, float]) -> bool:
        return evaluation_problem(objects[name], objects, values) is None

    return holds(cues, initial, frames, {n: d for n, d in depends.items() if d}, evaluates)


def _boards(plan: ScenePlan) -> tuple[Board, ...]:
    """Everything drawn on the board each time what is on it or where it stands changes: the
    top-level objects where the layout put them, and in each Figure and Axes its children, their
    labels and legend and its numbers, with that frame's numbers."""
    boards: list[Board] = []
    settled: dict = {}  # what the containers' children settle to, for each set of numbers
    for frame, on, shown, boxed in _standing(plan):
        items = _items(plan, frame, on, shown, boxed, settled)
        if not boards or boards[-1].items != items:
            boards.append(Board(frame / plan.fps, frame, items))
    return tuple(boards)


def _standing(plan: ScenePlan) -> Iterator[tuple[int, dict[str, Placed], set[str], set[str]]]:
    """At each frame where what is on the board or where it stands changes: the top-level objects
    on it with their places, every name shown, and those a Box action has ringed since they came."""
    top = set(plan.stays)
    broken = plan.scene.broken
    drawn = [c for c in plan.cues if c.object not in broken]
    changes = sorted({c.frame for c in drawn if isinstance(c.action, Show | Hide | BoxAround)}
                     | {c.frame for c in drawn if c.object in top and c.place is not None})
    board = Replay(children=plan.scene.children)
    on: dict[str, Placed] = {}
    boxed: set[str] = set()
    pending = iter(drawn)
    cue = next(pending, None)
    for frame in changes:
        while cue is not None and cue.frame <= frame:
            if isinstance(cue.action, BoxAround) and cue.object in board.shown():
                boxed.add(cue.object)
            for gone in board.apply(cue.action).left:
                on.pop(gone, None)
                boxed.discard(gone)
            if cue.object in top and cue.place is not None and (isinstance(cue.action, Show) or cue.object in on):
                on[cue.object] = cue.place  # where it arrives, or moves to
            cue = next(pending, None)
        yield frame, dict(on), board.shown(), set(boxed)


def _items(plan: ScenePlan, frame: int, on: dict[str, Placed], shown: set[str], boxed: set[str], settled: dict
           ) -> tuple[BoardItem, ...]:
    """The board's items at `frame`; `settled` keeps where children settled between boards with
    the same numbers (a board of n containers settles them once, not once per board)."""
    values = plan.values_at(frame)
    numbers = numbers_key(values, values.held)
    figures = Figures(plan.objects, plan.scene.anchors, plan.texts, plan.theme, values.of, plan.numbering,
                      plan.beside, settled.setdefault(numbers, {}))
    items: list[BoardItem] = []
    for name, place in on.items():
        spec = plan.objects[name]
        items.append(BoardItem(name, spec.kind.value, place.box, font=_font(plan, name, place),
                               aspect=_aspect(plan, spec)))
        if kind_def(spec.kind).container:
            items += figures.items(name, place.box, shown)
    for name in sorted(boxed):  # a Box action's ring, around all the object's own boxes
        own = [item.box for item in items if item.name == name]
        if own:
            extent = Box(min(b.x0 for b in own), min(b.y0 for b in own), max(b.x1 for b in own), max(b.y1 for b in own))
            items.append(BoardItem(name + shapes.RING, "box", plan.ring(name, extent),
                                   plan.objects[name].parent, name))
    return tuple(items)


def _font(plan: ScenePlan, name: str, place: Placed) -> float | None:
    """The Manim font size a top-level object's text is set at: a text's own, a Table's body
    font times the scale it is drawn at."""
    if name in plan.tables:
        table = plan.tables[name]
        return table.font * place.box.width / table.width if table.width > 0 else None
    return place.font


def _aspect(plan: ScenePlan, spec: Spec) -> float | None:
    """The width over height a top-level visual keeps."""
    if kind_def(spec.kind).role is not Role.VISUAL:
        return None
    if spec.name in plan.tables:
        table = plan.tables[spec.name]
        return table.width / table.height
    return aspect_of(spec, Path(plan.folder) if plan.folder else None)


#: Where a tick is sampled for the marks it moves, as fractions of its span.
_ALONG = (0.0, 0.25, 0.5, 0.75, 1.0)


def _numbering(plan: ScenePlan) -> dict[str, shapes.Numbering]:
    """Each Axes' numbering, from the boxes it stands in over the scene and its children's marks
    at the start and along every tick of the numbers they follow."""
    found = {}
    safe = plan.theme.board.safe
    for name, stays in plan.stays.items():
        spec = plan.objects[name]
        if not isinstance(spec, AxesSpec):
            continue
        children = [n for n, s in plan.objects.items() if s.parent == name]
        follows = set().union(*(plan.depends.get(n, frozenset()) for n in children))
        frames = {0} | {round(c.frame + c.frames * t) for c in plan.cues
                        if isinstance(c.action, TickAction) and c.object in follows for t in _ALONG}
        views = {}  # by box and the marks' keys: a moment like one before adds nothing
        drawn: dict[tuple, list[Box]] = {}  # a mark is worked out again only where its numbers change
        for frame in sorted(frames):
            values = plan.values_at(frame)
            figures = Figures(plan.objects, plan.scene.anchors, plan.texts, plan.theme, values.of)
            for box in dict.fromkeys(stay.place.box for stay in stays):
                keys = tuple((child, box, tuple(values.of(child).get(v) for v in sorted(plan.depends.get(child, ()))))
                             for child in children)
                if (box, keys) in views:
                    continue
                for key in keys:
                    if key not in drawn:
                        drawn[key] = figures.footprint(plan.objects[key[0]], box)
                views[(box, keys)] = (figures.space(spec, box), [b for key in keys for b in drawn[key]])
        found[name] = shapes.numbering(spec, list(views.values()), safe, plan.theme.sizes.minimum)
    return found
