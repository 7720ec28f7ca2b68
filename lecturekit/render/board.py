"""What is on the board: each object's holder and drawing, painted by its kind's painter with the
numbers of the frame, built again where it moves or its numbers change, and the board's stacking
order."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from manim import DL, UR, Group, Mobject, VGroup, VMobject

from lecturekit.boxes import Box
from lecturekit.kinds import EvaluationError, kind_def
from lecturekit.plan.scene_plan import ScenePlan, carries_text
from lecturekit.plan.typeset import Typeset
from lecturekit.render import effects as fx
from lecturekit.render import halo, painters
from lecturekit.render.builders import Context, Drawn
from lecturekit.render.emphasis import Emphasis
from lecturekit.work import count


@dataclass
class Live:
    """An object on the board: its holder (what moves and leaves), what was built, where it is."""

    holder: Group
    drawn: Drawn
    box: Box | None
    revealed: int = 0


class Board:
    def __init__(self, plan: ScenePlan, emphasis: Emphasis):
        self.plan = plan
        self.emphasis = emphasis
        self.root = Group()
        self.live: dict[str, Live] = {}
        #: The Figures and Axes, whose children are drawn in their spaces (`context`).
        self.containers = [n for n, spec in plan.objects.items() if kind_def(spec.kind).container]
        #: The numbers of the frame the board stands at.
        self.values = plan.values_at(0)
        #: Glyphs kept between builds of the same object (see `Context.glyphs`).
        self.glyphs: dict[tuple, VMobject] = {}
        #: Their halos, kept with them (see `halo.kept_edge`).
        self.edges: halo.Edges = {}
        #: Where labels settle at the numbers last drawn with (see `Context.memo`).
        self.settled: dict = {}
        #: The rings Box actions drew, by object (drawn again wherever the object is built or moves).
        self.rings: dict[str, Mobject] = {}
        #: Counts changes to what is on the board (arrivals, departures, additions).
        self.version = 0
        #: Called with an object's name as it is built again, before the build; what it returns,
        #: after it (the stage's: an entrance running on it follows the new drawing).
        self.rebuilding: Callable[[str], Callable[[], None]] = lambda name: lambda: None
        self._stacked: tuple[int, dict[int, int]] = (-1, {})
        #: For each mark in a figure built again as a number ticks: what its drawing was built from
        #: (`drawn_from`), while no effect has changed the drawing since.
        self.inputs: dict[str, tuple] = {}
        self._parents = {spec.parent for spec in plan.scene.objects.values()}

    def changed(self) -> None:
        self.version += 1

    def order(self) -> dict[int, int]:
        """Where each mobject is in the board's stacking order (by id), as of this version."""
        if self._stacked[0] != self.version:
            self._stacked = (self.version, {id(m): i for i, m in enumerate(self.root.get_family())})
        return self._stacked[1]

    # ------------------------------------------------------------ building
    def context(self, retypeset: dict | None = None) -> Context:
        live = ((n, self.live.get(n)) for n in self.containers)  # only a container has a space
        spaces = {n: on.drawn.space for n, on in live if on is not None and on.drawn.space is not None}
        return Context(self.plan, self.values, spaces, self.glyphs, retypeset or {}, self.settled, self.edges)

    def build(self, name: str, box: Box | None, retypeset: dict | None = None) -> Drawn | None:
        """Paint `name` in `box` (a top-level object) or in its parent's space (a child)."""
        count("objects built")
        spec = self.plan.objects[name]
        ctx = self.context(retypeset)
        where = ctx.spaces.get(spec.parent) if spec.parent is not None else box
        if where is None:
            return None
        try:
            return painters.paint(spec, ctx, where)
        except EvaluationError:  # resolve and the plan's holds keep this from happening: keep what is drawn
            return None

    def arrive(self, name: str, box: Box | None, typeset: Typeset | None = None) -> Drawn | None:
        """Build `name` and put it on the board (a stepped object with nothing revealed yet), a
        paragraph as `typeset` where the plan sets it anew for where it arrives."""
        spec = self.plan.objects[name]
        drawn = self.build(name, box, {name: typeset} if typeset is not None else None)
        if drawn is None:
            return None
        holder = Group()
        if kind_def(spec.kind).stepped:
            content = VGroup()
            drawn_for_board = Drawn(content, drawn.steps, drawn.parts, drawn.space, drawn.ink)
            if kind_def(spec.kind).text is not None:  # a formula's lines: its ink is what is revealed
                drawn_for_board.ink = VGroup(*drawn.steps)
            holder.add(content)
            drawn = drawn_for_board
        else:
            holder.add(drawn.mobject)
        self.live[name] = Live(holder, drawn, box)
        self.inputs.pop(name, None)
        self.emphasis.remember(name, drawn.ink or drawn.mobject)
        container = self.root if spec.parent is None else self.live[spec.parent].holder
        container.add(holder)
        return drawn

    def reveal(self, name: str) -> Mobject | None:
        """Add a stepped object's next line or row; None when all are shown."""
        live = self.live[name]
        if live.revealed >= len(live.drawn.steps):
            return None
        step = live.drawn.steps[live.revealed]
        live.revealed += 1
        live.drawn.mobject.add(step)
        self.emphasis.add(name, step)
        return step

    def rebuild(self, name: str, box: Box | None = None, keep: bool = False) -> None:
        """Build an object again where it stands (or in `box`), and its children with it. With
        `keep` (no effect runs on it), a mark in a figure that would be built from what it was
        built from last is kept as it is: a graph whose legend entry settles where it did, as a
        number moves a dot beside it, is the same graph."""
        live = self.live[name]
        inputs = self.drawn_from(name) if keep else None
        if inputs is not None and self.inputs.get(name) == inputs:
            return
        self.inputs.pop(name, None)
        if box is not None:
            if live.box is not None and box != live.box:  # what emphasis put behind its parts goes with it
                fx.scale_into(Group(*self.emphasis.of(name)))(live.box, box)
            live.box = box
        built = self.rebuilding(name)
        fresh = self.build(name, live.box)
        if fresh is None:
            built()
            return
        index = live.holder.submobjects.index(live.drawn.mobject)
        live.holder.submobjects[index] = fresh.mobject
        live.drawn = fresh
        built()
        if inputs is not None:
            self.inputs[name] = inputs
        for child in self.plan.scene.children(name):
            if child in self.live:
                self.rebuild(child)
        if name in self.rings:
            self.ring(name)

    def drawn_from(self, name: str) -> tuple | None:
        """What a mark in a figure is drawn from at the board's numbers: its container's space,
        the numbers its own marks follow, and where its texts settle (`Context.spots`); None for
        anything else, which is always built again."""
        spec = self.plan.objects[name]
        if spec.parent is None or name in self._parents:
            return None
        ctx = self.context()
        space = ctx.spaces.get(spec.parent)
        if space is None:
            return None
        numbers = ctx.numbers(name)
        follows = tuple(numbers.get(v) for v in sorted(self.plan.marks_follow.get(name, ())))
        return space, follows, ctx.spots(name, space) if carries_text(spec) else ()

    def touch(self, name: str) -> None:
        """An effect changes the drawing of `name` and of what it holds: each is built again next
        time, not kept."""
        self.inputs.pop(name, None)
        for child in self.plan.scene.children(name):
            self.touch(child)

    def ring(self, name: str) -> Mobject:
        """The ring of a Box action around `name` where the plan lists it (`shapes.ring`): around a
        top-level object's box, or a child's drawing; drawn again in place of the one it had."""
        live = self.live[name]
        if name in self.rings:
            live.holder.remove(self.rings[name])
        if self.plan.objects[name].parent is None and live.box is not None:
            extent = live.box
        else:
            drawing = live.drawn.ink or live.drawn.mobject
            (x0, y0, _), (x1, y1, _) = drawing.get_corner(DL), drawing.get_corner(UR)
            extent = Box(x0, y0, x1, y1)
        ring = self.rings[name] = fx.ring(self.plan.ring(name, extent), self.plan.theme.board.ring_width)
        live.holder.add(ring)
        return ring

    def remove(self, name: str) -> None:
        live = self.live.pop(name, None)
        if live is None:
            return
        for holder_parent in (self.root, *[v.holder for v in self.live.values()]):
            if live.holder in holder_parent.submobjects:
                holder_parent.remove(live.holder)
        for child in self.plan.scene.children(name):
            self.remove(child)
        self.rings.pop(name, None)
        self.inputs.pop(name, None)
        self.emphasis.forget(name)
        # its glyphs left faded out: shown again, it is typeset afresh, not drawn with them
        for key in [k for k in self.glyphs if k[0] == name]:
            del self.glyphs[key]
        halo.forget(self.edges, self.glyphs)

    # ------------------------------------------------------------ moving
    def move(self, name: str, target: Box) -> fx.Effect | None:
        live = self.live[name]
        if live.box is None:
            return None
        definition = kind_def(self.plan.objects[name].kind)
        if definition.container:  # drawn again where it goes, its children with it
            return fx.Relocate(live.box, target, lambda old, new: self.rebuild(name, new))
        # scaled as the plan has it (a text keeps its size but on a crowded board); the lines or
        # rows still to be revealed move with those shown, so that every one is written where the
        # plan has the object, aligned with the rest
        scale = fx.scale_into(Group(live.holder, *live.drawn.steps[live.revealed:]))

        def place(old: Box, new: Box) -> None:
            scale(old, new)
            live.box = new
            if name in self.rings:
                self.ring(name)

        return fx.Relocate(live.box, target, place)

    def reflow(self, name: str, typeset: Typeset, target: Box) -> fx.Effect:
        """A paragraph the new layout wraps differently: its old lines fade out as the new
        ones fade in where it now stands."""
        live = self.live[name]
        fresh = self.build(name, target, {name: typeset})
        assert fresh is not None
        old = live.drawn.mobject
        live.holder.add(fresh.mobject)

        def settle() -> None:
            live.holder.remove(old)
            live.drawn, live.box = fresh, target
            self.emphasis.remember(name, fresh.ink or fresh.mobject)
            self.emphasis.carry(name, fresh, typeset, target)
            if name in self.rings:
                self.ring(name)

        return fx.Then(fx.Together(fx.fade_out(old), fx.fade_in(fresh.mobject)), settle)
