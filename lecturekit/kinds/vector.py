"""A Vector: an arrow from start to end in its parent's coordinates."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import DRAW, Entrance, Ink, KindDef, Parent, Role, Stands, entering, register, timing
from lecturekit.kinds.geometry import segment_outline
from lecturekit.syntax.nodes import FieldType, Kind, Num, Spec, Tuple, Value, attribute


@dataclass(frozen=True)
class VectorSpec(Spec):
    start: Value = attribute(FieldType.PAIR, Tuple((Num(0.0), Num(0.0))))
    end: Value = attribute(FieldType.PAIR, Tuple((Num(1.0), Num(0.0))))


KIND = register(KindDef(
    kind=Kind.VECTOR,
    spec=VectorSpec,
    role=Role.CHILD,
    parent=Parent.REQUIRED,
    container=False,
    stepped=False,
    reflows=False,
    text=None,
    inks=Ink.MARK,
    backing=None,
    fills=False,
    enters=entering(Entrance.CREATE, grown=Entrance.GROW_FROM_START),
    seconds=timing(DRAW),
    label_rank=0,
    labelled=True,
    geometry=segment_outline,
    stands=Stands.BETWEEN,
    hints=frozenset(),
    least=None,
))
