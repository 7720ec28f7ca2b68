"""The kinds of object a lecture can draw, one module each, registered in one table.

`kind_def(spec.kind)` says everything a stage needs to know about a kind; a kind that is not
the format's is one more module like these (and one painter in `lecturekit.render.painters`).
"""

from lecturekit.kinds import (  # noqa: F401 (each registers its kind)
    axes,
    block,
    derivation,
    figure,
    function_plot,
    heading,
    image,
    line,
    math,
    panel,
    plot_point,
    point,
    table,
    text,
    title,
    variable_number,
    vector,
)
from lecturekit.kinds.axes import AxesSpec
from lecturekit.kinds.base import (
    KINDS,
    LEFT_TO_RIGHT,
    Entrance,
    Ink,
    KindDef,
    Parent,
    Role,
    Stands,
    TextStyle,
    depends_on,
    kind_def,
    own_variables,
    references_of,
    register,
    registered,
    unregister,
    values_of,
)
from lecturekit.kinds.block import BlockSpec
from lecturekit.kinds.derivation import DerivationSpec
from lecturekit.kinds.figure import FigureSpec
from lecturekit.kinds.function_plot import FunctionPlotSpec
from lecturekit.kinds.heading import HeadingSpec
from lecturekit.kinds.image import ImageSpec
from lecturekit.kinds.line import LineSpec
from lecturekit.kinds.math import MathSpec
from lecturekit.kinds.panel import PanelSpec
from lecturekit.kinds.plot_point import PlotPointSpec
from lecturekit.kinds.point import PointSpec
from lecturekit.kinds.table import TableSpec, rows_of
from lecturekit.kinds.text import TextSpec
from lecturekit.kinds.title import TitleSpec
from lecturekit.kinds.variable_number import VariableNumberSpec
from lecturekit.kinds.vector import VectorSpec

#: What a kind's values (and so its geometry) raise where they do not evaluate.
from lecturekit.syntax.evaluate import EvaluationError
from lecturekit.syntax.nodes import Kind, Spec

__all__ = [
    "KINDS",
    "LEFT_TO_RIGHT",
    "AxesSpec",
    "BlockSpec",
    "DerivationSpec",
    "Entrance",
    "EvaluationError",
    "FigureSpec",
    "FunctionPlotSpec",
    "HeadingSpec",
    "ImageSpec",
    "Ink",
    "Kind",
    "KindDef",
    "LineSpec",
    "MathSpec",
    "PanelSpec",
    "Parent",
    "PlotPointSpec",
    "PointSpec",
    "Role",
    "Spec",
    "Stands",
    "TableSpec",
    "TextSpec",
    "TextStyle",
    "TitleSpec",
    "VariableNumberSpec",
    "VectorSpec",
    "depends_on",
    "kind_def",
    "own_variables",
    "references_of",
    "register",
    "registered",
    "rows_of",
    "unregister",
    "values_of",
]
