"""A Math: one formula on the board, or a label drawn in a Figure or Axes."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import (
    WRITTEN_HINTS,
    Entrance,
    Ink,
    KindDef,
    Parent,
    Role,
    Stands,
    TextStyle,
    entering,
    register,
    timing,
)
from lecturekit.kinds.geometry import label_outline
from lecturekit.syntax.nodes import FieldType, Kind, Spec, Value, attribute


@dataclass(frozen=True)
class MathSpec(Spec):
    #: Where a Math drawn in a Figure or Axes is centred, in its parent's numbers, where the
    #: lecture states it (strangers' lectures do); otherwise it labels a sibling (resolve/labels.py).
    location: Value | None = attribute(FieldType.PAIR)


KIND = register(KindDef(
    kind=Kind.MATH,
    spec=MathSpec,
    role=Role.TEXT,
    parent=Parent.ALLOWED,
    container=False,
    stepped=False,
    reflows=False,
    text=TextStyle(prose=False, font="math"),
    inks=Ink.TEXT,
    backing=None,
    fills=False,
    enters=entering(Entrance.WRITE),
    seconds=timing(None),
    label_rank=None,
    labelled=True,
    geometry=label_outline,
    stands=Stands.ELSEWHERE,
    hints=WRITTEN_HINTS,
    least=None,
))
