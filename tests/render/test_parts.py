"""Parts that actions address, found in the real mobjects: the glyphs of a piece of math, of a
word in a paragraph, of a table's row or column, and a Derivation's lines. Each selection must be
some of the glyphs (not none, not all) and lie where that piece is drawn."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from manim import Mobject

from lecturekit.boxes import Box
from lecturekit.kinds import TableSpec
from lecturekit.plan.typeset import Typeset, table_metrics, typeset
from lecturekit.render import manim_config
from lecturekit.render.builders import Drawn, tabulate
from lecturekit.render.painters import paint_text
from lecturekit.render.typst_mobject import LabelledTypst
from lecturekit.resolve import ResolvedLecture
from lecturekit.settings import PRESETS, Quality
from lecturekit.sources import read
from lecturekit.syntax.nodes import Spec, TextPart
from lecturekit.theme import THEME
from tests.conftest import DEMO, TRANSFORMER, TRANSFORMER_OVERRIDES

#: Slack for comparing positions, in units (glyph outlines are approximated by curves).
EPS = 0.02


@pytest.fixture(scope="module", autouse=True)
def manim(tmp_path_factory: pytest.TempPathFactory):
    with manim_config(PRESETS[Quality.l], 15, tmp_path_factory.mktemp("media")):
        yield


@pytest.fixture(scope="module")
def lectures() -> dict[str, ResolvedLecture]:
    return {"transformer": read(TRANSFORMER, TRANSFORMER_OVERRIDES), "demo": read(DEMO)}


def find(lectures: dict[str, ResolvedLecture], lecture: str, scene: int, name: str) -> Spec:
    return lectures[lecture].scenes[scene - 1].objects[name]


def leaves(mobject: Mobject) -> list[Mobject]:
    return mobject.family_members_with_points()


def build(spec: Spec, parts: list[TextPart], font: float = THEME.sizes.math,
          wrap: float | None = None) -> tuple[Drawn, Typeset]:
    """The object as the builder draws it, at its natural size about the origin."""
    typeset_ = typeset(spec, parts, font, wrap, THEME)
    box = Box.around(0.0, 0.0, typeset_.width, typeset_.height)
    return paint_text(spec, typeset_, box), typeset_


def selected(drawn: Drawn, typeset_: Typeset, part: TextPart) -> Mobject:
    """The part's glyphs; asserts they are some, but not all, of the object's glyphs."""
    label = typeset_.label_of(part)
    assert label is not None, f"{part} was not found in the text"
    group = drawn.parts[label]
    chosen, every = leaves(group), leaves(drawn.ink)
    assert chosen, f"{part} selects nothing"
    assert all(any(c is g for g in every) for c in chosen), f"{part} selects glyphs of something else"
    assert len(chosen) < len(every), f"{part} selects the whole object"
    return group


# ---------------------------------------------------------------- math


def test_a_subscripted_argument_in_the_recurrence(lectures):
    spec = find(lectures, "transformer", 1, "recurrence")
    assert spec.text == "$h_t = f(h_(t-1), thin x_t)$"
    previous, current = TextPart("h_(t-1)"), TextPart("x_t")
    drawn, ts = build(spec, [previous, current])
    h, x = selected(drawn, ts, previous), selected(drawn, ts, current)
    assert len(leaves(h)) == 4  # h, t, minus, 1: the subscript's parentheses are not drawn
    assert len(leaves(x)) == 2
    assert h.get_right()[0] < x.get_left()[0]  # h_(t-1) comes before x_t
    assert h.get_left()[0] > drawn.ink.get_left()[0] + 0.5  # and after `h_t = f(`


def test_the_second_v_of_the_master_formula(lectures):
    spec = find(lectures, "transformer", 2, "master")
    first, second = TextPart("V"), TextPart("V", 2)
    drawn, ts = build(spec, [first, second])
    v1, v2 = selected(drawn, ts, first), selected(drawn, ts, second)
    assert len(leaves(v1)) == len(leaves(v2)) == 1
    assert v2.get_left()[0] > v1.get_right()[0]
    assert v2.get_right()[0] == pytest.approx(drawn.ink.get_right()[0], abs=EPS)  # the last glyph


def test_a_part_with_nested_calls_and_an_ellipsis(lectures):
    spec = find(lectures, "transformer", 3, "projections")
    part = TextPart('op("Concat")(op("head")_1, ..., op("head")_h)')
    drawn, ts = build(spec, [part])
    concat = selected(drawn, ts, part)
    first_line, second_line = drawn.steps
    assert concat.get_top()[1] < first_line.get_bottom()[1]  # on the second line
    assert second_line.get_left()[0] - EPS < concat.get_left()[0]
    assert concat.get_right()[0] < second_line.get_right()[0] - 0.3  # W^O follows it
    # Concat ( head 1 , … , head h ): every glyph of the piece (`...` is one ellipsis glyph)
    assert len(leaves(concat)) == 6 + 1 + 4 + 1 + 1 + 1 + 1 + 4 + 1 + 1


def test_a_part_that_starts_with_a_name_and_a_colon(lectures):
    spec = find(lectures, "transformer", 5, "cross")
    decoder, encoder = TextPart('Q: upright("decoder")'), TextPart('K, V: upright("encoder")')
    drawn, ts = build(spec, [decoder, encoder])
    q, kv = selected(drawn, ts, decoder), selected(drawn, ts, encoder)
    assert len(leaves(q)) == 1 + 1 + 7 and len(leaves(kv)) == 1 + 1 + 1 + 1 + 7
    assert q.get_left()[0] == pytest.approx(drawn.ink.get_left()[0], abs=EPS)
    assert kv.get_right()[0] == pytest.approx(drawn.ink.get_right()[0], abs=EPS)
    assert q.get_right()[0] < kv.get_left()[0]


# ---------------------------------------------------------------- prose


def test_the_second_bank_in_the_question(lectures):
    spec = find(lectures, "transformer", 2, "question")
    first, second = TextPart("bank"), TextPart("bank", 2)
    drawn, ts = build(spec, [first, second], THEME.sizes.body, 5.0)
    bank1, bank2 = selected(drawn, ts, first), selected(drawn, ts, second)
    assert len(leaves(bank1)) == len(leaves(bank2)) == 4
    same_line = abs(bank1.get_center()[1] - bank2.get_center()[1]) < 0.05
    # in reading order: further right on the same line, or on a later line
    assert (same_line and bank2.get_left()[0] > bank1.get_right()[0]) or bank2.get_top()[1] < bank1.get_bottom()[1]


def test_a_hyphenated_phrase_in_a_block(lectures):
    spec = find(lectures, "transformer", 5, "pieces")
    part = TextPart("self-attention")
    drawn, ts = build(spec, [part], THEME.sizes.body, 6.0)
    phrase = selected(drawn, ts, part)
    assert len(leaves(phrase)) == len("self-attention")
    assert phrase.height < 0.5  # one line: the phrase is not scattered over the paragraph
    # "Multi-head " comes before it on the first line
    assert phrase.get_left()[0] > drawn.ink.get_left()[0] + 1.0
    assert phrase.get_top()[1] == pytest.approx(drawn.ink.get_top()[1], abs=0.1)


def test_a_text_part_inside_inline_math(lectures):
    spec = find(lectures, "demo", 2, "bound")
    part = TextPart("|a| + |b|")
    drawn, ts = build(spec, [part], THEME.sizes.body, 10.5)
    right_side = selected(drawn, ts, part)
    assert len(leaves(right_side)) == 7  # | a | + | b |
    assert right_side.height < 0.5
    assert ts.body.count("lkgrp(") == 1 and "#text(fill" not in ts.body  # found as math, not as prose


def test_a_part_not_in_the_text_selects_nothing(lectures):
    spec = find(lectures, "transformer", 1, "recurrence")
    drawn, ts = build(spec, [TextPart("z_9")])
    assert ts.parts == () and drawn.parts == {}
    glyphs = LabelledTypst(ts.body, ["p7"])
    assert len(glyphs.group("p7")) == 0


# ---------------------------------------------------------------- tables


@pytest.fixture(scope="module")
def costs(lectures) -> tuple[TableSpec, Drawn]:
    spec = find(lectures, "transformer", 6, "costs")
    metrics = table_metrics(spec, THEME.sizes.table)
    return spec, tabulate(spec, metrics, Box.around(0.0, 0.0, metrics.width, metrics.height))


def table_part(drawn: Drawn, key: str) -> Mobject:
    group = drawn.parts[key]
    chosen, every = leaves(group), leaves(drawn.mobject)
    assert chosen and all(any(c is g for g in every) for c in chosen) and len(chosen) < len(every)
    return group


def test_table_rows_lie_one_under_another(costs):
    _, drawn = costs
    rows = [table_part(drawn, f"row={r}") for r in (1, 2, 3, 4)]
    for upper, lower in itertools.pairwise(rows):
        assert lower.get_top()[1] < upper.get_bottom()[1]
    third = rows[2]
    assert third.get_left()[0] == pytest.approx(drawn.mobject.get_left()[0], abs=0.35)  # from the first column


def test_table_columns_lie_side_by_side(costs):
    _spec, drawn = costs
    columns = [table_part(drawn, f"column={c}") for c in (1, 2, 3, 4)]
    for left, right in itertools.pairwise(columns):
        assert right.get_left()[0] > left.get_right()[0]
    fourth = columns[3]
    assert len(fourth.submobjects) == 4  # one cell per row, the header's included
    assert fourth.get_top()[1] == pytest.approx(drawn.mobject.get_top()[1], abs=0.3)


def test_row_three_and_column_four_share_exactly_one_cell(costs):
    _, drawn = costs
    row = {id(m) for m in leaves(table_part(drawn, "row=3"))}
    column = {id(m) for m in leaves(table_part(drawn, "column=4"))}
    shared = row & column
    assert shared and shared < row and shared < column
    assert len(table_part(drawn, "row=3").submobjects) == 4


def test_table_steps_are_its_rows(costs):
    _, drawn = costs
    assert len(drawn.steps) == 4
    for step, r in zip(drawn.steps, (1, 2, 3, 4), strict=True):
        row = {id(m) for m in leaves(drawn.parts[f"row={r}"])}
        assert row <= {id(m) for m in leaves(step)}


# ---------------------------------------------------------------- derivation lines


def test_the_scaling_derivation_has_three_lines(lectures):
    spec = find(lectures, "transformer", 2, "scaling")
    assert typeset(spec, [], THEME.sizes.math, None, THEME).lines == 3


def test_derivation_steps_are_its_lines_from_top_to_bottom(lectures):
    spec = find(lectures, "transformer", 2, "scaling")
    drawn, _ = build(spec, [])
    assert len(drawn.steps) == 3
    every = {id(m) for m in leaves(drawn.ink)}
    seen: set[int] = set()
    for step in drawn.steps:
        own = {id(m) for m in leaves(step)}
        assert own and not own & seen  # no glyph in two lines
        seen |= own
    assert seen == every  # and none left out
    tops = [s.get_top()[1] for s in drawn.steps]
    assert tops == sorted(tops, reverse=True)
    for upper, lower in zip(drawn.steps, drawn.steps[1:], strict=False):
        assert lower.get_top()[1] < upper.get_bottom()[1] + EPS
    assert drawn.mobject.submobjects == drawn.steps


def test_every_derivation_of_the_transformer_types_as_many_lines_as_it_reveals(lectures):
    from lecturekit.syntax.nodes import Kind, Show

    checked = 0
    for scene in lectures["transformer"].scenes:
        for name, spec in scene.objects.items():
            if spec.kind is Kind.DERIVATION:
                shows = sum(1 for a in scene.actions if a.action.object == name and isinstance(a.action, Show))
                assert typeset(spec, [], THEME.sizes.math, None, THEME).lines == shows, name
                checked += 1
    assert checked == 6


def test_media_stays_under_the_temporary_folder(tmp_path_factory):
    from manim import config

    assert Path(config.media_dir).is_relative_to(tmp_path_factory.getbasetemp())
