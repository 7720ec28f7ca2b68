"""The board's camera draws pictures and shapes as Manim's does, while reusing their resampled pixels and paths."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from manim import BLUE, GREEN, RED, WHITE, YELLOW, ImageMobject, tempconfig
from manim.camera.camera import Camera

from lecturekit.render.camera import BoardCamera


def _picture() -> ImageMobject:
    y, x = np.mgrid[0:60, 0:90]
    pixels = np.zeros((60, 90, 4), np.uint8)
    pixels[..., 0], pixels[..., 1], pixels[..., 2] = x * 2, y * 4, 200
    pixels[..., 3] = np.where(x < 10, 0, 255 - y * 2)  # a transparent strip and a soft fade
    return ImageMobject(pixels).scale_to_fit_width(4.0)


@pytest.mark.parametrize("opacity", [1.0, 0.55, 0.1, 0.0])
def test_a_picture_fading_and_moving_looks_as_manim_draws_it(opacity: float) -> None:
    with tempconfig({"pixel_width": 320, "pixel_height": 180, "frame_rate": 15, "background_color": "#101820"}):
        ours, manims = BoardCamera(), Camera()
        picture = _picture()
        for step in range(3):
            picture.set_opacity(opacity if step else 1.0)
            if step == 2:
                picture.shift(np.array([1.3, -0.4, 0.0]))  # moved: drawn afresh
            for camera in (ours, manims):
                camera.reset()
                camera.capture_mobjects([picture])
            drawn, expected = ours.pixel_array.astype(int), manims.pixel_array.astype(int)
            assert np.abs(drawn - expected).max() <= 3, step
            assert (drawn != drawn[0, 0]).any() == (opacity > 0 or step == 0)
    assert len(ours.layers) == 1, "one layer per picture, drawn again only when it moves"


@pytest.mark.parametrize("move", [(0.0, 0.0, 0.0, 1.0), (1.3, -0.4, 0.0, 0.6), (-5.9, 2.6, 0.0, 1.0),
                                  (4.8, -2.1, 0.3, 1.4), (0.2, 0.1, 1.2, 0.3), (9.0, 0.0, 0.0, 1.0)])
def test_a_picture_at_full_opacity_is_drawn_exactly_as_manim_draws_it(move: tuple) -> None:
    """The layer is made from the transformed picture alone, not a frame-sized canvas: the same
    pixels wherever the picture stands, turned, scaled, half out of the frame or wholly."""
    x, y, angle, scale = move
    with tempconfig({"pixel_width": 320, "pixel_height": 180, "frame_rate": 15, "background_color": "#101820"}):
        ours, manims = BoardCamera(), Camera()
        picture = _picture().scale(scale).rotate(angle).shift(np.array([x, y, 0.0]))
        for camera in (ours, manims):
            camera.reset()
            camera.capture_mobjects([picture])
        assert np.array_equal(ours.pixel_array, manims.pixel_array)


def test_a_picture_gone_takes_its_layer_with_it() -> None:
    """A board rebuilt (a number ticking beside a figure) makes new pictures on every frame; the
    layers of those no longer drawn are not kept (a long chunk grew by hundreds of MB)."""
    with tempconfig({"pixel_width": 320, "pixel_height": 180, "frame_rate": 15}):
        camera = BoardCamera()
        kept = _picture()
        for _ in range(20):
            camera.reset()
            camera.capture_mobjects([kept, _picture().shift(np.array([0.5, 0.0, 0.0]))])
        assert len(camera.layers) == 1  # the one still held; a frame's own picture went with it


shapes = st.builds(
    lambda kind, fill, stroke, width, background, gradient, at: (kind, fill, stroke, width, background, gradient, at),
    kind=st.sampled_from(["circle", "square", "line", "arrow"]),
    fill=st.sampled_from([0.0, 0.004, 0.3, 1.0]), stroke=st.sampled_from([0.0, 0.5, 1.0]),
    width=st.sampled_from([0.0, 1.0, 4.0]), background=st.sampled_from([0.0, 6.0]), gradient=st.booleans(),
    at=st.tuples(st.floats(-6, 6), st.floats(-3.5, 3.5)),
)


def _vmobject(kind: str, fill: float, stroke: float, width: float, background: float, gradient: bool,
              at: tuple[float, float]):
    from manim import Arrow, Circle, Line, Square

    shape = {"circle": Circle, "square": Square, "line": lambda: Line([-1, 0, 0], [1, 0.5, 0]),
             "arrow": lambda: Arrow([-1, -1, 0], [1, 1, 0])}[kind]()
    shape.set_fill([BLUE, YELLOW] if gradient else BLUE, opacity=fill)
    shape.set_stroke([RED, GREEN] if gradient else RED, width=width, opacity=stroke)
    shape.set_stroke(WHITE, width=background, background=True)
    return shape.shift(np.array([*at, 0.0]))


@settings(max_examples=60, deadline=None)
@given(drawn=st.lists(shapes, min_size=1, max_size=6))
def test_shapes_are_drawn_exactly_as_manims_camera_draws_them(drawn: list) -> None:
    """The board's camera skips a fill or stroke of no alpha and reuses paths; every pixel is the
    one Manim's own camera paints, for fills and strokes of any alpha, width, gradient and a
    background stroke, drawn over each other."""
    with tempconfig({"pixel_width": 320, "pixel_height": 180, "frame_rate": 15, "background_color": "#101820"}):
        ours, manims = BoardCamera(), Camera()
        mobjects = [_vmobject(*shape) for shape in drawn]
        for _ in range(2):  # the second time from the paths kept
            for camera in (ours, manims):
                camera.reset()
                camera.capture_mobjects(mobjects)
            assert np.array_equal(ours.pixel_array, manims.pixel_array)


@settings(max_examples=40, deadline=None)
@given(drawn=st.lists(shapes, min_size=1, max_size=4), written=st.floats(0.0, 1.0),
       nudge=st.sampled_from([0.0, 1e-7, 1e-3]))
def test_a_shape_is_traced_with_the_calls_manims_camera_makes(drawn: list, written: float, nudge: float) -> None:
    """A path traced afresh (`camera._trace`: a glyph being written, a mark that moves) is the one
    Manim's own camera sets, point for point and subpath for subpath: shapes whole and partly
    written, glyphs of a formula, curves whose ends are nudged apart by less and more than
    Manim's tolerance, and points that are not finite."""
    import cairo
    from manim import VMobject

    from lecturekit.render.camera import _trace
    from lecturekit.render.typst_mobject import LabelledTypst

    with tempconfig({"pixel_width": 320, "pixel_height": 180, "frame_rate": 15}):
        formula = LabelledTypst("$x^2 + sum_i alpha_i$").family_members_with_points()
        whole = [_vmobject(*shape) for shape in drawn] + formula
        partial = []
        for shape in whole:
            part = VMobject()
            part.pointwise_become_partial(shape, 0, written)
            partial.append(part)
            nudged = shape.copy()
            nudged.points[4::8] += nudge  # every other curve starts off the end of the one before
            partial.append(nudged)
        unknown = VMobject()
        unknown.points = np.array([[np.nan, 0.0, 0.0]] * 8)
        context = cairo.Context(cairo.ImageSurface(cairo.FORMAT_ARGB32, 4, 4))
        for shape in [*whole, *partial, unknown]:
            Camera().set_cairo_context_path(context, shape)
            manims = list(context.copy_path())
            _trace(context, shape)
            assert list(context.copy_path()) == manims


def test_a_mobject_is_drawn_as_the_kind_manim_draws_it_as() -> None:
    """The kind a mobject is drawn as, looked up once a class, is Manim's for each."""
    from manim import Dot, Group, PMobject, Square, VGroup

    with tempconfig({"pixel_width": 320, "pixel_height": 180, "frame_rate": 15}):
        ours, manims = BoardCamera(), Camera()
        mobjects = [Square(), Dot(), VGroup(Square()), _picture(), PMobject(), Group(Dot())]
        for mobject in mobjects + mobjects:
            assert ours.type_or_raise(mobject) is manims.type_or_raise(mobject)
        assert len(ours.kinds) == len(mobjects)
