"""A Line: a segment, solid or dashed, in its parent's coordinates."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import DRAW, Entrance, Ink, KindDef, Parent, Role, Stands, entering, register, timing
from lecturekit.kinds.geometry import segment_outline
from lecturekit.syntax.nodes import FieldType, Kind, Num, Spec, Tuple, Value, attribute


@dataclass(frozen=True)
class LineSpec(Spec):
    start: Value = attribute(FieldType.PAIR, Tuple((Num(0.0), Num(0.0))))
    end: Value = attribute(FieldType.PAIR, Tuple((Num(1.0), Num(0.0))))
    dashed: bool = attribute(FieldType.FLAG, False)


KIND = register(KindDef(
    kind=Kind.LINE,
    spec=LineSpec,
    role=Role.CHILD,
    parent=Parent.REQUIRED,
    container=False,
    stepped=False,
    reflows=False,
    text=None,
    inks=Ink.MARK,
    backing=None,
    fills=False,
    enters=entering(Entrance.CREATE),
    seconds=timing(DRAW),
    label_rank=1,
    labelled=True,
    geometry=segment_outline,
    stands=Stands.BETWEEN,
    hints=frozenset(),
    least=None,
))
