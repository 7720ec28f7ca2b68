"""The font chain: every script's Noto font is installed and named to Typst, loaded once by the
compile process; `check` names every character no font has; the scripts lecture reads clean."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.diagnostics import Severity
from lecturekit.sources import read
from lecturekit.theme import FONT
from lecturekit.typst import fonts
from lecturekit.typst.compiler import compile_svg
from lecturekit.typst.source import cjk_language, prose, right_to_left

SCRIPTS = Path(__file__).parents[1] / "lectures" / "world-scripts" / "lecture.json"
SHOW = "{} is shown on the screen, written out."

#: A run of each script's letters (their Unicode blocks' assigned letters and marks).
BLOCKS = {"Arabic": (0x0621, 0x064A), "Hebrew": (0x05D0, 0x05EA), "Devanagari": (0x0905, 0x0939),
          "Han": (0x4E00, 0x9FA5), "Hiragana": (0x3041, 0x3096), "Hangul": (0xAC00, 0xD7A3),
          "Cyrillic": (0x0410, 0x044F), "Greek": (0x0391, 0x03C9), "Thai": (0x0E01, 0x0E2E),
          "Bengali": (0x0995, 0x09B9), "Tamil": (0x0B95, 0x0BB9), "Georgian": (0x10D0, 0x10FA),
          "Ethiopic": (0x1200, 0x1248), "Armenian": (0x0531, 0x0556)}
_assigned = [chr(c) for lo, hi in BLOCKS.values() for c in range(lo, hi + 1) if unicodedata.category(chr(c)) != "Cn"]
#: Code points Unicode has not assigned (in blocks of scripts the chain covers, and beyond).
_unassigned = [chr(c) for c in (0x0378, 0x0379, 0x0530, *range(0x05C8, 0x05D0), 0x0A04, 0xE01F0, 0x2FFFE, 0x10FFFF)]


def test_every_font_of_the_chain_is_installed_and_found_by_typst_under_its_name():
    from fontTools.ttLib import TTCollection, TTFont

    assert [family for family, _ in fonts.installed()] == [family for family, _ in fonts._CHAIN]
    assert fonts.families()[0] == FONT
    for family, path in fonts.installed():
        font = TTCollection(path, lazy=True).fonts[0] if path.suffix == ".ttc" else TTFont(path, lazy=True)
        letter = chr(min(c for c in font.getBestCmap() if c > 0x7F and unicodedata.category(chr(c))[0] in "LS"))
        drawn = [compile_svg(f'#text(font: "{name}", fallback: false)[#"{letter}"]') for name in (family, "No Such")]
        assert drawn[0] != drawn[1], f"Typst does not find {family!r}"


def test_the_template_hands_typst_the_chain_in_order():
    from lecturekit.typst.document import preamble

    listed = re.search(r"font: \(([^)]*)\)", preamble()).group(1)
    assert [name.strip().strip('"') for name in listed.split(",")] == list(fonts.families())


@settings(max_examples=60, deadline=None)
@given(st.text(st.sampled_from(_assigned), min_size=1, max_size=30))
def test_letters_of_the_worlds_scripts_have_glyphs(text: str):
    assert fonts.missing(text) == []


@settings(max_examples=60, deadline=None)
@given(st.text(st.sampled_from([*_assigned, " ", "a", "1", "."]), max_size=20), st.sampled_from(_unassigned))
def test_an_unassigned_code_point_is_always_missing(text: str, unassigned: str):
    assert unicodedata.category(unassigned) == "Cn"
    assert fonts.missing(text[: len(text) // 2] + unassigned + text[len(text) // 2:]) == [unassigned]


def test_joiners_selectors_and_controls_are_never_missing():
    assert fonts.missing("👩\u200d👩\u200d👧 🏳\ufe0f\u200d🌈 a\u200cb \u200f\u202a\U000e0067") == []


def test_check_names_the_object_and_the_character_with_no_glyph(write_lecture):
    lecture = write_lecture({"tofu": 'a Text that says "ab\u0378c"', "fine": 'a Text that says "日本 ok"'},
                            [(1.0, SHOW.format("tofu")), (1.5, SHOW.format("fine"))])
    result = CliRunner().invoke(app, ["check", str(lecture), "--json"])
    warnings = json.loads(result.stdout)["warnings"]
    assert [(w["object"], w["message"]) for w in warnings] == [
        ("tofu", "no font has a glyph for U+0378; it is drawn as an empty box")]
    said = CliRunner().invoke(app, ["check", str(lecture)]).stdout
    assert "scene 'Scene One', object 'tofu': no font has a glyph for U+0378; it is drawn as an empty box" in said


def test_a_label_or_cell_with_no_glyph_is_warned_about_too(write_lecture):
    lecture = write_lecture({"plane": "an Axes (x_range=(0.0, 2.0), y_range=(0.0, 2.0))",
                             "v": 'a Vector labelled "v\U000e01f0" drawn in plane (end=(1.0, 1.0))',
                             "grid": 'a Table that says "a \U0010ffff" (rows=((\'a\', \'\U0010ffff\'),))'},
                            [(1.0, SHOW.format("plane")), (1.2, SHOW.format("v")), (1.4, SHOW.format("grid"))])
    resolved = read(lecture, None)
    said = {d.place.object: d.message for d in resolved.of(Severity.WARNING)}
    assert said == {"v": "no font has a glyph for U+E01F0; it is drawn as an empty box",
                    "grid": "no font has a glyph for U+10FFFF; it is drawn as an empty box"}


def test_the_scripts_lecture_reads_clean():
    resolved = read(SCRIPTS, None)
    assert [d.line() for d in resolved.diagnostics if d.severity is not Severity.INFERRED] == []
    assert all(" is not Typst math; it is set as plain text" in d.message for d in resolved.of(Severity.INFERRED))
    kinds = {spec.kind.value for scene in resolved.scenes for spec in scene.objects.values()}
    assert {"Text", "Heading", "Panel", "Table", "Axes"} <= kinds
    text = json.dumps(json.loads(SCRIPTS.read_text(encoding="utf-8")), ensure_ascii=False)
    for letter in "ひ汉한عשहжψ🏳":  # Japanese, Chinese, Korean, Arabic, Hebrew, Hindi, Russian, Greek, emoji
        assert letter in text
    assert "\u200d" in text  # ZWJ sequences
    arabic = resolved.scenes[1].objects["panel_ar"].text
    assert right_to_left(arabic) and arabic.count("$") >= 2  # Arabic prose with inline math


def test_a_right_to_left_paragraph_is_set_right_to_left_from_its_first_strong_character():
    assert right_to_left("שלום, world") and right_to_left("$x^2$ مربع") and right_to_left("12 שלום")
    assert not right_to_left("world, שלום") and not right_to_left("$x$") and not right_to_left("")
    assert "#set text(dir: rtl)" in prose("مرحبا") and "dir: rtl" not in prose("hello مرحبا")
    assert "#align(start)" in prose("مرحبا", width_pt=100)


def test_han_takes_japanese_forms_beside_kana_and_korean_beside_hangul():
    assert cjk_language("直すの") == "ja" and cjk_language("한국 直") == "ko" and cjk_language("直接") is None
    assert '#set text(lang: "ja")' in prose("骨の直") and "lang" not in prose("骨直")
    japanese, chinese = (compile_svg(f'#text(lang: "{lang}")[#"直骨"]') for lang in ("ja", "zh"))
    assert japanese != chinese  # the CJK font's own Japanese forms
