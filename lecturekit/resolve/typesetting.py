"""Texts Typst cannot typeset, found before anything is planned, so that each is left out with
Typst's reason instead of stopping the render; and texts that typeset only without the parts
their actions mark, whose parts are then let go. One compile checks a whole scene; only when it
fails is each text compiled alone to find the culprits."""

from __future__ import annotations

from collections.abc import Mapping

from lecturekit.kinds import TableSpec, kind_def
from lecturekit.syntax.nodes import Part, Spec
from lecturekit.typst.compiler import TypstError, compile_svg
from lecturekit.typst.source import body_for, label_spec, prose


def untypesettable(objects: Mapping[str, Spec], parts: Mapping[str, list[Part]]
                   ) -> tuple[dict[str, str], dict[str, str]]:
    """Typst's one-line reason for every object one of whose texts does not compile, and for
    every other whose text compiles only without the `parts` its actions mark."""
    bodies = {name: _bodies(spec, parts.get(name, [])) for name, spec in objects.items()}
    bodies = {name: found for name, found in bodies.items() if found}
    if not bodies or _compiles("\n\n".join(b for found in bodies.values() for b in found)) is None:
        return {}, {}
    reasons, unmarked = {}, {}
    for name, found in bodies.items():
        reason = next(filter(None, map(_compiles, found)), None)
        if reason is None:
            continue
        if name in parts and not any(map(_compiles, _bodies(objects[name], []))):
            unmarked[name] = reason
        else:
            reasons[name] = reason
    return reasons, unmarked


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
