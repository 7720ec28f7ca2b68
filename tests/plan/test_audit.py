"""The board audit (`lecturekit.plan.audit`): each figure on hand-built boards of a planned tiny
lecture, each able to fail, and the geometry (fill, empty bands) against a brute-force count on
generated boxes."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lecturekit.boxes import Box
from lecturekit.contrast import ratio
from lecturekit.plan.audit import BODY, FORMULAS, LABELS, audit_board, covered, pixels
from lecturekit.plan.items import BoardItem
from lecturekit.plan.layout import content_area, empty_bands
from lecturekit.plan.scene_plan import Board, ScenePlan
from lecturekit.plan.shapes import RING
from lecturekit.theme import PALETTE, THEME
from tests.plan.conftest import SHOW

AREA = content_area(THEME, headed=False)
TEXTS = {"a": 'a Text that says "one"', "b": 'a Text that says "two"', "m": 'a Math that says "x^2"',
         "p": 'a Panel that says "a panel"'}


@pytest.fixture
def plan(plan_tiny) -> ScenePlan:
    """A planned scene whose objects the hand-built boards name (their colours, their typesetting)."""
    return plan_tiny(TEXTS, [(1.0 + k, SHOW.format(name)) for k, name in enumerate(TEXTS)])


def text(name: str, box: Box, font: float, kind: str = "Text", **more) -> BoardItem:
    return BoardItem(name, kind, box, font=font, **more)


def board(*items: BoardItem) -> Board:
    return Board(2.0, 30, items)


def upper(share: float) -> Box:
    """The whole width of the content area, down from its top by `share` of its height."""
    return Box(AREA.x0, AREA.y1 - share * AREA.height, AREA.x1, AREA.y1)


def test_the_smallest_text_in_font_size_and_pixels(plan):
    heading = Box(AREA.x0, AREA.y1, AREA.x1, AREA.y1 + 0.5)  # a heading has no role, and is not content
    found = audit_board(plan, board(text("a", upper(0.2), 32.0), text("h", heading, 24.0, "Heading")), 1080)
    assert (found.smallest.name, found.smallest.font) == ("h", 24.0)
    assert found.smallest.pixels == pytest.approx(33.75)  # 24 x 1080 / 768
    assert pixels(24.0, 480, THEME) == pytest.approx(15.0)
    assert found.failures == ()
    low = audit_board(plan, board(text("a", upper(0.2), 32.0), text("h", heading, 20.0, "Heading")), 1080)
    assert low.failures == ("text below the minimum 24: h",)


def test_two_sizes_in_one_role_fail_and_one_size_passes(plan):
    one = audit_board(plan, board(text("a", upper(0.6), 32.0), text("b", upper(0.5), 32.05),
                                  text("m", upper(0.4), 38.0, "Math")), 480)
    assert one.sizes == ((BODY, (32.0,)), (FORMULAS, (38.0,))) and one.failures == ()
    two = audit_board(plan, board(text("a", upper(1.0), 32.0), text("b", upper(0.5), 28.0)), 480)
    assert two.sizes == ((BODY, (28.0, 32.0)),)
    assert two.failures == ("body set at 2 sizes (28.0, 32.0)",)
    label = BoardItem("fig#label", "label", upper(0.1), "fig", "fig", font=20.0)
    assert audit_board(plan, board(label), 480).sizes == ((LABELS, (20.0,)),)


def test_an_empty_band_fails_only_while_a_text_is_below_its_full_size(plan):
    full = audit_board(plan, board(text("a", upper(0.5), 32.0)), 480)
    assert full.across == pytest.approx(0.5) and full.down == pytest.approx(0.0)
    assert full.fill == pytest.approx(0.5) and full.failures == ()
    small = audit_board(plan, board(text("a", upper(0.5), 28.0)), 480)
    assert small.failures == ("an empty band of 50% of the content area while a text is below its role's "
                              "full size: a",)
    narrow = audit_board(plan, board(text("a", upper(0.8), 28.0)), 480)  # a band of a fifth is allowed
    assert narrow.across == pytest.approx(0.2) and narrow.failures == ()


def test_a_low_contrast_fails(plan):
    fine = audit_board(plan, board(text("a", upper(0.5), 32.0)), 480)
    assert fine.contrast.of == "a" and fine.contrast.needed == 4.5 and fine.contrast.ratio > 13
    dim = replace(plan, scene=replace(plan.scene, objects={**plan.objects, "a": replace(plan.objects["a"],
                                                                                         color="#30343C")}))
    found = audit_board(dim, board(text("a", upper(0.5), 32.0)), 480)
    assert found.contrast.ratio == pytest.approx(ratio("#30343C", PALETTE["background"]))
    assert found.failures == ("contrast below WCAG: a 1.44:1 < 4.5:1",)


def test_a_ring_closer_to_the_ink_than_the_clearance_fails(plan):
    typeset = plan.texts["a"]
    held = Box(-typeset.width / 2, -typeset.height / 2, typeset.width / 2, typeset.height / 2)
    reach = THEME.board.ring_reach
    ring = BoardItem("a" + RING, "box", Box(held.x0 - reach, held.y0 - reach, held.x1 + reach, held.y1 + reach), of="a")
    fine = audit_board(plan, board(text("a", held, 32.0), ring), 480)
    assert fine.clearance.measured >= THEME.board.clearance - 1e-9 and fine.failures == ()
    stroke = THEME.board.ring_width
    touching = replace(ring, box=Box(ring.box.x0, held.y0 - stroke, ring.box.x1, ring.box.y1))  # pulled in below
    found = audit_board(plan, board(text("a", held, 32.0), touching), 480)
    assert found.clearance.measured < fine.clearance.measured - 0.1
    assert found.failures == (f"clearance below the stated: ring around 'a' {found.clearance.measured:.3f} < 0.12",)


def test_a_panel_drawn_smaller_than_it_was_set_comes_closer_than_the_clearance(plan):
    typeset = plan.texts["p"]
    own = Box(0.0, 0.0, typeset.width, typeset.height)
    assert audit_board(plan, board(text("p", own, 32.0, "Panel")), 480).clearance.measured >= 0.12
    shrunk = Box(0.0, 0.0, typeset.width / 4, typeset.height / 4)
    found = audit_board(plan, board(text("p", shrunk, 32.0, "Panel")), 480)
    assert found.clearance.measured < 0.12
    assert found.failures == (f"clearance below the stated: backing of 'p' {found.clearance.measured:.3f} < 0.12",)


boxes = st.lists(st.tuples(*[st.integers(0, 20)] * 4).map(
    lambda t: Box(min(t[0], t[2]) / 20, min(t[1], t[3]) / 20, max(t[0], t[2]) / 20 + 0.05,
                  max(t[1], t[3]) / 20 + 0.05)), max_size=8)


@given(boxes)
def test_fill_and_bands_agree_with_counting_cells(found):
    """On a grid of 1/40 (every generated edge lies on it), the union's area is the cells covered,
    and the widest empty band the widest run of rows (columns) no box reaches into."""
    area = Box(0.0, 0.0, 1.0, 1.0)
    n = 40
    grid = np.zeros((n, n), dtype=bool)
    for b in found:
        b = Box(*(min(1.0, v) for v in b))
        grid[round(b.y0 * n):round(b.y1 * n), round(b.x0 * n):round(b.x1 * n)] = True
    assert covered(found, area) == pytest.approx(grid.mean())

    def widest(empty: np.ndarray) -> float:
        best = run = 0
        for e in empty:
            run = run + 1 if e else 0
            best = max(best, run)
        return best / n

    across, down = empty_bands(found, area)
    assert across == pytest.approx(widest(~grid.any(axis=1)))
    assert down == pytest.approx(widest(~grid.any(axis=0)))
