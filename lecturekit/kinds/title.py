"""A Title: the scene's title card, written."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import (
    TITLE,
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
class TitleSpec(Spec):
    pass


KIND = register(KindDef(
    kind=Kind.TITLE,
    spec=TitleSpec,
    role=Role.TITLE,
    parent=Parent.NEVER,
    container=False,
    stepped=False,
    reflows=False,
    text=TextStyle(prose=True, font="title", align="center", wraps=True, shrinks=True),
    inks=Ink.TEXT,
    backing=None,
    fills=False,
    enters=entering(Entrance.WRITE),
    seconds=timing(TITLE),
    label_rank=None,
    labelled=False,
    geometry=None,
    stands=Stands.ELSEWHERE,
    hints=WRITTEN_HINTS,
    least=None,
))
