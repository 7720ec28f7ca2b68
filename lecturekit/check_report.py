"""The `check` report: counts, every diagnostic with its place, as text or JSON."""

from __future__ import annotations

from collections import Counter
from typing import Any

from lecturekit.diagnostics import Severity, printable_lines
from lecturekit.resolve import ResolvedLecture


def action_form(action: object) -> str:
    """An action's form by name: show, hide, move, emphasize, flash, box, tick, redraw, stylehint."""
    return getattr(type(action), "form", type(action).__name__.lower())


def summary(resolved: ResolvedLecture) -> dict[str, Any]:
    objects = sum(len(s.objects) for s in resolved.scenes)
    actions = sum(len(s.actions) for s in resolved.scenes)
    return {
        "title": resolved.title,
        "slug": resolved.slug,
        "overrides": resolved.overrides or None,
        "language": resolved.own_language,
        "language_doubt": resolved.language_doubt or None,
        "scenes": len(resolved.scenes),
        "objects": objects,
        "actions": actions,
        "live": {"recorded": resolved.live_recorded, "agreeing": resolved.live_agreeing},
        "errors": [d.as_json() for d in resolved.of(Severity.ERROR)],
        "warnings": [d.as_json() for d in resolved.of(Severity.WARNING)],
        "inferred": [d.as_json() for d in resolved.of(Severity.INFERRED)],
        "unresolved": [d.as_json() for d in resolved.of(Severity.UNRESOLVED)],
        "translation": resolved.translation.as_json() if resolved.translation is not None else None,
    }


def text_report(resolved: ResolvedLecture) -> str:
    s = summary(resolved)
    kinds = Counter(spec.kind.value for sc in resolved.scenes for spec in sc.objects.values())
    forms = Counter(action_form(a.action) for sc in resolved.scenes for a in sc.actions)
    lines = [
        f"{s['title']} ({s['slug']})",
        f"  {s['scenes']} scenes, {s['objects']} objects, {s['actions']} actions",
        f"  overrides: read from {s['overrides']}" if s["overrides"] else "  overrides: none read",
        f"  recorded in: {s['language']} (captions, voice and file names follow it)",
        *([f"    (taken so: {s['language_doubt']}; a lecture in another language states it in its overrides, "
           'such as language = "de")'] if s["language_doubt"] else []),
        "  objects: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()),
        "  actions: " + ", ".join(f"{k} {n}" for k, n in forms.most_common()),
        f"  live lists: {s['live']['agreeing']} of {s['live']['recorded']} agree with the actions",
    ]
    if resolved.translation is not None:
        lines.append(f"  translation: {resolved.translation.line()}")
    lines.append("")
    for scene in resolved.scenes:
        lines.append(
            f"  {scene.index}. {scene.title}  {scene.start:.3f}-{scene.end:.3f} s  "
            f"({len(scene.objects)} objects, {len(scene.actions)} actions, {len(scene.beats)} beats)"
        )
    for severity in (Severity.INFERRED, Severity.UNRESOLVED, Severity.WARNING, Severity.ERROR):
        found = resolved.of(severity)
        if found:
            lines += ["", f"{severity.value} ({len(found)}):"]
            lines += [f"  {d.line().split(': ', 1)[1]}" for d in found]
    counts = {k: len(s[k]) for k in ("errors", "warnings", "unresolved")}
    verdict = "ready to render" if resolved.renderable else "cannot be rendered"
    lines += ["", f"{counts['errors']} errors, {counts['warnings']} warnings, "
              f"{counts['unresolved']} unresolved: {verdict}"]
    return printable_lines("\n".join(lines))
