"""The exact test that a board cannot hold its content legibly (`plan/layout/proof.py`,
`Holding.overfull`): it never says so of content that a cut of the area in rows and columns
holds, and it says so of content whose least boxes cover more than the area."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lecturekit.boxes import Box
from lecturekit.plan.layout import Item, Role
from lecturekit.plan.layout.proof import MOST_PIECES, WIDTHS, Piece, overfull
from lecturekit.theme import THEME
from tests.plan.layout.rooms import AREA, BODY, MINIMUM, content, fake_size, picture, text

GAP = THEME.board.gap
SOUND = settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def cells(draw, box: Box = AREA, depth: int = 0, most: int = MOST_PIECES) -> list[Box]:
    """`box` cut in two by a line down or across it, the layout's gap between the parts, each
    part cut again or not: at most `most` cells."""
    across = draw(st.booleans())
    side = box.height if across else box.width
    if most < 2 or side < 2 * GAP + 0.4 or depth >= 4 or not draw(st.booleans()):
        return [box]
    cut = draw(st.floats(0.2, side - GAP - 0.2))
    if across:
        first, second = Box(box.x0, box.y1 - cut, box.x1, box.y1), Box(box.x0, box.y0, box.x1, box.y1 - cut - GAP)
    else:
        first, second = Box(box.x0, box.y0, box.x0 + cut, box.y1), Box(box.x0 + cut + GAP, box.y0, box.x1, box.y1)
    left = draw(cells(first, depth + 1, most - 1))
    return left + draw(cells(second, depth + 1, most - len(left)))


def characters_in(cell: Box, font: float) -> int:
    """The most characters of `fake_size` that its measure at `font` holds in `cell` (0: none)."""
    found = 0
    for n in (1, 2, 5, 10, 20, 50, 100, 200, 400, 800, 1600):
        w, h = fake_size(n)(min(cell.width, 10.5), font)
        if w > cell.width or h > cell.height:
            break
        found = n
    return found


@st.composite
def held(draw) -> list[Item]:
    """Items each of which fits its cell of a cut of the content area: a text whose measure at
    the minimum fits the cell's width, a picture whose least box fits, or a text already shown
    in a box inside it."""
    found = []
    for k, cell in enumerate(draw(cells())):
        kind = draw(st.sampled_from(["text", "picture", "shown"]))
        many = characters_in(cell, MINIMUM)
        if kind == "text" and many:
            found.append(text(f"t{k}", draw(st.integers(1, many))))
            continue
        pic = picture(f"p{k}", aspect=math.exp(draw(st.floats(-1.5, 1.5))))
        w, h = content([pic])._least_box(pic)
        if kind == "picture" and w <= cell.width and h <= cell.height:
            found.append(pic)
            continue
        box = (cell.width * draw(st.floats(0.1, 1.0)), cell.height * draw(st.floats(0.1, 1.0)))
        found.append(Item(f"s{k}", Role.TEXT, font=BODY, base=BODY, fixed=box))
    return found


@SOUND
@given(held())
def test_content_a_cut_of_the_area_in_rows_and_columns_holds_is_never_said_to_be_too_much(items):
    assert not content(items).overfull()


@st.composite
def boxes_too_large(draw) -> list[tuple[float, float]]:
    """Two to six boxes, each inside the area, whose areas grown by half a gap on every
    side sum to more than the area grown so holds, with one grid step of slack for each cut the
    proof lets two parts overlap by (`proof._beside`)."""
    room = (AREA.width + GAP + (MOST_PIECES - 1) * AREA.width / WIDTHS) * (AREA.height + GAP)
    n = draw(st.integers(2, 6))
    least = next(f / 20 for f in range(1, 21)
                 if n * (f / 20 * AREA.width + GAP) * (f / 20 * AREA.height + GAP) > room)
    found = [(AREA.width * draw(st.floats(least, 1.0)), AREA.height * draw(st.floats(least, 1.0)))
             for _ in range(n)]
    covered = sum((w + GAP) * (h + GAP) for w, h in found)
    return found if covered > room else [(AREA.width, AREA.height)] * n


@SOUND
@given(boxes_too_large())
def test_boxes_whose_least_areas_cover_more_than_the_area_are_proven_too_many(boxes):
    assert overfull([Piece(least=b) for b in boxes], AREA, GAP)


def test_five_long_paragraphs_are_proven_too_many_and_two_short_ones_are_not():
    assert content([text(f"t{k}", 700) for k in range(5)]).overfull()
    assert not content([text(f"t{k}", 100) for k in range(2)]).overfull()


def test_a_table_across_the_width_and_three_texts_that_fit_neither_under_it_nor_beside_it_are_proven():
    """de-aktionspotential's board at 2:15 (issue 43) in fake texts: a text the whole width and
    most of the height, and three under it that a narrower column beside it does not hold."""
    wide = Item("table", Role.TEXT, font=BODY, base=BODY, fixed=(AREA.width, AREA.height * 0.6))
    under = [text(f"t{k}", 400) for k in range(3)]
    assert content([wide, *under]).overfull()
    assert not content([wide, text("t", 40)]).overfull()


def test_more_pieces_than_it_weighs_are_not_proven():
    assert not overfull([Piece(least=(AREA.width, AREA.height))] * (MOST_PIECES + 1), AREA, GAP)
    assert overfull([Piece(least=(AREA.width, AREA.height))] * 2, AREA, GAP)
    third = (AREA.width / 3, AREA.height / 3)  # nine fill the area but for the gaps: eight do not fit either
    assert overfull([Piece(least=third)] * MOST_PIECES, AREA, GAP)
    assert not overfull([Piece(least=(third[0] - GAP, third[1] - GAP))] * MOST_PIECES, AREA, GAP)


def test_four_pieces_in_a_pinwheel_are_not_proven_too_many():
    """Four boxes that stand only in a pinwheel round an empty middle (no line down or across
    parts them): in rows and columns they do not fit, but they fit, so they are not proven."""
    wide, tall = (AREA.width - 4.5 - GAP, 2.2), (4.5, AREA.height - 2.2 - GAP)
    pieces = [Piece(least=wide), Piece(least=tall), Piece(least=wide), Piece(least=tall)]
    assert not overfull(pieces, AREA, GAP)
    assert overfull([*pieces[:3], Piece(least=(tall[0], tall[1] + 0.2))], AREA, GAP)
