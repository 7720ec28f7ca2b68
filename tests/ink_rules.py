"""The ink rule, on painted frames: every object's ink lies inside the boxes the plan lists for it.

For every board that stands long enough to settle (as `../shared/tools/ink_audit.py` takes them),
the board is brought to a frame late in its life by the render stage itself, in-process, and each
object on it at rest (no action of its own or its container's running) is drawn alone onto an
empty frame: its holder, with what the board adds to it (emphasis, a Box action's ring), without
its children, which are checked on their own. Its ink is every pixel far from the background;
what lies farther than `TOLERANCE` pixels from every box the plan lists for it (the object itself,
every piece of its stroke, its label, legend entry, axis numbers and ring) is a fault. So a line
drawn apart from its Derivation, a label off its spot, an arrow head past its segment or a swatch
outside its legend entry fails, even where it lands inside another object's box, which the audit
of the whole frame cannot tell. A mark's label and a text drawn in a Figure or an Axes must also
stand exactly on the spot the plan settles it on for the box its container stands in (its centre
within `SPOT`), which no pixel tolerance can tell from a spot a little off.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

import numpy as np

from lecturekit.boxes import Box
from lecturekit.plan.items import BoardItem
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.settings import PRESETS, Quality

#: How far ink may reach past its boxes, in pixels of a `-q l` frame (480 px high: 0.05 units).
TOLERANCE = 3
#: How far from the background a pixel must be to count as ink (any channel, 0-255).
INK = 48
#: A board must stand this long to be checked, and is checked this long before it ends (seconds).
SETTLES, BEFORE_END = 0.6, 0.25
#: How far a label's centre may lie from its planned box's centre (units): a rounding, not a pixel.
SPOT = 1e-4
#: The items drawn as part of the object they are `of`: its label, legend entry, axis numbers and ring.
BELONGING = {"label", "legend", "ticks", "box"}


def settled_frames(plan: ScenePlan) -> list[int]:
    """A frame late in the life of every board that stands long enough to settle."""
    boards = plan.boards
    frames = []
    for k, board in enumerate(boards):
        end = boards[k + 1].time if k + 1 < len(boards) else plan.frames / plan.fps
        if end - board.time >= SETTLES and board.items:
            frames.append(min(plan.frames - 1, round((end - BEFORE_END) * plan.fps)))
    return sorted(set(frames))


def ink_faults(plan: ScenePlan, frames: list[int] | None = None, quality: Quality = Quality.l) -> list[str]:
    """One line for every object whose ink reaches past its planned boxes on a settled board."""
    from lecturekit.render import manim_config
    from lecturekit.render.camera import BoardCamera
    from lecturekit.render.stage import Stage

    preset = PRESETS[quality]
    faults: list[str] = []
    with tempfile.TemporaryDirectory() as media, manim_config(preset, plan.fps, Path(media)):
        stage = Stage(plan)
        camera = BoardCamera()
        camera.reset()
        ink_in = ink_finder(camera)
        for frame in frames if frames is not None else settled_frames(plan):
            stage.advance(frame)
            items = plan.items_at(frame)
            boxes: dict[str, list[Box]] = {}
            for item in items:  # a figure's text placed beside a mark is its own
                owner = item.of if item.kind in BELONGING and item.of is not None else item.name
                boxes.setdefault(owner, []).append(item.box)
            running = {cue.object for cue, _ in stage.running}
            faults += _off_their_spots(plan, frame, items, stage, running)
            for name, live in stage.live.items():
                if name in running or plan.objects[name].parent in running:
                    continue  # what animates may reach past its box for as long (docs/architecture.md)
                children = [stage.live[c].holder for c in plan.scene.children(name) if c in stage.live]
                camera.reset()
                camera.capture_mobjects([live.holder], excluded_mobjects=children)
                outside = ink_in(camera.pixel_array)
                np.logical_and(outside, ~_allowed(boxes.get(name, []), outside.shape, camera), out=outside)
                if outside.any():
                    faults.append(_fault(plan, frame, name, outside, camera))
    return faults


def _off_their_spots(plan: ScenePlan, frame: int, items: tuple[BoardItem, ...], stage, running: set[str]
                     ) -> list[str]:
    """One line for every label of a mark and every text drawn in a Figure or an Axes, at rest,
    whose centre is not the centre of the box the plan settles it in for the box its container
    stands in (to `SPOT` units): the ink rule's 3 px would let a label a little off its spot pass."""
    faults = []
    for item in items:
        if item.parent is None or item.parent in running:
            continue
        own = item.kind == "label" and item.of is not None and item.of != item.parent  # a mark's label
        mark = item.of if own else item.name
        if mark is None or mark in running or mark not in stage.live or not (own or item.name in plan.texts):
            continue
        drawing = stage.live[mark].drawn.mobject
        drawn = drawing.submobjects[-1] if own else drawing  # added last (`builders._attach_label`)
        off = float(np.abs(drawn.get_center()[:2] - np.array(item.box.center)).max())
        if off > SPOT:
            faults.append(f"scene {plan.index} frame {frame} ({frame / plan.fps:.2f} s): '{item.name}' is painted "
                          f"{off:.3f} units from the centre of the box the plan settles it in")
    return faults


def ink_finder(camera) -> Callable[[np.ndarray], np.ndarray]:
    """For the camera's empty frame: a function that takes an RGBA picture and marks its ink,
    every pixel more than `INK` from the empty frame's in any colour channel. Compared in bytes,
    all four channels at once (alpha's bounds take any value), and a pixel's four answers read
    as one 32-bit word: a tenth of the work of widening the picture to compare it."""
    blank = np.array(camera.pixel_array, dtype=int)
    low = np.clip(blank - INK, 0, 255).astype(np.uint8)
    high = np.clip(blank + INK, 0, 255).astype(np.uint8)
    low[:, :, 3], high[:, :, 3] = 0, 255

    def ink(picture: np.ndarray) -> np.ndarray:
        far = np.less(picture, low)
        far |= np.greater(picture, high)
        return np.ascontiguousarray(far).view(np.uint32)[:, :, 0] != 0

    return ink


def _allowed(boxes: list[Box], shape: tuple[int, int], camera) -> np.ndarray:
    """The pixels within `TOLERANCE` of any of `boxes`."""
    per_unit = shape[0] / camera.frame_height
    allowed = np.zeros(shape, bool)
    for box in boxes:
        left = int(np.floor((box.x0 + camera.frame_width / 2) * per_unit)) - TOLERANCE
        right = int(np.ceil((box.x1 + camera.frame_width / 2) * per_unit)) + TOLERANCE
        top = int(np.floor((camera.frame_height / 2 - box.y1) * per_unit)) - TOLERANCE
        bottom = int(np.ceil((camera.frame_height / 2 - box.y0) * per_unit)) + TOLERANCE
        allowed[max(0, top):max(0, bottom), max(0, left):max(0, right)] = True
    return allowed


def _fault(plan: ScenePlan, frame: int, name: str, outside: np.ndarray, camera) -> str:
    h, w = outside.shape
    ys, xs = np.nonzero(outside)
    where = tuple(round(float(v), 3) for v in (xs.min() / w, ys.min() / h, (xs.max() + 1) / w, (ys.max() + 1) / h))
    return (f"scene {plan.index} frame {frame} ({frame / plan.fps:.2f} s): {plan.objects[name].kind.value} "
            f"'{name}' has {len(xs)} ink pixels outside its planned boxes, within {where} of the frame")
