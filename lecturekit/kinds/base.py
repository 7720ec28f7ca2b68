"""What a kind is: its spec type (fields with their types) and every decision the stages make
from its kind alone. One `KindDef` a kind, made in the kind's own module and registered in one
table that parsing, resolving, planning and rendering look up."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from types import MappingProxyType

from lecturekit.kinds.outline import Geometry
from lecturekit.syntax.nodes import (
    COMMON,
    FORMAT_KINDS,
    FieldType,
    Kind,
    ShowStyle,
    Spec,
    Value,
    attribute_types,
    variables_of,
)
from lecturekit.theme import Fill

#: Seconds an entrance takes when its kind has a time of its own (a write takes as long as its text).
DRAW = 0.8
GROW = 0.6
FADE_IN = 0.8
FRAME_IN = 1.0
TITLE = 2.0


class Role(Enum):
    """Where an object of the kind goes: the layout's bands, inside a parent, or nowhere."""

    TITLE = "title"
    HEADING = "heading"
    TEXT = "text"
    VISUAL = "visual"
    CHILD = "child"
    VARIABLE = "variable"


class Parent(Enum):
    """Whether the kind is drawn in a Figure or Axes."""

    REQUIRED = "required"
    ALLOWED = "allowed"
    NEVER = "never"


class Stands(Enum):
    """Where a child of a Figure or Axes stands in its parent's numbers, as the other children,
    the labels beside it and resolve's ranges find it."""

    #: Between its `start` and `end` (a Vector, a Line): a label sits beside it, a Point's away from it.
    BETWEEN = "between"
    #: At its `location` (a Point): a label sits around it.
    AT = "at"
    #: Neither: on a graph, along one, or in no parent's numbers.
    ELSEWHERE = "elsewhere"


#: The pair attributes a kind that stands so must have.
_STANDS_ON = {Stands.BETWEEN: ("start", "end"), Stands.AT: ("location",), Stands.ELSEWHERE: ()}


class Entrance(Enum):
    """How an object comes onto the board (render/effects.py has one effect each)."""

    WRITE = "write"
    #: The backing fades in as the text is written over it.
    PANEL = "panel"
    FADE_IN = "fade in"
    CREATE = "create"
    GROW = "grow"
    #: Grown out of its start (an arrow out of its tail).
    GROW_FROM_START = "grow from start"


class Ink(Enum):
    """What a kind's colour draws, which says the contrast it must have (`lecturekit.contrast`)."""

    #: Its text.
    TEXT = "text"
    #: A mark (a line, an arrow, a curve, a dot), and its label or legend entry where it has one.
    MARK = "mark"
    #: Only its own label, where it has one.
    LABEL = "label"
    #: Nothing.
    NOTHING = "nothing"


@dataclass(frozen=True)
class TextStyle:
    """How a kind's text is typeset: prose with inline math or one formula, at which of the
    theme's sizes, and how it fits its box."""

    prose: bool
    #: The theme's size it is set at (`theme.sizes.<font>`).
    font: str
    align: str = "left"
    #: Wraps to the width its place allows.
    wraps: bool = False
    #: Inside a panel's padding.
    padded: bool = False
    #: Wrapped lines are measured again and the box shrinks to them.
    shrinks: bool = False


@dataclass(frozen=True)
class Least:
    """The smallest a visual of this kind is drawn and still read, its stated minimum: the layout
    shrinks the board's texts (down to the minimum size) before it draws the visual smaller, and
    draws it smaller only where the board cannot hold its texts at the minimum with every visual
    at its least (`lecturekit/plan/layout`)."""

    #: Its longer side, as a share of the safe area's shorter side.
    longer: float
    #: Its drawing at least as tall as the labels and texts drawn in it, stacked at the label size,
    #: up to this share of the safe area's shorter side (0: no such floor): a diagram's marks are
    #: read with their labels, so a diagram squeezed below its labels is not read either.
    labels_stacked: float = 0.0


#: A picture's visible size: its longer side over the safe area's shorter side.
VISIBLE = 0.3


@dataclass(frozen=True)
class KindDef:
    """Everything one kind means. Every part must be given: a kind that lacks one fails where
    its module makes it, at import."""

    kind: Kind
    spec: type[Spec]
    role: Role
    parent: Parent
    #: Holds children (Figures and Axes).
    container: bool
    #: Each `is shown` reveals one more line or row.
    stepped: bool
    #: A new layout may resize it (visuals scale, paragraphs wrap again).
    reflows: bool
    #: Its text, when it is typeset; None when it has no text of its own to set.
    text: TextStyle | None
    #: What its colour draws.
    inks: Ink
    #: What it paints behind what it holds (its text, its label, its children); None: nothing, so
    #: what it holds stands on what it stands on.
    backing: Fill | None
    #: Its mark is a filled dot (the disc its box holds), which another mark of its container may
    #: be drawn over or under (`lecturekit.plan.halos`).
    fills: bool
    #: How it enters for each show style.
    enters: Mapping[ShowStyle, Entrance]
    #: Seconds its entrance takes for each show style; None: as long as writing its text takes.
    seconds: Mapping[ShowStyle, float | None]
    #: As the object a figure's label sits beside: lower ranks win a tie; None: never a label's anchor.
    label_rank: int | None
    #: Its label is typeset (a Title's is not drawn).
    labelled: bool
    #: Where a child's drawing reaches in its parent's frame, and its label's or legend entry's
    #: (`lecturekit.kinds.geometry`); None for what the layout places, or what is never drawn.
    geometry: Geometry | None
    #: Where it stands in its parent's numbers.
    stands: Stands
    #: The style hints (`x: enter:write-left-to-right.`) that shape its entrance; any other is warned of.
    hints: frozenset[str]
    #: How small the layout may draw it (`Least`); None for what is not a picture (a text, a
    #: table, which is as small as its text at the minimum size, or a child).
    least: Least | None

    def __post_init__(self) -> None:
        for part in ("enters", "seconds"):
            given = getattr(self, part)
            missing = [style.value for style in ShowStyle if style not in given]
            if missing:
                raise TypeError(f"{self.kind.value}: {part} says nothing for {', '.join(missing)}")
            object.__setattr__(self, part, MappingProxyType(dict(given)))
        if not issubclass(self.spec, Spec):
            raise TypeError(f"{self.kind.value}: its spec {self.spec.__name__} is not a Spec")
        untyped = [f.name for f in fields(self.spec) if f.name not in COMMON and f.name not in self.fields]
        if untyped:
            raise TypeError(f"{self.kind.value}: {', '.join(untyped)} have no FieldType")
        lacking = [key for key in _STANDS_ON[self.stands] if self.fields.get(key) is not FieldType.PAIR]
        if lacking:
            raise TypeError(f"{self.kind.value}: it stands {self.stands.value} but has no pair {', '.join(lacking)}")
        if LEFT_TO_RIGHT in self.hints and (self.stepped or self.enters[ShowStyle.WRITTEN] not in _WRITTEN):
            raise TypeError(f"{self.kind.value}: it takes {LEFT_TO_RIGHT} but is not written as it enters")

    @property
    def fields(self) -> dict[str, FieldType]:
        """The kind's attributes with their types, the common ones (color, label, text, parent) included."""
        return attribute_types(self.spec)

    @property
    def params(self) -> dict[str, FieldType]:
        """The attributes a description gives in its parameters."""
        return {k: t for k, t in self.fields.items() if k not in COMMON}


#: Its glyphs are written in order of where they stand, left first.
LEFT_TO_RIGHT = "enter:write-left-to-right"
#: The entrances that write an object's glyphs.
_WRITTEN = (Entrance.WRITE, Entrance.PANEL)
#: The hints a kind takes whose text is written as it enters, all at once (a stepped kind reveals line by line).
WRITTEN_HINTS = frozenset({LEFT_TO_RIGHT})


def entering(written: Entrance, drawn: Entrance | None = None, grown: Entrance | None = None
             ) -> dict[ShowStyle, Entrance]:
    """Entrances by show style; drawn and grown enter as written unless said otherwise."""
    return {ShowStyle.WRITTEN: written, ShowStyle.DRAWN: drawn or written, ShowStyle.GROWN: grown or written}


def timing(written: float | None, drawn: float = DRAW, grown: float = GROW) -> dict[ShowStyle, float | None]:
    """Entrance seconds by show style: drawing and growing are brisk whatever the kind."""
    return {ShowStyle.WRITTEN: written, ShowStyle.DRAWN: drawn, ShowStyle.GROWN: grown}


_REGISTRY: dict[Kind, KindDef] = {}


def register(definition: KindDef) -> KindDef:
    """Add a kind to the table every stage looks up; a name is registered once."""
    if definition.kind in _REGISTRY and _REGISTRY[definition.kind] is not definition:
        raise ValueError(f"the kind {definition.kind.value} is registered already")
    _REGISTRY[definition.kind] = definition
    return definition


def unregister(kind: Kind) -> None:
    """Take a kind out of the table (tests that add a kind of their own put things back)."""
    _REGISTRY.pop(kind, None)


def kind_def(kind: Kind) -> KindDef:
    return _REGISTRY[kind]


def registered() -> tuple[KindDef, ...]:
    """Every registered kind: the format's in its order, then any others as they were added."""
    order = {kind: place for place, kind in enumerate(FORMAT_KINDS)}
    return tuple(sorted(_REGISTRY.values(), key=lambda d: order.get(d.kind, len(order))))


class _Table(Mapping[str, KindDef]):
    """The kind table as the grammar reads it (`syntax.parser.parse_description`): each kind's
    definition by its name, in the order of `registered`; a kind registered later is in it."""

    def __getitem__(self, name: str) -> KindDef:
        return _REGISTRY[name]  # type: ignore[index]  # a Kind is a str: its name finds it

    def __iter__(self) -> Iterator[str]:
        return (d.kind for d in registered())

    def __len__(self) -> int:
        return len(_REGISTRY)


KINDS: Mapping[str, KindDef] = _Table()


# ---------------------------------------------------------------- what a spec's values depend on

#: Attribute types whose values are expressions (a Value), the others' are plain strings and flags.
VALUED = frozenset({FieldType.NUMBER, FieldType.PAIR, FieldType.FUNCTION, FieldType.ROWS})


def values_of(spec: Spec) -> list[tuple[str, Value]]:
    """(attribute, value) for every value of `spec` that is an expression."""
    found = []
    for key, kind in _REGISTRY[spec.kind].params.items():
        value = getattr(spec, key)
        if kind in VALUED and value is not None:
            found.append((key, value))
    return found


def references_of(spec: Spec) -> list[tuple[str, str, Kind]]:
    """(attribute, name, kind it must be) for every other object `spec` stands on."""
    found = []
    for f in fields(spec):
        if f.metadata.get("type") is FieldType.REF:
            found.append((f.name, getattr(spec, f.name), f.metadata["refers_to"]))
    return found


def own_variables(spec: Spec) -> frozenset[str]:
    """The VariableNumbers `spec`'s own values use."""
    found: frozenset[str] = frozenset()
    for _, value in values_of(spec):
        found |= variables_of(value)
    return found


def depends_on(spec: Spec, objects: Mapping[str, Spec]) -> frozenset[str]:
    """The VariableNumbers an object follows: its own, and those of the objects it stands on."""
    found = own_variables(spec)
    for _, name, _ in references_of(spec):
        if name in objects:
            found |= own_variables(objects[name])
    return found
