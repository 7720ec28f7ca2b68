"""Our import of Typst's SVG makes exactly the mobject Manim's own `Typst` import makes: the same
leaves in the same order, the same points, paint and stroke widths, and the same glyphs under
every label, for every text body of the transformer lecture and the demo."""

from __future__ import annotations

import numpy as np
import pytest
from manim import VMobject
from manim.mobject.text.typst_mobject import Typst

from lecturekit.pipeline import plan_scenes
from lecturekit.plan.typeset import Typeset
from lecturekit.render import manim_config
from lecturekit.render import typst_mobject as typst_mobject_module
from lecturekit.render.typst_mobject import LabelledTypst
from lecturekit.render.typst_svg import Unsupported, typst_shapes
from lecturekit.settings import PRESETS, Quality
from lecturekit.sources import read
from tests.conftest import DEMO, TRANSFORMER, TRANSFORMER_OVERRIDES

#: Bodies Typst draws with strokes and nested transforms, beyond what the lectures hold.
EXTRA = [
    "#underline[under] #strike[struck] #box(stroke: 1pt + red, inset: 2pt)[boxed]",
    "$sqrt(x^2 + y^2) / (2 pi) = integral_0^oo e^(-t) dif t$",
    '#rotate(30deg)[#box(stroke: 0.5pt)[turned]] #scale(x: 150%)[#underline[wide]] #text(fill: rgb("#336699"))[blue]',
]


@pytest.fixture(scope="module", autouse=True)
def manim(tmp_path_factory: pytest.TempPathFactory):
    with manim_config(PRESETS[Quality.l], 15, tmp_path_factory.mktemp("media")):
        yield


def bodies() -> list[Typeset]:
    found: dict[str, Typeset] = {}
    for resolved in (read(TRANSFORMER, TRANSFORMER_OVERRIDES), read(DEMO)):
        for plan in plan_scenes(resolved, resolved.scenes, 15):
            for typeset in plan.texts.values():
                found.setdefault(typeset.body, typeset)
    return list(found.values())


def manims_import(body: str, labels: list[str]) -> LabelledTypst:
    """The same object, with the SVG imported by Manim's `SVGMobject`."""
    original = LabelledTypst.generate_mobject
    try:
        LabelledTypst.generate_mobject = Typst.generate_mobject
        return LabelledTypst(body, labels, color="#e0d8c8")
    finally:
        LabelledTypst.generate_mobject = original


def assert_same(ours: LabelledTypst, theirs: LabelledTypst, labels: list[str]) -> None:
    mine, manims = ours.family_members_with_points(), theirs.family_members_with_points()
    for a, b in zip(mine, manims, strict=True):
        np.testing.assert_allclose(a.points, b.points, atol=1e-9)
        np.testing.assert_allclose(a.fill_rgbas, b.fill_rgbas)
        assert a.stroke_width == pytest.approx(b.stroke_width, abs=1e-9)
        if b.stroke_width:
            np.testing.assert_allclose(a.stroke_rgbas, b.stroke_rgbas)
    for label in labels:
        picked = [mine.index(m) for m in ours.group(label).family_members_with_points()]
        assert picked == [manims.index(m) for m in theirs.group(label).family_members_with_points()], label
    assert (ours.frame is None) == (theirs.frame is None)


def test_every_lecture_body_imports_as_manim_imports_it():
    typesets = bodies()
    assert len(typesets) > 60
    stroked = labelled = 0
    for typeset in typesets:
        ours = LabelledTypst(typeset.body, typeset.labels, color="#e0d8c8")
        assert_same(ours, manims_import(typeset.body, typeset.labels), typeset.labels)
        stroked += any(m.stroke_width for m in ours.family_members_with_points())
        labelled += bool(typeset.labels)
    assert stroked and labelled > 10


@pytest.mark.parametrize("body", EXTRA)
def test_strokes_and_transforms_import_as_manim_imports_them(body: str):
    ours = LabelledTypst(body, color="#e0d8c8")
    assert_same(ours, manims_import(body, []), [])
    # Scaling keeps a stroke's weight in proportion, as Manim's Typst does.
    stroked = [m for m in ours.family_members_with_points() if m.stroke_width and m is not ours.frame]
    assert stroked
    before = stroked[0].stroke_width
    ours.scale(2)
    assert stroked[0].stroke_width == pytest.approx(2 * before)


def test_a_glyph_outline_is_converted_once_and_placed_everywhere_it_is_used():
    ours = LabelledTypst("abab abab", color="#e0d8c8")
    a_shapes = [m for m in ours.family_members_with_points() if m is not ours.frame][0::2]
    shapes = [m.points - m.points[0] for m in a_shapes]
    assert len(shapes) == 4
    for shape in shapes[1:]:
        np.testing.assert_allclose(shape, shapes[0], atol=1e-9)


def test_anything_but_paths_is_left_to_manims_import(monkeypatch: pytest.MonkeyPatch):
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><rect width="2" height="1"/></svg>'
    with pytest.raises(Unsupported):
        typst_shapes(svg, VMobject().color)

    def refuse(svg: bytes, color: object) -> list:
        raise Unsupported("rect")

    monkeypatch.setattr(typst_mobject_module, "typst_shapes", refuse)
    body = "Left to $x + 1$"
    assert_same(LabelledTypst(body, color="#e0d8c8"), manims_import(body, []), [])


def test_a_part_typst_cannot_hide_alone_is_emphasised_with_its_whole_text():
    """Hiding the integral sign sets its limits anew, so the rest moves and the part cannot be told
    apart (a generated lecture's emphasis crashed the render here): its group is the whole text."""
    from lecturekit.render.typst_mobject import LabelledTypst

    body = '$ lkgrp("p0", integral)_(-infinity)^infinity e^(-x^2) dif x = sqrt(pi) $'
    glyphs = LabelledTypst(body, ["p0"], color="#ffffff")
    assert len(glyphs.group("p0").family_members_with_points()) == len(glyphs.family_members_with_points()) > 10
