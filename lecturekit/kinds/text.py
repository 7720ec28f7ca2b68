"""A Text: a paragraph of prose with inline math, as wide as its lines."""

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
class TextSpec(Spec):
    pass


KIND = register(KindDef(
    kind=Kind.TEXT,
    spec=TextSpec,
    role=Role.TEXT,
    parent=Parent.NEVER,
    container=False,
    stepped=False,
    reflows=True,
    text=TextStyle(prose=True, font="body", wraps=True, shrinks=True),
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
