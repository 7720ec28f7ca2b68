"""Every cue visible on its frame: an action that shows, writes, creates, moves, marks or takes
away ink changes the picture, where its object stands, on the first frame after the one its time
names (the cue's frame is drawn before it starts: `Stage.advance`), and that frame is one the
encoder draws and codes rather than holds (`ScenePlan.busy`).

A change is looked for only in the boxes the plan lists for the cue's object just before and
after it (with its labels, legend entry and ring), and for a child of a container that moves, in
the boxes it takes where the container stands on its way (`carried`), so a cue started while
another runs elsewhere is judged by its own ink. The pictures are the decoded video's (`in_video`)
or the painter's own at those two frames alone (`painted`: a render that paints every cue and
nothing else).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import av
import numpy as np

from lecturekit.boxes import Box
from lecturekit.forms import BoxAround, Move, Show
from lecturekit.kinds import Ink, kind_def
from lecturekit.kinds.geometry import LABEL
from lecturekit.plan.items import Figures
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.plan.timeline import Cue
from lecturekit.render import stills
from lecturekit.render.effects import DECELERATE
from lecturekit.render.stage import progress
from lecturekit.settings import PRESETS, Quality

#: A pixel has changed when one of its channels moved by more than this (a still board's pixels
#: do not move at all in the decoded video: the encoder holds them).
LEVEL = 12
#: A cue shows when at least this many pixels of its object's boxes changed.
PIXELS = 3
#: Pixels added around the boxes (a halo, a stroke's width, the encoder's smoothing).
PAD = 3


def judged(plan: ScenePlan) -> list[Cue]:
    """The cues that change the painted picture: every cue of a form that changes what is drawn
    (`Cue.changes_picture`) and takes time, but an arrival of what draws no ink of its own (an
    Image is a picture faded in, a Figure or an Axes without a label a card, which is decoration,
    until its children arrive: their cues are judged, and so is a ring around it; what else is
    done to such a card while none of its children is on the board moves a shade a few levels off
    the board's), a cue on the scene's last frame, and a cue on what stands on the board for no
    frame: an arrival gone again by the next frame, and a departure, move or mark of what arrived
    on the same frame."""

    def card(name: str, frame: int) -> bool:
        """A Figure or an Axes without a label, and none of its children on the board at `frame`."""
        return (kind_def(plan.objects[name].kind).inks is Ink.LABEL and name + LABEL not in plan.texts
                and not set(plan.scene.children(name)) & plan.shown_at(frame))

    def inks(cue: Cue) -> bool:
        if not isinstance(cue.action, Show):
            on = plan.shown_at(cue.frame - 1)
            return cue.object in on and (isinstance(cue.action, BoxAround) or not card(cue.object, cue.frame - 1))
        drawn = kind_def(plan.objects[cue.object].kind).inks
        return cue.object in plan.shown_at(cue.frame + 1) and (
            drawn in (Ink.TEXT, Ink.MARK) or (drawn is Ink.LABEL and cue.object + LABEL in plan.texts))

    return [cue for cue in plan.cues
            if cue.changes_picture and cue.frames > 0 and cue.frame + 1 < plan.frames
            and cue.object in plan.objects and cue.object not in plan.scene.broken and inks(cue)]


def boxes_of(plan: ScenePlan, cue: Cue) -> list[Box]:
    """Where the cue's object (its label, legend entry and ring) is drawn just before the cue, on
    the frame judged (a label written while its Figure has yet to move) and once it has run,
    where the cue puts it (an arrival gone again before a board lists it), and where it is drawn
    on the frame judged while it moves, or the Figure or Axes it is in does (`carried`)."""
    placed = [cue.place.box] if cue.place is not None else []
    frames = (max(cue.frame - 1, 0), cue.frame + 1, cue.end_frame)
    return placed + [item.box for frame in frames for item in plan.items_at(frame)
                     if cue.object in (item.name, item.of)] + carried(plan, cue.object, cue.frame + 1)


def carried(plan: ScenePlan, name: str, frame: int) -> list[Box]:
    """Where `name` (its label, legend entry) is drawn on `frame` while the top-level object it is
    (or is drawn in) moves there: the boards list a move's end from its cue's frame on, but the
    render eases the object there from where it stood (`effects.Relocate`, as far as the move has
    run by that frame, `stage.progress`: not at all on the move's own frame), a Figure or an Axes
    built again in each box with what is drawn in it. A child shown on the frame its container
    starts moving is drawn in none of the boxes the boards list (issue 43)."""
    top = name
    while (parent := plan.objects[top].parent) is not None:
        top = parent
    moves = [c for c in plan.cues if c.object == top and isinstance(c.action, Move) and c.place is not None
             and c.frame <= frame < c.end_frame]
    if not moves:
        return []
    move = moves[-1]
    start = [item.box for item in plan.items_at(move.frame - 1) if item.name == top]
    if not start:
        return []
    eased = DECELERATE(progress(move, frame))
    box = Box(*(s + (e - s) * eased for s, e in zip(start[0], move.place.box, strict=True)))
    if not kind_def(plan.objects[top].kind).container:
        return [box] if name == top else []
    values = plan.values_at(frame)
    figures = Figures(plan.objects, plan.scene.anchors, plan.texts, plan.theme, values.of, plan.numbering,
                      plan.beside)
    return [item.box for item in figures.items(top, box, plan.shown_at(frame)) if name in (item.name, item.of)]


def pixels_of(boxes: list[Box], shape: tuple[int, ...]) -> np.ndarray:
    """The pixels of a picture of `shape` (rows, columns, ...) that `boxes` (board units) cover,
    with `PAD` around them."""
    height, width = shape[:2]
    per_unit = height / 8.0  # the frame is 8 units high (`render.manim_config`)
    half_width, half_height = width / per_unit / 2, 4.0
    inside = np.zeros((height, width), bool)
    for box in boxes:
        left = int(np.floor((box.x0 + half_width) * per_unit)) - PAD
        right = int(np.ceil((box.x1 + half_width) * per_unit)) + PAD
        top = int(np.floor((half_height - box.y1) * per_unit)) - PAD
        bottom = int(np.ceil((half_height - box.y0) * per_unit)) + PAD
        inside[max(0, top):max(0, bottom), max(0, left):max(0, right)] = True
    return inside


def late_cues(plan: ScenePlan, pictures: Mapping[int, np.ndarray]) -> list[str]:
    """The judged cues that do not change their object's pixels on the frame after their own,
    or whose next frame the encoder would hold, each said in a line; `pictures` holds at least
    each judged cue's frame and the next."""
    busy = plan.busy()
    late = []
    for cue in judged(plan):
        before, after = pictures[cue.frame], pictures[cue.frame + 1]
        moved = np.abs(after.astype(np.int16) - before.astype(np.int16)).max(axis=2) > LEVEL
        changed = int((moved & pixels_of(boxes_of(plan, cue), before.shape)).sum())
        coded = any(a <= cue.frame + 1 < b for a, b in busy)
        if changed < PIXELS or not coded:
            late.append(f"scene {plan.index} {cue.time:.2f} s (frame {cue.frame}): {cue.text!r} changed {changed} "
                        f"pixels of {plan.objects[cue.object].kind.value} '{cue.object}' on frame {cue.frame + 1}"
                        + ("" if coded else ", a frame the encoder holds"))
    return late


def frames_judged(plan: ScenePlan) -> list[int]:
    """Each judged cue's frame and the next, in order."""
    return sorted({f for cue in judged(plan) for f in (cue.frame, cue.frame + 1)})


def painted(plan: ScenePlan, media: Path) -> dict[int, np.ndarray]:
    """The painter's pictures at `-q l` of the frames `late_cues` looks at, and no others."""
    frames = frames_judged(plan)
    return dict(zip(frames, stills(plan, frames, PRESETS[Quality.l], media), strict=True))


def in_video(plan: ScenePlan, video: Path) -> dict[int, np.ndarray]:
    """The decoded video's pictures at the frames `late_cues` looks at (every frame is decoded;
    only those are converted)."""
    wanted = set(frames_judged(plan))

    def decoded() -> Iterator[tuple[int, np.ndarray]]:
        with av.open(str(video)) as container:
            for index, frame in enumerate(container.decode(video=0)):
                if index in wanted:
                    yield index, frame.to_ndarray(format="rgb24")

    return dict(decoded())
