"""An Image: a picture from the lecture's folder, or a marked placeholder."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import (
    FADE_IN,
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
from lecturekit.syntax.nodes import FieldType, Kind, Spec, Value, attribute


@dataclass(frozen=True)
class ImageSpec(Spec):
    path: str = attribute(FieldType.TEXT, "")
    aspect: Value | None = attribute(FieldType.PAIR)


KIND = register(KindDef(
    kind=Kind.IMAGE,
    spec=ImageSpec,
    role=Role.VISUAL,
    parent=Parent.NEVER,
    container=False,
    stepped=False,
    reflows=True,
    text=None,
    inks=Ink.NOTHING,
    backing=None,
    fills=False,
    enters=entering(Entrance.FADE_IN),
    seconds=timing(FADE_IN),
    label_rank=None,
    labelled=True,
    geometry=None,
    stands=Stands.ELSEWHERE,
    hints=frozenset(),
    least=Least(longer=VISIBLE),
))
