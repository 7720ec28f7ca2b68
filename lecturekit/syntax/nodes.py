"""Immutable syntax trees: values and expressions, object specs (one per kind), actions."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

# ---------------------------------------------------------------- values


@dataclass(frozen=True)
class Num:
    value: float


@dataclass(frozen=True)
class Str:
    value: str


@dataclass(frozen=True)
class Bool:
    value: bool


@dataclass(frozen=True)
class Tuple:
    items: tuple[Value, ...]


@dataclass(frozen=True)
class Var:
    """A VariableNumber used in an expression (`hop`), or `<VariableNumber place = 56.0>`."""

    name: str
    recorded: float | None = None


@dataclass(frozen=True)
class FunctionValue:
    """`<function>`, or a function body `of` a variable supplied by an override."""

    body: Expr | None = None
    variable: str = "x"


@dataclass(frozen=True)
class Truncated:
    """A value the recording cut off with `…`: only its start survives."""

    prefix: str


@dataclass(frozen=True)
class BinOp:
    op: str
    left: Expr
    right: Expr


@dataclass(frozen=True)
class Neg:
    operand: Expr


@dataclass(frozen=True)
class Call:
    function: str
    args: tuple[Expr, ...]


Expr = Num | Var | BinOp | Neg | Call
Value = Num | Str | Bool | Tuple | Var | FunctionValue | Truncated | BinOp | Neg | Call
VALUE_TYPES = (Num, Str, Bool, Tuple, Var, FunctionValue, Truncated, BinOp, Neg, Call)


def variables_of(value: Value | None) -> frozenset[str]:
    """Every VariableNumber a value depends on."""
    match value:
        case Var(name=name):
            return frozenset({name})
        case Tuple(items=items):
            return frozenset().union(*(variables_of(i) for i in items)) if items else frozenset()
        case BinOp(left=left, right=right):
            return variables_of(left) | variables_of(right)
        case Neg(operand=operand):
            return variables_of(operand)
        case Call(args=args):
            return frozenset().union(*(variables_of(a) for a in args)) if args else frozenset()
        case FunctionValue(body=body, variable=variable) if body is not None:
            return variables_of(body) - {variable}
        case _:
            return frozenset()


def source_of(value: Value) -> str:
    """The value written back in the lecture's own notation."""
    match value:
        case Num(value=v):
            return repr(v)
        case Str(value=v):
            return repr(v)
        case Bool(value=v):
            return repr(v)
        case Tuple(items=items):
            inner = ", ".join(source_of(i) for i in items)
            return f"({inner},)" if len(items) == 1 else f"({inner})"
        case Var(name=name):
            return name
        case FunctionValue(body=None):
            return "<function>"
        case FunctionValue(body=body):
            return source_of(body)
        case Truncated(prefix=prefix):
            return prefix + "…"
        case BinOp(op=op, left=left, right=right):
            base = source_of(left)
            if op == "**" and base.startswith("-"):
                base = f"({base})"  # `-2 ** 2` reads as -(2 ** 2)
            return f"({base} {op} {source_of(right)})"
        case Neg(operand=operand):
            return f"-{source_of(operand)}"
        case Call(function=function, args=args):
            return f"{function}({', '.join(source_of(a) for a in args)})"
    raise TypeError(value)


# ---------------------------------------------------------------- objects


class Kind(str, Enum):  # noqa: UP042 (str() and format() stay as they were)
    TITLE = "Title"
    HEADING = "Heading"
    PANEL = "Panel"
    BLOCK = "Block"
    TEXT = "Text"
    MATH = "Math"
    DERIVATION = "Derivation"
    TABLE = "Table"
    FIGURE = "Figure"
    AXES = "Axes"
    VECTOR = "Vector"
    LINE = "Line"
    POINT = "Point"
    FUNCTION_PLOT = "FunctionPlot"
    PLOT_POINT = "PlotPoint"
    IMAGE = "Image"
    VARIABLE_NUMBER = "VariableNumber"


VISUAL_KINDS = frozenset({Kind.FIGURE, Kind.AXES, Kind.IMAGE, Kind.TABLE})
TEXT_KINDS = frozenset({Kind.PANEL, Kind.BLOCK, Kind.MATH, Kind.DERIVATION, Kind.TEXT})
CONTAINER_KINDS = frozenset({Kind.FIGURE, Kind.AXES})
CHILD_KINDS = frozenset(
    {Kind.VECTOR, Kind.LINE, Kind.POINT, Kind.FUNCTION_PLOT, Kind.PLOT_POINT, Kind.MATH}
)
#: Kinds whose `is shown` reveals one more line (row) each time.
STEPPED_KINDS = frozenset({Kind.DERIVATION, Kind.TABLE})
#: Kinds whose text is prose with inline `$…$` math; the others' text is one formula.
PROSE_KINDS = frozenset({Kind.TITLE, Kind.HEADING, Kind.PANEL, Kind.BLOCK, Kind.TEXT})


@dataclass(frozen=True)
class Description:
    """What every description shares: `a KIND [COLOR] labelled "L" that says "T" drawn in P (…)`."""

    kind: Kind
    color: str | None = None
    label: str | None = None
    text: str | None = None
    parent: str | None = None
    params: tuple[tuple[str, Value], ...] = ()

    def param(self, key: str) -> Value | None:
        return dict(self.params).get(key)


@dataclass(frozen=True)
class Spec:
    """A typed object: the description's common parts plus its kind's attributes."""

    name: str
    kind: Kind
    color: str | None = None
    label: str | None = None
    text: str | None = None
    parent: str | None = None


@dataclass(frozen=True)
class TitleSpec(Spec):
    pass


@dataclass(frozen=True)
class HeadingSpec(Spec):
    pass


@dataclass(frozen=True)
class PanelSpec(Spec):
    pass


@dataclass(frozen=True)
class BlockSpec(Spec):
    pass


@dataclass(frozen=True)
class TextSpec(Spec):
    pass


@dataclass(frozen=True)
class MathSpec(Spec):
    pass


@dataclass(frozen=True)
class DerivationSpec(Spec):
    pass


@dataclass(frozen=True)
class TableSpec(Spec):
    rows: Value | None = None
    header: bool = False

    @property
    def cells(self) -> tuple[tuple[str, ...], ...]:
        """The cells' texts, row by row (none while `rows` is not a tuple of rows)."""
        if not isinstance(self.rows, Tuple):
            return ()
        return tuple(tuple(getattr(c, "value", "") for c in getattr(r, "items", ())) for r in self.rows.items)


@dataclass(frozen=True)
class FigureSpec(Spec):
    x_range: Value = Tuple((Num(0.0), Num(1.0)))
    y_range: Value = Tuple((Num(0.0), Num(1.0)))
    aspect: Value | None = None


@dataclass(frozen=True)
class AxesSpec(Spec):
    x_range: Value = Tuple((Num(0.0), Num(1.0)))
    y_range: Value = Tuple((Num(0.0), Num(1.0)))
    aspect: Value | None = None
    x_ticks_every: Value | None = None
    y_ticks_every: Value | None = None


@dataclass(frozen=True)
class VectorSpec(Spec):
    start: Value = Tuple((Num(0.0), Num(0.0)))
    end: Value = Tuple((Num(1.0), Num(0.0)))


@dataclass(frozen=True)
class LineSpec(Spec):
    start: Value = Tuple((Num(0.0), Num(0.0)))
    end: Value = Tuple((Num(1.0), Num(0.0)))
    dashed: bool = False


@dataclass(frozen=True)
class PointSpec(Spec):
    location: Value = Tuple((Num(0.0), Num(0.0)))
    marker_radius: Value | None = None


@dataclass(frozen=True)
class FunctionPlotSpec(Spec):
    function: Value = FunctionValue()
    x_range: Value | None = None


@dataclass(frozen=True)
class PlotPointSpec(Spec):
    target: str = ""
    x: Value = Num(0.0)


@dataclass(frozen=True)
class ImageSpec(Spec):
    path: str = ""
    aspect: Value | None = None


@dataclass(frozen=True)
class VariableNumberSpec(Spec):
    initial_value: Value = Num(0.0)
    format_spec: str | None = None


SPEC_TYPES: dict[Kind, type[Spec]] = {
    Kind.TITLE: TitleSpec,
    Kind.HEADING: HeadingSpec,
    Kind.PANEL: PanelSpec,
    Kind.BLOCK: BlockSpec,
    Kind.TEXT: TextSpec,
    Kind.MATH: MathSpec,
    Kind.DERIVATION: DerivationSpec,
    Kind.TABLE: TableSpec,
    Kind.FIGURE: FigureSpec,
    Kind.AXES: AxesSpec,
    Kind.VECTOR: VectorSpec,
    Kind.LINE: LineSpec,
    Kind.POINT: PointSpec,
    Kind.FUNCTION_PLOT: FunctionPlotSpec,
    Kind.PLOT_POINT: PlotPointSpec,
    Kind.IMAGE: ImageSpec,
    Kind.VARIABLE_NUMBER: VariableNumberSpec,
}

# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class TextPart:
    """A piece of the object's own source; `occurrence` counts from 1 (`"V#2"`)."""

    text: str
    occurrence: int = 1


@dataclass(frozen=True)
class RowPart:
    index: int


@dataclass(frozen=True)
class ColumnPart:
    index: int


Part = TextPart | RowPart | ColumnPart


class ShowStyle(str, Enum):  # noqa: UP042
    WRITTEN = "written out"
    DRAWN = "drawn"
    GROWN = "grown"


@dataclass(frozen=True)
class Show:
    object: str
    style: ShowStyle = ShowStyle.WRITTEN


@dataclass(frozen=True)
class Hide:
    """`cause` is None (plain hide), the object itself (it left) or its parent (taken along)."""

    object: str
    cause: str | None = None


@dataclass(frozen=True)
class Move:
    object: str


@dataclass(frozen=True)
class Emphasize:
    object: str
    part: Part | None = None
    on: bool = True


@dataclass(frozen=True)
class Flash:
    object: str
    part: Part | None = None


@dataclass(frozen=True)
class Box:
    object: str


@dataclass(frozen=True)
class Tick:
    object: str
    value: float = 0.0


@dataclass(frozen=True)
class Redraw:
    object: str


@dataclass(frozen=True)
class StyleHint:
    object: str
    hint: str = ""


Action = Show | Hide | Move | Emphasize | Flash | Box | Tick | Redraw | StyleHint


@dataclass(frozen=True)
class TimedAction:
    """An action at its absolute lecture time, with its place in the scene's action list."""

    time: float
    action: Action
    index: int
    beat: int
    source: str = field(default="", compare=False)
