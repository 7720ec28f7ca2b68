"""The rules every board of every plan keeps, read off `plan --json` alone (the public form of the
plan, as an outside audit reads it), so one checker holds generated lectures and real ones alike.

- inside: every item lies inside the safe area (the theme's margin, 5 % of each side);
- apart: no two items cover each other: top-level items, the texts in a figure (labels, legend
  entries, numbers) and anything drawn in one container against another not at all; a label or
  legend entry is not compared with the object it is `of`, nor a child with its own container;
  a Box action's ring (kind `box`) is compared as its object is at the top level, and not at all
  in a figure.
  Where two marks of one figure meet (strokes crossing, dots the lecture puts together) is the
  lecture's drawing, not the layout's, and is not compared (the outside audit holds our own
  lectures' strokes, listed as boxes along them, `piece`, to a sliver); in a Figure or Axes the
  board cannot hold at a legible size (`check` says so) its texts may meet what is drawn in it;
- legible: every text is set at the stated minimum font size or above, unless `check` warned
  that its board cannot hold it at a legible size (a warning that the layout found no legible
  place for it, though the board may hold it, does not excuse it: the least-area test did not
  prove the board too small);
- aspect: a visual keeps the width over height it is meant to;
- visible: a top-level picture (Figure, Axes, Image) is at least 0.3 of the content area's
  shorter side along its longer one (a table is seen when it is legible);
- one scale: on a board, the body texts (Panel, Block, Text) are at one size, the formulas (Math,
  Derivation) at the theme's ratio to it (no role below the minimum for the other's sake), and
  the tables at the table size times that scale (within the legible and the largest table size)
  (`scale_faults`);
- balanced: what is in the content area is centred in it as a group, and while any text on the
  board is below its role's full size, no band of the content area wider than a quarter of it
  (a strip across its whole height, or its whole width) is empty (`balance_faults`);
- calm: nothing moves by less than the layout's smallest move (`placement.MOVED`), and the
  layout moves an object only when what is on the board has changed since it last moved, or
  is about to (an arrival within the settle time, which the layout lays out together).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import combinations
from typing import Any

from lecturekit.plan.durations import LEAVE
from lecturekit.plan.placement import LABEL_REACH, MOVED, SETTLE
from lecturekit.plan.timeline import RELAYOUT
from lecturekit.theme import THEME

SAFE = THEME.board.margin
#: Top-level items and texts in a figure may share at most this much (rounding of the printed boxes).
TOUCH = 1e-5
#: The kind of a Box action's ring, listed `of` the object it is drawn around.
RING = "box"
#: Kinds of the texts drawn in a figure.
FIGURE_TEXTS = {"label", "legend", "ticks"}
MIN_FONT = THEME.sizes.minimum
#: A picture's longer side, as a share of the safe area's shorter side (the content area under a
#: heading is a little smaller than the safe area, so this is a little below the layout's 0.3).
MIN_VISIBLE = 0.27
PICTURES = {"Figure", "Axes", "Image"}
#: Kinds that set text, and so must say the font they are set at.
TEXTS = {"label", "legend", "ticks", "Title", "Heading", "Text", "Math", "Derivation", "Block", "Panel", "Table"}
VISUALS = {"Figure", "Axes", "Image", "Table"}
WIDTH, HEIGHT = THEME.board.width, THEME.board.height


def _cover(a: list[float], b: list[float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _related(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """One stroke's pieces, a label and what it labels, a child and its container (a ring counts
    as the object it is drawn around)."""
    a_name, b_name = (it["of"] if it["kind"] == RING else it["name"] for it in (a, b))
    return (a_name == b_name or a.get("of") == b_name or b.get("of") == a_name
            or a.get("parent") == b_name or b.get("parent") == a_name)


#: The plan's boxes are rounded to this share of the board (`plan/export.py`), each side.
ROUNDED = 1e-5


def board_faults(items: list[dict[str, Any]], unfit: frozenset[str] = frozenset()) -> list[str]:
    """What breaks the rules on one board (`unfit`: what `check` said a board cannot hold legibly)."""
    faults = scale_faults(items, unfit)
    lo, hi = SAFE - 1e-3, 1 - SAFE + 1e-3
    for it in items:
        x0, y0, x1, y1 = it["bbox"]
        if x0 < lo or y0 < lo or x1 > hi or y1 > hi:
            faults.append(f"{it['name']} outside the safe area {it['bbox']}")
        if it["kind"] in TEXTS:
            if "font" not in it:
                faults.append(f"{it['name']} ({it['kind']}) does not say its font")
            elif it["font"] < MIN_FONT - 1e-6 and it["name"] not in unfit:
                faults.append(f"{it['name']} set at {it['font']} < {MIN_FONT}")
        if it["kind"] in VISUALS and it.get("parent") is None:
            w, h = (x1 - x0) * WIDTH, (y1 - y0) * HEIGHT
            if "aspect" not in it:
                faults.append(f"{it['name']} ({it['kind']}) does not say its aspect")
            # within 2%, or within what the plan's rounding (1e-5 of the board) leaves of a sliver's
            elif h > 0 and abs(w / h / it["aspect"] - 1) > 0.02 + ROUNDED / (x1 - x0) + ROUNDED / (y1 - y0):
                faults.append(f"{it['name']} drawn at {w / h:.3f}, meant {it['aspect']}")
            shorter = min(WIDTH, HEIGHT) * (1 - 2 * SAFE)
            if it["kind"] in PICTURES and max(w, h) < MIN_VISIBLE * shorter and it["name"] not in unfit:
                faults.append(f"{it['name']} is too small to see: {it['bbox']}")
    for a, b in combinations(items, 2):
        if _related(a, b):
            continue
        together = a.get("parent") is not None and a.get("parent") == b.get("parent")
        if together and RING in (a["kind"], b["kind"]):
            continue  # a ring around a mark is the lecture's drawing, as marks that meet are
        strict = not together or a["kind"] in FIGURE_TEXTS or b["kind"] in FIGURE_TEXTS
        if together and a["parent"] in unfit:
            continue  # too small to hold its texts clear, as check said
        if strict and _cover(a["bbox"], b["bbox"]) > TOUCH:
            faults.append(f"{a['name']} overlaps {b['name']} ({_cover(a['bbox'], b['bbox']):.4f})")
    return faults


def _top(items: Iterable[dict[str, Any]]) -> dict[str, list[float]]:
    """The top-level objects (a ring goes where its object goes)."""
    return {it["name"]: it["bbox"] for it in items if it.get("parent") is None and it["kind"] != RING}


def _content(items: Iterable[dict[str, Any]]) -> set[str]:
    """The top-level objects of the content area: not a heading or a title card (nor a ring)."""
    return {it["name"] for it in items if it.get("parent") is None and it["kind"] not in ("Heading", "Title", RING)}


def _seen(items: list[dict[str, Any]]) -> set[str]:
    """The content area's objects, and what is drawn in them where it stands out of them
    (`_standing_out`): a container's room is kept for its labels to come, as a board's for texts."""
    return _content(items) | set(_standing_out(items))


def _standing_out(items: list[dict[str, Any]]) -> dict[str, list[float]]:
    """What is drawn in a Figure or an Axes of the content area where it stands out of it by more
    than the reach a label has beside its container (`placement.LABEL_REACH`), by name: as much of
    its box as stands out beyond that reach, with the container's box."""
    places = {i["name"]: i["bbox"] for i in items if i["name"] in _content(items)}
    dx, dy = LABEL_REACH * THEME.board.gap / WIDTH, LABEL_REACH * THEME.board.gap / HEIGHT
    found = {}
    for item in items:
        if (p := places.get(item.get("parent"))) is not None:
            b = item["bbox"]
            seen = [min(b[0] + dx, p[0]), min(b[1] + dy, p[1]), max(b[2] - dx, p[2]), max(b[3] - dy, p[3])]
            if seen != p:
                found[f"{item['name']}#{item.get('piece')}"] = seen
    return found


def moves_faults(scene: dict[str, Any]) -> list[str]:
    """Jitter, and layout moves with no top-level object shown or hidden since the frame the
    object last moved (or arrived) on, that frame included (a visit shown and hidden at once
    moves the board twice), and none about to be (within SETTLE)."""
    faults = []
    lecture_moves = {(c["object"], c["frame"]) for c in scene["cues"]
                     if " moves" in c["action"] and RELAYOUT not in c["action"]}
    fps = scene["frames"] / scene["duration"] if scene["duration"] else 1
    # a child is drawn in its container: what is never listed as one (even if no board shows it:
    # shown and hidden at once) comes or goes at the top level
    children = {i["name"] for b in scene["boards"] for i in b["items"] if i.get("parent") is not None}
    comings = sorted(c["frame"] for c in scene["cues"] if c["object"] not in children
                     and (" is shown" in c["action"] or " is hidden" in c["action"]))
    settle = round(SETTLE * fps)
    since: dict[str, int] = {}  # the frame each object last moved or arrived on
    before: dict[str, list[float]] = {}
    for board in scene["boards"]:
        top, now, frame = _top(board["items"]), board["time"], round(board["time"] * fps)
        for name, box in top.items():
            old = before.get(name)
            if old is None or old == box:
                since.setdefault(name, frame)
                continue
            step = max(abs(p - q) * side for p, q, side in zip(old, box, (WIDTH, HEIGHT) * 2, strict=True))
            if step < MOVED:
                faults.append(f"{name} jitters by {step:.3f} units at {now:.2f} s")
            elif (name, frame) not in lecture_moves and not any(since[name] <= f <= frame + settle for f in comings):
                faults.append(f"{name} moves at {now:.2f} s though the board did not change")
            since[name] = frame
        for name in set(since) - set(top):
            del since[name]
        before = top
    return faults


def unfit_in(warnings: Iterable[str]) -> frozenset[str]:
    """The objects `check`'s warnings say a board cannot hold at a legible size."""
    found = (re.search(r"cannot hold (.+?)(?: and \d+ more)? at a legible size", w) for w in warnings)
    return frozenset(name for m in found if m for name in m.group(1).split(", "))


def plan_faults(plan: dict[str, Any], warnings: Iterable[str] = ()) -> list[str]:
    """Every fault of every board of a printed plan, as `scene N t=T: what`; `warnings` are the
    messages `check` gave (what it said a board cannot hold legibly may be set small)."""
    unfit = unfit_in(warnings)
    faults = []
    for scene in plan["scenes"]:
        for board in scene["boards"]:
            at = f"scene {scene['index']} t={board['time']:.2f}"
            faults += [f"{at}: {f}" for f in board_faults(board["items"], unfit)]
        faults += [f"scene {scene['index']}: {f}" for f in moves_faults(scene)]
    return faults


BODY = {"Panel", "Block", "Text"}
FORMULAS = {"Math", "Derivation"}
#: Each role's full size, by kind.
FULL = {**dict.fromkeys(BODY, THEME.sizes.body), **dict.fromkeys(FORMULAS, THEME.sizes.math),
        "Table": THEME.sizes.table}
#: A group is centred when its middle is this close to the content area's (a share of the board).
CENTRED = 0.01
#: The widest empty band of the content area, as a share of it, while a text is below full size.
BAND = 0.25


def scale_faults(items: list[dict[str, Any]], unfit: frozenset[str] = frozenset()) -> list[str]:
    """One size per role on one board: the board's one type scale s sets body texts at
    max(minimum, body x s) and formulas at max(minimum, math x s), so formulas keep the theme's
    ratio to the body above the minimum, and no role goes below it for the other's sake; tables
    at the table size times the board's scale (within the legible and largest sizes), or smaller
    where a table spans the content area (too large for it at that scale), but a table `check`
    said the board cannot hold legibly (`unfit`)."""
    sizes = THEME.sizes
    top = [i for i in items if i.get("parent") is None]
    body = {round(i["font"], 6) for i in top if i["kind"] in BODY}
    formulas = {round(i["font"], 6) for i in top if i["kind"] in FORMULAS}
    faults = []
    if len(body) > 1 or len(formulas) > 1 or (body and formulas and not _one_scale(min(body), min(formulas))):
        faults.append(f"body {sorted(body)}, formulas {sorted(formulas)}: not one scale")
    tables = {round(i["font"], 3) for i in top if i["kind"] == "Table" and i["name"] not in unfit}
    spans = any(i["kind"] == "Table" and _spans(i, content_area(items)) for i in top)
    if tables and (body or formulas):
        scale = min([b / sizes.body for b in body] + [f / sizes.math for f in formulas])
        wanted = round(min(sizes.math, max(sizes.minimum, sizes.table * scale)), 3)
        if len(tables) > 1 or (min(tables) != wanted and not (spans and min(tables) < wanted)):
            faults.append(f"tables at {sorted(tables)}, the board's scale sets {wanted}")
    return faults


def _one_scale(body: float, formula: float) -> bool:
    """Whether one scale s sets the body at `body` = max(minimum, body size x s) and formulas at
    `formula` = max(minimum, math size x s)."""
    sizes, close = THEME.sizes, 1e-4
    if body < sizes.minimum - close:  # a crowded board: the body below the minimum, formulas with it
        return abs(formula - sizes.math * body / sizes.body) < close
    if body > sizes.minimum + close:  # the body fixes the scale
        return abs(formula - max(sizes.minimum, sizes.math * body / sizes.body)) < close
    # the body at the minimum: any scale up to the minimum's for the body
    return sizes.minimum - close <= formula <= sizes.math * sizes.minimum / sizes.body + close


def content_area(items: list[dict[str, Any]], headed: bool = False) -> list[float]:
    """The content area of a board (as the plan's boxes, shares of the board, y down): the safe
    area under the heading band (where the board holds a heading, or is `headed`: laid out for
    one to come), or under a title card above content."""
    board = THEME.board
    top = SAFE
    if headed or any(i["kind"] == "Heading" for i in items):
        top = SAFE + (board.heading_band + board.gap * 0.5) / HEIGHT
    for title in (i for i in items if i["kind"] == "Title" and i.get("parent") is None):
        top = max(top, title["bbox"][3] + board.gap / HEIGHT)
    return [SAFE, top, 1 - SAFE, 1 - SAFE]


def _widest_gap(spans: list[tuple[float, float]], lo: float, hi: float) -> float:
    """The longest stretch of [lo, hi] no span covers."""
    widest, at = 0.0, lo
    for a, b in sorted(spans):
        widest = max(widest, a - at)
        at = max(at, b)
    return max(widest, hi - at)


def _spans(item: dict[str, Any], area: list[float]) -> bool:
    """Whether an item is as wide or as tall as the content area: room cannot make it larger."""
    x0, y0, x1, y1 = item["bbox"]
    return x1 - x0 > (area[2] - area[0]) * 0.99 or y1 - y0 > (area[3] - area[1]) * 0.99


def balance_faults(items: list[dict[str, Any]], unfit: frozenset[str] = frozenset(),
                   ringed: frozenset[str] = frozenset(), headed: bool = False) -> list[str]:
    """On a board `check` did not say cannot hold its objects legibly (`unfit`: it is past
    balancing, its objects drawn small wherever they fit), the content centred as a group in its
    area; and, while a text is below its role's full size (but one as wide or as tall as the area:
    room cannot make it larger), no empty band of the area wider than `BAND` of it, across or down.
    A visual the scene rings (`ringed`) counts with the room its ring is drawn in, which the layout
    keeps for it all its life, and a Figure or an Axes with what is drawn in it where that stands
    out of it by more than a label's reach (the layout keeps room for its texts, on the sides they
    take: `placement.room_for_texts`). A board `headed` is judged in the area under the heading band."""
    content = [i for i in items if i.get("parent") is None and i["kind"] not in ("Heading", "Title", RING)]
    if not content:
        return []
    x0, y0, x1, y1 = content_area(items, headed)
    reach = THEME.board.ring_reach
    boxes = [[b[0] - reach / WIDTH, b[1] - reach / HEIGHT, b[2] + reach / WIDTH, b[3] + reach / HEIGHT]
             if i["name"] in ringed and i["kind"] in VISUALS else b for i in content for b in [i["bbox"]]]
    boxes += _standing_out(items).values()  # seen with its container
    gx0, gy0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    gx1, gy1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    faults = []
    off = max(abs((gx0 + gx1) - (x0 + x1)) / 2, abs((gy0 + gy1) - (y0 + y1)) / 2)
    past = bool(unfit & {i["name"] for i in content})  # a board `check` says cannot hold: past balancing
    if off > CENTRED and not past:
        faults.append(f"the content is {off:.3f} off the middle of its area")
    small = [i["name"] for i in content if i["kind"] in FULL and i["font"] < FULL[i["kind"]] - 1e-6
             and not _spans(i, [x0, y0, x1, y1])]
    across = _widest_gap([(i["bbox"][0], i["bbox"][2]) for i in content], x0, x1) / (x1 - x0)
    down = _widest_gap([(i["bbox"][1], i["bbox"][3]) for i in content], y0, y1) / (y1 - y0)
    if small and max(across, down) > BAND and not past:
        faults.append(f"{', '.join(small)} below full size beside an empty band "
                      f"{max(across, down):.2f} of the content area {'across' if across >= down else 'down'}")
    return faults


def settled(scene: dict[str, Any]) -> list[dict[str, Any]]:
    """The boards of a scene as the layout leaves them, at their fullest: the top level then
    holds still for the settle time (or to the scene's end), and no later board holds all of it
    and more. A board between arrivals laid out together keeps room for what is still to come,
    one a departure leaves waits to be laid out again (it settles when it holds still for the
    settle time once the leaver has gone, `LEAVE` after it starts to go, the scene's end no
    sooner: so does one of arrivals laid out together before one of them left), and the texts of a
    board whose content grows are sized for its fullest (placement's `life`), a heading gone or
    come meanwhile or not, as a container's room is for the texts still to stand out of it
    (`_seen`). A board that ends where the
    lecture moves an object is laid out again by that move (it carries the layout's, so the
    lecture's cue changes the picture): the board after it is the settled one."""
    boards = scene["boards"]
    moves = [c["time"] for c in scene["cues"] if c["action"].endswith(" moves to a new place on the board.")]
    hides = [c["time"] for c in scene["cues"] if " is hidden from the screen" in c["action"]]
    found = []
    for k, board in enumerate(boards):
        top = _top(board["items"])
        later = next((b["time"] for b in boards[k + 1:] if _top(b["items"]) != top), None)
        grows = any(_seen(board["items"]) < _seen(b["items"]) for b in boards[k + 1:])
        moved = later is not None and any(abs(t - later) < 0.1 for t in moves)
        # a departure (at the board's frame or before) has the board laid out again only if it then
        # holds still for SETTLE once the leaver has gone, the scene's end no sooner
        end = later if later is not None else scene["duration"]
        waits = any(t <= board["time"] + 0.1 and end < t + LEAVE + SETTLE - 1e-6 for t in hides)
        holds = later is None or later - board["time"] >= SETTLE - 1e-6
        if holds and not waits and not grows and not moved:
            found.append(board)
    return found


def unbalanced(plan: dict[str, Any], warnings: Iterable[str] = ()) -> list[str]:
    """Every settled board (`settled`) breaking balance, as `scene N t=T: what` (`warnings`: what
    `check` said, as for `plan_faults`, which holds every board to the other rules, one scale
    per role among them)."""
    faults = []
    unfit = unfit_in(warnings)
    for scene in plan["scenes"]:
        ringed = frozenset(m.group(1) for c in scene["cues"]
                           if (m := re.match(r"A box is drawn around (\S+?)\.?$", c["action"])))
        for board in settled(scene):
            faults += [f"scene {scene['index']} t={board['time']:.2f}: {f}"
                       for f in balance_faults(board["items"] + _to_come(scene, board), unfit, ringed)]
    return faults


def _to_come(scene: dict[str, Any], board: dict[str, Any]) -> list[dict[str, Any]]:
    """The heading or title card the next board adds where this board was laid out for it: that
    board keeps every place of this one (a lecture's move carried the layout's ahead of it,
    `placement._Placer.move_to`), so this one is judged in the content area under it."""
    top = _top(board["items"])
    later = next((b for b in scene["boards"] if b["time"] > board["time"] and _top(b["items"]) != top), None)
    if later is None:
        return []
    now = _top(later["items"])
    if not all(now.get(n) == box for n, box in top.items()):
        return []
    return [i for i in later["items"] if i.get("parent") is None and i["kind"] in ("Heading", "Title")
            and i["name"] not in top]
