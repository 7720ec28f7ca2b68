"""Shapes copied from one made before (`render.made`) are the shapes Manim makes, number for
number: the same points, colours and widths, so the pictures are the same."""

from __future__ import annotations

import numpy as np
import pytest
from manim import DashedLine, Dot, Line, Mobject, RoundedRectangle, VGroup

from lecturekit.render import builders, made
from lecturekit.render.halo import Halo


def _state(mobject: Mobject) -> list:
    """What the camera draws a mobject from, for it and every member, in order."""
    found = []
    for part in mobject.get_family():
        arrays = {k: v.tobytes() for k, v in vars(part).items() if isinstance(v, np.ndarray) and k != "arc_center"}
        style = {k: v for k, v in vars(part).items() if isinstance(v, float | int | str | bool) and k != "original_id"}
        found.append((type(part), sorted(arrays.items()), sorted(style.items())))
    return found


AT = [np.array([1.234567, -2.3456789, 0.0]), np.array([-6.1, 3.33333, 0.0]), np.array([0.1, 0.2, 0.0])]


@pytest.mark.parametrize("at", AT)
def test_a_dot_copied_is_the_dot_manim_makes(at: np.ndarray) -> None:
    for _ in range(2):  # made, then copied
        assert _state(made.dot(at, 0.08, "#FF8800")) == _state(Dot(at, radius=0.08, color="#FF8800"))


@pytest.mark.parametrize(("width", "height"), [(3.3, 2.1), (5.123456, 1.0000001)])
def test_a_card_copied_is_the_card_manim_makes(width: float, height: float) -> None:
    def card() -> RoundedRectangle:
        return RoundedRectangle(width=width, height=height, corner_radius=0.15, fill_color="#222222",
                                fill_opacity=0.5, stroke_width=0)

    for at in AT:
        copied = made.copied(("test card", width, height), card).move_to(at)
        assert _state(copied) == _state(card().move_to(at))


def test_groups_copied_are_the_groups_manim_makes() -> None:
    def members() -> list[Mobject]:
        return [Line(AT[0], AT[1], color="#00FF00", stroke_width=5), Dot(AT[2], radius=0.05)]

    for kind in (VGroup, Halo, builders.LightArrow):
        for _ in range(2):
            assert _state(made.group(kind, *members())) == _state(kind(*members()))


def test_a_light_arrow_is_a_shaft_and_its_head_as_they_were_made() -> None:
    start, end = AT[0], AT[1]
    arrow = builders.light_arrow(start, end, "#3366FF", 0.3)
    assert isinstance(arrow, builders.LightArrow)
    shaft, head = arrow.submobjects
    along = (end - start) / np.linalg.norm(end - start)
    base = end - along * 0.3
    assert _state(shaft) == _state(Line(start, base, color="#3366FF", stroke_width=builders.STROKE))
    assert np.array_equal(arrow.get_end(), end) and np.allclose(arrow.get_start(), start)
    assert head.get_fill_opacity() == 1.0 and head.get_stroke_width() == 0


def test_what_is_kept_is_bounded() -> None:
    for k in range(made.KEPT + 10):
        made.copied(("bounded", k), VGroup)
    assert len(made._made) <= made.KEPT


@pytest.mark.parametrize(("start", "end"), [(AT[0], AT[1]), (AT[2], AT[0]), ((0.0, 1.5, 0), (2.25, 1.5, 0))])
def test_a_line_copied_is_the_line_manim_makes(start, end) -> None:
    for _ in range(2):
        assert _state(made.line(start, end, "#AABBCC", 4.5)) == _state(Line(start, end, color="#AABBCC",
                                                                             stroke_width=4.5))


@pytest.mark.parametrize("scale", [1.0, 0.05, 0.0004])
def test_a_dashed_line_made_is_the_dashed_line_manim_makes(scale: float) -> None:
    """Its dashes as many, cut at the same places, with the same style, for lines of every
    length (down to one of two dashes)."""
    rng = np.random.default_rng(7)
    for _ in range(40):
        start = np.array([*rng.uniform(-7, 7, 2), 0.0])
        end = start + np.array([*rng.uniform(-5, 5, 2), 0.0]) * scale
        assert _state(made.dashed(start, end, "#FF8800", 3.0, 0.12)) == _state(
            DashedLine(start, end, color="#FF8800", stroke_width=3.0, dash_length=0.12))
