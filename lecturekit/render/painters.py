"""One painter per kind: the plan's decisions for an object in, mobjects out.

A painter takes the spec, the board's context and where the object goes: its box for a
top-level object, its parent's coordinate frame for a child. `paint` looks the painter up by
kind; a registered kind with no painter fails when this module is imported, and a kind that is
not the format's registers its own with `painter`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from manim import Mobject

from lecturekit import theme as palette
from lecturekit.boxes import Box
from lecturekit.kinds import Kind, Spec, registered
from lecturekit.kinds.outline import ParentSpace
from lecturekit.plan.typeset import Typeset
from lecturekit.render import builders as build
from lecturekit.render.builders import Context, Drawn

Where = Box | ParentSpace
Painter = Callable[[Spec, Context, Where], Drawn | None]

_PAINTERS: dict[Kind, Painter] = {}


def painter(kind: Kind) -> Callable[[Painter], Painter]:
    """Register the decorated function as the painter of `kind`."""

    def register(paint: Painter) -> Painter:
        _PAINTERS[kind] = paint
        return paint

    return register


def unregister(kind: Kind) -> None:
    _PAINTERS.pop(kind, None)


def paint(spec: Spec, ctx: Context, where: Where) -> Drawn | None:
    return _PAINTERS[spec.kind](spec, ctx, where)


def missing() -> list[Kind]:
    """Registered kinds that have no painter."""
    return [d.kind for d in registered() if d.kind not in _PAINTERS]


def text_color(spec: Spec) -> str:
    """A text's ink: its own colour, or the theme's text colour."""
    return palette.color(None if spec.color in (None, "text") else spec.color)


@dataclass(frozen=True)
class TextPainter:
    """Paints a text kind: its glyphs in its box, on its backing if it has one; drawn in a
    figure, a text is a label beside the mark it names."""

    backing: Callable[[Box], list[Mobject]] | None = None

    def __call__(self, spec: Spec, ctx: Context, where: Where) -> Drawn | None:
        if isinstance(where, ParentSpace):
            return build.child_math(spec, ctx, where)
        typeset = ctx.typeset(spec.name)
        return self.draw(spec, typeset, where) if typeset is not None else None

    def draw(self, spec: Spec, typeset: Typeset, box: Box) -> Drawn:
        return build.text_object(typeset, box, text_color(spec), self.backing)


for _kind in (Kind.TITLE, Kind.HEADING, Kind.TEXT, Kind.MATH, Kind.DERIVATION):
    painter(_kind)(TextPainter())
painter(Kind.PANEL)(TextPainter(build.panel_backing))
painter(Kind.BLOCK)(TextPainter(build.block_backing))


def paint_text(spec: Spec, typeset: Typeset, box: Box) -> Drawn:
    """A text object as its kind's painter draws it with this typesetting."""
    text_painter = _PAINTERS[spec.kind]
    if not isinstance(text_painter, TextPainter):
        raise TypeError(f"a {spec.kind.value} is not a text")
    return text_painter.draw(spec, typeset, box)


@painter(Kind.TABLE)
def _table(spec: Spec, ctx: Context, where: Where) -> Drawn:
    assert isinstance(where, Box)
    return build.table(spec, ctx.plan.tables[spec.name], where)  # type: ignore[arg-type]


@painter(Kind.FIGURE)
def _figure(spec: Spec, ctx: Context, where: Where) -> Drawn:
    assert isinstance(where, Box)
    return build.figure(spec, where, ctx)  # type: ignore[arg-type]


@painter(Kind.AXES)
def _axes(spec: Spec, ctx: Context, where: Where) -> Drawn:
    assert isinstance(where, Box)
    return build.axes(spec, where, ctx)  # type: ignore[arg-type]


@painter(Kind.IMAGE)
def _image(spec: Spec, ctx: Context, where: Where) -> Drawn:
    assert isinstance(where, Box)
    return build.image(spec, where, ctx.plan)  # type: ignore[arg-type]


def _child(build_child: Callable[[Spec, Context, ParentSpace], Drawn]) -> Painter:
    def paint_child(spec: Spec, ctx: Context, where: Where) -> Drawn:
        assert isinstance(where, ParentSpace)
        return build_child(spec, ctx, where)

    return paint_child


painter(Kind.VECTOR)(_child(build.vector))  # type: ignore[arg-type]
painter(Kind.LINE)(_child(build.line))  # type: ignore[arg-type]
painter(Kind.POINT)(_child(build.point))  # type: ignore[arg-type]
painter(Kind.FUNCTION_PLOT)(_child(build.plot))  # type: ignore[arg-type]
painter(Kind.PLOT_POINT)(_child(build.plot_point))  # type: ignore[arg-type]


@painter(Kind.VARIABLE_NUMBER)
def _nothing(spec: Spec, ctx: Context, where: Where) -> None:
    """A VariableNumber is never drawn; what uses it follows it."""
    return None


if missing():
    raise ImportError(f"no painter for {', '.join(k.value for k in missing())}")
