"""A FunctionPlot: the graph of a function of x across its parent (or its own x_range)."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import Entrance, Ink, KindDef, Parent, Role, Stands, entering, register, timing
from lecturekit.kinds.geometry import plot_outline
from lecturekit.syntax.nodes import FieldType, FunctionValue, Kind, Spec, Value, attribute


@dataclass(frozen=True)
class FunctionPlotSpec(Spec):
    function: Value = attribute(FieldType.FUNCTION, FunctionValue())
    x_range: Value | None = attribute(FieldType.PAIR)


KIND = register(KindDef(
    kind=Kind.FUNCTION_PLOT,
    spec=FunctionPlotSpec,
    role=Role.CHILD,
    parent=Parent.REQUIRED,
    container=False,
    stepped=False,
    reflows=False,
    text=None,
    inks=Ink.MARK,
    backing=None,
    fills=False,
    enters=entering(Entrance.CREATE),
    seconds=timing(None),
    label_rank=None,
    labelled=True,
    geometry=plot_outline,
    stands=Stands.ELSEWHERE,
    hints=frozenset(),
    least=None,
))
