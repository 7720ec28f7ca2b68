"""The rules every board of every plan keeps, read off `plan --json` alone (the public form of the
plan, as an outside audit reads it), so one checker holds generated lectures and real ones alike.

- inside: every item lies inside the safe area (4 % of the frame on every side);
- apart: no two items drawn in the same place (top level, or one Figure/Axes) cover each other by
  more than a sliver, boxes of one mark's stroke (`piece`) aside, and a label or legend entry
  aside from the object it is `of`; top-level items do not touch at all;
- legible: every text is set at the stated minimum font size or above, unless `check` warned that
  this board is too full;
- aspect: a visual keeps the width over height it is meant to;
- visible: a top-level visual is at least a fifth of the content area in its longer direction;
- calm: nothing moves by less than a visible step, and the layout moves an object again only
  after the board's membership has changed since its last move.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

from lecturekit.plan.timeline import RELAYOUT
from lecturekit.theme import THEME

SAFE = THEME.frame.margin
#: Largest cover of one child by another, as a fraction of the frame (the outside audit's bound).
SLIVER = 0.002
#: Top-level items may share at most this much (rounding of the printed boxes).
TOUCH = 1e-5
#: A move smaller than this (fraction of the frame) is jitter.
STEP = 0.01
MIN_FONT = THEME.sizes.minimum
MIN_VISIBLE = 0.2
#: Kinds that set text, and so must say the font they are set at.
TEXTS = {"label", "legend", "ticks", "Title", "Heading", "Text", "Math", "Derivation", "Block", "Panel", "Table"}
VISUALS = {"Figure", "Axes", "Image", "Table"}
WIDTH, HEIGHT = THEME.frame.width, THEME.frame.height


def _cover(a: list[float], b: list[float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _related(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return a["name"] == b["name"] or a.get("of") == b["name"] or b.get("of") == a["name"]


def board_faults(items: list[dict[str, Any]], crowded: bool = False) -> list[str]:
    """What breaks the rules on one board (`crowded`: check warned it cannot hold it all)."""
    faults = []
    lo, hi = SAFE - 1e-3, 1 - SAFE + 1e-3
    for it in items:
        x0, y0, x1, y1 = it["bbox"]
        if x0 < lo or y0 < lo or x1 > hi or y1 > hi:
            faults.append(f"{it['name']} outside the safe area {it['bbox']}")
        if it["kind"] in TEXTS:
            if "font" not in it:
                faults.append(f"{it['name']} ({it['kind']}) does not say its font")
            elif it["font"] < MIN_FONT - 1e-6 and not crowded:
                faults.append(f"{it['name']} set at {it['font']} < {MIN_FONT}")
        if it["kind"] in VISUALS and it.get("parent") is None:
            w, h = (x1 - x0) * WIDTH, (y1 - y0) * HEIGHT
            if "aspect" not in it:
                faults.append(f"{it['name']} ({it['kind']}) does not say its aspect")
            elif h > 0 and abs(w / h / it["aspect"] - 1) > 0.02:
                faults.append(f"{it['name']} drawn at {w / h:.3f}, meant {it['aspect']}")
            if max((x1 - x0) / (1 - 2 * SAFE), (y1 - y0) / (1 - 2 * SAFE)) < MIN_VISIBLE and not crowded:
                faults.append(f"{it['name']} is too small to see: {it['bbox']}")
    for a, b in combinations(items, 2):
        if a.get("parent") != b.get("parent") or _related(a, b):
            continue
        bound = TOUCH if a.get("parent") is None else SLIVER
        if _cover(a["bbox"], b["bbox"]) > bound:
            faults.append(f"{a['name']} overlaps {b['name']} ({_cover(a['bbox'], b['bbox']):.4f})")
    return faults


def _top(items: Iterable[dict[str, Any]]) -> dict[str, list[float]]:
    return {it["name"]: it["bbox"] for it in items if it.get("parent") is None}


def moves_faults(scene: dict[str, Any]) -> list[str]:
    """Jitter, and layout moves with nothing on the board changed since the object last moved."""
    faults = []
    lecture_moves = {(c["object"], c["frame"]) for c in scene["cues"]
                     if " moves" in c["action"] and RELAYOUT not in c["action"]}
    fps = scene["frames"] / scene["duration"] if scene["duration"] else 1
    last_set: dict[str, frozenset[str]] = {}
    before: dict[str, list[float]] = {}
    for board in scene["boards"]:
        top = _top(board["items"])
        names = frozenset(top)
        for name, box in top.items():
            old = before.get(name)
            if old is None or old == box:
                last_set.setdefault(name, names)
                continue
            step = max(abs(p - q) for p, q in zip(old, box, strict=True))
            frame = round(board["time"] * fps)
            if step < STEP:
                faults.append(f"{name} jitters by {step:.4f} at {board['time']:.2f} s")
            elif (name, frame) not in lecture_moves and last_set.get(name) == names:
                faults.append(f"{name} moves at {board['time']:.2f} s though the board did not change")
            last_set[name] = names
        for name in list(last_set):
            if name not in top:
                del last_set[name]
        before = top
    return faults


def plan_faults(plan: dict[str, Any], crowded: Iterable[str] = ()) -> list[str]:
    """Every fault of every board of a printed plan, as `scene N t=T: what`; `crowded` holds the
    warnings `check` gave (a scene it said is too full may set text small there)."""
    said = " ".join(crowded)
    faults = []
    for scene in plan["scenes"]:
        full = f"scene {scene['index']}" in said and "does not fit" in said
        for board in scene["boards"]:
            faults += [f"scene {scene['index']} t={board['time']:.2f}: {f}" for f in board_faults(board["items"], full)]
        faults += [f"scene {scene['index']}: {f}" for f in moves_faults(scene)]
    return faults
