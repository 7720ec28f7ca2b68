"""A lecture's plan as `plan` prints it: JSON (`plan --json`) or lines for a person."""

from __future__ import annotations

from typing import Any

from lecturekit.boxes import Box
from lecturekit.plan.clearance import crowded_labels
from lecturekit.plan.items import BoardItem
from lecturekit.plan.scene_plan import LecturePlan
from lecturekit.theme import THEME, Theme


def to_fraction(box: Box, theme: Theme = THEME) -> list[float]:
    """A box as [x0, y0, x1, y1] fractions of the frame from its top-left corner."""
    w, h = theme.board.width, theme.board.height
    return [round((box.x0 + w / 2) / w, 5), round((h / 2 - box.y1) / h, 5),
            round((box.x1 + w / 2) / w, 5), round((h / 2 - box.y0) / h, 5)]


def as_json(plan: LecturePlan) -> dict[str, Any]:
    return {
        "fps": plan.fps,
        "scenes": [
            {
                "index": s.index,
                "title": s.title,
                "duration": round(s.end - s.start, 6),
                "frames": s.frames,
                "cues": [
                    {"time": round(c.time, 6), "frame": c.frame, "duration": round(c.frames / s.fps, 6),
                     "object": c.object, "action": c.text}
                    for c in s.cues
                ],
                "boards": [
                    {"time": round(b.time, 6),
                     "items": [_item_json(i, s.theme) for i in b.items]}
                    for b in s.boards
                ],
                "warnings": [*s.warnings, *crowded_labels(s)],
            }
            for s in plan.scenes
        ],
    }


def _item_json(item: BoardItem, theme: Theme) -> dict[str, Any]:
    found: dict[str, Any] = {"name": item.name, "kind": item.kind, "bbox": to_fraction(item.box, theme),
                             "parent": item.parent}
    for key in ("of", "font", "aspect", "piece"):
        value = getattr(item, key)
        if value is not None:
            found[key] = round(value, 5) if isinstance(value, float) else value
    if item.against:
        found["against"] = list(item.against)
    return found


def describe(plan: LecturePlan) -> str:
    """The plan for a person: each scene's cues with their frames, then its boards."""
    lines = [f"{plan.title} at {plan.fps} fps"]
    for s in plan.scenes:
        lines.append(f"\n{s.index}. {s.title}: {s.end - s.start:.3f} s, {s.frames} frames")
        for c in s.cues:
            lines.append(f"  {c.time:9.3f} s  frame {c.frame:6d}  +{c.frames / s.fps:5.2f} s  {c.text}")
        for b in s.boards:
            names = ", ".join(i.name for i in b.items) or "(empty)"
            lines.append(f"  board at {b.time:9.3f} s: {names}")
        lines += [f"  warning: {w}" for w in (*s.warnings, *crowded_labels(s))]
    return "\n".join(lines)
