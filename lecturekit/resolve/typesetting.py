"""Texts Typst cannot typeset, found before anything is planned, so that each is left out with
Typst's reason instead of stopping the render; and texts that typeset only without the parts
their actions mark, whose parts are then let go. One compile checks a whole scene; only when it
fails is each text compiled alone to find the culprits."""

from __future__ import annotations

from collections.abc import Mapping

from lecturekit.kinds import TableSpec, kind_def
from lecturekit.syntax.nodes import Part, Spec
from lecturekit.typst.compiler import TypstError, compile_svg
from lecturekit.typst.math_syntax import depth
from lecturekit.typst.source import body_for, label_spec, prose

#: Characters of Typst source one object's texts may have (its text, cells and label, as built),
#: and all of a scene's: more than a board shows legibly many times over (a 480p board of body
#: text at the smallest size holds about 2,000).
MAX_TEXT = 20_000
MAX_SCENE_TEXT = 200_000
#: Brackets in brackets and scripts on scripts a formula may nest (`math_syntax.depth`): Typst
#: takes seconds on a few thousand.
MAX_MATH_DEPTH = 64


def untypesettable(objects: Mapping[str, Spec], parts: Mapping[str, list[Part]]
                   ) -> tuple[dict[str, str], dict[str, str]]:
    """Typst's one-line reason for every object one of whose texts does not compile, and for
    every other whose text compiles only without the `parts` its actions mark. An object past
    `MAX_TEXT` characters, or past what is left of the scene's `MAX_SCENE_TEXT`, is never
    compiled: its reason says which limit it passes."""
    bodies = {name: _bodies(spec, parts.get(name, [])) for name, spec in objects.items()}
    bodies = {name: found for name, found in bodies.items() if found}
    reasons, unmarked = _over_limits(bodies), {}
    for name, spec in objects.items():
        deepest = max((depth(text) for text in (spec.text, spec.label) if text), default=0)
        if name in bodies and name not in reasons and deepest > MAX_MATH_DEPTH:
            reasons[name] = f"its math nests {deepest:,} levels deep, more than the {MAX_MATH_DEPTH} a formula may"
    bodies = {name: found for name, found in bodies.items() if name not in reasons}
    if not bodies or _compiles("\n\n".join(b for found in bodies.values() for b in found)) is None:
        return reasons, {}
    for name, found in bodies.items():
        reason = next(filter(None, map(_compiles, found)), None)
        if reason is None:
            continue
        if name in parts and not any(map(_compiles, _bodies(objects[name], []))):
            unmarked[name] = reason
        else:
            reasons[name] = reason
    return reasons, unmarked


def _over_limits(bodies: Mapping[str, list[str]]) -> dict[str, str]:
    """Why each object whose texts pass a limit of their own or the scene's is not typeset."""
    reasons, total = {}, 0
    for name, found in bodies.items():
        size = sum(map(len, found))
        if size > MAX_TEXT:
            reasons[name] = f"its text is {size:,} characters of Typst, more than the {MAX_TEXT:,} a text may have"
        elif total + size > MAX_SCENE_TEXT:
            reasons[name] = (f"the scene's texts would pass the {MAX_SCENE_TEXT:,} characters of Typst "
                             "a scene may have")
        else:
            total += size
    return reasons


def _bodies(spec: Spec, parts: list[Part]) -> list[str]:
    """The bodies the planner will typeset for `spec`: its text (with the `parts` marked), its
    table's cells, its label."""
    found = []
    if kind_def(spec.kind).text is not None and spec.text is not None:
        found.append(body_for(spec, parts, None)[0])
    if isinstance(spec, TableSpec):
        found += [prose(cell) for row in spec.cells for cell in row]
    if (label := label_spec(spec)) is not None:
        found.append(body_for(label, [], None)[0])
    return found


def _compiles(body: str) -> str | None:
    try:
        compile_svg(body)
    except TypstError as exc:
        return exc.message
    return None
