"""A Derivation: a formula of several lines, one more shown each time."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import Entrance, Ink, KindDef, Parent, Role, Stands, TextStyle, entering, register, timing
from lecturekit.syntax.nodes import Kind, Spec


@dataclass(frozen=True)
class DerivationSpec(Spec):
    pass


KIND = register(KindDef(
    kind=Kind.DERIVATION,
    spec=DerivationSpec,
    role=Role.TEXT,
    parent=Parent.NEVER,
    container=False,
    stepped=True,
    reflows=False,
    text=TextStyle(prose=False, font="math"),
    inks=Ink.TEXT,
    backing=None,
    fills=False,
    enters=entering(Entrance.WRITE),
    seconds=timing(None),
    label_rank=None,
    labelled=True,
    geometry=None,
    stands=Stands.ELSEWHERE,
    hints=frozenset(),
    least=None,
))
