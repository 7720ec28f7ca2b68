"""Reading a scene: its objects (overrides applied, slips repaired, texts that Typst cannot set
left out, a Table's cut rows recovered), its beats in time order, and its actions, each checked
against what it names."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path

from lecturekit import forms
from lecturekit.diagnostics import error, inferred, quote, warning
from lecturekit.images import image_problem
from lecturekit.kinds import (
    KINDS,
    ImageSpec,
    TableSpec,
    kind_def,
    rows_of,
)
from lecturekit.resolve.findings import Findings
from lecturekit.resolve.overrides import apply
from lecturekit.resolve.tables import recover
from lecturekit.resolve.typesetting import untypesettable
from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.nodes import (
    Action,
    ColumnPart,
    Emphasize,
    Flash,
    Kind,
    Show,
    Spec,
    Str,
    TimedAction,
    Truncated,
    Tuple,
    parts_named,
)
from lecturekit.syntax.parser import parse_action, parse_description
from lecturekit.typst.fonts import describe, missing
from lecturekit.typst.source import drawn_text, label_spec, rewrites

MAX_OBJECTS = 5_000
MAX_ACTIONS = 20_000
#: A beat's narration is cut here (fifty times the longest beat of the transformer lecture, ten
#: minutes of speech): captions and the draft voice take time in proportion to it.
MAX_SAY_CHARS = 20_000


@dataclass(frozen=True)
class BeatInfo:
    start: float
    say: str
    live: tuple[str, ...] | None


_LATEX_BREAK = re.compile(r"\\\\(?=\s|$)")

def repair_text(found: Findings, spec: Spec) -> Spec:
    """LaTeX's `\\\\` line break read as Typst's `\\`, and a label that is not math set as text."""
    place = found.place(spec.name)
    style = kind_def(spec.kind).text
    if style is not None and not style.prose and spec.text and _LATEX_BREAK.search(spec.text):
        # the same length, so the offsets of the parts that actions name still hold
        spec = replace(spec, text=_LATEX_BREAK.sub(" \\\\", spec.text))
        found.report(inferred(place, "reads LaTeX's '\\\\' as a line break (Typst writes '\\')"))
    if spec.label is not None and (label := label_spec(spec)) is not None and label.kind is Kind.TEXT:
        found.report(inferred(place, f"label {quote(spec.label)} is not Typst math; it is set as plain text"))
    return spec


def check_typesetting(found: Findings, objects: dict[str, Spec], actions: list[TimedAction]) -> list[TimedAction]:
    """A text Typst cannot typeset is left out, with Typst's reason; one it typesets only without
    the parts its actions mark is emphasised and flashed whole."""
    left_out, unmarked = untypesettable({n: s for n, s in objects.items() if not found.broken(n)},
                                        parts_named(actions))
    for name, reason in left_out.items():
        found.report(warning(found.place(name), f"{reason}; it is left out", "fix the text"))
        found.leave_out(name, reason=reason)
    for name, reason in unmarked.items():
        found.report(warning(found.place(name), f"its parts cannot be marked in it ({reason}); "
                             "they are emphasised as the whole of it", "name a whole piece of the text as the part"))
    return [replace(t, action=replace(t.action, part=None))
            if t.action.object in unmarked and isinstance(t.action, Emphasize | Flash) else t for t in actions]


def parse_objects(found: Findings, overrides: dict[str, dict]) -> dict[str, Spec]:
    objects: dict[str, Spec] = {}
    for name, description in found.scene.objects.items():
        place = found.place(name)
        if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]{0,99}", name):
            found.report(warning(
                place, "object names are letters, digits and underscores; it is left out", "rename it"
            ))
            continue
        attrs = dict(overrides.get(name, {}))
        replaced = "description" in attrs
        if replaced:  # a whole new one: the recorded description need not parse
            description = str(attrs.pop("description"))
        try:
            spec, unknown = parse_description(KINDS, description, name)
        except GrammarError as exc:
            fault = exc.message + f" in {quote(description[:60])}"
            if replaced:  # the overrides themselves are wrong
                found.report(error(place, fault, "fix the description in the overrides"))
            else:
                found.report(warning(place, f"{fault}; it is left out", "fix the description"))
            continue
        for key in unknown:
            found.report(warning(
                place, f"a {spec.kind.value} has no parameter {quote(key)}; it is ignored"
            ))
        if attrs:
            spec, problems = apply(spec, attrs, place)
            found.diagnostics += problems
        spec = repair_text(found, spec)
        if rewritten := rewrites(spec):
            found.report(warning(place, f"math rewritten: {rewritten}", "write the math with Typst's own names"))
        if tofu := missing(drawn_text(spec)):
            found.report(warning(place, f"no font has a glyph for {describe(tofu)}; it is drawn as an empty box",
                                 "write a character that is in Unicode and in a font, or leave it out"))
        objects[name] = spec
    for name in overrides:
        if name not in found.scene.objects:
            found.report(error(
                found.place(name), "the overrides name an object this scene does not have"
            ))
    return objects


def parse_actions(found: Findings, objects: dict[str, Spec], beat_rank: list[int]) -> list[TimedAction]:
    actions: list[TimedAction] = []
    count = sum(len(b.does) for b in found.scene.beats)
    if count > MAX_ACTIONS:
        found.report(error(
            found.place(), f"has {count} actions; at most {MAX_ACTIONS} are allowed"
        ))
        return actions
    n = 0
    for b, beat in enumerate(found.scene.beats):
        for pair in beat.does:
            n += 1
            action = accept_action(found, pair.time, pair.text, f"#{n} at {pair.time:.3f} s", objects)
            if action is not None:
                actions.append(TimedAction(pair.time, action, n, beat_rank[b], pair.text))
    actions.sort(key=lambda a: a.time)
    return actions


def accept_action(found: Findings, time: float, text: str, where: str, objects: dict[str, Spec]) -> Action | None:
    """The action, or None when it is left out (with a warning unless its object was)."""
    try:
        action = parse_action(forms.FORMS, text)
    except GrammarError as exc:
        found.report(warning(
            found.place(action=where), f"{exc.message} in {quote(text[:60])}; it is left out", "fix the action"
        ))
        return None
    place = found.place(action.object, where)
    spec = objects.get(action.object)
    if spec is None:
        if not found.unread(action.object):
            found.report(warning(
                place, "names an object this scene does not have; it is left out", "fix the name"
            ))
        return None
    refused = forms.form_of(action).accepts(spec)
    if refused is not None:
        found.report(warning(place, *refused))
        return None
    if not found.scene.start - 1e-6 <= time <= found.scene.end + 1e-6:
        found.report(warning(
            place, f"is outside the scene ({found.scene.start:.3f}-{found.scene.end:.3f} s); it is left out",
            "fix its time"
        ))
        return None
    return action


def check_beats(found: Findings) -> tuple[tuple[BeatInfo, ...], list[int]]:
    """The beats in time order, each inside the scene, and each recorded beat's place in that
    order. A beat out of order is moved into it; one outside the scene keeps its place in time
    at the scene's edge, without narration (its captions would fall outside the video)."""
    scene = found.scene
    order = sorted(range(len(scene.beats)), key=lambda b: scene.beats[b].start)
    rank = [0] * len(order)
    for position, b in enumerate(order):
        rank[b] = position
    beats = []
    for b in order:
        beat = scene.beats[b]
        place = found.place(action=f"beat {b + 1} at {beat.start:.3f} s")
        say = beat.say
        if b and beat.start < scene.beats[b - 1].start - 1e-9:
            found.report(warning(place, "starts before the beat recorded ahead of it; the beats are taken "
                                "in time order", "list the beats in time order"))
        if not scene.start - 1e-6 <= beat.start < scene.end:
            found.report(warning(
                place, f"is outside the scene ({scene.start:.3f}-{scene.end:.3f} s); its narration is left out",
                "fix its start"))
            say = ""
        elif len(say) > MAX_SAY_CHARS:
            found.report(warning(
                place, f"says {len(say)} characters; only the first {MAX_SAY_CHARS} are used",
                "split the narration into beats"))
            say = say[:MAX_SAY_CHARS]
        beats.append(BeatInfo(min(max(beat.start, scene.start), scene.end), say, beat.live))
    return tuple(beats), rank


def check_images(found: Findings, objects: dict[str, Spec], folder: Path) -> None:
    """An image is decoded as it will be drawn; one that cannot be is a placeholder."""
    for name, spec in objects.items():
        problem = image_problem(folder, spec.path) if isinstance(spec, ImageSpec) else None
        if isinstance(spec, ImageSpec) and problem is not None:
            found.report(warning(found.place(name), f"image {quote(spec.path)} {problem}",
                                "a marked placeholder is drawn instead"))


def repair_tables(found: Findings, objects: dict[str, Spec], actions: list[TimedAction]
) -> dict[str, Spec]:
    repaired = dict(objects)
    for name, spec in objects.items():
        if not isinstance(spec, TableSpec):
            continue
        place = found.place(name)
        reveals = sum(
            1 for a in actions if a.action.object == name and isinstance(a.action, Show)
        )
        columns = max(
            (part.index for a in actions
             if a.action.object == name
             and isinstance(part := getattr(a.action, "part", None), ColumnPart)),
            default=1,
        )
        rows = rows_of(spec.rows)
        if rows is None:
            prefix = spec.rows.prefix if isinstance(spec.rows, Truncated) else ""
            rows = recover(found, name, spec.text or "", prefix, reveals, columns)
            if rows is None:
                continue
        if len({len(r) for r in rows}) != 1:
            found.report(warning(place, "its rows have different numbers of cells"))
        cells = Tuple(tuple(Tuple(tuple(Str(c) for c in r)) for r in rows))
        repaired[name] = replace(spec, rows=cells)
    return repaired
