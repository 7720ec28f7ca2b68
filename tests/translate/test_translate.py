"""A lecture in another language: its texts replaced where the translation has them, the
original kept and counted where it does not, marked parts followed into the translated text,
and the outputs kept apart per language."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.diagnostics import Severity
from lecturekit.manifest import scene_key
from lecturekit.settings import RenderSettings
from lecturekit.sources import read
from lecturekit.syntax.nodes import Emphasize, TextPart
from lecturekit.translate import Language, translate
from tests.conftest import DEMO, lecture_data

SHOW = "{} is shown on the screen, written out."
RULE = "adding-arrows/rule/text"
RULE_TEXT = "Put the tail of $b$ on the tip of $a$: the sum runs from the first tail to the last tip."


def marks(scene, name):
    return [t.action.part for t in scene.actions if isinstance(t.action, Emphasize) and t.action.object == name]


def test_a_translated_text_part_and_narration_replace_the_original(write_po):
    po = write_po([
        (RULE, RULE_TEXT, "Setze den Fuß von $b$ an die Spitze von $a$: Die Summe läuft zur letzten Spitze."),
        ("adding-arrows/rule/text part", "tip", "Spitze"),
        ("adding-arrows/beat 2", "The rule fits in one sentence: the tail of b goes on the tip of a.", "Die Regel."),
        ("adding-arrows/title", "Adding Arrows", "Pfeile addieren"),
    ])
    original = read(DEMO)
    resolved = translate(original, Language("de", po))
    scene = resolved.scenes[1]
    assert scene.objects["rule"].text.startswith("Setze den Fuß")
    assert marks(scene, "rule") == [TextPart("Spitze", 2)] * 2
    assert scene.beats[1].say == "Die Regel."
    assert scene.title == "Pfeile addieren" and scene.slug == original.scenes[1].slug
    assert resolved.slug == "lecturekit-demo.de"
    report = resolved.translation
    assert (report.translated, report.texts) == (4, 22)
    assert len(report.untranslated) == 18 and not report.fuzzy
    # what it has no translation for is shown as recorded
    assert scene.objects["head_len"].text == "Lengths Do Not Add"


def test_a_part_its_translation_does_not_hold_is_a_warning_and_marks_the_whole(write_po):
    po = write_po([(RULE, RULE_TEXT, "Setze den Fuß von $b$ an die Spitze von $a$."),
                   ("adding-arrows/rule/text part", "tip", "Kopf")])
    resolved = translate(read(DEMO), Language("de", po))
    assert marks(resolved.scenes[1], "rule") == [None, None]
    said = [d.line() for d in resolved.of(Severity.WARNING)]
    assert said[0].startswith("warning: scene 'Adding Arrows', object 'rule', action #12 at 39.000 s: the part 'tip', "
                              "translated 'Kopf', does not occur in the translated text 'Setze den Fuß")
    assert said[0].endswith("the action marks the whole object (translate the part as the text's translation "
                            "writes it)")


def test_a_part_can_name_its_occurrence(write_po):
    po = write_po([(RULE, RULE_TEXT, "Spitze an Spitze, dann Fuß."),
                   ("adding-arrows/rule/text part", "tip", "Spitze#1")])
    assert marks(translate(read(DEMO), Language("de", po)).scenes[1], "rule") == [TextPart("Spitze", 1)] * 2


def test_fuzzy_and_untranslated_entries_fall_back_and_are_counted_by_check(write_po):
    po = write_po([("adding-arrows/head_len/text", "Lengths Do Not Add", "Längen addieren sich nicht"),
                   ("adding-arrows/head_sum/text", "Arrows Add Tip to Tail", "Pfeile, ungeprüft"),
                   ("gone/old/text", "Old", "Alt")], fuzzy=["adding-arrows/head_sum/text"])
    result = CliRunner().invoke(app, ["check", str(DEMO), "--lang", "de", "--translation", str(po), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)["translation"]
    assert report["translated"] == 1 and report["texts"] == 22 and report["unused"] == 1
    assert report["fuzzy"] == ["adding-arrows/head_sum/text"] and len(report["untranslated"]) == 20
    text = CliRunner().invoke(app, ["check", str(DEMO), "--lang", "de", "--translation", str(po)]).stdout
    assert (f"translation: de ({po}): 1 of 22 texts translated; 20 untranslated and 1 fuzzy shown in the "
            "original; 1 entries the lecture no longer has") in text
    resolved = translate(read(DEMO), Language("de", po))
    assert resolved.scenes[1].objects["head_sum"].text == "Arrows Add Tip to Tail"


def test_words_in_a_formula_are_translated_as_typst_strings(write_json, write_po, tmp_path):
    lecture = write_json(lecture_data({"f": 'a Math that says "$op("softmax")(x) = 1 "if" x > 0$"'},
                                      [(0.5, SHOW.format("f")), (1.0, 'f (the "op("softmax")" part) is emphasized.')]))
    po = write_po([("scene-one/f/text", "softmax", 'weich"max'), ("scene-one/f/text", "if", "falls")])
    [scene] = translate(read(lecture), Language("de", po)).scenes
    assert scene.objects["f"].text == '$op("weich\\"max")(x) = 1 "falls" x > 0$'
    assert marks(scene, "f") == [TextPart('op("weich\\"max")', 1)]


def test_a_part_that_cuts_a_name_in_a_formula_keeps_it_as_written(write_json):
    """`sin(om` cuts `omega`: `om` alone reads as a name Typst does not know, a word of its own,
    but in its formula it is part of a symbol, so the pseudo-locale leaves it, and the part is
    still in the translated text; a whole word the part holds is translated with the text."""
    lecture = write_json(lecture_data({"g": 'a Derivation [text] that says "$g(t) &= sin(omega t) "if" t > 0$"'},
                                      [(0.5, SHOW.format("g")), (1.0, 'g (the "sin(om" part) is emphasized.'),
                                       (1.5, 'g (the "t) "if" t" part) is emphasized.')]))
    original = read(lecture)
    translated = translate(original, Language("qps"))
    [scene] = translated.scenes
    assert scene.objects["g"].text == '$g(t) &= sin(omega t) "[îƒ ~]" t > 0$'
    assert marks(scene, "g") == [TextPart("sin(om", 1), TextPart('t) "[îƒ ~]" t', 1)]
    assert translated.diagnostics == original.diagnostics  # no part left unfound

def test_a_translation_typst_cannot_set_is_shown_in_the_original(write_po, monkeypatch):
    import lecturekit.translate as stage

    def refuse(objects, parts):
        return {name: "unknown font" for name in objects if name == "note"}, {}

    monkeypatch.setattr(stage, "untypesettable", refuse)
    po = write_po([("a-wave-and-its-phase/note/text", "The crest slides left as the phase grows.", "Der Kamm.")])
    resolved = translate(read(DEMO), Language("de", po))
    assert resolved.scenes[0].objects["note"].text == "The crest slides left as the phase grows."
    assert [d.line() for d in resolved.of(Severity.WARNING)] == [
        "warning: scene 'A Wave and Its Phase', object 'note': its translation cannot be typeset (unknown font); "
        "it is shown in the original (fix the translation)"]


def test_each_language_renders_apart_and_its_texts_key_the_cache(write_po):
    settings = RenderSettings()
    original = read(DEMO)
    first = translate(original, Language("de", write_po([("adding-arrows/title", "Adding Arrows", "Pfeile")])))
    second = translate(original, Language("de", write_po([("adding-arrows/title", "Adding Arrows", "Vektoren")])))
    keys = [[scene_key(r, r.lecture.scenes[i - 1], i, settings) for i in (1, 2)] for r in (original, first, second)]
    assert keys[0][0] != keys[1][0]  # the language itself
    assert keys[1][0] == keys[2][0] and keys[1][1] != keys[2][1]  # only the scene whose texts changed
    pictures = [scene_key(r, r.lecture.scenes[1], 2, settings, pictures=True) for r in (first, second)]
    assert pictures[0] == pictures[1]  # a scene's title is not on its board
    assert {original.slug, first.slug, translate(original, Language("qps")).slug} == {
        "lecturekit-demo", "lecturekit-demo.de", "lecturekit-demo.qps"}


def test_no_translation_beside_the_lecture_is_one_line(write_lecture):
    lecture = write_lecture({"t": 'a Text that says "hi"'}, [(0.5, SHOW.format("t"))])
    result = CliRunner().invoke(app, ["check", str(lecture), "--lang", "de"])
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"error: {lecture.parent / 'locale' / 'de.po'}: no such translation beside the "
                                     "lecture (write one from `lecturekit translate extract`, or give --translation "
                                     "FILE.po)")
    bad = CliRunner().invoke(app, ["plan", str(lecture), "--lang", "../../etc/passwd"])
    assert bad.exit_code == 2 and "is not a language code" in bad.stderr


def test_the_locale_folder_beside_the_lecture_is_read(write_lecture, tmp_path):
    lecture = write_lecture({"t": 'a Text that says "hi"'}, [(0.5, SHOW.format("t"))])
    (tmp_path / "locale").mkdir()
    (tmp_path / "locale" / "de.po").write_text('msgctxt "scene-one/t/text"\nmsgid "hi"\nmsgstr "hallo"\n',
                                               encoding="utf-8")
    assert read(lecture, language=Language("de")).scenes[0].objects["t"].text == "hallo"


def test_the_studio_reviews_a_language_and_follows_its_file(tmp_path):
    from lecturekit.studio.server import Studio, _watched

    studio = Studio(DEMO, None, tmp_path, 1, Language("de"))
    studio.load()
    assert studio.problems == [] and studio.data["slug"] == "lecturekit-demo.de"
    assert studio.folder == tmp_path / "lecturekit-demo.de"
    assert studio.translation_read == DEMO.parent / "locale" / "de.po"
    assert studio.translation_read in _watched(studio)


def test_the_translator_gives_each_language_and_the_original_as_recorded():
    from lecturekit.translate import translator

    into = translator(original="en")
    original = read(DEMO)
    assert into(original, "en") is original
    assert [into(original, code).scenes[1].title for code in ("de", "ja")] == ["Pfeile addieren", "矢印の足し算"]


def test_a_translation_file_is_for_one_language_given(tmp_path):
    po = tmp_path / "de.po"
    po.write_text("", encoding="utf-8")
    alone = CliRunner().invoke(app, ["render", "--translation", str(po), "--out", str(tmp_path)])
    assert alone.exit_code == 2 and "--translation needs --lang CODE" in alone.stderr
    several = CliRunner().invoke(app, ["render", "--lang", "de,ja", "--translation", str(po), "--out", str(tmp_path)])
    assert several.exit_code == 2 and "--translation is the file of one language" in several.stderr
    assert not (tmp_path / "lecturekit-demo.de").exists()
