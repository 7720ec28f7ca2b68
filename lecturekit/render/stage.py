"""The live board of one scene on the plan's clock: each cue starts on its frame and runs its
form's effect. `advance(frame)` brings the board to any later frame, exactly as a frame-by-frame
pass would, so a render can start anywhere and a still needs no video.

The parts: `Board` (render/board.py) holds and builds what is on the board, `Emphasis`
(render/emphasis.py) what is emphasised; the dependency graph (what follows which number) is the
plan's (`ScenePlan.depends`)."""

from __future__ import annotations

from collections.abc import Callable

from manim import Mobject

from lecturekit.forms import (
    FORMS,
    BoxAround,
    Emphasize,
    Flash,
    Hide,
    Move,
    Part,
    Redraw,
    Show,
    ShowStyle,
    StyleHint,
    Tick,
)
from lecturekit.kinds import LEFT_TO_RIGHT, kind_def
from lecturekit.plan.scene_plan import ScenePlan, reflowed
from lecturekit.plan.timeline import Cue
from lecturekit.render import effects as fx
from lecturekit.render.board import Board, Live
from lecturekit.render.emphasis import Emphasis, targets
from lecturekit.replay import Replay


def progress(cue: Cue, frame: int) -> float:
    """How far the cue's effect stands on `frame` (one of its frames): not begun on the cue's own
    frame, which is drawn before it starts, and on each later one as far as it has run by the end
    of that frame's time, so that the frame after the cue already shows a step of it (a ninth of
    a grow or a fade left a small dot or a hairline 0 to 2 pixels changed); but never at its end
    before its end frame, since a flash at its end is the object as it was (a flash of two frames
    would show nothing)."""
    return 0.0 if frame <= cue.frame else min(frame + 1 - cue.frame, cue.frames - 0.5) / cue.frames


class Stage:
    def __init__(self, plan: ScenePlan):
        self.plan = plan
        self.emphasis = Emphasis()
        self.board = Board(plan, self.emphasis)
        self.running: list[tuple[Cue, fx.Effect]] = []
        #: No running effect ends before this frame (it may end later): a board of thousands of
        #: arrivals is not searched for what ends at each one's start.
        self.next_end = plan.frames + 1
        self.next_cue = 0
        #: Cues of the last frame drawn whose object an earlier effect still ran on (`_runs_on`).
        self.waiting: list[Cue] = []
        self.frame = -1
        #: The last frame jumped over that what runs was drawn at (`_catch_up`).
        self.caught = -1
        #: The objects whose effects ended in the last `advance`.
        self.ended: set[str] = set()
        self.hints = {c.object: c.action.hint for c in plan.cues if isinstance(c.action, StyleHint)}
        self.ticks = [c for c in plan.cues if isinstance(c.action, Tick)]
        self.gone = self._departures()
        #: How each running entrance or flash is made again on a new drawing of its object.
        self.entrances: dict[fx.Effect, Callable[[], fx.Effect]] = {}
        #: The frame the board is being brought to (or, jumping, one it jumped over: `_catch_up`).
        self.at = -1
        self.board.rebuilding = self._rebuilding

    @property
    def live(self) -> dict[str, Live]:
        return self.board.live

    @property
    def root(self) -> Mobject:
        return self.board.root

    @property
    def values(self):
        return self.board.values

    @property
    def version(self) -> int:
        return self.board.version

    def mobjects(self) -> list[Mobject]:
        return [self.board.root]

    # ------------------------------------------------------------ clock
    def advance(self, frame: int) -> bool:
        """Bring the board to `frame`; True if anything may have changed since the last call."""
        if frame < self.frame:
            raise ValueError("the board only moves forward")
        changed = bool(self.running)
        self.at = frame
        values = self.plan.values_at(frame)
        moved = {k for k in values if values[k] != self.board.values.get(k)}
        self.board.values = values  # always: the numbers objects are held at travel with them
        if moved:  # before the frame's cues begin, so that they act on what the frame draws
            self._redraw(moved)
        cues = self.plan.cues
        started = False
        self.ended = set()
        waiting, self.waiting = (self.waiting, []) if frame > self.frame else ([], self.waiting)
        for cue in waiting:  # begun on the last frame drawn, drawn from this one
            self._finish_until(cue.frame + 1)
            self._begin(cue, done_by=frame)
            started = True
        while self.next_cue < len(cues) and cues[self.next_cue].frame <= frame:
            cue = cues[self.next_cue]
            self._finish_until(cue.frame)
            self._catch_up(cue.frame - 1)
            if self.gone.get(self.next_cue, frame + 1) > frame:  # not something that has left again
                if cue.frame == frame and self._runs_on(cue):
                    self.waiting.append(cue)
                else:
                    self._begin(cue, done_by=frame)
            self.next_cue += 1
            started = True
        ended = self._finish_until(frame)
        # an effect ended puts back the drawing it began on (a flash's): built again, unless an
        # effect runs on it now
        if moved and (redo := self.ended - {c.object for c, _ in self.running}):
            self._redraw(moved, redo)
        changed |= bool(moved) or started or ended
        self.at = frame
        for cue, effect in self.running:
            effect.update(progress(cue, frame))
        self.frame = frame
        return changed

    def _catch_up(self, frame: int) -> None:
        """Draw what runs as far as it stands on `frame`, a frame the board jumped over before a
        cue that begins after it, as a frame-by-frame pass drew it before the cue: a text that
        arrives in a moving Figure is built where the Figure stands by then, not where it stood
        as its move began (it was written there, away from where the plan has it)."""
        if frame <= max(self.frame, self.caught):
            return
        self.at = frame
        for cue, effect in self.running:
            effect.update(progress(cue, frame))
        self.caught = frame

    def _runs_on(self, cue: Cue) -> bool:
        """Whether an effect begun before the cue still runs on its object (a flash runs on into
        its object's next action's frame, `timeline.FLASH_FRAMES`): the cue's own frame draws
        nothing of it, so it is begun on the next, once that effect has ended (and so is what
        follows it on that object on that frame)."""
        return (any(c.object == cue.object and c.frame < cue.frame < c.end_frame for c, _ in self.running)
                or any(c.object == cue.object for c in self.waiting))

    def _finish_until(self, frame: int) -> bool:
        if self.next_end > frame:
            return False
        done = sorted((c for c, _ in self.running if c.end_frame <= frame), key=lambda c: c.end_frame)
        self._end(done)
        self.next_end = min((c.end_frame for c, _ in self.running), default=self.plan.frames + 1)
        self.ended |= {cue.object for cue in done}
        return bool(done)

    def _end(self, cues: list[Cue]) -> None:
        """Finish the effects of `cues`, in turn: each as it runs by then, since one that ends may
        build others again (a Figure's move its children) and make their effects anew
        (`_rebuilding`), which the older ones would otherwise undo as they finish."""
        for cue in cues:
            [effect] = [e for c, e in self.running if c is cue]
            self.running = [(c, e) for c, e in self.running if c is not cue]
            effect.finish()
            self.board.touch(cue.object)
            self.entrances.pop(effect, None)
            self._after(cue)

    def _rebuilding(self, name: str) -> Callable[[], None]:
        """An entrance or a flash running on `name` as it is built again (its container moves, or a number
        it follows): finished first, which leaves the whole drawing where it began, and begun
        again on the new drawing, as far as it has run. An animation draws from copies of what it
        was begun on, so it would go on writing the object where it began (a label written as its
        Vector moves stayed where the Vector was, away from where the plan and the Vector have it)."""
        own = [c for c, e in self.running if c.object == name and e in self.entrances]
        for cue, effect in self.running:
            if cue in own:
                effect.finish()

        def built() -> None:
            for k, (cue, old) in enumerate(self.running):
                if cue not in own:
                    continue
                make = self.entrances.pop(old)
                effect = make()
                effect.begin()
                effect.update(progress(cue, self.at))
                self.running[k] = (cue, effect)
                self.entrances[effect] = make

        return built

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
        live = self.board.live
        holders = [effect.area or live[cue.object].holder for cue, effect in self.running if cue.object in live]
        names: set[str] = set()
        for tick in self.ticks:
            if tick.frame < self.frame <= tick.end_frame:
                names |= {n for n, variables in self.plan.depends.items() if tick.object in variables}
        holders += [live[n].holder for n in names if n in live]
        if len(holders) <= 1:
            return holders
        inner = {id(m) for h in holders for m in h.get_family()[1:]}
        order = self.board.order()  # what moves is drawn as the board stacks it
        return sorted((h for h in holders if id(h) not in inner), key=lambda h: order.get(id(h), -1))

    def _begin(self, cue: Cue, done_by: int) -> None:
        """Start a cue; one that is over by frame `done_by` jumps straight to its end."""
        self.board.changed()
        if isinstance(cue.action, Move) and cue.place is None:
            return  # a move the layout did not need moves nothing: what runs on the object runs on
        moves = isinstance(cue.action, Move)
        if isinstance(cue.action, Hide) or moves:
            self._settle_children(cue.object)
        if moves:
            self._supersede(cue)
        if moves or isinstance(cue.action, Flash):
            self._settle(cue.object)
        effect = self._effect(cue)
        if effect is None:
            return
        self.board.touch(cue.object)
        if cue.end_frame <= done_by:
            effect.skip()
            self.entrances.pop(effect, None)
            self._after(cue)
        else:
            effect.begin()
            self.running.append((cue, effect))
            self.next_end = min(self.next_end, cue.end_frame)

    def _supersede(self, cue: Cue) -> None:
        """A move of an object begun on the frame another of its moves begins takes that one's
        place (the plan may move it twice on one frame, to one place): finished, the first would
        have put the object where it goes on the cue's own frame, and left the second nothing to
        move. Begun but not yet drawn, a move has left the object where it stood."""
        self.running = [(c, e) for c, e in self.running
                        if not (c.object == cue.object and c.frame == cue.frame and isinstance(e, fx.Relocate))]

    def _settle(self, name: str) -> None:
        """Finish what runs on an object before it moves (a line being written ends where the
        object stood, and then moves with the rest) or flashes, since a running animation would
        put it back where it began (a flash begun with an entrance left the object as the
        entrance's first frame drew it: nothing)."""
        self._end([c for c, _ in self.running if c.object == name])

    def _settle_children(self, name: str) -> None:
        """Finish what runs inside an object before it moves or leaves as a whole, since an
        animation of a group follows the members it had when it began."""
        children = set(self.plan.scene.children(name))
        self._end([c for c, _ in self.running if c.object in children])

    def _after(self, cue: Cue) -> None:
        self.board.changed()
        if isinstance(cue.action, Hide) and cue.carried_by is None:
            self.board.remove(cue.object)

    def _redraw(self, moved: set[str], only: set[str] | None = None) -> None:
        """Build again what follows the numbers `moved` (of it, only `only`); what no effect runs
        on is kept where it would be built from the same (`Board.rebuild`)."""
        for name, variables in self.plan.depends.items():
            if name in self.board.live and variables & moved and (only is None or name in only):
                self.board.rebuild(name, keep=self._still(name))

    def _still(self, name: str) -> bool:
        """Whether no effect runs on `name` or on what holds it: one running on a drawing built
        again is begun again on the new one (`_rebuilding`), not left to run on."""
        held_by = {name}
        parent = self.plan.objects[name].parent
        while parent is not None:
            held_by.add(parent)
            parent = self.plan.scene.objects[parent].parent
        return not any(cue.object in held_by for cue, _ in self.running)

    # ------------------------------------------------------------ effects, one a form
    def _effect(self, cue: Cue) -> fx.Effect | None:
        """The effect of the cue's action form (`EFFECTS`); None when it changes nothing drawn."""
        name = cue.object
        if name not in self.plan.objects or name in self.plan.scene.broken:
            return None
        if not isinstance(cue.action, Show) and name not in self.board.live:
            return None  # only a show acts on what is not on the board
        return EFFECTS[type(cue.action)](self, cue)

    def _show(self, cue: Cue) -> fx.Effect | None:
        """An arrival enters as its kind enters; a stepped object writes its next line or row."""
        name = cue.object
        stepped = kind_def(self.plan.objects[name].kind).stepped
        if name not in self.board.live:
            drawn = self.board.arrive(name, cue.place.box if cue.place is not None else None,
                                      self.plan.texts.get(reflowed(name, cue.frame)))
            if drawn is None:
                return None
            if not stepped:
                style = cue.action.style if isinstance(cue.action, Show) else ShowStyle.WRITTEN
                kind = kind_def(self.plan.objects[name].kind)
                hint = self.hints.get(name)
                left_to_right = hint == LEFT_TO_RIGHT and hint in kind.hints
                entrance = kind.enters[style]

                def make() -> fx.Effect:
                    return fx.enter(entrance, self.board.live[name].drawn.mobject, left_to_right)

                return self._remade(make)
        if not stepped:
            return None
        step = self.board.reveal(name)
        if step is None:
            return None
        effect = fx.write(step)
        effect.area = step  # the newest line is on top of its object, and only it moves
        return effect

    def _leave(self, cue: Cue) -> fx.Effect | None:
        if cue.carried_by is not None:  # it goes with its parent, in the parent's fade
            return None
        return fx.fade_out(self.board.live[cue.object].holder)

    def _relocate(self, cue: Cue) -> fx.Effect | None:
        if cue.place is None:
            return None
        typeset = self.plan.texts.get(reflowed(cue.object, cue.frame))
        if typeset is not None:
            return self.board.reflow(cue.object, typeset, cue.place.box)
        return self.board.move(cue.object, cue.place.box)

    def _targets(self, name: str, part: Part | None) -> Mobject:
        return targets(self.board.live[name].drawn, part, self.plan.texts.get(name))

    def _emphasize(self, cue: Cue) -> fx.Effect:
        action = cue.action
        assert isinstance(action, Emphasize)  # `EFFECTS` hands it its own form's cues
        found = self._targets(cue.object, action.part)
        live = self.board.live[cue.object]
        within = live.box if self.plan.objects[cue.object].parent is None else None
        return self.emphasis.change(cue.object, live.holder, found, action.part, action.on, within)

    def _flash(self, cue: Cue) -> fx.Effect:
        part = cue.action.part if isinstance(cue.action, Flash) else None
        return self._remade(lambda: fx.flash(self._targets(cue.object, part)))

    def _remade(self, make: Callable[[], fx.Effect]) -> fx.Effect:
        """The effect `make` makes, made again as its object is built again (`_rebuilding`)."""
        effect = make()
        self.entrances[effect] = make
        return effect

    def _box(self, cue: Cue) -> fx.Effect:
        return fx.create(self.board.ring(cue.object))

    def _numbers(self, cue: Cue) -> None:
        """Ticks, redraws and hints draw nothing themselves: what follows a number moves with it
        on every frame (`advance`), and a hint shapes the entrance it names."""
        return None


#: The effect of each action form on the board.
EFFECTS: dict[type, Callable[[Stage, Cue], fx.Effect | None]] = {
    Show: Stage._show,
    Hide: Stage._leave,
    Move: Stage._relocate,
    Emphasize: Stage._emphasize,
    Flash: Stage._flash,
    BoxAround: Stage._box,
    Tick: Stage._numbers,
    Redraw: Stage._numbers,
    StyleHint: Stage._numbers,
}
if missing := [f.action.__name__ for f in FORMS if f.action not in EFFECTS]:
    raise ImportError(f"no effect for {', '.join(missing)}")
