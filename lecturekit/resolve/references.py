"""What objects refer to: parents, the objects they stand on and the variables they use; what
refers to a left-out object is left out with it."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from lecturekit.diagnostics import quote, unresolved, warning
from lecturekit.kinds import (
    Parent,
    Role,
    kind_def,
    own_variables,
    references_of,
)
from lecturekit.resolve.findings import Findings, LeftOut
from lecturekit.syntax.evaluate import CONSTANTS
from lecturekit.syntax.nodes import (
    Spec,
)


def check_references(found: Findings, objects: dict[str, Spec]) -> None:
    """Parents, plot targets and variables must be objects of the right kind; a reference to
    an object that was left out is left to `leave_out_dependents`."""
    variables = {n for n, s in objects.items() if kind_def(s.kind).role is Role.VARIABLE}
    for name, spec in objects.items():
        for message, hint in reference_problems(found, spec, objects, variables):
            found.report(warning(found.place(name), f"{message}; it is left out", hint))
            found.leave_out(name, reason=f"it {message}" if message.startswith(("is ", "uses ")) else message)


def reference_problems(found: Findings, spec: Spec, objects: dict[str, Spec], variables: set[str]
) -> Iterator[tuple[str, str | None]]:
    parent = objects.get(spec.parent) if spec.parent is not None else None
    rule = kind_def(spec.kind).parent
    if spec.parent is not None and rule is Parent.NEVER:
        yield f"a {spec.kind.value} is not drawn in a Figure or Axes", "remove 'drawn in'"
    elif spec.parent is not None and spec.parent not in found.scene.objects:
        yield f"is drawn in {quote(spec.parent)}, which this scene does not have", "fix the name"
    elif spec.parent is not None and parent is not None and not kind_def(parent.kind).container:
        yield (f"is drawn in {quote(spec.parent)}, a {parent.kind.value}; only Figures and Axes hold objects",
               "draw it in a Figure or Axes")
    elif spec.parent is None and rule is Parent.REQUIRED:
        yield f"a {spec.kind.value} must be drawn in a Figure or Axes", "add 'drawn in NAME'"
    for key, name, kind in references_of(spec):
        if not found.unread(name) and (name not in objects or objects[name].kind is not kind):
            yield f"{key}={quote(name)} must name a {kind.value} of this scene", f"fix the {key}"
    for var in sorted(v for v in own_variables(spec) - variables - CONSTANTS.keys() if not found.unread(v)):
        yield (f"uses {quote(var)}, which is not a VariableNumber of this scene",
               "declare it as a VariableNumber or fix the name")


def leave_out_dependents(found: Findings, objects: dict[str, Spec]) -> None:
    """What is drawn in, stands on or uses a left-out object is left out with it, reported as
    its cause was: what waits on a gap is a gap too."""
    dependents: dict[str, list[tuple[str, str]]] = {}
    for name, spec in objects.items():
        for how, cause in uses(spec):
            dependents.setdefault(cause, []).append((name, how))
    pending = deque(sorted(found.left_out))
    while pending:
        cause = pending.popleft()
        for name, how in dependents.get(cause, ()):
            if found.broken(name):
                continue
            gap = found.left_out[cause] is LeftOut.GAP
            why = f": {found.reasons[cause]}" if cause in found.reasons else ""
            found.report((unresolved if gap else warning)(
                found.place(name), f"{how} {quote(cause)}, which is left out{why}; it is left out too",
                f"fix {quote(cause)}"
            ))
            found.leave_out(name, LeftOut.GAP if gap else LeftOut.FAULT,
                            reason=f"it {how} {quote(cause)}, which is left out")
            pending.append(name)


def uses(spec: Spec) -> list[tuple[str, str]]:
    """(how, name) for every object `spec` cannot be drawn without."""
    found = [("is drawn in", spec.parent)] if spec.parent is not None else []
    found += [("stands on", name) for _, name, _ in references_of(spec)]
    return found + [("uses", v) for v in sorted(own_variables(spec))]
