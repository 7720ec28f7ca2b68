"""Layout rules, on random boards: nothing overlaps (unless the board is reported too full), every
box stays in the safe area, visuals keep their aspect, and no text is set below the minimum size
unless the arrangement says so. Texts are measured by fake `size` functions, so no Typst runs."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lecturekit.plan.geometry import Box
from lecturekit.plan.layout import Arrangement, Item, Placed, Role, TextSize, arrange
from lecturekit.theme import THEME

SAFE = Box(*THEME.frame.safe)
MINIMUM = THEME.sizes.minimum
PROPERTIES = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fake_size(characters: int, leading: float, wraps: bool) -> TextSize:
    """A paragraph of `characters` (wrapped at the width it is given) or a formula (never
    wrapped): glyphs about half an em wide, lines `leading` em apart (an em is font / 96 units)."""

    def size(width: float, font: float) -> tuple[float, float]:
        em = font / 96
        run = characters * 0.5 * em
        lines = max(1, math.ceil(run / width)) if wraps else 1
        return (min(run, width) if wraps else run), lines * leading * em

    return size


@st.composite
def text_items(draw, name: str, role: Role = Role.TEXT) -> Item:
    font = draw(st.sampled_from([THEME.sizes.body, THEME.sizes.math, THEME.sizes.heading]))
    size = fake_size(draw(st.integers(1, 1500)), draw(st.floats(0.8, 2.5)), draw(st.booleans()))
    return Item(name, role, font=font, size=size)


@st.composite
def visual_items(draw, name: str) -> Item:
    aspect = draw(st.floats(0.3, 4.0))
    if draw(st.booleans()):  # a table: a natural size and limits on its scale
        height = draw(st.floats(0.5, 6.0))
        return Item(name, Role.VISUAL, aspect=aspect, natural=(aspect * height, height),
                    min_scale=MINIMUM / THEME.sizes.table, max_scale=1.5)
    return Item(name, Role.VISUAL, aspect=aspect)


@st.composite
def boards(draw) -> list[Item]:
    heading = [draw(text_items("heading", Role.HEADING))] if draw(st.booleans()) else []
    texts = [draw(text_items(f"text{i}")) for i in range(draw(st.integers(0, 5)))]
    visuals = [draw(visual_items(f"visual{i}")) for i in range(draw(st.integers(0, 4)))]
    return heading + draw(st.permutations(texts + visuals))


def too_full(arrangement: Arrangement) -> bool:
    return any("too full" in w for w in arrangement.warnings)


@PROPERTIES
@given(boards())
def test_every_item_gets_a_place(items: list[Item]):
    arrangement = arrange(items, THEME)
    assert set(arrangement.places) == {i.name for i in items}
    for placed in arrangement.places.values():
        assert placed.box.width > 0 and placed.box.height > 0


@PROPERTIES
@given(boards())
def test_nothing_overlaps_unless_the_board_is_too_full(items: list[Item]):
    arrangement = arrange(items, THEME)
    if too_full(arrangement):
        return
    places = list(arrangement.places.items())
    for i, (a, pa) in enumerate(places):
        for b, pb in places[i + 1 :]:
            assert pa.box.intersection(pb.box) < 1e-6, (a, b, arrangement.warnings)


@PROPERTIES
@given(boards())
def test_everything_stays_in_the_safe_area(items: list[Item]):
    arrangement = arrange(items, THEME)
    for name, placed in arrangement.places.items():
        assert placed.box.inside(SAFE), (name, placed.box, arrangement.warnings)


@PROPERTIES
@given(boards())
def test_visuals_keep_their_aspect(items: list[Item]):
    arrangement = arrange(items, THEME)
    for item in items:
        if item.role is Role.VISUAL:
            box = arrangement.places[item.name].box
            assert math.isclose(box.width / box.height, item.aspect, rel_tol=1e-6), item.name


@PROPERTIES
@given(boards())
def test_no_text_below_the_minimum_size_without_a_warning(items: list[Item]):
    arrangement = arrange(items, THEME)
    for item in items:
        placed: Placed = arrangement.places[item.name]
        if item.role is Role.VISUAL:
            assert placed.font is None
            continue
        assert placed.font is not None and 0 < placed.font <= item.font
        if placed.font < MINIMUM - 1e-9:
            assert arrangement.warnings, (item.name, placed.font)


@PROPERTIES
@given(boards())
def test_text_boxes_are_the_size_the_text_measures(items: list[Item]):
    arrangement = arrange(items, THEME)
    for item in items:
        if item.role is not Role.VISUAL:
            placed = arrangement.places[item.name]
            w, h = item.size(min(placed.wrap, 10.5), placed.font)
            assert math.isclose(placed.box.width, w, abs_tol=1e-9)
            assert math.isclose(placed.box.height, h, abs_tol=1e-9)


# ---------------------------------------------------------------- particular boards


def paragraph(name: str, characters: int, font: float = THEME.sizes.body) -> Item:
    return Item(name, Role.TEXT, font=font, size=fake_size(characters, 1.2, True))


def test_a_light_board_keeps_its_sizes_and_warns_of_nothing():
    items = [Item("h", Role.HEADING, font=42, size=fake_size(20, 1.0, False)),
             paragraph("p", 120), Item("img", Role.VISUAL, aspect=1.5)]
    arrangement = arrange(items, THEME)
    assert arrangement.warnings == ()
    assert arrangement.places["p"].font == THEME.sizes.body
    heading, picture = arrangement.places["h"].box, arrangement.places["img"].box
    assert heading.y0 > picture.y1  # the heading band is above the content


def test_texts_run_top_down_in_arrival_order():
    arrangement = arrange([paragraph("first", 80), paragraph("second", 80), paragraph("third", 80)], THEME)
    ys = [arrangement.places[n].box.center[1] for n in ("first", "second", "third")]
    assert ys == sorted(ys, reverse=True)


def test_a_board_of_texts_alone_is_centred_unless_it_has_a_heading():
    texts = [paragraph("first", 80), paragraph("second", 80)]
    alone = arrange(texts, THEME).places
    assert math.isclose(SAFE.y1 - alone["first"].box.y1, alone["second"].box.y0 - SAFE.y0)
    headed = arrange([Item("h", Role.HEADING, font=42, size=fake_size(20, 1.0, False)), *texts], THEME).places
    assert headed["h"].box.y0 - headed["first"].box.y1 < 1.0  # right under the heading band


def test_an_overfull_column_shrinks_below_the_minimum_and_says_so():
    items = [paragraph(f"p{i}", 2500) for i in range(4)]
    arrangement = arrange(items, THEME)
    assert any("smallest legible size" in w for w in arrangement.warnings)
    assert all(p.box.inside(SAFE) for p in arrangement.places.values())
    assert min(p.font for p in arrangement.places.values()) < MINIMUM


def test_a_formula_too_wide_at_the_minimum_shrinks_to_the_width_and_says_so():
    wide = Item("wide", Role.TEXT, font=38, size=fake_size(300, 1.0, False))
    arrangement = arrange([wide], THEME)
    assert arrangement.places["wide"].box.inside(SAFE)
    assert arrangement.places["wide"].font < MINIMUM
    assert arrangement.warnings == ("wide is set below the smallest legible size "
                                    f"({arrangement.places['wide'].font:.1f} < 24)",)


def test_a_heading_too_tall_for_its_band_shrinks_and_says_so():
    tall = Item("tall", Role.HEADING, font=42, size=fake_size(1200, 1.0, True))
    arrangement = arrange([tall, paragraph("p", 50)], THEME)
    band = THEME.frame.heading_band
    heading, text = arrangement.places["tall"].box, arrangement.places["p"].box
    assert heading.height <= band + 1e-9 and heading.inside(SAFE)
    assert heading.intersection(text) == 0.0
    assert any(w.startswith("tall is set below") for w in arrangement.warnings)


def test_a_table_is_never_scaled_up_past_its_limit():
    table = Item("t", Role.VISUAL, aspect=2.0, natural=(2.0, 1.0), min_scale=0.8, max_scale=1.5)
    box = arrange([table], THEME).places["t"].box
    assert math.isclose(box.width, 3.0) and math.isclose(box.height, 1.5)
