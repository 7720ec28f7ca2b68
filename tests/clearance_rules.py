"""The room boxes and labels keep, measured on the plan (pure data, no rendering).

A Box action's ring keeps the board's `clearance` from the ink it is drawn around; a text that is
emphasised keeps that room inside its box, so its highlight (`effects.highlight_for`) is never cut
short. A text's ink is measured as Typst sets it (its frame, set to the glyphs' own bounds,
subscripts, descenders and accents included: `typst.document`), as the render scales it into its
box, centred; a visual's ink is its box. A label in a Figure or an Axes keeps the board's
`label_gap` from every mark, number and other label in it."""

from __future__ import annotations

from itertools import combinations

from lecturekit.boxes import Box
from lecturekit.plan.measure import measure
from lecturekit.plan.scene_plan import BoardItem, ScenePlan
from lecturekit.plan.typeset import Typeset
from lecturekit.syntax.nodes import Emphasize
from lecturekit.theme import THEME

CLEARANCE, LABEL_GAP, RING_WIDTH = THEME.board.clearance, THEME.board.label_gap, THEME.board.ring_width
MINIMUM = THEME.sizes.minimum
#: A ringed picture with a side this short keeps its length on it (a 1:20 picture).
THIN = 4 * THEME.board.ring_reach
#: Printed boxes are rounded; room is compared to this much less than stated.
EPS = 1e-6
#: Kinds set in a Figure or an Axes that settle where they are clear (`plan.settle`).
SETTLED = {"label", "Math", "Text"}


def typeset_at(plan: ScenePlan, name: str, frame: int) -> Typeset | None:
    """A text's typesetting on the board at `frame`: as last set anew by then, else as first set."""
    again = [(int(key.rpartition("@")[2]), key) for key in plan.texts if key.rpartition("@")[0] == name]
    latest = max(((f, key) for f, key in again if f <= frame), default=None)
    return plan.texts[latest[1]] if latest is not None else plan.texts.get(name)


def ink(plan: ScenePlan, item: BoardItem, frame: int, backing: bool = False) -> Box:
    """Where an item's ink lies: a text's measured glyphs at its font, centred in its box (with
    `backing`, a Panel's or a Block's backing, inside the room its box keeps); a visual's box."""
    typeset = typeset_at(plan, item.name, frame)
    if typeset is None or item.font is None or item.parent is not None:
        return item.box
    if typeset.padding > 0:
        by = typeset.margin if backing else typeset.margin + typeset.padding
        return Box(item.box.x0 + by, item.box.y0 + by, item.box.x1 - by, item.box.y1 - by)
    w_pt, h_pt = measure(typeset.body)
    # drawn as the render draws it: its frame scaled to the box's width less the room it keeps
    # (a text a crowded board shrinks is scaled, not set again)
    scale = (item.box.width - 2 * typeset.inset) / w_pt
    return Box.around(*item.box.center, w_pt * scale, h_pt * scale)


def room(outer: Box, inner: Box) -> float:
    """The least room between `inner` and the box `outer` drawn around it (negative past it)."""
    return min(inner.x0 - outer.x0, inner.y0 - outer.y0, outer.x1 - inner.x1, outer.y1 - inner.y1)


def apart(a: Box, b: Box) -> float:
    """How far apart two boxes stand (0 where they touch or meet)."""
    return max(0.0, b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1)


def box_clearances(plan: ScenePlan) -> list[tuple[str, float]]:
    """Every box drawn around ink on every board, with the room it keeps (units): a ring's inner
    edge from the ink of what it rings, an emphasised text's box from its ink (a Panel's or a
    Block's backing keeps `panel_padding`, more than the clearance, by construction)."""
    emphasised = {c.object for c in plan.cues if isinstance(c.action, Emphasize)}
    found: list[tuple[str, float]] = []
    for board in plan.boards:
        items = {item.name: item for item in board.items if item.kind != "box"}
        for item in board.items:
            where = f"scene {plan.index} at {board.time:.2f} s: {item.kind} '{item.name}'"
            held = items.get(item.of or "")
            if held is not None and (held.font or MINIMUM) < MINIMUM - EPS:
                continue  # on a board `check` says cannot hold it legibly (a crowded board's grid)
            if held is not None and held.font is None and min(held.box.width, held.box.height) <= THIN:
                continue  # a picture too thin to lose the room (`placement._ringed`)
            if item.kind == "box" and held is not None and held.parent is None:
                inner = Box(*(v + d for v, d in zip(item.box, (RING_WIDTH, RING_WIDTH, -RING_WIDTH, -RING_WIDTH),
                                                    strict=True)))
                found.append((where, room(inner, ink(plan, held, board.frame, backing=True))))
            elif item.parent is None and item.name in emphasised and item.name in plan.texts:
                found.append((where, room(item.box, ink(plan, item, board.frame))))
    return found


def label_gaps(plan: ScenePlan) -> list[tuple[str, float]]:
    """For every label settled in a Figure or an Axes on every board, how far it stands from each
    mark, number and other text in it (legend entries, which their rows set, aside)."""
    found: list[tuple[str, float]] = []
    for board in plan.boards:
        inside = [item for item in board.items if item.parent is not None and item.kind != "box"]
        for a, b in combinations(inside, 2):
            if a.parent != b.parent or not ({a.kind, b.kind} & SETTLED) or "legend" in (a.kind, b.kind):
                continue
            found.append((f"scene {plan.index} at {board.time:.2f} s: {a.name} and {b.name}", apart(a.box, b.box)))
    return found
