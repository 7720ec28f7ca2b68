"""One painter per kind and place: the plan's decisions for an object in, mobjects out.

A painter is a builder with one signature, `(spec, ctx, where) -> Drawn | None`: the spec of its
kind, the board's context and where the object goes, its box (a top-level object) or its
parent's space (a child). `painter(kind, spec, where)` registers one; `paint` looks
it up by the spec's kind and the place. A registered kind without a painter for every place its
`Parent` allows fails when this module is imported, and a kind that is not the format's
registers its own with `painter`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

from manim import VMobject

from lecturekit import theme as palette
from lecturekit.boxes import Box
from lecturekit.kinds import (
    AxesSpec,
    FigureSpec,
    FunctionPlotSpec,
    ImageSpec,
    Kind,
    LineSpec,
    MathSpec,
    Parent,
    PlotPointSpec,
    PointSpec,
    Spec,
    TableSpec,
    VectorSpec,
    kind_def,
    registered,
)
from lecturekit.kinds.outline import ParentSpace
from lecturekit.plan.typeset import Typeset
from lecturekit.render import builders as build
from lecturekit.render.builders import Context, Drawn
from lecturekit.render.halo import haloed

Where = Box | ParentSpace
S = TypeVar("S", bound=Spec)
W = TypeVar("W", Box, ParentSpace)
Painter = Callable[[Spec, Context, Where], Drawn | None]

_PAINTERS: dict[tuple[Kind, type[Where]], Painter] = {}

#: The places a kind is drawn in, by its `Parent` rule.
PLACES: dict[Parent, tuple[type[Where], ...]] = {
    Parent.NEVER: (Box,), Parent.REQUIRED: (ParentSpace,), Parent.ALLOWED: (Box, ParentSpace)}


def painter(kind: Kind, spec: type[S], where: type[W]
            ) -> Callable[[Callable[[S, Context, W], Drawn | None]], Callable[[S, Context, W], Drawn | None]]:
    """Register the decorated builder as what paints `kind` in `where` (a Box or a ParentSpace);
    `spec` is the kind's spec type (or a base of it), which is what the builder is handed."""
    own = kind_def(kind).spec
    if not issubclass(own, spec):
        raise TypeError(f"a {kind.value} is a {own.__name__}, not a {spec.__name__}")

    def register(builder: Callable[[S, Context, W], Drawn | None]) -> Callable[[S, Context, W], Drawn | None]:
        # `paint` hands it only specs of its kind (a `spec`, checked above) in a `where`
        _PAINTERS[kind, where] = cast(Painter, builder)
        return builder

    return register


def unregister(kind: Kind) -> None:
    for place in (Box, ParentSpace):
        _PAINTERS.pop((kind, place), None)


def paint(spec: Spec, ctx: Context, where: Where) -> Drawn | None:
    """`spec` drawn by its kind's painter, over its halo where the plan gives it one (`plan.halos`)."""
    drawn = _PAINTERS[spec.kind, Box if isinstance(where, Box) else ParentSpace](spec, ctx, where)
    halo = ctx.plan.halos.get(spec.name)
    if drawn is None or halo is None:
        return drawn
    return haloed(drawn, halo, ctx.plan.theme.board.halo, ctx.glyphs, ctx.edges)


def missing() -> list[Kind]:
    """Registered kinds without a painter for some place they may be drawn in."""
    return [d.kind for d in registered() if any((d.kind, place) not in _PAINTERS for place in PLACES[d.parent])]


def text_color(spec: Spec) -> str:
    """A text's ink: its own colour, or the theme's text colour."""
    return palette.color(None if spec.color in (None, "text") else spec.color)


@dataclass(frozen=True)
class TextPainter:
    """Paints a text kind: its glyphs in its box, on its backing if it has one."""

    backing: Callable[[Box], list[VMobject]] | None = None

    def __call__(self, spec: Spec, ctx: Context, box: Box) -> Drawn | None:
        typeset = ctx.typeset(spec.name)
        return self.draw(spec, typeset, box) if typeset is not None else None

    def draw(self, spec: Spec, typeset: Typeset, box: Box) -> Drawn:
        return build.text_object(typeset, box, text_color(spec), self.backing)


for _kind in (Kind.TITLE, Kind.HEADING, Kind.TEXT, Kind.MATH, Kind.DERIVATION):
    painter(_kind, Spec, Box)(TextPainter())
painter(Kind.PANEL, Spec, Box)(TextPainter(build.panel_backing))
painter(Kind.BLOCK, Spec, Box)(TextPainter(build.block_backing))


def paint_text(spec: Spec, typeset: Typeset, box: Box) -> Drawn:
    """A text object as its kind's painter draws it with this typesetting."""
    text_painter = _PAINTERS[spec.kind, Box]
    if not isinstance(text_painter, TextPainter):
        raise TypeError(f"a {spec.kind.value} is not a text")
    return text_painter.draw(spec, typeset, box)


# drawn in a figure, a formula is a label beside the mark it names
painter(Kind.MATH, MathSpec, ParentSpace)(build.child_math)
painter(Kind.TABLE, TableSpec, Box)(build.table)
painter(Kind.FIGURE, FigureSpec, Box)(build.figure)
painter(Kind.AXES, AxesSpec, Box)(build.axes)
painter(Kind.IMAGE, ImageSpec, Box)(build.image)
painter(Kind.VECTOR, VectorSpec, ParentSpace)(build.vector)
painter(Kind.LINE, LineSpec, ParentSpace)(build.line)
painter(Kind.POINT, PointSpec, ParentSpace)(build.point)
painter(Kind.FUNCTION_PLOT, FunctionPlotSpec, ParentSpace)(build.plot)
painter(Kind.PLOT_POINT, PlotPointSpec, ParentSpace)(build.plot_point)


@painter(Kind.VARIABLE_NUMBER, Spec, Box)
def _nothing(spec: Spec, ctx: Context, where: Box) -> None:
    """A VariableNumber is never drawn; what uses it follows it."""
    return None


if missing():
    raise ImportError(f"no painter for {', '.join(k.value for k in missing())}")
