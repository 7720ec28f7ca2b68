"""A storyboard's captions are set in the board's font chain, shaped, wrapped and laid out in
their direction (lecturekit/sheet_type.py)."""

from __future__ import annotations

from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTCollection, TTFont
from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.sheet_type import Caption, face, placed, set_caption
from lecturekit.sources import read
from lecturekit.storyboard import MARGIN, TILE
from lecturekit.translate import Language
from lecturekit.typst.fonts import missing, visible

ROOM = TILE[0] - 2 * MARGIN


@cache
def _glyphs(path: Path) -> frozenset[int]:
    """The code points a font file maps to a glyph other than .notdef, read here on their own."""
    font = TTCollection(path).fonts[0] if path.suffix == ".ttc" else TTFont(path)
    notdef = font.getGlyphOrder()[0]
    return frozenset(point for point, glyph in font.getBestCmap().items() if glyph != notdef)


def _tofu(caption: Caption) -> list[str]:
    """The characters of the caption drawn in a font that has no glyph for them (tofu)."""
    return [ch for line in caption.lines for text, path, _ in placed(line, caption.rtl)
            for ch in text if visible(ch) and ord(ch) not in _glyphs(path)]


def _checked(caption: Caption) -> None:
    for line in caption.lines:
        drawn = placed(line, caption.rtl)
        assert Counter("".join(text for text, _, _ in drawn)) == Counter(line)  # every character is drawn once
        assert sum(face(path).getlength(text, direction="rtl" if rtl else "ltr") for text, path, rtl in drawn) <= ROOM
    assert _tofu(caption) == []


@pytest.mark.parametrize("lang", ["ja", "ar"])
def test_the_demos_translated_captions_are_drawn_in_fonts_that_have_them_and_fit(lang):
    resolved = read(language=Language(lang))
    says = [beat.say for scene in resolved.scenes for beat in scene.beats]
    assert says and all(any(not ch.isascii() for ch in say) for say in says)
    for say in says:
        caption = set_caption(say, lang, ROOM, 3)
        assert caption.rtl == (lang == "ar")
        assert caption.lines[-1].endswith(" …") or "".join(caption.lines).replace(" ", "") == say.replace(" ", "")
        _checked(caption)


def test_an_english_em_dash_is_drawn_in_a_font_that_has_it():
    caption = set_caption("The phase — how far the wave has moved — is φ.", "en", ROOM, 3)
    assert caption.lines == ("The phase — how far the wave has moved — is φ.",) and not caption.rtl
    _checked(caption)


def test_an_arabic_line_reads_from_the_right_with_its_latin_word_in_place():
    caption = set_caption("مرحبًا بكم في عرض lecturekit. في دقيقة", "ar", ROOM, 3)
    assert [(text, rtl) for text, _, rtl in placed(caption.lines[0], caption.rtl)] == [
        ("في دقيقة", True), (". ", True), ("lecturekit", False), ("مرحبًا بكم في عرض ", True)]


def test_a_long_caption_is_cut_to_its_rows_and_ends_in_an_ellipsis():
    caption = set_caption("word " * 400, "en", ROOM, 3)
    assert len(caption.lines) == 3 and caption.lines[-1].endswith(" …")
    _checked(caption)


_SCRIPTS = st.sampled_from(["abc xyz", "ありがとう 位相", "مرحبا بكم", "שלום עולם", "नमस्ते दुनिया", "สวัสดี",
                            "—", "😀", "12.5", "(x)", "«»"])


@settings(max_examples=40, deadline=None)
@given(pieces=st.lists(_SCRIPTS, min_size=1, max_size=30), lang=st.sampled_from(["en", "ja", "ar", "hi"]))
def test_any_mix_of_scripts_is_drawn_without_tofu_and_fits(pieces, lang):
    text = " ".join(pieces)
    assert missing(text) == []  # the chain has every one of them
    _checked(set_caption(text, lang, ROOM, 3))


def test_pillow_shapes_with_libraqm():
    """Arabic joins and Devanagari's conjuncts need a shaper; Pillow's basic layout has none."""
    from PIL import features

    assert features.check("raqm")
