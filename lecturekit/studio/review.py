"""What the studio page shows, as plain JSON-ready data: each scene's beats, cues, captions,
warnings, boards and their audit. Built from what the other commands use (`read`, `plan_scenes`,
the plan's `as_json` boards, the `check` diagnostics, `lecturekit audit`'s figures), never by
working out anything of its own: the boxes are the plan's, so whatever items a board lists are
what the page draws. Every finding about a board is pinned at that board's time.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lecturekit.captions import captions
from lecturekit.check_report import action_form
from lecturekit.diagnostics import Diagnostic, Severity
from lecturekit.pipeline import ensure_renderable, plan_scenes, scene_beats
from lecturekit.plan.audit import audit_scene
from lecturekit.plan.durations import natural
from lecturekit.plan.export import as_json as plan_json
from lecturekit.plan.scene_plan import LecturePlan, ScenePlan
from lecturekit.plan.timeline import Cue, frame_of
from lecturekit.resolve import ResolvedLecture, ResolvedScene, slugify
from lecturekit.resolve.overrides import NO_OVERRIDES, Overrides, load_overrides
from lecturekit.settings import Preset
from lecturekit.syntax.nodes import Hide, Move, StyleHint

_AT = re.compile(r"at (\d+(?:\.\d+)?) s")


def review(resolved: ResolvedLecture, overrides: Path | None, preset: Preset) -> dict[str, Any]:
    """The page's data for a lecture whose videos are made at `preset` (its frame rate, and the
    frame height the audit's pixels are counted in)."""
    ensure_renderable(resolved)
    fps = preset.fps
    plans = plan_scenes(resolved, resolved.scenes, fps)
    boards = plan_json(LecturePlan(resolved.slug, resolved.title, fps, tuple(plans)))["scenes"]
    recorded = resolved.lecture.scenes
    given = load_overrides(overrides) if overrides is not None else NO_OVERRIDES
    scenes = [_scene(plan, recorded[plan.index - 1].objects, given, json["boards"], resolved.language)
              for plan, json in zip(plans, boards, strict=True)]
    placed: set[int] = set()
    for diagnostic in resolved.diagnostics:
        if diagnostic.severity in (Severity.WARNING, Severity.UNRESOLVED):
            found = _pin(diagnostic, resolved.scenes)
            if found is not None:
                scene, time = found
                scenes[scene.index - 1]["warnings"].append(_warning(diagnostic, time - scene.start))
                placed.add(id(diagnostic))
    for plan, page in zip(plans, scenes, strict=True):
        page["warnings"] += [{"severity": "warning", "line": f"warning: {crowded.line()}",
                              "time": round(crowded.time, 6), "object": None} for crowded in plan.crowded]
        audits = audit_scene(plan, preset.height)
        page["audit"] = [board.as_json() for board in audits]
        page["warnings"] += [{"severity": "audit", "line": f"audit: {board.finding()}", "time": round(board.time, 6),
                              "object": None} for board in audits if board.failures]
    return {
        "title": resolved.title,
        "slug": resolved.slug,
        "fps": fps,
        "scenes": scenes,
        "warnings": [_warning(d, 0.0) for d in resolved.diagnostics
                     if d.severity in (Severity.WARNING, Severity.UNRESOLVED) and id(d) not in placed],
    }


def _scene(plan: ScenePlan, descriptions: dict[str, str], overrides: Overrides,
           boards: list[dict[str, Any]], language: str) -> dict[str, Any]:
    scene = plan.scene
    own = overrides.for_scene({str(scene.index), scene.title, slugify(scene.title)})
    return {
        "index": plan.index,
        "title": plan.title,
        "slug": plan.slug,
        "start": plan.start,
        "duration": round(plan.end - plan.start, 6),
        "frames": plan.frames,
        "beats": [{"start": round(a, 6), "end": round(b, 6), "say": say} for a, b, say in scene_beats(scene)],
        "captions": [{"start": c.start, "end": c.end, "text": "\n".join(c.lines)}
                     for c in captions(scene_beats(scene), language, plan.frames / plan.fps)],
        "cues": [_cue(plan, cue) for cue in plan.cues],
        "boards": boards,
        "objects": {
            name: {"kind": spec.kind.value, "parent": spec.parent, "description": descriptions.get(name, ""),
                   "override": {k: str(v) for k, v in own[name].items()} if name in own else None,
                   "left_out": name in scene.broken}
            for name, spec in plan.objects.items()
        },
        "warnings": [],
    }


def _cue(plan: ScenePlan, cue: Cue) -> dict[str, Any]:
    spec = plan.objects[cue.object]
    wanted = natural(cue.action, spec, len(spec.text or spec.label or ""))
    return {
        "frame": cue.frame,
        "time": round(cue.time, 6),
        "frames": cue.frames,
        "duration": round(cue.frames / plan.fps, 6),
        "natural": round(wanted, 6),
        "clipped_by": _clipped_by(plan, cue, wanted),
        "object": cue.object,
        "form": action_form(cue.action),
        "action": cue.text,
    }


def _clipped_by(plan: ScenePlan, cue: Cue, wanted: float) -> str | None:
    """Why a cue runs shorter than it would like: what ends it, in words (None: it is not cut)."""
    if cue.carried_by is not None:
        return f"runs with {cue.carried_by}'s animation"
    if isinstance(cue.action, Move) and cue.frames == 0:
        return "the layout did not need to move it"
    if wanted <= 0 or cue.frames >= max(1, frame_of(wanted, plan.fps)):
        return None
    parent = plan.objects[cue.object].parent
    for later in plan.cues:
        if later.frame == cue.end_frame and later is not cue and not isinstance(later.action, StyleHint) and (
                later.object == cue.object or (isinstance(later.action, Hide) and later.object == parent)):
            return f"the next cue on it at frame {later.frame}: {later.text}"
    return "the scene's end"


def _pin(diagnostic: Diagnostic, scenes: tuple[ResolvedScene, ...]) -> tuple[ResolvedScene, float] | None:
    """The scene a diagnostic is about and the lecture time it belongs at: its own (a board's), its
    action's time, the first action on its object, or the scene's start."""
    scene = next((s for s in scenes if s.title == diagnostic.place.scene), None)
    if scene is None:
        return None
    if diagnostic.place.at is not None:
        return scene, min(max(diagnostic.place.at, scene.start), scene.end)
    found = _AT.search(diagnostic.place.action or "")
    if found:
        return scene, min(max(float(found.group(1)), scene.start), scene.end)
    on = [a.time for a in scene.actions if a.action.object == diagnostic.place.object]
    return scene, min(on) if on else scene.start


def _warning(diagnostic: Diagnostic, time: float) -> dict[str, Any]:
    return {"severity": diagnostic.severity.value, "line": diagnostic.line(), "time": round(time, 6),
            "object": diagnostic.place.object}
