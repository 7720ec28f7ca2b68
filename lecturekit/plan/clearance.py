"""How much room the boxes and labels of a planned board keep (pure data: the plan and Typst's
measurements, no rendering); what `lecturekit audit` reports, and what the tests hold to the theme.

Every box drawn around ink keeps the board's `clearance` from it: a Box action's ring (inside its
stroke), a Panel's or a Block's backing, an emphasised text's box (where its highlight goes) and
a Table's header rule. A text's ink is where the render puts it: Typst's frame (set to the glyphs'
own bounds, subscripts, descenders and accents included: `typst.document`) scaled to its box's
width less the room it keeps (`Typeset.inset`) and centred; a table cell's, its measured frame at
the table's scale. A visual's ink is its box. Every label settled in a Figure or an Axes keeps
the board's `label_gap` from each mark, number and other text in it.

Three cases of boxes and labels are measured but `exempt` (the reason given): a box around a text on a board that
cannot hold it at the minimum size (`check` warns of it: a crowded board's grid sets boxes tight;
the audit asks it still where the board is proven overfull, `SMALL`);
a ring around a picture or a table too thin to lose the room on that side (`placement._ringed`); a label for
which no place in the safe area keeps the gap and stays off the places the scene's other objects
take during its container's stay (`settle.Settled.crowded`), which the plan warns of
(`crowded_labels`). A Figure's or an Axes' own label is set in its title band, not settled, and its
distance from the marks is measured but not asked (`TITLE`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import combinations

from lecturekit.boxes import Box
from lecturekit.kinds import Role, kind_def
from lecturekit.plan.measure import measure
from lecturekit.plan.placement import clock
from lecturekit.plan.scene_plan import Board, BoardItem, ScenePlan, reflowed
from lecturekit.plan.typeset import PT, Typeset
from lecturekit.syntax.nodes import Emphasize, Move, Show

#: Kinds set in a Figure or an Axes that settle where they are clear (`plan.settle`).
SETTLED = frozenset({"label", "Math", "Text"})
#: A ring around a picture with a side shorter than this many ring reaches keeps its length on it.
THIN = 4
#: Rounding a printed box may cost (units).
EPS = 1e-6


@dataclass(frozen=True)
class Room:
    """How much room (units) the box or label `what` keeps on a board from the ink or the mark
    nearest it; `exempt` says why a rule does not ask it of this one, else is empty."""

    what: str
    amount: float
    exempt: str = ""
    #: Where a stroke or a card's edge is painted round the ink (a ring, a backing), the board
    #: item that draws it and that edge: what `render.painted_audit` measures on the pixels.
    drawn_by: str = ""
    edge: Box | None = None


def box_clearances(plan: ScenePlan, board: Board) -> list[Room]:
    """Every box drawn around ink on `board`, with the least room it keeps from that ink."""
    theme = plan.theme.board
    emphasised = {c.object for c in plan.cues if isinstance(c.action, Emphasize)}
    items = {item.name: item for item in board.items if item.kind != "box"}
    found: list[Room] = []
    for item in board.items:
        held = items.get(item.of or "") if item.kind == "box" else None
        if held is not None and held.parent is None:
            stroke = theme.ring_width
            inner = Box(item.box.x0 + stroke, item.box.y0 + stroke, item.box.x1 - stroke, item.box.y1 - stroke)
            found.append(Room(f"ring around '{held.name}'", _room(inner, _ink(plan, held, board.frame)),
                              _exempt(plan, held), item.name, item.box))
        elif item.parent is None and item.font is not None and item.kind != "box":
            typeset = typeset_at(plan, item.name, board.frame)
            if typeset is None:
                continue
            if typeset.padding > 0:
                backing = _inset(item.box, typeset.margin)
                found.append(Room(f"backing of '{item.name}'", _room(backing, _ink(plan, item, board.frame)),
                                  _exempt(plan, item), item.name, backing))
            if item.name in emphasised:
                found.append(Room(f"highlight of '{item.name}'", _room(item.box, _ink(plan, item, board.frame)),
                                  _exempt(plan, item)))
        if item.parent is None and item.name in plan.tables and item.kind == "Table":
            found += _table_rule(plan, item)
    return found


def label_gaps(board: Board) -> list[Room]:
    """For every label settled in a Figure or an Axes on `board`, how far it stands from each
    mark, number and other text in it (legend entries, which their rows set, aside)."""
    inside = [item for item in board.items if item.parent is not None and item.kind != "box"]
    return [Room(f"'{a.name}' and '{b.name}'", _apart(a.box, b.box), _label_exempt(a, b))
            for a, b in combinations(inside, 2)
            if a.parent == b.parent and {a.kind, b.kind} & SETTLED and "legend" not in (a.kind, b.kind)]


#: Why a label's gap is not asked (`Room.exempt`): no place on the board keeps it (`crowded_labels`).
CROWDED = "no place on the board keeps the gap"
#: ... or it is a Figure's or an Axes' own label, set in its title band, not settled.
TITLE = "the container's own label, set in its title band"


def _label_exempt(a: BoardItem, b: BoardItem) -> str:
    if a.crowded or b.crowded:
        return CROWDED
    return TITLE if any(item.kind == "label" and item.of == item.parent for item in (a, b)) else ""


def crowded_labels(plan: ScenePlan) -> tuple[str, ...]:
    """A warning for each label the rule's exception covers (`settle.Settled.crowded`), naming it,
    its container and the first board it stands on by the lecture's clock."""
    first: dict[tuple[str, str], float] = {}
    for board in plan.boards:
        for item in board.items:
            if item.crowded and item.parent is not None:
                first.setdefault((item.of or item.name, item.parent), board.time)
    gap = plan.theme.board.label_gap
    return tuple(f"board at {clock(plan.start + t)}: the label of '{of}' in '{parent}' has no place on the board "
                 f"{gap} units clear of the marks and labels beside it; it is drawn where it meets them least"
                 for (of, parent), t in first.items())


def least(rooms: Iterable[Room]) -> Room | None:
    """The room that keeps least of those a rule asks (None where there is none)."""
    return min((r for r in rooms if not r.exempt), key=lambda r: r.amount, default=None)


def typeset_at(plan: ScenePlan, name: str, frame: int) -> Typeset | None:
    """A text's typesetting as the render draws it at `frame` (`render.stage`): set anew where a
    move or a show by then says so (`reflowed`), else a move keeps what was drawn and a show draws
    it as first set."""
    first = current = plan.texts.get(name)
    for cue in plan.cues:
        if cue.frame <= frame and cue.object == name and isinstance(cue.action, Move | Show):
            current = plan.texts.get(reflowed(name, cue.frame), first if isinstance(cue.action, Show) else current)
    return current


def _ink(plan: ScenePlan, item: BoardItem, frame: int) -> Box:
    """Where a top-level item's ink lies: a text's measured frame as the render fits it into its
    box (`builders.text_object`); a visual's box."""
    typeset = typeset_at(plan, item.name, frame)
    if typeset is None or item.font is None:
        return item.box
    w_pt, h_pt = measure(typeset.body)
    if w_pt <= 0:
        return Box.around(*item.box.center, 0.0, 0.0)
    scale = (item.box.width - 2 * typeset.inset) / w_pt
    return Box.around(*item.box.center, w_pt * scale, h_pt * scale)


def _table_rule(plan: ScenePlan, item: BoardItem) -> list[Room]:
    """The room between a Table's header rule and the ink of the cells above and below it, as
    `builders.tabulate` draws them."""
    spec = plan.objects[item.name]
    metrics = plan.tables[item.name]
    if not getattr(spec, "header", False) or len(metrics.rows) < 2 or metrics.width <= 0:
        return []
    scale = item.box.width / metrics.width
    above = (metrics.rows[0] + 2 * metrics.pad_y) * scale
    below = (metrics.rows[1] + 2 * metrics.pad_y) * scale
    # a cell's ink is centred in its row: the room to the rule is half the row less half the ink
    inks = [(measure(cell)[1] * metrics.font * PT * scale, row) for row, r in ((above, 0), (below, 1))
            for cell in metrics.cells[r] if cell]
    if not inks:
        return []
    return [Room(f"header rule of '{item.name}'", min((row - ink) / 2 for ink, row in inks),
                 _exempt(plan, item))]


#: Why a box around a text is not asked its clearance (`Room.exempt`): the text is set below the
#: minimum. The audit asks it still on a board proven to hold more than it can (`audit.overfull`).
SMALL = "a board that cannot hold it at the minimum size"


def _exempt(plan: ScenePlan, item: BoardItem) -> str:
    theme = plan.theme
    if item.font is not None and item.font < theme.sizes.minimum - EPS:
        return SMALL
    visual = item.parent is None and kind_def(plan.objects[item.name].kind).role is Role.VISUAL
    if visual and min(item.box.width, item.box.height) <= THIN * theme.board.ring_reach:
        return "a picture or table too thin to lose the room"
    return ""


def _room(outer: Box, inner: Box) -> float:
    """The least room between `inner` and the box `outer` drawn around it (negative past it)."""
    return min(inner.x0 - outer.x0, inner.y0 - outer.y0, outer.x1 - inner.x1, outer.y1 - inner.y1)


def _apart(a: Box, b: Box) -> float:
    """How far apart two boxes stand (0 where they touch or meet)."""
    return max(0.0, b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1)


def _inset(box: Box, by: float) -> Box:
    return Box(box.x0 + by, box.y0 + by, box.x1 - by, box.y1 - by)
