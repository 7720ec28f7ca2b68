"""WCAG 2.2's contrast ratio against the spec's published figures, the nearest passing shade, and
the theme's own colours on every surface they are drawn on."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit import theme
from lecturekit.contrast import GRAPHICS, TEXT, _oklab, _shade, distance, luminance, passing, ratio
from lecturekit.theme import PALETTE

BOARD = PALETTE["background"]
#: Every surface ink is drawn on: the board, a Panel's and a Block's fill, a Figure's card.
SURFACES = {"board": BOARD, "panel": theme.PANEL.over(BOARD), "block": theme.BLOCK.over(BOARD),
            "card": theme.CARD.over(BOARD)}
hexes = st.integers(0, 0xFFFFFF).map("#{:06X}".format)


@pytest.mark.parametrize(("one", "other", "expected"), [
    ("#000000", "#FFFFFF", 21.0),  # the most there is
    ("#777777", "#FFFFFF", 4.48),  # WebAIM's and the WCAG Understanding page's example: just short of 4.5:1
    ("#767676", "#FFFFFF", 4.54),  # the lightest grey that passes on white
    ("#FFFFFF", "#FFFFFF", 1.0),
    ("#0000FF", "#FFFFFF", 8.59),
    ("#FF0000", "#FFFFFF", 4.0),
])
def test_the_ratio_is_the_published_one(one: str, other: str, expected: float):
    assert round(ratio(one, other), 2) == expected
    assert ratio(one, other) == ratio(other, one)


def test_relative_luminance_uses_the_2_2_linearisation():
    assert luminance("#000000") == 0.0 and luminance("#FFFFFF") == pytest.approx(1.0)
    assert luminance("#0A0A0A") == pytest.approx(10 / 255 / 12.92)  # below the 0.04045 knee: linear
    assert luminance("#808080") == pytest.approx(((128 / 255 + 0.055) / 1.055) ** 2.4)


@settings(max_examples=200, deadline=None)
@given(hexes, st.one_of(hexes.map(lambda b: (b,)), st.lists(st.sampled_from(list(SURFACES.values())), min_size=1,
                                                             unique=True).map(tuple)),
       st.sampled_from([TEXT, GRAPHICS, 7.0]))
def test_the_shade_passes_and_a_colour_that_passes_is_kept_exactly(colour: str, behind: tuple[str, ...],
                                                                    least: float):
    """On one surface of any colour (some colour has 4.58:1 on any) or on several of the board's."""
    if least > 4.58 and len(behind) == 1:
        behind = (BOARD,)
    shade = passing(colour, behind, least)
    assert all(ratio(shade, b) >= least for b in behind)
    if all(ratio(colour, b) >= least for b in behind):
        assert shade == colour


@settings(max_examples=100, deadline=None)
@given(hexes, st.sampled_from(list(SURFACES.values())), st.sampled_from([TEXT, GRAPHICS]))
def test_the_shade_moves_lightness_no_further_than_it_must(colour: str, behind: str, least: float):
    """A shade 0.01 of OKLab lightness back toward the colour, same hue and chroma, fails: the
    shade drawn is the nearest that passes, not merely one that does."""
    shade = passing(colour, (behind,), least)
    if shade == colour:
        return
    lightness, a, b = _oklab(colour)
    moved = _oklab(shade)[0]
    back = moved - math.copysign(0.01, moved - lightness)
    assert ratio(_shade(back, math.hypot(a, b), math.atan2(b, a)), behind) < least
    assert distance(shade, colour) <= min(distance(end, colour) for end in ("#FFFFFF", "#000000")
                                          if ratio(end, behind) >= least)


def test_a_hue_is_kept_where_only_its_lightness_need_move():
    shade = passing("#236B8E", (BOARD,), TEXT)  # Manim's DARK_BLUE: 2.9:1 on the board
    assert shade != "#236B8E" and ratio(shade, BOARD) >= TEXT
    r, g, b = (int(shade[i:i + 2], 16) for i in (1, 3, 5))
    assert b > g > r  # still a blue, lighter


@pytest.mark.parametrize("name", sorted(set(PALETTE) - {"background"}))
@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_every_palette_colour_passes_as_text_on_every_surface(name: str, surface: str):
    assert ratio(PALETTE[name], SURFACES[surface]) >= TEXT


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_the_theme_s_own_inks_pass_on_every_surface(surface: str):
    """Axis lines, ticks and numbers, a Block's bar, emphasis (marks and rings) and the placeholder's
    note and cross, as text, which asks more than a line."""
    behind = SURFACES[surface]
    for ink in (theme.AXIS, theme.BLOCK_ACCENT, theme.EMPHASIS, theme.PLACEHOLDER):
        assert ratio(ink, behind) >= TEXT, ink


@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_emphasised_text_passes_over_its_highlight(surface: str):
    """An emphasised part is drawn in the emphasis colour over the soft highlight laid on what is
    behind it. With the highlight at 0.32, as it was, it had 4.29:1 on a Panel."""
    assert ratio(theme.EMPHASIS, theme.HIGHLIGHT.over(SURFACES[surface])) >= TEXT


def test_the_painter_fills_what_the_rule_assumes(write_lecture):
    """A Panel's card, a Block's backing and a Figure's card are painted in the fills the rule
    judges colours against."""
    from lecturekit.boxes import Box
    from lecturekit.render import builders
    from tests.lecture_strategy import plan_of

    lecture = write_lecture({"fig": "a Figure (x_range=(0.0, 1.0), y_range=(0.0, 1.0))"},
                            [(1.0, "fig is shown on the screen, written out.")])
    [plan] = plan_of(lecture)
    card = builders.figure(plan.objects["fig"], builders.Context(plan, dict(plan.initial_values), {}),
                           plan.stays["fig"][0].place.box).mobject.submobjects[0]
    panel = builders.panel_backing(Box(0, 0, 1, 1))[0]
    block = builders.block_backing(Box(0, 0, 1, 1))[0]
    for drawn, fill in ((panel, theme.PANEL), (block, theme.BLOCK), (card, theme.CARD)):
        assert drawn.get_fill_color().to_hex().upper() == fill.color and drawn.get_fill_opacity() == fill.opacity
