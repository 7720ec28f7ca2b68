"""The board audit (`lecturekit audit`): for every board of a plan, the figures a designer checks,
measured on the plan's own items (what `plan --json` lists), and the rules a board fails.

- The smallest text: its Manim font size (the unit `theme.Sizes` uses, called points here) and
  the height of its em in pixels at a frame `height` pixels high: `size * TEXT_SIZE * PT` units
  (a 10 pt Typst body scaled by size / 960 units per pt) times `height / board height` pixels a
  unit, so `size * height / 768`: 24 is 33.75 px at 1080p and 15 px at 480p.
- The sizes within each role: body (Panel, Block, Text), formulas (Math, Derivation), table
  text (a Table's cells as drawn) and labels (labels, legend entries, texts drawn in a Figure);
  sizes closer than `SAME_SIZE` are one. Headings, titles and axis numbers are in the smallest
  text only.
- Fill: the share of the content area (`layout.content_area`) covered by the board's boxes.
- The widest empty band of the content area: across (a strip the area's width, as a share of
  its height) and down (the area's height, as a share of its width).
- The smallest box clearance (`clearances`): between a box the board draws around ink and the
  ink it holds, subscripts and accents included (`clearance.box_clearances`), against
  `BoardSize.clearance`.
- The lowest contrast (`contrasts`): each ink's colour against what is painted behind it (the
  surfaces `resolve.contrast.surfaces` names, and another mark's fill it lies on, or its halo:
  `plan.halos`), as a share of the WCAG 2.2 figure it must meet.

A board fails a rule (`failures`) when it sets any text below `Sizes.minimum`, unless the exact
test proved that the board it was set on could not hold its content legibly (`overfull`: the
placement's `Crowded.overfull`, `layout.proof`): such a board holds more than any arrangement in
rows and columns holds at the minimum, the lecture's fault, not the layout's, and is listed as
the lecture's (`check` warns of it too). It fails when it sets one role at more than one size,
leaves an empty band wider than `BoardSize.empty_band` while a text is below its role's full size
(judged on the board at its fullest, where the boards after it only add to it: `_fullest_bands`),
holds something closer to a box than the stated clearance, or draws an ink below the contrast it
needs; these hold on an overfull board too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from lecturekit.boxes import Box
from lecturekit.contrast import GRAPHICS, TEXT, ratio
from lecturekit.plan.clearance import SMALL, box_clearances
from lecturekit.plan.items import OWNED, BoardItem
from lecturekit.plan.layout import content_area, empty_bands, inside
from lecturekit.plan.placement import clock
from lecturekit.plan.scene_plan import Board, LecturePlan, ScenePlan
from lecturekit.plan.typeset import PT
from lecturekit.resolve.contrast import least_contrast, surfaces
from lecturekit.syntax.nodes import Spec
from lecturekit.theme import AXIS, EMPHASIS, PALETTE, Theme, color
from lecturekit.typst.document import TEXT_SIZE

#: Sizes of one role closer than this (Manim font size; 0.14 px at 1080p) are one size.
SAME_SIZE = 0.1
_EPS = 1e-6

BODY, FORMULAS, TABLE, LABELS = "body", "formulas", "table", "labels"
_TOP_ROLES = {"Panel": BODY, "Block": BODY, "Text": BODY, "Math": FORMULAS, "Derivation": FORMULAS, "Table": TABLE}
#: What `plan --json` lists a label, a legend entry, axis numbers and a Box action's ring as.
_LABEL_KINDS = OWNED
_TICKS, _RING, _HEADING = "ticks", "box", "Heading"


@dataclass(frozen=True)
class Smallest:
    name: str
    #: Manim font size.
    font: float
    #: The em's height in pixels at the audit's frame height.
    pixels: float


@dataclass(frozen=True)
class Clearance:
    """Room between a box drawn around something and what it holds, in board units."""

    of: str
    measured: float
    stated: float


@dataclass(frozen=True)
class Contrast:
    of: str
    ratio: float
    needed: float


@dataclass(frozen=True)
class BoardAudit:
    scene: int
    title: str
    #: The board's time in the scene, and on the lecture's clock (seconds).
    time: float
    at: float
    smallest: Smallest | None
    #: Each role on the board with its sizes, smallest first.
    sizes: tuple[tuple[str, tuple[float, ...]], ...]
    fill: float
    #: The widest empty band across (share of the content area's height) and down (of its width).
    across: float
    down: float
    #: The least clearance (None: the board draws no box around anything).
    clearance: Clearance | None
    #: The ink nearest its WCAG figure (None: nothing with a colour).
    contrast: Contrast | None
    failures: tuple[str, ...]
    #: The texts below the minimum on a board the exact test proved cannot hold them legibly
    #: (`overfull`): not a failure, but the lecture's to mend (`lecture`: in one line, and how).
    overfull: tuple[str, ...] = ()
    lecture: str = ""

    def as_json(self) -> dict[str, Any]:
        return {
            "scene": self.scene, "title": self.title, "time": round(self.time, 6), "at": round(self.at, 6),
            "smallest": None if self.smallest is None else {
                "name": self.smallest.name, "font": round(self.smallest.font, 3),
                "pixels": round(self.smallest.pixels, 2)},
            "sizes": {role: [round(s, 3) for s in sizes] for role, sizes in self.sizes},
            "fill": round(self.fill, 4),
            "empty_band": {"across": round(self.across, 4), "down": round(self.down, 4)},
            "clearance": None if self.clearance is None else {
                "of": self.clearance.of, "measured": round(self.clearance.measured, 4),
                "stated": round(self.clearance.stated, 4)},
            "contrast": None if self.contrast is None else {
                "of": self.contrast.of, "ratio": round(self.contrast.ratio, 2), "needed": self.contrast.needed},
            "failures": list(self.failures),
            "overfull": list(self.overfull), "lecture": self.lecture,
        }

    def finding(self) -> str:
        """The board's failures in one line, naming the board (scene, time)."""
        return (f"scene {self.scene} {self.title!r}, board at {clock(self.at)} ({self.at:.2f} s): "
                + "; ".join(self.failures))


def pixels(font: float, height: int, theme: Theme) -> float:
    """The em of a text set at Manim font size `font`, in pixels of a frame `height` pixels high."""
    return font * TEXT_SIZE * PT * height / theme.board.height


def audit_lecture(plan: LecturePlan, height: int) -> tuple[BoardAudit, ...]:
    return tuple(board for scene in plan.scenes for board in audit_scene(scene, height))


def audit_scene(plan: ScenePlan, height: int) -> tuple[BoardAudit, ...]:
    """Every board of the scene audited, its pixels at a frame `height` pixels high; the band rule
    judged on a board at its fullest (`_fullest_bands`)."""
    return tuple(audit_board(plan, board, height, fullest)
                 for board, fullest in zip(plan.boards, _fullest_bands(plan), strict=True))


def _fullest_bands(plan: ScenePlan) -> list[float]:
    """For each board, the widest empty band of the board it builds up to: the boards after it
    while each keeps every top-level object of the one before, at its size, and adds more. A
    board's texts are set for its fullest (`placement._Placer.life`: a text shown keeps its
    size), so a first Panel set at 30 for the table that joins it later leaves room for that
    table, not a band its size should have filled."""
    theme = plan.theme
    bands = []
    for board in plan.boards:
        area = content_area(theme, any(i.kind == _HEADING and i.parent is None for i in board.items))
        bands.append(max(empty_bands([i.box for i in board.items if i.kind != _HEADING], area)))
    for k in range(len(bands) - 2, -1, -1):
        if _builds_up(plan.boards[k], plan.boards[k + 1]):
            bands[k] = bands[k + 1]
    return bands


def _builds_up(before: Board, after: Board) -> bool:
    """Whether `after` holds every top-level object of `before`, each text at the size it had
    (where it stands may change: the board is laid out again for what joins it), and more."""
    def top(board: Board) -> dict[str, float | None]:
        return {i.name: i.font for i in board.items if i.parent is None and i.kind != _RING}

    was, now = top(before), top(after)
    return len(now) > len(was) and all(name in now and now[name] == font for name, font in was.items())


def audit_board(plan: ScenePlan, board: Board, height: int, fullest: float | None = None) -> BoardAudit:
    """One board's figures and the rules it fails; `fullest`, the band of the board it builds up
    to, which the band rule judges (its own where None)."""
    theme = plan.theme
    items = board.items
    texts = [(i, i.font) for i in items if i.font is not None]
    low = min(texts, key=lambda text: text[1], default=None)
    area = content_area(theme, any(i.kind == _HEADING and i.parent is None for i in items))
    laid = [i.box for i in items if i.kind != _HEADING]
    across, down = empty_bands(laid, area)
    minimum = theme.sizes.minimum - _EPS
    excused = overfull(plan, board)
    small = tuple(i.name for i, font in texts if font < minimum and i.name in excused)
    found = clearances(plan, board, bool(small))
    inks = contrasts(plan, items)
    sizes = role_sizes(items)
    return BoardAudit(
        plan.index, plan.title, board.time, plan.start + board.time,
        None if low is None else Smallest(low[0].name, low[1], pixels(low[1], height, theme)),
        sizes, covered(laid, area), across, down,
        min(found, key=lambda c: c.measured - c.stated, default=None),
        min(inks, key=lambda c: c.ratio / c.needed, default=None),
        tuple(_failures([(i, f) for i, f in texts if i.name not in small], sizes,
                        max(across, down) if fullest is None else fullest, found, inks, theme)),
        tuple(dict.fromkeys(small)), overfull_line(small, theme) if small else "")


def overfull_line(small: Sequence[str], theme: Theme) -> str:
    """What the lecture puts on an overfull board, in one line, and what to do about it."""
    return (f"the lecture's: it holds more than a board can hold at {theme.sizes.minimum:g} in any arrangement "
            f"({_names(small)} set smaller): split the board")


def overfull(plan: ScenePlan, board: Board) -> frozenset[str]:
    """The texts on `board` whose size was set on a board the exact test proved cannot hold its
    content legibly (`Crowded.overfull`): for each, the last crowded board before this one (to
    half a frame) that named it set below the minimum."""
    last: dict[str, bool] = {}
    for crowded in sorted(plan.crowded, key=lambda c: c.time):
        if crowded.time <= board.time + 0.5 / plan.fps:
            last.update(dict.fromkeys(crowded.unfit, crowded.overfull))
    return frozenset(name for name, proven in last.items() if proven)


def _failures(texts: Sequence[tuple[BoardItem, float]], sizes: tuple[tuple[str, tuple[float, ...]], ...],
              band: float, found: Sequence[Clearance], inks: Sequence[Contrast], theme: Theme) -> list[str]:
    """The rules a board with these figures fails, in words."""
    failures = []
    if below := [i.name for i, font in texts if font < theme.sizes.minimum - _EPS]:
        failures.append(f"text below the minimum {theme.sizes.minimum:g}: {_names(below)}")
    failures += [f"{role} set at {len(s)} sizes ({', '.join(f'{x:.1f}' for x in s)})"
                 for role, s in sizes if len(s) > 1]
    short = [i.name for i, font in texts if (full := full_size(i, theme)) is not None and font < full - SAME_SIZE]
    if band > theme.board.empty_band + _EPS and short:
        failures.append(f"an empty band of {band:.0%} of the content area while a text is below its "
                        f"role's full size: {_names(short)}")
    if tight := [f"{c.of} {c.measured:.3f} < {c.stated:g}" for c in found if c.measured < c.stated - _EPS]:
        failures.append(f"clearance below the stated: {_names(tight)}")
    if faint := [f"{c.of} {c.ratio:.2f}:1 < {c.needed:g}:1" for c in inks if c.ratio < c.needed - _EPS]:
        failures.append(f"contrast below WCAG: {_names(faint)}")
    return failures


def _names(names: Sequence[str], most: int = 5) -> str:
    listed = list(dict.fromkeys(names))
    more = f" and {len(listed) - most} more" if len(listed) > most else ""
    return ", ".join(listed[:most]) + more


def role_of(item: BoardItem) -> str | None:
    """The role whose one size a text keeps: body, formulas or table text at top level, labels
    for labels, legend entries and what a Figure draws as text; None for the rest."""
    if item.font is None or item.kind == _TICKS:
        return None
    if item.kind in _LABEL_KINDS or item.parent is not None:
        return LABELS
    return _TOP_ROLES.get(item.kind)


def full_size(item: BoardItem, theme: Theme) -> float | None:
    """The theme's size for the item's role (None: it has none)."""
    role = role_of(item)
    sizes = theme.sizes
    return {BODY: sizes.body, FORMULAS: sizes.math, TABLE: sizes.table, LABELS: sizes.label}.get(role or "")


def role_sizes(items: Iterable[BoardItem]) -> tuple[tuple[str, tuple[float, ...]], ...]:
    """Each role on the board with its distinct sizes (within `SAME_SIZE`), smallest first."""
    found: dict[str, list[float]] = {}
    for item in items:
        role = role_of(item)
        if role is not None and item.font is not None:
            found.setdefault(role, []).append(item.font)
    out = []
    for role in (BODY, FORMULAS, TABLE, LABELS):
        if role in found:
            distinct: list[float] = []
            for size in sorted(found[role]):
                if not distinct or size - distinct[-1] > SAME_SIZE:
                    distinct.append(size)
            out.append((role, tuple(distinct)))
    return tuple(out)


def covered(boxes: Sequence[Box], area: Box) -> float:
    """The share of `area` the union of `boxes` covers."""
    clipped = inside(boxes, area)
    if not clipped or area.width <= 0 or area.height <= 0:
        return 0.0
    xs = np.unique([v for b in clipped for v in (b.x0, b.x1)])
    ys = np.unique([v for b in clipped for v in (b.y0, b.y1)])
    held = np.zeros((len(ys) - 1, len(xs) - 1), dtype=bool)
    for b in clipped:
        rows = slice(np.searchsorted(ys, b.y0), np.searchsorted(ys, b.y1))
        held[rows, np.searchsorted(xs, b.x0):np.searchsorted(xs, b.x1)] = True
    cells = np.outer(np.diff(ys), np.diff(xs))
    return float((cells * held).sum() / (area.width * area.height))


def clearances(plan: ScenePlan, board: Board, overfull: bool = False) -> list[Clearance]:
    """How close what a box holds comes to it, for each box the board draws around ink
    (`clearance.box_clearances`: a ring, a Panel's or Block's backing, an emphasis highlight, a
    Table's header rule), measured from the ink's own bounds, against the stated clearance
    (`BoardSize.clearance`); a box the rule does not ask it of (`Room.exempt`) is left out, but
    on an `overfull` board a box around a text set small is asked it (`clearance.SMALL`)."""
    stated = plan.theme.board.clearance
    return [Clearance(room.what, room.amount, stated) for room in box_clearances(plan, board)
            if not room.exempt or (overfull and room.exempt == SMALL)]


def contrasts(plan: ScenePlan, items: Iterable[BoardItem]) -> list[Contrast]:
    """Each ink on the board with the contrast it has against what is painted behind it and the
    WCAG 2.2 figure it needs: an object's colour (its text, mark or label) against its surfaces
    and the fills it lies on (`behind`), an Axes' numbers in the axis colour, and a Box action's
    ring in the emphasis colour, on the board."""
    objects = plan.objects
    board = PALETTE["background"]
    found = []
    for item in items:
        if item.kind == _RING:
            found.append(Contrast(item.name, ratio(EMPHASIS, board), GRAPHICS))
            continue
        if item.kind == _TICKS:
            found.append(Contrast(item.name, ratio(AXIS, board), TEXT))
            continue
        spec = objects.get(item.of if item.kind in _LABEL_KINDS and item.of else item.name)
        needed = least_contrast(spec) if spec is not None else None
        if spec is None or needed is None:
            continue
        drawn = color(spec.color)
        found.append(Contrast(item.name, min(ratio(drawn, b) for b in behind(plan, spec, item)), needed))
    return found


def behind(plan: ScenePlan, spec: Spec, item: BoardItem) -> list[str]:
    """The colours painted against an item of `spec`: the surfaces it is drawn on
    (`resolve.contrast.surfaces`), and the fills it lies on or under (`BoardItem.against`), or,
    where it is drawn with a halo, the halo that parts it from them (`plan.halos`)."""
    under = list(surfaces(spec, plan.objects).values())
    halo = plan.halos.get(spec.name)
    return [*under, halo] if halo is not None else [*under, *(color(plan.objects[f].color) for f in item.against)]


def table(audits: Sequence[BoardAudit]) -> str:
    """The audit for a person: one line a board, then its failures."""
    head = (f"{'scene':>5} {'at (s)':>8}  {'smallest (pt, px)':<28} {'sizes by role':<40} {'fill':>5} "
            f"{'band':>9} {'clearance':>9} {'contrast':>9}")
    lines = [head]
    for a in audits:
        small = f"{a.smallest.name[:16]} {a.smallest.font:.1f}, {a.smallest.pixels:.1f}" if a.smallest else "-"
        sizes = " ".join(f"{role}:{'/'.join(f'{s:.1f}' for s in sizes)}" for role, sizes in a.sizes) or "-"
        clear = f"{a.clearance.measured:.2f}" if a.clearance else "-"
        ink = f"{a.contrast.ratio:.1f}:1" if a.contrast else "-"
        lines.append(f"{a.scene:>5} {a.at:>8.2f}  {small:<28} {sizes:<40} {a.fill:>5.0%} "
                     f"{a.across:>4.0%}/{a.down:<4.0%} {clear:>9} {ink:>9}")
        lines += [f"{'':>16}fails: {f}" for f in a.failures]
        lines += [f"{'':>16}{a.lecture}"] if a.lecture else []
    failing = sum(1 for a in audits if a.failures)
    overfull = sum(1 for a in audits if a.overfull)
    lines.append(f"{len(audits)} boards, {failing} failing a rule"
                 + (f", {overfull} holding more than a board can hold (the lecture's)" if overfull else ""))
    return "\n".join(lines)


def summary(audits: Sequence[BoardAudit]) -> Mapping[str, Any]:
    """The audit as JSON: every board's figures."""
    return {"boards": [a.as_json() for a in audits], "failing": sum(1 for a in audits if a.failures),
            "overfull": sum(1 for a in audits if a.overfull)}
