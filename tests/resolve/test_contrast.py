"""Every colour drawn has the contrast WCAG 2.2 asks against what is painted behind it: an author's
colour that has not is drawn in its nearest shade that has, with one warning naming it; one that
has is kept exactly. Held on generated lectures of any colours at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from lecturekit import theme
from lecturekit.contrast import ratio
from lecturekit.kinds import Kind
from lecturekit.sources import read
from lecturekit.theme import PALETTE
from tests.lecture_strategy import Generated, lectures, plan_of, write

SHOW = "{} is shown on the screen, written out."
BOARD = PALETTE["background"]
#: What each kind's colour draws, said here apart from the kinds' own tables: text, or a mark
#: (whose label, where it has one, is text too), or only its own label.
TEXTS = {Kind.TITLE, Kind.HEADING, Kind.TEXT, Kind.MATH, Kind.DERIVATION, Kind.PANEL, Kind.BLOCK, Kind.TABLE}
MARKS = {Kind.VECTOR, Kind.LINE, Kind.POINT, Kind.FUNCTION_PLOT, Kind.PLOT_POINT}
LABELLED = {Kind.FIGURE, Kind.AXES}
#: The fills painted behind: a Panel's and a Block's behind their text, a Figure's card behind its children.
FILLS = {Kind.PANEL: theme.PANEL, Kind.BLOCK: theme.BLOCK, Kind.FIGURE: theme.CARD}


def needed(spec) -> float | None:
    if spec.kind in TEXTS or (spec.kind in MARKS | LABELLED and spec.label):
        return 4.5
    return 3.0 if spec.kind in MARKS else None


def behind(spec, objects) -> list[str]:
    under = [BOARD]
    parent = objects.get(spec.parent) if spec.parent else None
    if parent is not None and parent.kind in FILLS:
        under.append(FILLS[parent.kind].over(BOARD))
    if spec.kind in FILLS and spec.kind is not Kind.FIGURE:
        under = [FILLS[spec.kind].over(u) for u in under]
    return under


def faults(scenes) -> list[str]:
    """Every object whose colour, as drawn, lacks the contrast it needs on a surface it is drawn on."""
    found = []
    for scene in scenes:
        for name, spec in scene.objects.items():
            least = needed(spec)
            if least is None or name in scene.broken:
                continue
            drawn = theme.color(None if spec.color == "text" else spec.color)
            found += [f"{scene.title}/{name}: {spec.color} {drawn} {ratio(drawn, u):.2f} on {u}"
                      for u in behind(spec, scene.objects) if ratio(drawn, u) < least]
    return found


def test_dark_text_is_drawn_lighter_with_a_warning_naming_it(resolve_scene):
    resolved = resolve_scene({"a": 'a Text [TEAL_E] that says "one"', "b": 'a Text [navy] that says "two"',
                              "c": 'a Panel [yellow] that says "three"'},
                             [(1.0, SHOW.format(n)) for n in "abc"])
    [scene] = resolved.scenes
    lines = [d.line() for d in resolved.diagnostics if "WCAG" in d.message]
    assert lines == [
        "warning: scene 'Scene One', object 'a': its colour 'TEAL_E' (#387571) has 3.37:1 against the board "
        "(#15171C), below the 4.5:1 WCAG 2.2 asks of text; it is drawn in #4D8A85 (4.51:1) instead "
        "(give it a lighter colour, or #4D8A85 to draw this shade without a warning)",
        "warning: scene 'Scene One', object 'b': its colour 'navy' (#000080) has 1.11:1 against the board "
        "(#15171C), below the 4.5:1 WCAG 2.2 asks of text; it is drawn in #467AF1 (4.53:1) instead "
        "(give it a lighter colour, or #467AF1 to draw this shade without a warning)",
    ]
    assert scene.objects["a"].color == "#4D8A85" and scene.objects["b"].color == "#467AF1"
    assert scene.objects["c"].color == "yellow"  # a colour that passes is kept exactly, as written
    assert faults(resolved.scenes) == []


def test_hex_from_the_overrides_is_replaced_and_the_hint_says_where(resolve_scene, write_toml):
    overrides = write_toml('["scene-one".t]\ncolor = "#101010"\n')
    resolved = resolve_scene({"t": 'a Text that says "dark"'}, [(1.0, SHOW.format("t"))], overrides=overrides)
    [line] = [d.line() for d in resolved.diagnostics if "WCAG" in d.message]
    assert "its colour '#101010' (#101010) has 1.06:1 against the board" in line
    assert line.endswith("it is drawn in #808080 (4.53:1) instead (fix color in the overrides file "
                         '(["scene-one".t]): give it a lighter colour, or #808080 to draw this shade without a '
                         "warning)"), line
    assert ratio(resolved.scenes[0].objects["t"].color, BOARD) >= 4.5


def test_what_is_behind_counts_a_panel_s_fill_and_a_figure_s_card(resolve_scene):
    """PINK has 4.57:1 on the board but 4.01:1 on a Panel's fill; a mark without a label needs
    3:1, with a label 4.5:1 (its label is in its colour), on its Figure's card."""
    objects = {"on_board": 'a Text [PINK] that says "x"', "on_panel": 'a Panel [PINK] that says "x"',
               "fig": "a Figure (x_range=(0.0, 1.0), y_range=(0.0, 1.0))",
               "bare": "a Point [#70708a] drawn in fig (location=(0.2, 0.5))",
               "named": "a Point [#70708a] labelled \"P\" drawn in fig (location=(0.8, 0.5))"}
    resolved = resolve_scene(objects, [(1.0, SHOW.format(n)) for n in objects])
    warned = {d.place.object: d.message for d in resolved.diagnostics if "WCAG" in d.message}
    assert sorted(warned) == ["named", "on_panel"]
    assert "against its Panel's fill (#1F232B)" in warned["on_panel"]
    assert "against Figure 'fig' (#1B1E25), below the 4.5:1 WCAG 2.2 asks of text" in warned["named"]
    assert ratio("#70708A", theme.CARD.over(BOARD)) >= 3.0  # the bare mark keeps its colour
    assert resolved.scenes[0].objects["bare"].color == "#70708a"
    assert faults(resolved.scenes) == []


def test_the_plan_carries_the_shade_and_the_painter_is_handed_it(write_lecture):
    from lecturekit.render.painters import text_color

    lecture = write_lecture({"t": 'a Text [DARK_BLUE] that says "deep"'}, [(1.0, SHOW.format("t"))])
    [plan] = plan_of(lecture)
    shade = plan.objects["t"].color
    assert shade != "DARK_BLUE" and text_color(plan.objects["t"]) == shade
    assert ratio(shade, BOARD) >= 4.5


def test_the_lectures_we_have_draw_only_colours_that_pass():
    root = Path(__file__).parents[2]
    for lecture in [root / "lecturekit/demo/lecture.json", root.parent / "shared/lectures/transformer/lecture.json",
                    *sorted((root / "tests/lectures").glob("*/lecture.json"))]:
        resolved = read(lecture, None)
        assert faults(resolved.scenes) == [], lecture
        assert [d.line() for d in resolved.diagnostics if "WCAG" in d.message] == [], lecture


MANY = settings(max_examples=int(os.environ.get("LECTURES", "200")), deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@MANY
@given(lectures(max_scenes=1, any_colour=True))
def test_every_colour_of_a_generated_lecture_passes_against_what_is_behind_it(generated: Generated):
    with tempfile.TemporaryDirectory() as folder:
        resolved = read(*write(generated, Path(folder)))
    assert faults(resolved.scenes) == []
    for d in (d for d in resolved.diagnostics if "WCAG" in d.message):
        scene = next(s for s in resolved.scenes if s.title == d.place.scene)
        assert d.place.object in scene.objects and "it is drawn in #" in d.message


@pytest.mark.parametrize("name", ["TEAL_E", "teal_e", "DARK_BROWN", "darkslategray", "#3fa7c480"])
def test_a_colour_that_fails_on_today_s_main_is_replaced(resolve_scene, name: str):
    resolved = resolve_scene({"t": f'a Text [{name}] that says "x"'}, [(1.0, SHOW.format("t"))])
    assert faults(resolved.scenes) == []
    assert resolved.scenes[0].objects["t"].color.startswith("#")
