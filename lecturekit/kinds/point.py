"""A Point: a dot at a location in its parent's coordinates."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import GROW, Entrance, Ink, KindDef, Parent, Role, Stands, entering, register, timing
from lecturekit.kinds.geometry import point_outline
from lecturekit.syntax.nodes import FieldType, Kind, Num, Spec, Tuple, Value, attribute


@dataclass(frozen=True)
class PointSpec(Spec):
    location: Value = attribute(FieldType.PAIR, Tuple((Num(0.0), Num(0.0))))
    marker_radius: Value | None = attribute(FieldType.NUMBER)


KIND = register(KindDef(
    kind=Kind.POINT,
    spec=PointSpec,
    role=Role.CHILD,
    parent=Parent.REQUIRED,
    container=False,
    stepped=False,
    reflows=False,
    text=None,
    inks=Ink.MARK,
    backing=None,
    fills=True,
    enters=entering(Entrance.GROW, drawn=Entrance.CREATE),
    seconds=timing(GROW),
    label_rank=2,
    labelled=True,
    geometry=point_outline,
    stands=Stands.AT,
    hints=frozenset(),
    least=None,
))
