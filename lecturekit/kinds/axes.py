"""An Axes: axis lines, ticks and numbers, and the plot its children are drawn in."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import (
    FRAME_IN,
    VISIBLE,
    Entrance,
    Ink,
    KindDef,
    Least,
    Parent,
    Role,
    Stands,
    entering,
    register,
    timing,
)
from lecturekit.syntax.nodes import FieldType, Kind, Num, Spec, Tuple, Value, attribute


@dataclass(frozen=True)
class AxesSpec(Spec):
    x_range: Value = attribute(FieldType.PAIR, Tuple((Num(0.0), Num(1.0))))
    y_range: Value = attribute(FieldType.PAIR, Tuple((Num(0.0), Num(1.0))))
    aspect: Value | None = attribute(FieldType.PAIR)
    x_ticks_every: Value | None = attribute(FieldType.NUMBER)
    y_ticks_every: Value | None = attribute(FieldType.NUMBER)


KIND = register(KindDef(
    kind=Kind.AXES,
    spec=AxesSpec,
    role=Role.VISUAL,
    parent=Parent.NEVER,
    container=True,
    stepped=False,
    reflows=True,
    text=None,
    inks=Ink.LABEL,
    backing=None,
    fills=False,
    enters=entering(Entrance.CREATE),
    seconds=timing(FRAME_IN),
    label_rank=None,
    labelled=True,
    geometry=None,
    stands=Stands.ELSEWHERE,
    hints=frozenset(),
    least=Least(longer=VISIBLE, labels_stacked=0.5),
))
