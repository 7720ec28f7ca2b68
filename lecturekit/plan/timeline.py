"""Cues: every action on the frame its timestamp names, with a duration that fits before what
follows. Times are absolute: a cue's frame is `round((t - scene.start) * fps)`, never a sum.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from lecturekit.kinds import VariableNumberSpec, kind_def
from lecturekit.plan import durations
from lecturekit.plan.layout import Placed
from lecturekit.plan.placement import Placement, Relayout
from lecturekit.replay import Replay
from lecturekit.resolve import ResolvedScene
from lecturekit.syntax.evaluate import EvaluationError, evaluate_number
from lecturekit.syntax.nodes import Action, Flash, Hide, Move, Redraw, Show, StyleHint, Tick

RELAYOUT = "moves to make room on the board"
#: The fewest frames a flash is given: it ends as it began, so a flash of one frame would end on
#: the one frame after its cue, the only frame that shows it (`render.stage.progress`).
FLASH_FRAMES = 2


@dataclass(frozen=True)
class Cue:
    time: float
    frame: int
    frames: int
    object: str
    action: Action
    text: str
    index: int
    #: Which line or row a stepped show reveals (1-based).
    step: int = 0
    #: Where a shown or moving top-level object goes.
    place: Placed | None = None
    #: A tick's values.
    start_value: float = 0.0
    end_value: float = 0.0
    #: Another object whose animation carries this one (a parent leaving, a tick redrawing).
    carried_by: str | None = None

    @property
    def end_frame(self) -> int:
        return self.frame + self.frames

    @property
    def changes_picture(self) -> bool:
        return self.carried_by is None and not isinstance(self.action, StyleHint | Redraw | Tick)


def frame_of(seconds: float, fps: int) -> int:
    return round(seconds * fps)


def build_cues(
    scene: ResolvedScene, placement: Placement, lengths: dict[str, int], fps: int
) -> tuple[Cue, ...]:
    """All cues of a scene, in time order."""
    total = frame_of(scene.duration, fps)
    last = max(total - 1, 0)

    def at(seconds: float) -> int:  # what comes at the scene's end is on its last frame
        return min(frame_of(seconds, fps), last)

    raw: list[tuple[float, int, Action, str, int]] = []  # (scene time, frame, action, text, index)
    for timed in scene.actions:
        if timed.action.object in scene.broken:
            continue
        t = timed.time - scene.start
        raw.append((t, at(t), timed.action, timed.source, timed.index))
    for relayout in placement.moves:
        if not relayout.explicit:
            raw.append((relayout.time, at(relayout.time), Move(relayout.object), f"{relayout.object} {RELAYOUT}.", 0))
    raw.sort(key=lambda r: (r[1], r[4] == 0))
    frames_of_object: dict[str, list[int]] = {}
    for _, frame, action, _, _ in raw:
        if not isinstance(action, StyleHint):  # a hint shapes an animation; it does not end it
            frames_of_object.setdefault(action.object, []).append(frame)
    # a child is taken off the board with its parent, whether or not its own leaving is recorded
    board = Replay(children=scene.children)
    for _, frame, action, _, _ in raw:
        for child in board.apply(action).left[1:]:
            frames_of_object.setdefault(child, []).append(frame)
    explicit_moves = {(m.object, at(m.time)): m for m in placement.moves}
    shows: dict[str, int] = {}
    where: dict[str, Placed] = {}  # where each top-level object stands, as its cues have it
    values = initial_values(scene)
    cues: list[Cue] = []
    for t, frame, action, text, index in raw:
        name = action.object
        spec = scene.objects[name]
        later = [f for f in frames_of_object.get(name, ()) if f > frame]
        limit = min([*later, last + 1]) - frame if later else last - frame
        wanted = durations.natural(action, spec, lengths.get(name, 0))
        # no room at all (a cue on the scene's last frame) is a cut, not one frame past the end
        frames = min(max(1, frame_of(wanted, fps)), limit) if wanted > 0 else 0
        if isinstance(action, Flash) and later and 0 < frames < FLASH_FRAMES <= last - frame:
            # cut short by its object's next action: it runs on into that action's own frame,
            # which draws nothing of that action (the render begins it as the flash ends)
            frames = FLASH_FRAMES
        extra: dict = {}
        if isinstance(action, Show):
            shows[name] = shows.get(name, 0) + 1
            if kind_def(spec.kind).stepped:
                extra["step"] = shows[name]
            stays = placement.stays.get(name, ())
            arrived = [s for s in stays if at(s.time) <= frame]
            if arrived:
                extra["place"] = arrived[-1].place
                # it stands there once it arrives; shown again on the board (a Table's next row),
                # it stays where it stood until its move takes it to the place listed here
                where.setdefault(name, arrived[-1].place)
        elif isinstance(action, Hide):
            where.pop(name, None)
        elif isinstance(action, Move):
            move: Relayout | None = explicit_moves.get((name, frame))
            if move is None or move.place == where.get(name):
                # the layout did not need to move it, or it stands there already: it arrived on
                # this frame (where the layout has it by the frame's end), or an earlier move of
                # this frame took it there
                frames = 0
            else:
                extra["place"] = where[name] = move.place
        elif isinstance(action, Tick):
            extra["start_value"] = values.get(name, 0.0)
            extra["end_value"] = action.value
            values[name] = action.value
        cues.append(Cue(t, frame, frames, name, action, text, index, **extra))
    cues = _carry_leaves(_carry_redraws(cues))
    return tuple(cues)


def _carry_redraws(cues: list[Cue]) -> list[Cue]:
    """A redraw runs exactly as long as the tick it follows (ticks at the same frame), unless
    the object itself is done sooner; with several ticks there, the longest carries it."""
    ticks: dict[int, Cue] = {}
    for c in cues:
        if isinstance(c.action, Tick) and (c.frame not in ticks or c.frames > ticks[c.frame].frames):
            ticks[c.frame] = c
    out = []
    for cue in cues:
        if isinstance(cue.action, Redraw) and cue.frame in ticks:
            tick = ticks[cue.frame]
            cue = replace(cue, frames=min(tick.frames, cue.frames), carried_by=tick.object)
        out.append(cue)
    return out


def _carry_leaves(cues: list[Cue]) -> list[Cue]:
    """A child leaving because its parent left runs on the parent's cue at the same frame,
    whichever of the two the lecture lists first."""
    leaving = {(c.object, c.frame): c for c in cues
               if isinstance(c.action, Hide) and c.action.cause in (None, c.object)}
    out = []
    for cue in cues:
        action = cue.action
        if isinstance(action, Hide) and action.cause not in (None, cue.object):
            parent = leaving.get((action.cause, cue.frame))
            if parent is not None:
                cue = replace(cue, frames=parent.frames, carried_by=parent.object)
        out.append(cue)
    return out


def initial_values(scene: ResolvedScene) -> dict[str, float]:
    """Every VariableNumber's value at the scene's start (one that does not evaluate is left out
    by resolve; 0 stands in for it)."""
    values = {}
    for name, spec in scene.objects.items():
        if isinstance(spec, VariableNumberSpec):
            try:
                values[name] = evaluate_number(spec.initial_value, {})
            except EvaluationError:
                values[name] = 0.0
    return values


def variable_values(cues: tuple[Cue, ...], initial: dict[str, float], frame: float) -> dict[str, float]:
    """Every VariableNumber's value at `frame`: ticks ease from where they start to their end."""
    values = dict(initial)
    for cue in cues:
        if not isinstance(cue.action, Tick) or cue.frame > frame:
            continue
        if frame >= cue.end_frame or cue.frames == 0:
            values[cue.object] = cue.end_value
        else:
            alpha = ease_out((frame - cue.frame) / cue.frames)
            values[cue.object] = cue.start_value + (cue.end_value - cue.start_value) * alpha
    return values


class Values(dict[str, float]):
    """Every VariableNumber's value at one frame (what `variable_values` gives), and for each
    object whose own values cannot be evaluated with them, the numbers it is held at instead."""

    def __init__(self, values: Mapping[str, float], held: Mapping[str, Mapping[str, float]]):
        super().__init__(values)
        self.held = held

    def of(self, name: str) -> Mapping[str, float]:
        """The numbers `name` is drawn with at this frame."""
        return self.held.get(name, self)


def numbers_key(values: Mapping[str, float], held: Mapping[str, Mapping[str, float]]) -> tuple:
    """Numbers (and the numbers objects are held at) as one hashable value: the key of what is
    worked out at them, which frames with the same numbers share."""
    return (tuple(sorted(values.items())),
            tuple(sorted((name, tuple(sorted(numbers.items()))) for name, numbers in held.items())))


@dataclass(frozen=True)
class Hold:
    """Frames [start, end) in which an object is drawn with `values`, the last numbers its own
    values evaluated with, because they cannot be evaluated with the current ones."""

    start: int
    end: int
    values: Mapping[str, float]


def holds(
    cues: tuple[Cue, ...],
    initial: dict[str, float],
    total: int,
    depends: Mapping[str, frozenset[str]],
    evaluates: Callable[[str, Mapping[str, float]], bool],
) -> dict[str, tuple[Hold, ...]]:
    """Where each object of `depends` (name -> the VariableNumbers it follows) is held at its last
    good numbers: every frame a tick moves a number is tried with `evaluates(name, numbers)`.
    Every object must evaluate with `initial`."""
    ticks = tuple(c for c in cues if isinstance(c.action, Tick))
    good = {name: dict(initial) for name in depends}
    since: dict[str, int] = {}
    found: dict[str, list[Hold]] = {}
    before = dict(initial)
    for frame in sorted({f for c in ticks for f in range(c.frame, c.end_frame + 1)}):
        values = variable_values(ticks, initial, frame)
        moved = {k for k, v in values.items() if v != before.get(k)}
        before = values
        for name, variables in depends.items():
            if not variables & moved:
                continue
            if evaluates(name, values):
                if name in since:
                    found.setdefault(name, []).append(Hold(since.pop(name), frame, good[name]))
                good[name] = values
            elif name not in since:
                since[name] = frame
    for name, start in since.items():
        found.setdefault(name, []).append(Hold(start, max(total, start + 1), good[name]))
    return {name: tuple(spans) for name, spans in found.items()}


def ease_out(t: float) -> float:
    """Manim's `ease_out_sine`: a tick starts moving at once and settles on its value."""
    return math.sin(t * math.pi / 2)


def busy_spans(cues: tuple[Cue, ...], total: int, carried: bool = True) -> tuple[tuple[int, int], ...]:
    """Frame ranges [a, b) in which the picture may change: from the frame after a cue starts
    through the frame it ends on (a cut: its own frame). Everything else is a held board."""
    spans = sorted(
        (c.frame + 1, min(total, c.end_frame + 1)) if c.frames > 0 else (c.frame, min(total, c.frame + 1))
        for c in cues
        if (c.changes_picture or (carried and isinstance(c.action, Tick | Redraw)))
        and (c.frames > 0 or not isinstance(c.action, Move) or c.place is not None)
    )
    merged: list[tuple[int, int]] = []
    for a, b in spans:
        if a >= b:
            continue
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return tuple(merged)


__all__ = ["Cue", "Hold", "Values", "build_cues", "busy_spans", "ease_out", "frame_of", "holds", "initial_values",
           "numbers_key", "variable_values"]
