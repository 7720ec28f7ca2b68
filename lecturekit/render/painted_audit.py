"""The board audit measured on painted frames (`lecturekit audit --painted`).

For each board the plan lists, one frame is painted (`render.stills`, in-process, one Stage for the
scene) at the frame the board has settled (`settled_frame`), and three figures are measured on its
pixels, each in the boxes the plan lists:

- **Contrast** (`ink_on`): for a text's (or mark's) box, the background is the most common colour
  of the box with a band `_OUTSIDE` wide around it, and the ink the channel-wise median of the 5% of
  the box's other pixels farthest from the background in WCAG luminance
  (`lecturekit.contrast.luminance`, taken of each colour present). A glyph's edges are anti-aliased
  blends of ink and background, and the most common colour is the surface wherever ink covers less
  than half of the box and its band (the band is there for a dot, which fills its own box); the
  5% farthest are the glyphs' cores,
  drawn in the ink itself, and their median is robust to the few pixels where two strokes blend.
  The figure is `lecturekit.contrast.ratio` of the two, against the WCAG figure the plan asks of
  that ink (4.5:1 text, 3:1 marks). A mark wholly under a dot drawn after it (`hidden`) is not
  seen, and not measured.
- **Ink clearance** (`ink_clearance`): for each box `clearance.box_clearances` lists with an
  edge painted round its ink (a Box action's ring, a Panel's or Block's backing: `Room.edge`;
  a highlight or a header rule has none), its stroke is found on the pixels side by side: scanning in
  from just outside the box, the rows (columns) whose pixels, along the side's straight part,
  differ from the colour read just inside the stroke (`EDGE_COVERAGE` of them at least); the
  stroke ends at the last such row short of where that colour is read. The ink is every pixel
  inside the strokes that differs from that colour by more than `DIFFERS` in a channel, save the
  corner squares where a rounded stroke bends and the strokes across meet (as wide as the
  painter's corner radius, or the depth the surface is read at, whichever is more). The
  clearance is the fewest pixels between the stroke and the ink on any side, in board units. It
  counts only background pixels, so it is the room a reader sees, as the plan's figure (from
  the stroke's inner edge) is.
- **Text height** (`line_height`): the plan's em in pixels is a computation from the font size;
  the painted check is the ink height of the smallest text's tallest line (rows of its box holding
  ink, run by run; a Panel's or Block's box less its card's edge), a figure of the glyphs drawn:
  about 0.7 em for digits and capitals, up to about 1 em for a line with ascenders and
  descenders. Where every run is taller than 1.5 em, the lines touch (a descender meets the next
  line's ascender, as at 480p) and there is no one line to measure: no figure.

A board fails the painted rules when its painted contrast is below the WCAG figure or its ink
clearance is below the stated clearance by more than `TOLERANCE` pixels (anti-aliasing, and a
stroke drawn across its box's edge, move an edge by a pixel or two). A board the next one replaces
before its animations end is painted on its last frame but judged by no painted rule (`settled`
False): what is still fading in has not its colour yet.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from lecturekit.boxes import Box
from lecturekit.contrast import hexed, luminance, ratio
from lecturekit.kinds import kind_def
from lecturekit.plan.audit import BoardAudit, Clearance, Contrast, audit_board, contrasts
from lecturekit.plan.clearance import box_clearances
from lecturekit.plan.halos import covers
from lecturekit.plan.items import OWNED, BoardItem
from lecturekit.plan.placement import clock
from lecturekit.plan.scene_plan import Board, ScenePlan
from lecturekit.replay import Replay
from lecturekit.settings import Preset

#: A pixel is ink (or edge) where a channel differs from the surface by more than this (0-255).
DIFFERS = 3
#: The share of a side's pixels that must differ for a row (column) to be part of its stroke.
EDGE_COVERAGE = 0.9
#: The share of a box's ink pixels, the farthest from its background, whose median is the ink.
EXTREME = 0.05
#: How far (pixels) a painted clearance may fall short of the stated one before a board fails: a
#: pixel of anti-aliasing at the stroke's inner edge, one at the ink's, and up to one where a
#: stroke drawn across its box's edge reaches inside it.
TOLERANCE = 3
#: How far past its box a stroke is looked for, and how deep inside it the surface is read (units).
_OUTSIDE, _INSIDE = 0.06, 0.06
_RING = "box"
#: The kinds drawn on a card whose stroke (a Panel's) or bar (a Block's) lies inside their box.
_BACKED = ("Panel", "Block")
#: A run of inked rows taller than this many ems is lines that touch, not one line.
_TOUCHING = 1.5


@dataclass(frozen=True)
class PaintedAudit:
    """A board's plan figures (`audit`) with those measured on its painted frame."""

    audit: BoardAudit
    #: The frame painted (of the scene) and its time on the lecture's clock.
    frame: int
    painted_at: float
    #: Whether by `frame` every animation begun by the board's first frame had ended and none was midway.
    settled: bool
    #: The smallest text: its ink height (pixels) of its tallest line (None: nothing painted there).
    line: float | None
    contrast: Contrast | None
    clearance: Clearance | None
    #: The painted rules the board fails.
    painted_failures: tuple[str, ...]

    @property
    def failures(self) -> tuple[str, ...]:
        return self.audit.failures + self.painted_failures

    def finding(self) -> str:
        a = self.audit
        return (f"scene {a.scene} {a.title!r}, board at {clock(a.at)} ({a.at:.2f} s, painted at "
                f"{self.painted_at:.2f} s): " + "; ".join(self.failures))

    def as_json(self) -> dict[str, Any]:
        found = self.audit.as_json()
        found["failures"] = list(self.failures)
        found["painted"] = {
            "frame": self.frame, "at": round(self.painted_at, 6), "settled": self.settled,
            "line": None if self.line is None else round(self.line, 2),
            "contrast": None if self.contrast is None else {
                "of": self.contrast.of, "ratio": round(self.contrast.ratio, 2), "needed": self.contrast.needed},
            "clearance": None if self.clearance is None else {
                "of": self.clearance.of, "measured": round(self.clearance.measured, 4),
                "stated": round(self.clearance.stated, 4)},
        }
        return found


def settled_frame(plan: ScenePlan, k: int) -> tuple[int, bool]:
    """The frame at which board `k` has settled: the first at which every animation begun by its
    first frame has ended (`Cue.end_frame`, the frame it draws complete) and none is midway (an
    emphasis begun since, numbers ticking), within the scene; where the next board comes first,
    the frame before it, and False."""
    boards = plan.boards
    start = boards[k].frame
    after = boards[k + 1].frame if k + 1 < len(boards) else plan.frames
    moving = [c for c in plan.cues if c.frames > 0 and c.end_frame > start and c.carried_by is None]
    frame = max([start, *(c.end_frame for c in moving if c.frame <= start)])
    while frame < after:
        midway = [c.end_frame for c in moving if c.frame < frame < c.end_frame]
        if not midway:
            return frame, True
        frame = max(midway)
    return max(start, min(after, plan.frames) - 1), False


def audit_painted(plan: ScenePlan, preset: Preset) -> tuple[PaintedAudit, ...]:
    """Every board of the scene audited on the plan and on its frame painted at `preset`: one frame
    painted a board, all by one board brought forward through the scene."""
    from lecturekit.render import stills

    boards = plan.boards
    settling = [settled_frame(plan, k) for k in range(len(boards))]
    if not settling:
        return ()
    with tempfile.TemporaryDirectory() as media:
        pictures = stills(plan, [frame for frame, _ in settling], preset, Path(media))
    return tuple(_audited(plan, board, frame, settled, picture, preset)
                 for board, (frame, settled), picture in zip(boards, settling, pictures, strict=True))


def _audited(plan: ScenePlan, board: Board, frame: int, settled: bool, picture: np.ndarray, preset: Preset
             ) -> PaintedAudit:
    from lecturekit.render.builders import PANEL_CORNER
    from lecturekit.render.effects import RING_CORNER

    audit = audit_board(plan, board, preset.height)
    per_unit = preset.height / plan.theme.board.height
    painted = plan.items_at(frame)  # children where that frame's numbers put them
    boxes: dict[str, list[Box]] = {}
    for item in painted:
        boxes.setdefault(item.name, []).append(item.box)
    kinds = {item.name: item.kind for item in painted}

    inks = []
    unseen = hidden(plan, frame, painted)
    for c in {c.of: c for c in contrasts(plan, painted) if c.of not in unseen}.values():
        found = [r for box in boxes.get(c.of, [])
                 if (r := painted_ratio(picture, rect(box, picture.shape, per_unit),
                                        rect(box, picture.shape, per_unit, _OUTSIDE)))]
        if found:
            inks.append(Contrast(c.of, min(found), c.needed))
    held = []
    stated = plan.theme.board.clearance
    for drawn in box_clearances(plan, Board(frame / plan.fps, frame, painted)):
        if drawn.edge is None or drawn.exempt:
            continue  # a highlight or a header rule has no stroke round its ink to find
        kind = kinds[drawn.drawn_by]
        corner = RING_CORNER if kind == _RING else PANEL_CORNER if kind == "Panel" else 0.0
        room = ink_clearance(picture, rect(drawn.edge, picture.shape, per_unit, _OUTSIDE), round(_OUTSIDE * per_unit),
                             round(_INSIDE * per_unit), round(corner * per_unit))
        if room is not None:
            held.append(Clearance(drawn.what, room / per_unit, stated))
    line = None
    if audit.smallest is not None and (smallest := boxes.get(audit.smallest.name)):
        backed = kinds[audit.smallest.name] in _BACKED  # its card's stroke is not its glyphs
        line = line_height(picture, rect(smallest[0], picture.shape, per_unit, -_INSIDE if backed else 0.0),
                           _TOUCHING * audit.smallest.pixels)
    failures = _failures(inks, held, TOLERANCE / per_unit) if settled else ()
    return PaintedAudit(audit, frame, plan.start + frame / plan.fps, settled, line,
                        min(inks, key=lambda c: c.ratio / c.needed, default=None),
                        min(held, key=lambda c: c.measured - c.stated, default=None), failures)


def hidden(plan: ScenePlan, frame: int, items: Sequence[BoardItem]) -> set[str]:
    """The items of children wholly under the fill of a child drawn after them (which arrived on
    the board later, so is stacked over them: `replay.Replay`'s order), at `frame`: not seen, so
    with no painted contrast to measure (a node under the larger dot travelling along a chain)."""
    board = Replay()
    for cue in plan.cues:
        if cue.frame > frame:
            break
        board.apply(cue.action)
    stacked = {name: k for k, name in enumerate(board.on)}
    discs = {item.name: item.box for item in items if item.name in plan.objects
             and kind_def(plan.objects[item.name].kind).fills}
    found = set()
    for item in items:
        owner = item.of if item.kind in OWNED and item.of else item.name
        if any(stacked.get(f, -1) > stacked.get(owner, -1) and covers(discs[f], item.box, item.name in discs)
               for f in item.against if f in discs):
            found.add(item.name)
    return found


def _failures(inks: Sequence[Contrast], held: Sequence[Clearance], tolerance: float) -> tuple[str, ...]:
    """The painted rules failed: contrast below WCAG's, ink clearance below the stated by more
    than `tolerance` units."""
    failures = []
    if faint := [f"{c.of} {c.ratio:.2f}:1 < {c.needed:g}:1" for c in inks if c.ratio < c.needed - 1e-6]:
        failures.append(f"painted contrast below WCAG: {', '.join(faint)}")
    if tight := [f"{c.of} {c.measured:.3f} < {c.stated:g}" for c in held if c.measured < c.stated - tolerance - 1e-6]:
        failures.append(f"painted ink clearance below the stated: {', '.join(tight)}")
    return tuple(failures)


def rect(box: Box, shape: Sequence[int], per_unit: float, grow: float = 0.0) -> tuple[int, int, int, int]:
    """The pixels of `box` (grown by `grow` units a side) in a frame of `shape` drawn at `per_unit`
    pixels a unit, centred: (first row, last row + 1, first column, last column + 1), clipped."""
    height, width = shape[0], shape[1]
    half_w, half_h = width / per_unit / 2, height / per_unit / 2
    r0 = round((half_h - box.y1 - grow) * per_unit)
    r1 = round((half_h - box.y0 + grow) * per_unit)
    c0 = round((box.x0 - grow + half_w) * per_unit)
    c1 = round((box.x1 + grow + half_w) * per_unit)
    return max(0, r0), min(height, r1), max(0, c0), min(width, c1)


def _common(pixels: np.ndarray) -> np.ndarray:
    """The most common colour of `pixels` (any shape ending in 3 channels)."""
    flat = pixels.reshape(-1, 3)
    colours, counts = np.unique(flat, axis=0, return_counts=True)
    return colours[int(np.argmax(counts))]


def _differs(pixels: np.ndarray, colour: np.ndarray) -> np.ndarray:
    return np.any(np.abs(pixels.astype(int) - colour.astype(int)) > DIFFERS, axis=-1)


def ink_on(pixels: np.ndarray, around: np.ndarray) -> tuple[str, str] | None:
    """The ink of a patch of a frame and the background it is on (the most common colour of
    `around`, the patch with a band around it), as `#RRGGBB` (see the module's docstring); None
    where nothing in the patch differs from the background."""
    if pixels.size == 0:
        return None
    background = _common(around)
    ink = pixels[_differs(pixels, background)]
    if not len(ink):
        return None
    colours, index = np.unique(ink, axis=0, return_inverse=True)
    behind = luminance(hexed(background))
    far = np.array([abs(luminance(hexed(c)) - behind) for c in colours])[index.ravel()]
    extreme = ink[np.argsort(-far, kind="stable")[:max(1, int(np.ceil(EXTREME * len(ink))))]]
    return hexed(np.median(extreme, axis=0)), hexed(background)


def painted_ratio(picture: np.ndarray, where: tuple[int, int, int, int], around: tuple[int, int, int, int]
                  ) -> float | None:
    """The WCAG ratio of the ink painted in `where` against its background, read in `around`
    (`where` with a band around it); None: no ink."""
    r0, r1, c0, c1 = where
    a0, a1, b0, b1 = around
    found = ink_on(picture[r0:r1, c0:c1], picture[a0:a1, b0:b1])
    return None if found is None else ratio(*found)


def line_height(picture: np.ndarray, where: tuple[int, int, int, int], most: float) -> float | None:
    """The most rows of `where` in one run that hold ink (None: none do, or every run is taller
    than `most` pixels: lines whose descenders meet the next line's ascenders, no one line)."""
    r0, r1, c0, c1 = where
    patch = picture[r0:r1, c0:c1]
    if patch.size == 0:
        return None
    rows = np.concatenate([[False], _differs(patch, _common(patch)).any(axis=1), [False]]).astype(int)
    edges = np.nonzero(np.diff(rows))[0]  # where each run of inked rows starts, then ends
    runs = edges[1::2] - edges[::2]
    lines = runs[runs <= most]
    return float(lines.max()) if len(lines) else None


def ink_clearance(picture: np.ndarray, where: tuple[int, int, int, int], outside: int, inside: int, corner: int
                  ) -> float | None:
    """The fewest background pixels between a box's painted stroke and the ink inside it, on any
    side (None: no stroke found on any side, or no ink inside). `where` is the box grown by
    `outside` pixels a side; the surface is read `inside` pixels past the box's edge; `corner` is
    the stroke's corner radius in pixels."""
    r0, r1, c0, c1 = where
    patch = picture[r0:r1, c0:c1]
    height, width = patch.shape[:2]
    if height <= 2 * (outside + inside) or width <= 2 * (outside + inside):
        return None
    # Each side as the patch turned so that the side is on the left: (turns, rows along it).
    gaps = []
    for turns in range(4):
        side = np.rot90(patch, turns)
        gap = _side_gap(side, outside, inside, corner)
        if gap is not None:
            gaps.append(gap)
    return float(min(gaps)) if gaps else None


def _side_gap(side: np.ndarray, outside: int, inside: int, corner: int) -> int | None:
    """For a patch whose left side is a box's side: the background columns between its stroke and
    the nearest ink, or None (no stroke there, or no ink)."""
    height, width = side.shape[:2]
    deep = outside + inside
    # Along the side, clear of the corners, where a rounded stroke bends and the strokes of the
    # sides across (a Block's accent bar) lie.
    end_off = outside + max(corner, inside) + 1
    straight = slice(end_off, height - end_off)
    if straight.start >= straight.stop:
        return None
    surface = _common(side[straight, deep:deep + 3])
    differs = _differs(side, surface)
    covered = differs[straight].mean(axis=0) >= EDGE_COVERAGE
    # The stroke (with the outside, where that differs too) ends at the last such row short of
    # where the surface is read: an anti-aliased row blending stroke and outside can match the
    # surface and break the run.
    found = np.nonzero(covered[:deep])[0]
    if not len(found):
        return None
    end = int(found[-1])
    # The ink: inside the stroke, along the same stretch, short of the stroke across.
    ink = differs[straight, end + 1:width - end_off]
    columns = np.nonzero(ink.any(axis=0))[0]
    return int(columns[0]) if len(columns) else None


def table(audits: Sequence[PaintedAudit]) -> str:
    """The painted audit for a person: one line a board (its plan figures, then those painted),
    then its failures."""
    head = (f"{'scene':>5} {'at (s)':>8} {'painted':>8}  {'smallest (pt, em px; line px)':<34} "
            f"{'clearance':>9} {'ink clear':>9} {'contrast':>9} {'painted':>9}")
    lines = [head]
    for p in audits:
        a = p.audit
        small = "-"
        if a.smallest:
            small = f"{a.smallest.name[:14]} {a.smallest.font:.1f}, {a.smallest.pixels:.1f}; " + (
                f"{p.line:.0f}" if p.line is not None else "-")
        lines.append(
            f"{a.scene:>5} {a.at:>8.2f} {p.painted_at:>7.2f}{' ' if p.settled else '*'}  {small:<34} "
            f"{f'{a.clearance.measured:.2f}' if a.clearance else '-':>9} "
            f"{f'{p.clearance.measured:.2f}' if p.clearance else '-':>9} "
            f"{f'{a.contrast.ratio:.1f}:1' if a.contrast else '-':>9} "
            f"{f'{p.contrast.ratio:.1f}:1' if p.contrast else '-':>9}")
        lines += [f"{'':>16}fails: {f}" for f in p.failures]
    failing = sum(1 for p in audits if p.failures)
    lines.append(f"{len(audits)} boards, {len(audits)} frames painted ({sum(not p.settled for p in audits)} "
                 f"unsettled: *), {failing} failing a rule")
    return "\n".join(lines)


def summary(audits: Sequence[PaintedAudit]) -> dict[str, Any]:
    return {"boards": [p.as_json() for p in audits], "failing": sum(1 for p in audits if p.failures)}
