"""Immutable syntax trees: values and expressions, object specs (one per kind), actions."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import Any, ClassVar

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
        case FunctionValue(body=body, variable=variable):
            if body is None:
                return "<function>"
            return source_of(body) if variable == "x" else f"lambda {variable}: {source_of(body)}"
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


class Kind(str):
    """A kind's name, interned so that `spec.kind is Kind.VECTOR` holds. The format's seventeen
    are constants here (`FORMAT_KINDS`); what each means is its module in `lecturekit.kinds`, and a
    kind that is not the format's is one more module there."""

    __slots__ = ()
    _interned: ClassVar[dict[str, Kind]] = {}

    def __new__(cls, name: str) -> Kind:
        found = cls._interned.get(name)
        if found is None:
            found = cls._interned[name] = super().__new__(cls, name)
        return found

    @property
    def value(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        return f"Kind({str(self)!r})"

    TITLE: ClassVar[Kind]
    HEADING: ClassVar[Kind]
    PANEL: ClassVar[Kind]
    BLOCK: ClassVar[Kind]
    TEXT: ClassVar[Kind]
    MATH: ClassVar[Kind]
    DERIVATION: ClassVar[Kind]
    TABLE: ClassVar[Kind]
    FIGURE: ClassVar[Kind]
    AXES: ClassVar[Kind]
    VECTOR: ClassVar[Kind]
    LINE: ClassVar[Kind]
    POINT: ClassVar[Kind]
    FUNCTION_PLOT: ClassVar[Kind]
    PLOT_POINT: ClassVar[Kind]
    IMAGE: ClassVar[Kind]
    VARIABLE_NUMBER: ClassVar[Kind]


_FORMAT = {
    "TITLE": "Title", "HEADING": "Heading", "PANEL": "Panel", "BLOCK": "Block", "TEXT": "Text", "MATH": "Math",
    "DERIVATION": "Derivation", "TABLE": "Table", "FIGURE": "Figure", "AXES": "Axes", "VECTOR": "Vector",
    "LINE": "Line", "POINT": "Point", "FUNCTION_PLOT": "FunctionPlot", "PLOT_POINT": "PlotPoint", "IMAGE": "Image",
    "VARIABLE_NUMBER": "VariableNumber",
}
for _constant, _name in _FORMAT.items():
    setattr(Kind, _constant, Kind(_name))
#: The kinds the lecture format itself defines, in its order.
FORMAT_KINDS: tuple[Kind, ...] = tuple(Kind(name) for name in _FORMAT.values())


class FieldType(Enum):
    """What an attribute of a spec holds; parsing, overrides, evaluation and dependencies follow it."""

    TEXT = "text"  # a quoted string, kept as a str
    FLAG = "flag"  # True or False, kept as a bool
    REF = "ref"  # the name of another object of the scene, as a quoted string
    NUMBER = "number"  # a Value drawn as one number
    PAIR = "pair"  # a Value drawn as two numbers: a point, a range, an aspect
    FUNCTION = "function"  # a FunctionValue of x
    ROWS = "rows"  # a Table's rows: a tuple of tuples of strings


def attribute(kind: FieldType, default: object = None, refers_to: Kind | None = None) -> Any:
    """A spec's attribute with its type; `refers_to` is the kind a REF must name."""
    return field(default=default, metadata={"type": kind, "refers_to": refers_to})


def attribute_types(spec_type: type) -> dict[str, FieldType]:
    """Every attribute of a spec type with its type."""
    return {f.name: f.metadata["type"] for f in fields(spec_type) if "type" in f.metadata}


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
    """A typed object: the description's common parts plus its kind's attributes (one spec type
    a kind, declared in its module in `lecturekit.kinds`)."""

    name: str
    kind: Kind
    color: str | None = attribute(FieldType.TEXT)
    label: str | None = attribute(FieldType.TEXT)
    text: str | None = attribute(FieldType.TEXT)
    parent: str | None = attribute(FieldType.TEXT)


#: The attributes every description has in its own words, outside its parameters.
COMMON = frozenset({"name", "kind", "color", "label", "text", "parent"})

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
class BoxAround:
    """"A box is drawn around X": a ring around an object (not `lecturekit.boxes.Box`, a place)."""

    object: str
    #: Its form's name where forms are counted (`check`): as the lecture says it.
    form: ClassVar[str] = "box"


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


Action = Show | Hide | Move | Emphasize | Flash | BoxAround | Tick | Redraw | StyleHint


@dataclass(frozen=True)
class TimedAction:
    """An action at its absolute lecture time, with its place in the scene's action list."""

    time: float
    action: Action
    index: int
    beat: int
    source: str = field(default="", compare=False)


def parts_named(actions: Iterable[TimedAction]) -> dict[str, list[Part]]:
    """The parts the actions emphasise or flash, by object, in the order they come."""
    parts: dict[str, list[Part]] = {}
    for timed in actions:
        action = timed.action
        if isinstance(action, Emphasize | Flash) and action.part is not None:
            parts.setdefault(action.object, []).append(action.part)
    return parts
