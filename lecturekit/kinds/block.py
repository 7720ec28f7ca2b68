"""A Block: prose on a flat backing with an accent bar."""

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
from lecturekit.theme import BLOCK


@dataclass(frozen=True)
class BlockSpec(Spec):
    pass


KIND = register(KindDef(
    kind=Kind.BLOCK,
    spec=BlockSpec,
    role=Role.TEXT,
    parent=Parent.NEVER,
    container=False,
    stepped=False,
    reflows=True,
    text=TextStyle(prose=True, font="body", wraps=True, padded=True),
    inks=Ink.TEXT,
    backing=BLOCK,
    fills=False,
    enters=entering(Entrance.PANEL),
    seconds=timing(None),
    label_rank=None,
    labelled=True,
    geometry=None,
    stands=Stands.ELSEWHERE,
    hints=WRITTEN_HINTS,
    least=None,
))
