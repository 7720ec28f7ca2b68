"""Translations from strangers: whatever a msgstr holds reaches Typst as text (a string literal,
or math rebuilt from its tokens), never as code; a file that cannot be used is one line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.diagnostics import LectureError
from lecturekit.kinds import kind_def
from lecturekit.sources import read
from lecturekit.translate import Language, translate
from lecturekit.typst.compiler import compile_svg
from lecturekit.typst.math_syntax import quote
from lecturekit.typst.source import body_for
from tests.conftest import lecture_data

SHOW = "{} is shown on the screen, written out."
OBJECTS = {"p": 'a Panel that says "hello"', "f": 'a Math that says "$op("max") x$"'}
CODE = '#read("/etc/passwd") #import "x.typ": * ] #set page(width: 1pt) // /* $#panic("no")$ \\'


def translated(write_json, write_po, rows):
    lecture = write_json(lecture_data(OBJECTS, [(0.5, SHOW.format(n)) for n in OBJECTS]))
    return translate(read(lecture), Language("de", write_po(rows))).scenes[0].objects


def test_typst_code_in_a_translation_is_drawn_as_its_characters(write_json, write_po):
    objects = translated(write_json, write_po, [("scene-one/p/text", "hello", CODE),
                                                ("scene-one/f/text", "max", CODE)])
    assert objects["p"].text == CODE
    prose = body_for(objects["p"], [], None)[0]
    assert '#"#read(\\"/etc/passwd\\") #import \\"x.typ\\": * ] #set page(width: 1pt) // /* "' in prose
    assert "$\\#\"panic\"(\"no\")$" in prose  # the inline math is rebuilt: its # is a character, panic a word
    formula = body_for(objects["f"], [], None)[0]
    assert f"$ op({quote(CODE)}) x $" in formula  # the whole translation is one Typst string
    for body in (prose, formula):
        compile_svg(body)  # it typesets, as text


@settings(max_examples=40, deadline=None)
@given(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=60))
def test_any_translation_typesets_or_falls_back_with_one_line(tmp_path_factory, text):
    import polib

    folder = tmp_path_factory.mktemp("po")
    po = polib.POFile(wrapwidth=0)
    po.append(polib.POEntry(msgctxt="scene-one/p/text", msgid="hello", msgstr=text))
    po.append(polib.POEntry(msgctxt="scene-one/f/text", msgid="max", msgstr=text))
    po.save(str(folder / "de.po"))
    lecture = folder / "lecture.json"
    import json

    lecture.write_text(json.dumps(lecture_data(OBJECTS, [(0.5, SHOW.format(n)) for n in OBJECTS])), encoding="utf-8")
    resolved = translate(read(lecture), Language("de", folder / "de.po"))
    for spec in resolved.scenes[0].objects.values():
        if kind_def(spec.kind).text is not None:
            compile_svg(body_for(spec, [], None)[0])
    assert all("\n" not in d.line() for d in resolved.diagnostics)


@pytest.mark.parametrize(("content", "line"), [
    (b'msgid "a"\nmsgstr "b"\nwhat\n', ":3: is not a PO file: the line is no keyword, string or comment"),
    (b'msgid "a"\nmsgstr "b"q"\n', ':2: is not a PO file: unescaped double quote found'),
    (b'msgid "a"\nmsgstr "\xff"\n', ":2: is not UTF-8 text"),
])
def test_a_file_that_cannot_be_read_is_one_error_naming_its_line(write_json, tmp_path, content, line):
    lecture = write_json(lecture_data(OBJECTS, [(0.5, SHOW.format(n)) for n in OBJECTS]))
    po = tmp_path / "bad.po"
    po.write_bytes(content)
    with pytest.raises(LectureError) as raised:
        translate(read(lecture), Language("de", po))
    [diagnostic] = raised.value.diagnostics
    assert diagnostic.line().startswith(f"error: {po}{line}")


def test_a_header_naming_another_language_is_one_warning(write_json, write_po):
    lecture = write_json(lecture_data(OBJECTS, [(0.5, SHOW.format(n)) for n in OBJECTS]))
    same = translate(read(lecture), Language("de", write_po([], language="de_AT")))
    assert not [d for d in same.diagnostics if "says it is in" in d.message]
    other = translate(read(lecture), Language("de", po := write_po([], language="fr")))
    assert [d.line() for d in other.diagnostics if "says it is in" in d.message] == [
        f"warning: {po}: says it is in 'fr', not 'de' (give the file of that language)"]
