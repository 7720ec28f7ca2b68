"""A Panel: prose on a rounded backing that fades in as the text is written."""

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
from lecturekit.theme import PANEL


@dataclass(frozen=True)
class PanelSpec(Spec):
    pass


KIND = register(KindDef(
    kind=Kind.PANEL,
    spec=PanelSpec,
    role=Role.TEXT,
    parent=Parent.NEVER,
    container=False,
    stepped=False,
    reflows=True,
    text=TextStyle(prose=True, font="body", wraps=True, padded=True),
    inks=Ink.TEXT,
    backing=PANEL,
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
