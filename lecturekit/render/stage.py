"""The live board of one scene: builds objects when they arrive and runs each cue's effect on the
plan's clock. `advance(frame)` brings the board to any later frame, exactly as a frame-by-frame
pass would, so a render can start anywhere and a still needs no video."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from manim import Group, Mobject, VGroup, VMobject

from lecturekit.forms import (
    FORMS,
    ColumnPart,
    Emphasize,
    Flash,
    Hide,
    Move,
    Redraw,
    RowPart,
    Show,
    ShowStyle,
    StyleHint,
    TextPart,
    Tick,
)
from lecturekit.forms import Box as BoxAction
from lecturekit.kinds import Role, kind_def
from lecturekit.plan import ScenePlan, reflowed
from lecturekit.plan.geometry import Box
from lecturekit.plan.shapes import EvaluationError
from lecturekit.plan.timeline import Cue
from lecturekit.render import effects as fx
from lecturekit.render import painters
from lecturekit.render.builders import Context, Drawn
from lecturekit.replay import Replay


@dataclass
class _Live:
    """An object on the board: its holder (what moves and leaves), what was built, where it is."""

    holder: Group
    drawn: Drawn
    box: Box | None
    revealed: int = 0


class Stage:
    def __init__(self, plan: ScenePlan):
        self.plan = plan
        self.root = Group()
        self.live: dict[str, _Live] = {}
        self.running: list[tuple[Cue, fx.Effect]] = []
        self.next_cue = 0
        self.frame = -1
        self.values = plan.values_at(0)
        self.hints = {c.object: c.action.hint for c in plan.cues if isinstance(c.action, StyleHint)}
        self.depends = plan.depends
        self.ticks = [c for c in plan.cues if isinstance(c.action, Tick)]
        self.gone = self._departures()
        self.highlights: dict[tuple[str, str], VMobject] = {}
        self.glyphs: dict[tuple, Mobject] = {}
        #: Counts changes to what is on the board (arrivals, departures, additions).
        self.version = 0
        #: The board's stacking order (id -> place) as of a version.
        self.stacked: tuple[int, dict[int, int]] = (-1, {})
        self.base_colors: dict[str, dict[int, object]] = {}

    # ------------------------------------------------------------ clock
    def advance(self, frame: int) -> bool:
        """Bring the board to `frame`; True if anything may have changed since the last call."""
        if frame < self.frame:
            raise ValueError("the board only moves forward")
        changed = bool(self.running)
        cues = self.plan.cues
        while self.next_cue < len(cues) and cues[self.next_cue].frame <= frame:
            cue = cues[self.next_cue]
            self._finish_until(cue.frame)
            if self.gone.get(self.next_cue, frame + 1) > frame:  # not something that has left again
                self._begin(cue, done_by=frame)
            self.next_cue += 1
            changed = True
        changed |= self._finish_until(frame)
        for cue, effect in self.running:
            effect.update((frame - cue.frame) / cue.frames)
        values = self.plan.values_at(frame)
        moved = {k for k in values if values[k] != self.values.get(k)}
        self.values = values  # always: the numbers objects are held at travel with them
        if moved:
            self._redraw(moved)
            changed = True
        self.frame = frame
        return changed

    def _finish_until(self, frame: int) -> bool:
        done = [(c, e) for c, e in self.running if c.end_frame <= frame]
        if not done:
            return False
        self.running = [(c, e) for c, e in self.running if c.end_frame > frame]
        for cue, effect in sorted(done, key=lambda ce: ce[0].end_frame):
            effect.finish()
            self._after(cue)
        return True

    # ------------------------------------------------------------ cues
    def _departures(self) -> dict[int, int]:
        """For each showing cue, the frame by which the object (or its parent) has left again:
        a board brought straight to a later frame need not build what is gone by then."""
        pending: dict[str, list[int]] = {}
        gone: dict[int, int] = {}
        board = Replay(children=self.plan.scene.children)
        for position, cue in enumerate(self.plan.cues):
            if isinstance(cue.action, Show):
                pending.setdefault(cue.object, []).append(position)
            for name in board.apply(cue.action).left:
                for shown in pending.pop(name, []):
                    gone[shown] = cue.end_frame
        return gone

    def moving(self) -> list[Mobject]:
        """What may change on this frame, none inside another: what runs (a line or row being
        written, or else the object's whole holder), and whatever follows a ticking number.
        Everything else can be drawn once."""
        holders = [effect.area or self.live[cue.object].holder for cue, effect in self.running
                   if cue.object in self.live]
        names: set[str] = set()
        for tick in self.ticks:
            if tick.frame < self.frame <= tick.end_frame:
                names |= {n for n, variables in self.depends.items() if tick.object in variables}
        holders += [self.live[n].holder for n in names if n in self.live]
        if len(holders) <= 1:
            return holders
        inner = {id(m) for h in holders for m in h.get_family()[1:]}
        if self.stacked[0] != self.version:  # what moves is drawn as the board stacks it
            self.stacked = (self.version, {id(m): i for i, m in enumerate(self.root.get_family())})
        order = self.stacked[1]
        return sorted((h for h in holders if id(h) not in inner), key=lambda h: order.get(id(h), -1))

    def _begin(self, cue: Cue, done_by: int) -> None:
        """Start a cue; one that is over by frame `done_by` jumps straight to its end."""
        self.version += 1
        if isinstance(cue.action, Hide | Move):
            self._settle_children(cue.object)
        effect = self._effect(cue)
        if effect is None:
            return
        if cue.end_frame <= done_by:
            effect.skip()
            self._after(cue)
        else:
            effect.begin()
            self.running.append((cue, effect))

    def _effect(self, cue: Cue) -> fx.Effect | None:
        """The effect of the cue's action form (`EFFECTS`); None when it changes nothing drawn."""
        name = cue.object
        if name not in self.plan.objects or name in self.plan.scene.broken:
            return None
        if not isinstance(cue.action, Show) and name not in self.live:
            return None  # only a show acts on what is not on the board
        return EFFECTS[type(cue.action)](self, cue)

    def _leave(self, cue: Cue) -> fx.Effect | None:
        if cue.carried_by is not None:  # it goes with its parent, in the parent's fade
            return None
        return fx.fade_out(self.live[cue.object].holder)

    def _relocate(self, cue: Cue) -> fx.Effect | None:
        if cue.place is None:
            return None
        typeset = self.plan.texts.get(reflowed(cue.object, cue.frame))
        if typeset is not None:
            return self._reflow(cue.object, typeset, cue.place.box)
        return self._move(cue.object, cue.place.box)

    def _emphasize(self, cue: Cue) -> fx.Effect:
        return self._emphasis(cue.object, cue.action.part, cue.action.on)  # type: ignore[attr-defined]

    def _flash(self, cue: Cue) -> fx.Effect:
        return fx.flash(self._targets(cue.object, cue.action.part))  # type: ignore[attr-defined]

    def _box(self, cue: Cue) -> fx.Effect:
        live = self.live[cue.object]
        ring = fx.surround(live.drawn.ink or live.drawn.mobject)
        live.holder.add(ring)
        return fx.create(ring)

    def _numbers(self, cue: Cue) -> None:
        """Ticks, redraws and hints draw nothing themselves: what follows a number moves with it
        on every frame (`advance`), and a hint shapes the entrance it names."""
        return None

    def _settle_children(self, name: str) -> None:
        """Finish what runs inside an object before it moves or leaves as a whole, since an
        animation of a group follows the members it had when it began."""
        children = set(self.plan.scene.children(name))
        inside = [(c, e) for c, e in self.running if c.object in children]
        if inside:
            self.running = [(c, e) for c, e in self.running if c.object not in children]
            for cue, effect in inside:
                effect.finish()
                self._after(cue)

    def _after(self, cue: Cue) -> None:
        self.version += 1
        if isinstance(cue.action, Hide) and cue.carried_by is None:
            self._remove(cue.object)

    # ------------------------------------------------------------ building
    def _ctx(self, retypeset: dict | None = None) -> Context:
        frames = {n: live.drawn.frame for n, live in self.live.items() if live.drawn.frame is not None}
        return Context(self.plan, self.values, frames, self.glyphs, retypeset or {})

    def _build(self, name: str, box: Box | None, retypeset: dict | None = None) -> Drawn | None:
        """Paint `name` in `box` (a top-level object) or in its parent's frame (a child)."""
        spec = self.plan.objects[name]
        ctx = self._ctx(retypeset)
        where = ctx.frames.get(spec.parent) if spec.parent is not None else box
        if where is None:
            return None
        try:
            return painters.paint(spec, ctx, where)
        except EvaluationError:  # resolve and the plan's holds keep this from happening: keep what is drawn
            return None

    def _show(self, cue: Cue) -> fx.Effect | None:
        name = cue.object
        spec = self.plan.objects[name]
        live = self.live.get(name)
        if live is None:
            box = cue.place.box if cue.place is not None else None
            drawn = self._build(name, box)
            if drawn is None:
                return None
            holder = Group()
            stepped = kind_def(spec.kind).stepped
            if stepped:
                content = VGroup()
                drawn_for_board = Drawn(content, drawn.steps, drawn.parts, drawn.frame, drawn.ink)
                if kind_def(spec.kind).text is not None:  # a formula's lines: its ink is what is revealed
                    drawn_for_board.ink = VGroup(*drawn.steps)
                holder.add(content)
                drawn = drawn_for_board
            else:
                holder.add(drawn.mobject)
            live = _Live(holder, drawn, box)
            self.live[name] = live
            self.base_colors[name] = _colors(drawn.ink or drawn.mobject)
            container = self.root if spec.parent is None else self.live[spec.parent].holder
            container.add(holder)
            if not stepped:
                return self._enter(name, drawn, cue)
        if kind_def(spec.kind).stepped:
            if live.revealed >= len(live.drawn.steps):
                return None
            step = live.drawn.steps[live.revealed]
            live.revealed += 1
            live.drawn.mobject.add(step)
            self.base_colors[name].update(_colors(step))
            effect = fx.write(step)
            effect.area = step  # the newest line is on top of its object, and only it moves
            return effect
        return None

    def _enter(self, name: str, drawn: Drawn, cue: Cue) -> fx.Effect:
        spec = self.plan.objects[name]
        style = cue.action.style if isinstance(cue.action, Show) else ShowStyle.WRITTEN
        left_to_right = "write-left-to-right" in self.hints.get(name, "")
        return fx.enter(kind_def(spec.kind).enters[style], drawn.mobject, left_to_right)

    def _move(self, name: str, target: Box) -> fx.Effect | None:
        live = self.live[name]
        if live.box is None:
            return None
        definition = kind_def(self.plan.objects[name].kind)
        if definition.container:  # drawn again where it goes, its children with it
            return fx.Relocate(live.box, target, lambda old, new: self._rebuild(name, new))
        if definition.role is not Role.VISUAL:  # a text keeps its size
            target = Box.around(*target.center, live.box.width, live.box.height)
        scale = fx.scale_into(live.holder)

        def place(old: Box, new: Box) -> None:
            scale(old, new)
            live.box = new

        return fx.Relocate(live.box, target, place)

    def _reflow(self, name: str, typeset, target: Box) -> fx.Effect:
        """A paragraph the new layout wraps differently: its old lines fade out as the new
        ones fade in where it now stands."""
        live = self.live[name]
        fresh = self._build(name, target, {name: typeset})
        assert fresh is not None
        old = live.drawn.mobject
        live.holder.add(fresh.mobject)

        def settle() -> None:
            live.holder.remove(old)
            live.drawn, live.box = fresh, target
            self.base_colors[name] = _colors(fresh.ink or fresh.mobject)

        return fx.Then(fx.Together(fx.fade_out(old), fx.fade_in(fresh.mobject)), settle)

    def _rebuild(self, name: str, box: Box | None = None) -> None:
        """Build an object again where it stands (or in `box`), and its children with it."""
        live = self.live[name]
        if box is not None:
            live.box = box
        fresh = self._build(name, live.box)
        if fresh is None:
            return
        index = live.holder.submobjects.index(live.drawn.mobject)
        live.holder.submobjects[index] = fresh.mobject
        live.drawn = fresh
        for child in self.plan.scene.children(name):
            if child in self.live:
                self._rebuild(child)

    def _targets(self, name: str, part) -> Mobject:
        live = self.live[name]
        parts = live.drawn.parts
        if isinstance(part, RowPart):
            found = parts.get(f"row={part.index}")
        elif isinstance(part, ColumnPart):
            found = parts.get(f"column={part.index}")
        elif isinstance(part, TextPart):
            label = None
            typeset = self.plan.texts.get(name)
            if typeset is not None:
                label = typeset.label_of(part)
            found = parts.get(label) if label else None
        else:
            found = None
        if found is None or (len(found.get_family()) <= 1 and not found.has_points()):
            return live.drawn.ink or live.drawn.mobject
        return found

    def _emphasis(self, name: str, part, on: bool) -> fx.Effect:
        targets = self._targets(name, part)
        key = (name, repr(part))
        highlight = self.highlights.get(key)
        if on and highlight is None:
            highlight = fx.highlight_for(targets)
            self.live[name].holder.add_to_back(highlight)
            self.highlights[key] = highlight
        return fx.Recolor(targets, highlight, on, self.base_colors.get(name, {}))

    def _remove(self, name: str) -> None:
        live = self.live.pop(name, None)
        if live is None:
            return
        for holder_parent in (self.root, *[v.holder for v in self.live.values()]):
            if live.holder in holder_parent.submobjects:
                holder_parent.remove(live.holder)
        for child in self.plan.scene.children(name):
            self._remove(child)
        for key in [k for k in self.highlights if k[0] == name]:
            del self.highlights[key]

    # ------------------------------------------------------------ numbers
    def _redraw(self, moved: set[str]) -> None:
        for name, variables in self.depends.items():
            if name in self.live and variables & moved:
                self._rebuild(name)

    def mobjects(self) -> list[Mobject]:
        return [self.root]


#: The effect of each action form on the board.
EFFECTS: dict[type, Callable[[Stage, Cue], fx.Effect | None]] = {
    Show: Stage._show,
    Hide: Stage._leave,
    Move: Stage._relocate,
    Emphasize: Stage._emphasize,
    Flash: Stage._flash,
    BoxAction: Stage._box,
    Tick: Stage._numbers,
    Redraw: Stage._numbers,
    StyleHint: Stage._numbers,
}
if missing := [f.action.__name__ for f in FORMS if f.action not in EFFECTS]:
    raise ImportError(f"no effect for {', '.join(missing)}")


def _colors(mobject: Mobject) -> dict[int, object]:
    out = {}
    for m in mobject.family_members_with_points():
        if isinstance(m, VMobject):
            out[id(m)] = m.get_fill_color() if m.get_fill_opacity() > 0 else m.get_stroke_color()
    return out

