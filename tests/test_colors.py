"""Colour names: every one of Manim's (read from Manim's own list) and of CSS's, in any case, is
accepted by `check` and reaches the painter as its colour, a hue the theme has in the theme's
shade; hex in three forms; an unknown name's warning names the nearest known one."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image, ImageColor
from typer.testing import CliRunner

from lecturekit import theme
from lecturekit.cli import app
from lecturekit.color_names import MANIM
from lecturekit.kinds import KINDS
from lecturekit.render.painters import text_color
from lecturekit.syntax.parser import parse_description
from lecturekit.theme import PALETTE

SHOW = "{} is shown on the screen, written out."


def manims_list() -> dict[str, str]:
    """Manim's named colours, as Manim itself lists them."""
    from manim import ManimColor
    from manim.utils.color import manim_colors

    return {name: value.to_hex().upper() for name, value in vars(manim_colors).items()
            if name.isupper() and isinstance(value, ManimColor)}


def spellings(name: str) -> list[str]:
    return [name, name.lower(), name.title(), name.lower().replace("_", " ")]


def test_the_copy_of_manims_list_is_manims_list():
    assert dict(MANIM) == manims_list()


def test_every_manim_and_css_name_is_accepted_by_check(write_lecture):
    names = [spelling for name in manims_list() for spelling in spellings(name)] + list(ImageColor.colormap)
    names += [name.upper() for name in ImageColor.colormap] + ["#fa0", "#FFAA00", "#ffaa0080"]
    objects = {"fig": "a Figure (x_range=(0.0, 1.0), y_range=(0.0, 1.0))"}
    objects |= {f"p{i}": f"a Point [{name}] drawn in fig (location=(0.5, 0.5))" for i, name in enumerate(names)}
    lecture = write_lecture(objects, [(1.0, SHOW.format("fig"))])
    result = CliRunner().invoke(app, ["check", str(lecture), "--json"])
    report = json.loads(result.stdout)
    assert [w["message"] for w in report["warnings"] if "is not a colour name" in w["message"]] == []
    assert report["errors"] == []
    assert len(names) > 500


@pytest.mark.parametrize("name", sorted(MANIM))
def test_every_manim_name_reaches_the_painter_in_its_colour(name: str):
    hue, _, shade = name.lower().rpartition("_")
    painted = {text_color(parse_description(KINDS, f'a Text [{spelling}] that says "x"')[0])
               for spelling in spellings(name)}
    assert len(painted) == 1  # any case, any separator
    [color] = painted
    if name.lower() in PALETTE:
        assert color == PALETTE[name.lower()]  # the theme's own shade (GREEN, TEAL, WHITE)
    elif hue in PALETTE and shade in "abcde":  # a theme hue's lighter or darker shade
        assert color == theme._mixed(PALETTE[hue], theme._SHADES[shade])
        lighter = [sum(int(theme.color(f"{hue}_{s}")[i:i + 2], 16) for i in (1, 3, 5)) for s in "abcde"]
        assert lighter == sorted(lighter, reverse=True)  # A lightest, E darkest, as Manim's are
    else:
        assert color == MANIM[name]  # PINK, GOLD, MAROON: Manim's own


def test_hex_in_three_forms_and_alpha_laid_over_the_board():
    assert theme.color("#fa0") == theme.color("#FFAA00") == "#FFAA00"
    assert theme.color("#ffaa00ff") == "#FFAA00"
    assert theme.color("#ffaa0000") == PALETTE["background"].upper()
    assert theme.color("#FF000080") == "#8A0B0E"  # half of red over the board's #15171C


@pytest.mark.parametrize(("written", "nearest"), [("pinkk", "PINK"), ("Tael_A", "TEAL_A"), ("golld", "GOLD"),
                                                  ("rebecapurple", "rebeccapurple")])
def test_an_unknown_name_warns_naming_the_nearest(write_lecture, written: str, nearest: str):
    lecture = write_lecture({"t": f'a Text [{written}] that says "x"'}, [(1.0, SHOW.format("t"))])
    report = json.loads(CliRunner().invoke(app, ["check", str(lecture), "--json"]).stdout)
    assert [w["message"] for w in report["warnings"]] == [
        f"color '{written}' is not a colour name of the theme, Manim or CSS, nor #rgb, #rrggbb or #rrggbbaa "
        f"(the nearest known name is '{nearest}'); the default is used"]


@pytest.mark.slow
def test_a_few_named_colours_are_drawn_in_their_colour(write_lecture, tmp_path: Path):
    """The pixels at each dot's centre in a still are the colour its name maps to."""
    from lecturekit.pipeline import write_still
    from lecturekit.settings import Quality
    from tests.lecture_strategy import plan_of

    names = ["PINK", "teal_a", "Gold", "MAROON_E", "rebeccapurple", "#0f8", "#ff000080", "yellow"]
    dark = {"MAROON_E", "rebeccapurple", "#ff000080"}  # too dark for a mark on a Figure's card: drawn lighter
    objects = {"fig": "a Figure (x_range=(0.0, 9.0), y_range=(0.0, 1.0), aspect=(9, 1))"}
    objects |= {f"p{i}": f"a Point [{name}] drawn in fig (location=({i + 0.5}, 0.5), marker_radius=0.15)"
                for i, name in enumerate(names)}
    lecture = write_lecture(objects, [(1.0, SHOW.format("fig"))] + [(1.2, SHOW.format(f"p{i}"))
                                                                    for i in range(len(names))])
    still = np.asarray(Image.open(write_still(lecture, None, 9.0, Quality.l, tmp_path / "still.png")).convert("RGB"))
    [plan] = plan_of(lecture)
    height, width = still.shape[:2]
    checked = 0
    for item in plan.boards[-1].items:
        if item.name.startswith("p") and item.kind == "Point":
            x = (item.box.x0 + item.box.x1) / 2 / plan.theme.board.width + 0.5
            y = 0.5 - (item.box.y0 + item.box.y1) / 2 / plan.theme.board.height
            pixel = still[round(y * height), round(x * width)]
            name = names[int(item.name[1:])]
            want = theme.color(plan.objects[item.name].color)  # the name's colour, or its shade with 3:1 on the card
            assert (want == theme.color(name)) is (name not in dark), name
            assert np.abs(pixel.astype(int) - [int(want[i:i + 2], 16) for i in (1, 3, 5)]).max() <= 2, item.name
            checked += 1
    assert checked == len(names)
