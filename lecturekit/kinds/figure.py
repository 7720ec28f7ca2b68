"""A Figure: a backing with coordinates that its children are drawn in."""

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
from lecturekit.theme import CARD


@dataclass(frozen=True)
class FigureSpec(Spec):
    x_range: Value = attribute(FieldType.PAIR, Tuple((Num(0.0), Num(1.0))))
    y_range: Value = attribute(FieldType.PAIR, Tuple((Num(0.0), Num(1.0))))
    aspect: Value | None = attribute(FieldType.PAIR)


KIND = register(KindDef(
    kind=Kind.FIGURE,
    spec=FigureSpec,
    role=Role.VISUAL,
    parent=Parent.NEVER,
    container=True,
    stepped=False,
    reflows=True,
    text=None,
    inks=Ink.LABEL,
    backing=CARD,
    fills=False,
    enters=entering(Entrance.FADE_IN),
    seconds=timing(FRAME_IN),
    label_rank=None,
    labelled=True,
    geometry=None,
    stands=Stands.ELSEWHERE,
    hints=frozenset(),
    least=Least(longer=VISIBLE, labels_stacked=0.5),
))
