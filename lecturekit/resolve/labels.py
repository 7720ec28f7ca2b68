"""Where a label drawn in a figure without a position goes: beside its same-numbered sibling.

`inputs_3` in `chain` labels `feeds_3`; `limit_tag` labels `limit`. Among the parent's other
children, the sibling is the one whose name shares the label's stem (`limit_tag` -> `limit`), or
else the one with the same number in a group of the same size, arrows and lines before points.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lecturekit.kinds import Parent, kind_def
from lecturekit.syntax.nodes import Spec

_NUMBERED = re.compile(r"^(?P<stem>.*?)(?:_(?P<n>\d+))?$")


def _rank(spec: Spec) -> int | None:
    """How readily a label sits beside an object of this kind (arrows before lines before points)."""
    return kind_def(spec.kind).label_rank


def _is_label(spec: Spec) -> bool:
    """A text drawn in a figure (a Math child) labels one of its marks."""
    definition = kind_def(spec.kind)
    return definition.text is not None and definition.parent is not Parent.NEVER


@dataclass(frozen=True)
class Anchor:
    """The label sits at the `start` of `sibling`, pushed away from the sibling's direction."""

    label: str
    sibling: str


def _split(name: str) -> tuple[str, int]:
    m = _NUMBERED.match(name)
    assert m is not None
    return m.group("stem"), int(m.group("n") or 1)


def anchors(objects: dict[str, Spec]) -> dict[str, Anchor]:
    """An anchor for every Math child without a position that has a sibling to sit beside."""
    by_parent: dict[str, list[Spec]] = {}
    for spec in objects.values():
        if spec.parent is not None:
            by_parent.setdefault(spec.parent, []).append(spec)
    found: dict[str, Anchor] = {}
    for children in by_parent.values():
        marks = [c for c in children if _rank(c) is not None]
        groups: dict[str, list[Spec]] = {}
        for c in marks:
            groups.setdefault(_split(c.name)[0], []).append(c)
        label_groups: dict[str, list[Spec]] = {}
        for c in children:
            if _is_label(c) and getattr(c, "location", None) is None:  # one put where the lecture says labels nothing
                label_groups.setdefault(_split(c.name)[0], []).append(c)
        for labels in label_groups.values():
            for label in labels:
                sibling = _by_stem(label.name, marks) or _by_number(label, len(labels), groups)
                if sibling is not None:
                    found[label.name] = Anchor(label.name, sibling.name)
    return found


def _by_stem(name: str, marks: list[Spec]) -> Spec | None:
    stems = [
        m for m in marks
        if name.startswith(m.name + "_") and not name[len(m.name) + 1 :].isdigit()
    ]
    return max(stems, key=lambda m: len(m.name)) if stems else None


def _by_number(label: Spec, group_size: int, groups: dict[str, list[Spec]]) -> Spec | None:
    _, number = _split(label.name)
    # Numbering counts within the label's group: labels_5..labels_8 in panel_2 label that
    # figure's columns_5..columns_8, so match on the number itself first.
    candidates = []
    for members in groups.values():
        for m in members:
            if _split(m.name)[1] == number:
                candidates.append((len(members) != group_size, _rank(m), m.name, m))
    if not candidates:
        return None
    return min(candidates, key=lambda c: c[:3])[3]
