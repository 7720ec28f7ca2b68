"""A Heading: the board's one heading band, centred."""

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
from lecturekit.syntax.nodes import Kind, Spec


@dataclass(frozen=True)
class HeadingSpec(Spec):
    pass


KIND = register(KindDef(
    kind=Kind.HEADING,
    spec=HeadingSpec,
    role=Role.HEADING,
    parent=Parent.NEVER,
    container=False,
    stepped=False,
    reflows=False,
    text=TextStyle(prose=True, font="heading", align="center"),
    inks=Ink.TEXT,
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
