"""Typst's SVG as Manim shapes, each glyph outline converted once per process.

Manim's `SVGMobject` hands the file to svgelements, which parses a glyph's outline again for
every `<use>` of it, and builds a `VGroup` for every element: about 0.7 s for a paragraph. Typst
writes a regular SVG (glyph outlines as symbols in `<defs>`, placed by `<use>`, and plain
`<path>`s for rules and strokes), so we convert each outline once with Manim's own
`VMobjectFromSVGPath` and place copies of it. The shapes, their order and their style are the
ones Manim's import makes (`tests/render/test_typst_svg.py` compares the two).
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from functools import cache

import numpy as np
import svgelements as se
from manim import BLACK, ManimColor, VMobject
from manim.mobject.svg.svg_mobject import VMobjectFromSVGPath
from manim.mobject.text.typst_mobject import _SVG_LEAF_TAGS  # counted as Manim counts leaves for labels

_SVG = "{http://www.w3.org/2000/svg}"
_HREF = "{http://www.w3.org/1999/xlink}href"
_PAINT_KEYS = ("fill", "fill-opacity", "stroke", "stroke-opacity", "stroke-width")
# Manim's SVG import starts from these (`SVGMobject.svg_default` turned into SVG attributes).
_DEFAULT_PAINT = {"stroke-width": "0"}

Paint = dict[str, str]


class Unsupported(Exception):
    """The SVG holds something this importer does not place; Manim's own import should run."""


def typst_shapes(svg: bytes, color: ManimColor) -> list[list[VMobject]]:
    """The shapes of each rendered leaf of a Typst SVG, in drawing order, in SVG units with y
    up (Manim's import drops the root's viewBox and flips). Black paint takes `color`, as
    Manim's `Typst.init_colors` does it to each black glyph. Raises `Unsupported` for anything
    but paths."""
    root = ET.fromstring(svg)
    symbols = {el.get("id"): el for el in root.iter(f"{_SVG}symbol")}
    styles = _Styles(color)
    leaves = []
    for element, matrix, paint in _leaves(root, se.Matrix("scale(1, -1)"), _DEFAULT_PAINT, False):
        tag = element.tag.removeprefix(_SVG)
        if tag == "path":
            placed = [(element, matrix, paint)]
        elif tag == "use":
            placed = list(_used(element, matrix, paint, symbols))
        else:
            raise Unsupported(tag)
        shapes = (_shape(d_element, m, styles.of(p)) for d_element, m, p in placed)
        leaves.append([shape for shape in shapes if shape is not None])
    return leaves


def _local(element: ET.Element, paint: Paint) -> Paint:
    own = {key: value for key, value in element.attrib.items() if key in _PAINT_KEYS}
    for item in element.get("style", "").split(";"):
        key, _, value = item.partition(":")
        if key.strip() in _PAINT_KEYS:
            own[key.strip()] = value.strip()
    return {**paint, **own} if own else paint


def _transform(element: ET.Element) -> se.Matrix:
    value = element.get("transform")
    return se.Matrix(value) if value is not None else se.Matrix()


def _leaves(parent: ET.Element, matrix: se.Matrix, paint: Paint, in_defs: bool
            ) -> Iterator[tuple[ET.Element, se.Matrix, Paint]]:
    for element in parent:
        tag = element.tag.removeprefix(_SVG) if isinstance(element.tag, str) else ""
        inside = in_defs or tag == "defs"
        here = _transform(element) * matrix  # svgelements: `a * b` applies a first
        own = _local(element, paint)
        if not inside and tag in _SVG_LEAF_TAGS:
            yield element, here, own
        yield from _leaves(element, here, own, inside)


def _used(use: ET.Element, matrix: se.Matrix, paint: Paint, symbols: dict[str | None, ET.Element]
          ) -> Iterator[tuple[ET.Element, se.Matrix, Paint]]:
    symbol = symbols.get((use.get(_HREF) or use.get("href") or "").removeprefix("#"))
    if symbol is None:
        raise Unsupported("use")
    placed = se.Matrix(f"translate({use.get('x', '0')} {use.get('y', '0')})") * matrix
    for element in symbol:
        if element.tag != f"{_SVG}path":
            raise Unsupported(element.tag)
        yield element, _transform(element) * placed, _local(element, paint)


@cache
def _outline(d: str) -> np.ndarray:
    """The Bézier points Manim makes of a path's `d`, before any transform."""
    points = VMobjectFromSVGPath(
        se.Path(d), should_subdivide_sharp_curves=True, should_remove_null_curves=True).points
    points.setflags(write=False)
    return points


def _shape(element: ET.Element, matrix: se.Matrix, style: VMobject) -> VMobject | None:
    """A styled copy of the outline placed by `matrix`, or None for an empty one (Manim drops
    those too)."""
    outline = _outline(element.get("d", ""))
    if not len(outline):
        return None
    shape = style.copy()
    linear = np.array([[matrix.a, matrix.b], [matrix.c, matrix.d]])
    placed = np.zeros_like(outline)
    placed[:, :2] = outline[:, :2] @ linear + (matrix.e, matrix.f)
    shape.points = placed
    if shape.stroke_width:
        shape.stroke_width = shape.stroke_width * math.sqrt(abs(matrix.determinant))
    return shape


class _Styles:
    """One VMobject without points per paint, styled the way Manim styles an imported shape."""

    def __init__(self, color: ManimColor):
        self.color = color
        self.made: dict[tuple[tuple[str, str], ...], VMobject] = {}

    def of(self, paint: Paint) -> VMobject:
        key = tuple(sorted(paint.items()))
        if key not in self.made:
            self.made[key] = self._make(paint)
        return self.made[key]

    def _make(self, paint: Paint) -> VMobject:
        """`SVGMobject.apply_style_to_mobject` read from SVG attributes, then `Typst.init_colors`."""
        style = VMobject()
        fill = se.Color(paint.get("fill", "black"))
        stroke = se.Color(paint.get("stroke", "none"))
        style.set_style(
            stroke_width=float(paint.get("stroke-width", 1)) if stroke.value is not None else 0,
            stroke_color=stroke.hexrgb,
            stroke_opacity=_opacity(stroke, paint.get("stroke-opacity")),
            fill_color=fill.hexrgb,
            fill_opacity=_opacity(fill, paint.get("fill-opacity")),
        )
        if style.color == BLACK:
            style.color = self.color
            style.init_colors()
        return style


def _opacity(color: se.Color, opacity: str | None) -> float | None:
    if color.value is None:
        return None
    return color.opacity * (float(opacity) if opacity is not None else 1.0)
