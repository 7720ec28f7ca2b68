"""A VariableNumber: a number that ticks; it is never drawn itself, what uses it follows it."""

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
    entering,
    register,
    timing,
)
from lecturekit.syntax.nodes import FieldType, Kind, Num, Spec, Value, attribute


@dataclass(frozen=True)
class VariableNumberSpec(Spec):
    initial_value: Value = attribute(FieldType.NUMBER, Num(0.0))
    format_spec: str | None = attribute(FieldType.TEXT)


KIND = register(KindDef(
    kind=Kind.VARIABLE_NUMBER,
    spec=VariableNumberSpec,
    role=Role.VARIABLE,
    parent=Parent.NEVER,
    container=False,
    stepped=False,
    reflows=False,
    text=None,
    inks=Ink.NOTHING,
    backing=None,
    fills=False,
    enters=entering(Entrance.WRITE),
    seconds=timing(None),
    label_rank=None,
    labelled=True,
    geometry=None,
    stands=Stands.ELSEWHERE,
    hints=WRITTEN_HINTS,
    least=None,
))
