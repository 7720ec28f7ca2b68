"""A lecture's own language: found from its scripts or stated in its overrides, and followed by
its captions, its voice, its file names and its translation template, with no --lang."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import polib
import pytest
from typer.testing import CliRunner

from lecturekit.captions import caption_warnings, captions, scene_beats, split
from lecturekit.cli import app
from lecturekit.manifest import scene_key
from lecturekit.multilingual import in_language
from lecturekit.pipeline import in_own_language, narration_for, plan_scenes, scene_path
from lecturekit.resolve import slugify
from lecturekit.segmentation import line_breaks
from lecturekit.settings import RenderSettings, Voice
from lecturekit.sources import read
from lecturekit.translate import Language, template
from lecturekit.voice.languages import spoken
from tests.conftest import DEMO, lecture_data

SAID = ("糸につないだおもりを少し横に引いて手をはなすと、おもりは左右に往復運動を始めます。"
        "この運動を単振り子と呼びます。")
TITLE = "糸につないだおもり"


def japanese(end: float = 12.0) -> dict[str, Any]:
    """A one-scene lecture recorded in Japanese."""
    shown = [(0.5, "head is shown on the screen, written out.")]
    data = lecture_data({"head": 'a Heading that says "単振り子"'}, shown, title=TITLE, end=end)
    data["publication"]["watch"]["scenes"][0]["beats"][0]["say"] = SAID
    return data


@pytest.fixture
def furiko(write_json: Callable[..., Path]) -> Path:
    return write_json(japanese())


def test_a_lecture_in_japanese_is_read_as_japanese_and_rendered_so_without_lang(furiko: Path) -> None:
    resolved = read(furiko)
    assert (resolved.own_language, resolved.language) == ("ja", "ja")
    assert in_own_language(RenderSettings(), resolved).language == "ja"
    assert in_own_language(RenderSettings(language="de"), resolved).language == "de"  # --lang stands
    assert read(DEMO).own_language == "en"
    said = CliRunner().invoke(app, ["check", str(furiko)]).output.splitlines()
    assert "  recorded in: ja (captions, voice and file names follow it)" in said


def test_its_captions_break_where_lang_ja_breaks_them_not_inside_words(furiko: Path) -> None:
    resolved = read(furiko)
    lang = in_own_language(RenderSettings(), resolved).spoken
    cues = captions(scene_beats(resolved.scenes[0]), lang)
    assert [c.lines for c in cues] == [c.lines for c in captions(scene_beats(resolved.scenes[0]), "ja")]
    assert [c.lines for c in cues] == split(SAID, "ja")
    phrases = set(line_breaks(SAID, "ja"))
    for cue in cues:
        assert all(len(line) <= 13 for line in cue.lines), cue.lines  # Netflix's 13 full-width characters
        for first in cue.lines[:-1]:
            assert SAID.index("".join(cue.lines)) + len(first) in phrases, cue.lines  # between phrases
    said = "".join(line for cue in cues for line in cue.lines)
    assert "つない" not in [line[-3:] for cue in cues for line in cue.lines] and said == SAID
    # `check` holds the narration to the Japanese guideline too (4 characters a second)
    assert all("at 4 characters a second" in d.message for d in caption_warnings(resolved))


def test_a_stated_language_stands_and_a_bad_one_is_one_line_naming_the_file(
        furiko: Path, write_json: Callable[..., Path], write_toml: Callable[[str], Path]) -> None:
    english = write_json(lecture_data({}, title="Scene One"))
    assert read(english, write_toml('language = "fr"\n')).own_language == "fr"  # too few letters to tell: stated
    assert read(furiko, write_toml('language = "zh-Hant"\n')).language == "zh-Hant"
    for value, said in [('"klingonese"', "'klingonese' names no language lecturekit speaks"),
                        ("3", "'3' is not a language code"), ('"  "', "'  ' is not a language code")]:
        toml = write_toml(f"language = {value}\n")
        result = CliRunner().invoke(app, ["check", str(furiko), "--overrides", str(toml)])
        lines = result.output.strip().splitlines()
        assert result.exit_code == 1 and len(lines) == 1, result.output
        assert lines[0].startswith(f"error: {toml}: language = {said}"), lines[0]


def test_its_voice_is_espeaks_voice_for_its_language(furiko: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import numpy as np

    from lecturekit.voice import track

    voices = []

    def speak(text: str, wpm: int, voice: str) -> np.ndarray:
        voices.append(voice)
        return np.zeros(100, np.float32)

    monkeypatch.setattr(track, "speak", speak)
    resolved = read(furiko)
    narration_for(resolved.scenes[0], 12.0, in_own_language(RenderSettings(tts=Voice.espeak), resolved))
    assert voices == ["jpx/ja"]


def test_its_files_are_named_from_its_titles_or_a_stated_transliteration(
        furiko: Path, write_toml: Callable[[str], Path]) -> None:
    resolved = read(furiko)
    assert scene_path(RenderSettings(), resolved.slug, resolved.scenes[0]).name == "01-糸につないだおもり.mp4"
    assert slugify("Queries, Keys and Values") == "queries-keys-and-values"  # as ever
    assert slugify("Größe　und ＭＡß") == "größe-und-maß" and slugify("अभिक्रिया की दर") == "अभिक्रिया-की-दर"
    assert slugify("★ ☆") == "scene"  # no letter at all
    assert len(slugify("反" * 200).encode()) <= 180
    stated = read(furiko, write_toml(f'["{TITLE}"]\nslug = "ito-ni-tsunaida-omori"\n'))
    assert scene_path(RenderSettings(), stated.slug, stated.scenes[0]).name == "01-ito-ni-tsunaida-omori.mp4"
    bad = write_toml('["1"]\nslug = "糸"\n')
    result = CliRunner().invoke(app, ["check", str(furiko), "--overrides", str(bad)])
    assert result.exit_code == 1 and result.output.startswith(
        f"error: {bad}: ['1'] slug = '糸' is not a file name lecturekit writes"), result.output


def test_the_template_names_its_source_language_as_gettext_tools_read_it(furiko: Path, tmp_path: Path) -> None:
    pot = tmp_path / "lecture.pot"
    assert CliRunner().invoke(app, ["translate", "extract", str(furiko), "-o", str(pot)]).exit_code == 0
    header = polib.pofile(str(pot)).metadata
    assert header["Language"] == "" and header["X-Source-Language"] == "ja"  # a template's Language is empty
    checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(pot)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr
    # what msgfmt says of any template (the translator's fields are msginit's to fill), and nothing else
    assert {line.split("warning: ")[1] for line in checked.stderr.splitlines()} == {
        f"header field '{field}' missing in header" for field in ("PO-Revision-Date", "Last-Translator",
                                                                  "Language-Team")} | {
        "header field 'Language' still has the initial default value"}
    english = tmp_path / "en.po"  # a translation of it, started as msginit starts one
    assert CliRunner().invoke(app, ["translate", "update", str(furiko), str(english)]).exit_code == 0
    header = polib.pofile(str(english)).metadata
    assert (header["Language"], header["X-Source-Language"]) == ("en", "ja")
    checked = subprocess.run(["msgfmt", "--check", "-o", "/dev/null", str(english)], capture_output=True, text=True)
    assert checked.returncode == 0 and checked.stderr == "", checked.stderr
    assert template(read(DEMO)).metadata["X-Source-Language"] == "en"


def test_a_lecture_in_its_own_language_is_itself_and_another_is_translated(furiko: Path) -> None:
    resolved = read(furiko)
    for code in ("ja", "ja_JP"):  # --lang ja needs no locale/ja.po: the lecture is in Japanese as recorded
        assert read(furiko, language=Language(code)) == resolved
    result = CliRunner().invoke(app, ["check", str(furiko), "--lang", "de"])
    assert result.exit_code == 1 and "no such translation beside the lecture" in result.output
    asked: list[str] = []
    assert in_language(resolved, "ja", lambda r, code: asked.append(code) or r) is resolved
    assert in_language(resolved, "ja-JP", lambda r, code: asked.append(code) or r) is resolved
    in_language(resolved, "en", lambda r, code: asked.append(code) or r)
    assert asked == ["en"]


def test_its_boards_set_han_without_kana_in_its_language(write_json: Callable[..., Path]) -> None:
    """A heading, a table's cells and a formula's words in Han alone (`経過時間`) are set as
    Japanese in a lecture in Japanese, so 過 takes its Japanese form, not the font's Chinese one;
    in a lecture in English (world-scripts' Chinese) they are left as they were."""
    objects = {"head": 'a Heading that says "経過時間"',
               "law": 'a Math that says "$p V = upright("一定")$"',
               "units": "a Table that says \"圧力 体積 Pa m³\" (rows=(('圧力', '体積'), ('Pa', 'm³')), header=True)"}
    shown = [(0.5, f"{name} is shown on the screen, written out.") for name in objects]
    data = lecture_data(objects, shown, title=TITLE, end=12.0)
    for said, language in ((SAID, "ja"), ("The elapsed time, in Chinese.", None)):
        data["publication"]["watch"]["scenes"][0]["beats"][0]["say"] = said
        resolved = read(write_json(data))
        [plan] = plan_scenes(resolved, resolved.scenes, 15)
        bodies = [plan.texts["head"].body, plan.texts["law"].body, *plan.tables["units"].cells[0]]
        set_as = '#set text(lang: "ja")'
        assert [set_as in body for body in bodies] == [language == "ja"] * 4, bodies


def test_a_scenes_pictures_are_keyed_by_the_language_its_lecture_is_told_in(write_json: Callable[..., Path]) -> None:
    """The board of a scene sets Han alone in its lecture's language, which every scene's texts
    tell: the scene's pictures are rendered anew when another scene's narration changes it."""
    keys = []
    for said in (SAID, "Said in English, at length, so that the lecture is in English.") * 2:
        data = japanese()
        scene = data["publication"]["watch"]["scenes"][0]
        data["publication"]["watch"]["scenes"].append(dict(scene, title="Two", start=12.0, end=24.0, beats=[
            {"start": 12.0, "say": said, "live": None, "does": []}]))
        scene["beats"][0]["say"] = "単振り子"
        resolved = read(write_json(data))
        keys.append(scene_key(resolved, resolved.lecture.scenes[0], 1, RenderSettings(), pictures=True))
    assert keys[0] == keys[2] != keys[1] == keys[3]


def test_retiming_follows_its_language_or_refuses_with_one_line(furiko: Path, tmp_path: Path) -> None:
    """Retimed to Piper's speech, in a voice for its language (none ships for Japanese); aligned to
    a recording, refused: the aligner hears only English."""
    from lecturekit.diagnostics import LectureError
    from lecturekit.requests import heard
    from lecturekit.voice.align import align_recording

    resolved = read(furiko)
    with pytest.raises(LectureError) as piper:
        heard(resolved, None, Voice.piper, None, None)
    assert [d.line() for d in piper.value.diagnostics] == [
        "error: lecture: lecturekit ships no Piper voice for Japanese (ja) (give --voice FILE.onnx, a Piper voice "
        "for ja, or --tts espeak)"]
    recording = tmp_path / "talk.wav"
    with pytest.raises(LectureError) as aligned:
        align_recording(resolved, recording)
    assert [d.line() for d in aligned.value.diagnostics] == [
        f"error: {recording}: the aligner hears only English, and the lecture is in Japanese (ja) (retime it to "
        "Piper's speech instead: --tts piper --voice FILE.onnx, a Piper voice for ja)"]


STRANGERS = sorted((Path(__file__).parent / "lectures" / "strangers").glob("*/lecture.json"))
#: Narration in French too short to tell by (47 letters with the titles), and an English and a German paragraph.
SHORT = "La vitesse dépend de la température du mélange."
MIXED = ("The rate of a reaction depends on the temperature of the mixture and on how often the molecules meet. "
         "When the mixture is warmed, more of the collisions carry enough energy to break the bonds. "
         "Die Geschwindigkeit einer Reaktion hängt von der Temperatur der Mischung ab und davon, wie oft sich die "
         "Moleküle treffen. Wird die Mischung erwärmt, tragen mehr Stöße genug Energie, um die Bindungen zu brechen.")


@pytest.mark.parametrize("lecture", STRANGERS, ids=[p.parent.name for p in STRANGERS])
def test_a_strangers_lecture_is_found_in_the_language_its_author_wrote_it_in(lecture: Path) -> None:
    """The corpus's German, French and Spanish lectures (Latin script, no overrides) are told
    apart by the model, its English ones stay English and its Japanese ones Japanese; their
    captions and voice follow."""
    language = lecture.parent.name.split("-")[0]
    resolved = read(lecture)
    assert resolved.own_language == language
    assert resolved.language_doubt == ""
    settings = in_own_language(RenderSettings(tts=Voice.espeak), resolved)
    assert settings.spoken == language and spoken(settings.spoken).espeak == spoken(language).espeak


def said_in(write_json: Callable[..., Path], said: str) -> Path:
    data = lecture_data({}, title="Eins")
    data["publication"]["watch"]["scenes"][0]["beats"][0]["say"] = said
    return write_json(data)


def test_a_short_or_mixed_text_stays_english_and_check_says_why(write_json: Callable[..., Path]) -> None:
    short = CliRunner().invoke(app, ["check", str(said_in(write_json, SHORT))]).output.splitlines()
    at = short.index("  recorded in: en (captions, voice and file names follow it)")
    assert short[at + 1] == (
        "    (taken so: its 47 letters in the Latin script are too few to tell which language they are in (at "
        'least 100 tell it); a lecture in another language states it in its overrides, such as language = "de")')
    mixed = CliRunner().invoke(app, ["check", str(said_in(write_json, MIXED)), "--json"])
    found = json.loads(mixed.stdout)
    assert found["language"] == "en" and found["language_doubt"].startswith(
        "its text in the Latin script reads as de with a probability of only 0.9"), found["language_doubt"]
    german = CliRunner().invoke(app, ["check", str(STRANGERS[0]), "--json"])
    assert (json.loads(german.stdout)["language"], json.loads(german.stdout)["language_doubt"]) == ("de", None)


def test_a_stated_language_wins_over_the_model(write_json: Callable[..., Path],
                                               write_toml: Callable[[str], Path]) -> None:
    stated = write_toml('language = "fr"\n')
    assert STRANGERS[0].parent.name.startswith("de-")
    assert (read(STRANGERS[0], stated).own_language, read(STRANGERS[0], stated).language_doubt) == ("fr", "")
    said = CliRunner().invoke(app, ["check", str(said_in(write_json, SHORT)), "--overrides", str(stated)])
    assert "  recorded in: fr (captions, voice and file names follow it)" in said.output.splitlines()
    assert "taken so" not in said.output
