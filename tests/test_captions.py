"""Captions: readable cues, inside their beats, never overlapping."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from lecturekit.captions import LINE, RLM, captions, split, srt, vtt
from lecturekit.pipeline import scene_beats
from lecturekit.segmentation import columns, line_breaks
from lecturekit.sources import read
from tests.conftest import TRANSFORMER


def test_every_cue_is_at_most_two_lines_of_about_42_characters() -> None:
    resolved = read(TRANSFORMER)
    for scene in resolved.scenes:
        for _, _, say in scene_beats(scene):
            cues = split(say)
            assert " ".join(" ".join(c) for c in cues).split() == say.split()  # every word, in order
            for cue in cues:
                assert 1 <= len(cue) <= 2
                assert all(len(line) <= LINE + 12 for line in cue), cue


def test_cues_stay_inside_their_beat_and_never_overlap() -> None:
    resolved = read(TRANSFORMER)
    for scene in resolved.scenes:
        beats = scene_beats(scene)
        cues = captions(beats)
        assert all(a.end <= b.start + 1e-9 for a, b in itertools.pairwise(cues))
        assert cues[0].start == 0.0
        assert abs(cues[-1].end - round(scene.end - scene.start, 3)) < 0.002
        for start, end, say in beats:
            inside = [c for c in cues if start - 0.002 <= c.start < end - 0.002]  # times are in ms
            assert inside and all(c.end <= end + 0.002 for c in inside)
            assert sum(len(" ".join(c.lines).split()) for c in inside) == len(say.split())


def test_srt_and_vtt_spell_their_timestamps_their_own_way() -> None:
    cues = captions([(0.0, 4.0, "One two. Three four five six."), (4.0, 3725.5, "Seven.")])
    text = srt(cues)
    assert text.startswith("1\n00:00:00,000 --> ")
    assert "\n2\n00:00:04,000 --> 01:02:05,500\nSeven.\n" in text
    web = vtt(cues)
    assert web.startswith("WEBVTT\n\n00:00:00.000 --> ")
    assert "00:00:04.000 --> 01:02:05.500\nSeven." in web


#: (language, first and last code point of its letters, whether it writes spaces, sentence end)
SCRIPTS = [
    ("de", 0x61, 0x7A, True, ". "), ("ru", 0x430, 0x44F, True, ". "), ("el", 0x3B1, 0x3C9, True, "; "),
    ("ar", 0x621, 0x64A, True, "؟ "), ("he", 0x5D0, 0x5EA, True, ". "), ("hi", 0x915, 0x939, True, "। "),
    ("ko", 0xAC00, 0xD7A3, True, ". "), ("ja", 0x3041, 0x3093, False, "。"), ("zh", 0x4E00, 0x9FA5, False, "。"),
    ("th", 0xE01, 0xE2E, False, " "),
]


@st.composite
def narrations(draw) -> tuple[str, str, bool]:
    """A beat's narration in one of several scripts: sentences of words of its letters."""
    lang, first, last, spaced, end = draw(st.sampled_from(SCRIPTS))
    letters = st.characters(min_codepoint=first, max_codepoint=last, categories=["L", "M"])
    word = st.text(letters, min_size=1, max_size=draw(st.sampled_from([3, 8, 30])))
    sentence = st.lists(word, min_size=1, max_size=14).map((" " if spaced else "").join)
    text = end.join(draw(st.lists(sentence, min_size=1, max_size=6))) + end.strip()
    return lang, text, spaced


@given(narrations())
def test_cues_are_cut_at_their_languages_own_boundaries_in_any_script(drawn: tuple[str, str, bool]) -> None:
    lang, text, spaced = drawn
    cues = split(text, lang)
    lines = [line for cue in cues for line in cue]
    rtl = lang in ("ar", "he")
    assert all(line.startswith(RLM) == rtl for line in lines)  # right-to-left lines are marked so
    lines = [line.removeprefix(RLM) for line in lines]
    assert all(1 <= len(cue) <= 2 for cue in cues)
    normal = " ".join(text.split())
    if spaced:
        assert " ".join(lines) == normal  # every word whole, in order, lines cut only at spaces
    else:
        assert "".join(lines).replace(" ", "") == normal.replace(" ", "")  # nothing lost or moved
    for line in lines:
        assert line == line.strip() and line
        assert columns(line) <= LINE or not line_breaks(line, lang), line  # too wide only where nothing can break
        assert line[0] not in "。、」）ー" and line[-1] not in "「（", line
    timed = captions([(1.0, 5.0, text)], lang)
    assert timed[0].start == 1.0 and timed[-1].end == 5.0
    assert all(a.end <= b.start + 1e-9 and a.start < a.end for a, b in itertools.pairwise(timed))


def test_japanese_breaks_between_phrases_and_keeps_its_punctuation() -> None:
    text = ("注意力こそがすべてです。トランスフォーマーは二〇一七年に発表されました。"
            "再帰型ネットワークは一度に一つの位置しか読めません。")
    cues = split(text, "ja")
    # a verb keeps its ending (発表されました), a noun its particle (二〇一七年に); 21 wide characters a line
    assert cues == [("注意力こそがすべてです。",), ("トランスフォーマーは二〇一七年に", "発表されました。"),
                    ("再帰型ネットワークは一度に一つの位置しか", "読めません。")]


def test_right_to_left_text_stays_in_its_order_with_its_latin_words() -> None:
    text = "Transformer هو نموذج. الانتباه هو كل ما تحتاجه في هذا العالم الكبير جدا جدا."
    cues = split(text, "ar")
    assert " ".join(line.removeprefix(RLM) for cue in cues for line in cue) == text
    assert all(line.startswith(RLM) for cue in cues for line in cue)
