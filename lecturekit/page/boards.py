"""The board as text: at every change of a scene's board, what stands on it (headings, texts, the
rows of a table and the lines of a derivation shown so far, formulas as MathML with their linear
reading, and a sentence for each visual), timed in the joined video. The page shows the state at
the playhead and searches them all."""

from __future__ import annotations

from typing import Any

from lecturekit.describe import derivation_lines, sentence, spoken
from lecturekit.kinds import DerivationSpec, TableSpec, kind_def
from lecturekit.page.mathml import mathml
from lecturekit.plan.items import BoardItem
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.plan.timeline import variable_values
from lecturekit.syntax.nodes import Hide, Kind, Show, Spec
from lecturekit.typst.source import inline_math

#: Kinds whose text is a formula.
_FORMULAS = (Kind.MATH,)


def listed(items: tuple[BoardItem, ...]) -> list[str]:
    """The objects a board state lists, in the plan's order: each drawn object once, without the
    labels, legends, numbers and rings that belong to another (its sentence says its label)."""
    return list(dict.fromkeys(i.name for i in items if i.of is None and i.kind != "box"))


def _formula(source: str, inline: bool = False, with_mathml: bool = True) -> dict[str, Any]:
    reading = spoken(source, math=True)
    return {"text": reading, "mathml": mathml(source, reading, inline) if with_mathml else None}


def prose_parts(text: str, with_mathml: bool = True) -> list[dict[str, Any]]:
    """Prose as runs of its words and its inline formulas (each as `_formula` gives it)."""
    parts: list[dict[str, Any]] = []
    pos = 0
    for opening, closing in inline_math(text):
        if text[pos:opening]:
            parts.append({"text": text[pos:opening]})
        parts.append(_formula(text[opening + 1:closing], True, with_mathml))
        pos = closing + 1
    if text[pos:]:
        parts.append({"text": text[pos:]})
    return parts


def _item(spec: Spec, shown: int, env: dict[str, float], with_mathml: bool) -> dict[str, Any] | None:
    """One object as the page lists it (`shown`: how many of a table's rows or a derivation's
    lines are up)."""
    found: dict[str, Any] = {"object": spec.name, "kind": spec.kind.value}
    if isinstance(spec, TableSpec):
        rows = [[spoken(cell) for cell in row] for row in spec.cells[:max(shown, 1)]]
        return found | {"rows": rows, "text": "; ".join(", ".join(row) for row in rows)}
    if isinstance(spec, DerivationSpec):
        lines = [_formula(line, False, with_mathml) for line in derivation_lines(spec.text or "")[:max(shown, 1)]]
        return found | {"lines": lines, "text": "; ".join(line["text"] for line in lines)}
    if spec.kind in _FORMULAS and spec.text:
        return found | _formula(spec.text, False, with_mathml)
    style = kind_def(spec.kind).text
    if style is not None and style.prose and spec.text:
        parts = prose_parts(spec.text, with_mathml)
        return found | {"text": spoken(spec.text)} | ({"parts": parts} if any("mathml" in p for p in parts) else {})
    said = sentence(spec, env, 0)
    return None if said is None else found | {"text": said}


def board_states(plan: ScenePlan, offset: float, with_mathml: bool = True) -> list[dict[str, Any]]:
    """The scene's board states in the joined video (`offset`: where the scene starts in it): one
    at its start and one at each frame where what stands on the board changes; without
    `with_mathml`, formulas are their linear reading alone (`mathml` None), and nothing is compiled."""
    drawn = [c for c in plan.cues if c.object in plan.objects]
    frames = sorted({0} | {b.frame for b in plan.boards}
                    | {c.frame for c in drawn if isinstance(c.action, Show | Hide)})
    states: list[dict[str, Any]] = []
    for frame in frames:
        steps: dict[str, int] = {}
        for cue in drawn:
            if cue.frame > frame:
                break
            if isinstance(cue.action, Show):
                steps[cue.object] = steps.get(cue.object, 0) + 1
            elif isinstance(cue.action, Hide):
                steps.pop(cue.object, None)
        env = variable_values(plan.cues, dict(plan.initial_values), frame)
        items = [found for name in listed(plan.items_at(frame))
                 if (found := _item(plan.objects[name], steps.get(name, 0), env, with_mathml)) is not None]
        if not states or states[-1]["items"] != items:
            states.append({"time": round(offset + frame / plan.fps, 3), "frame": frame, "scene": plan.index,
                           "items": items})
    return states
