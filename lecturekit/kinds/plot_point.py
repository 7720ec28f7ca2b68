"""A PlotPoint: a dot standing on a FunctionPlot at x."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.kinds.base import GROW, Entrance, Ink, KindDef, Parent, Role, Stands, entering, register, timing
from lecturekit.kinds.geometry import plot_point_outline
from lecturekit.syntax.nodes import FieldType, Kind, Num, Spec, Value, attribute


@dataclass(frozen=True)
class PlotPointSpec(Spec):
    target: str = attribute(FieldType.REF, "", refers_to=Kind.FUNCTION_PLOT)
    x: Value = attribute(FieldType.NUMBER, Num(0.0))


KIND = register(KindDef(
    kind=Kind.PLOT_POINT,
    spec=PlotPointSpec,
    role=Role.CHILD,
    parent=Parent.REQUIRED,
    container=False,
    stepped=False,
    reflows=False,
    text=None,
    inks=Ink.MARK,
    backing=None,
    fills=True,
    enters=entering(Entrance.GROW, drawn=Entrance.CREATE),
    seconds=timing(GROW),
    label_rank=3,
    labelled=True,
    geometry=plot_point_outline,
    stands=Stands.ELSEWHERE,
    hints=frozenset(),
    least=None,
))
