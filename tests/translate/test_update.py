"""`translate update`: a changed lecture merged into its translation. The round trip: extract,
fill every entry with the pseudo-locale, change the lecture (a beat's narration edited, an object
added, one removed), update: the right entries are new, fuzzy and obsolete, and nothing a
translator wrote is lost."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import polib
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.sources import read
from lecturekit.translate import Language, template, translate, update
from lecturekit.translate.pseudo import pseudo
from lecturekit.translate.texts import Text
from tests.conftest import DEMO
from tests.lecture_strategy import lectures, write


def filled(lecture, overrides=None) -> polib.POFile:
    """The lecture's template with every entry translated by the pseudo-locale."""
    po = template(read(lecture, overrides))
    for entry in po:
        entry.msgstr = pseudo(Text(entry.msgctxt, entry.msgid, part=entry.msgctxt.endswith(" part")))
    return po


def changed_demo(tmp_path):
    data = json.loads(DEMO.read_text(encoding="utf-8"))
    scene = data["publication"]["watch"]["scenes"][1]
    scene["beats"][1]["say"] = "The rule fits in one line: put the tail of b on the tip of a."
    scene["objects"]["extra"] = 'a Text that says "A new remark."'
    scene["beats"][3]["does"].append([56.0, "extra is shown on the screen, written out."])
    del scene["objects"]["head_len"]
    for beat in scene["beats"]:
        beat["does"] = [pair for pair in beat["does"] if not pair[1].startswith("head_len ")]
        beat["live"] = None
    (tmp_path / "figures").symlink_to(DEMO.parent / "figures")
    path = tmp_path / "lecture.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def test_the_round_trip_keeps_every_translation(tmp_path):
    po_path = tmp_path / "qps.po"
    before = filled(DEMO)
    before.save(str(po_path))
    written = {(e.msgctxt, e.msgid): e.msgstr for e in before}
    lecture = changed_demo(tmp_path)
    result = CliRunner().invoke(app, ["translate", "update", str(lecture), str(po_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == (f"updated {po_path}: 20 entries kept, 1 new, 1 fuzzy (their text changed "
                                     "or moved), 1 obsolete")
    after = polib.pofile(str(po_path))
    by_context = {e.msgctxt: e for e in after if not e.obsolete}
    assert by_context["adding-arrows/extra/text"].msgstr == "" and not by_context["adding-arrows/extra/text"].fuzzy
    edited = by_context["adding-arrows/beat 2"]
    assert edited.fuzzy and edited.msgid.startswith("The rule fits in one line")
    assert edited.previous_msgid == "The rule fits in one sentence: the tail of b goes on the tip of a."
    assert edited.msgstr == written["adding-arrows/beat 2", edited.previous_msgid]
    [gone] = after.obsolete_entries()
    assert (gone.msgctxt, gone.msgid) == ("adding-arrows/head_len/text", "Lengths Do Not Add")
    # nothing a translator wrote is lost: every translation is still in the file
    assert sorted(written.values()) == sorted(e.msgstr for e in after if e.msgstr)
    # and the translation renders the changed lecture: fuzzy and new shown in the original
    resolved = translate(read(lecture), Language("qps", po_path))
    report = resolved.translation
    assert report.fuzzy == ("adding-arrows/beat 2",) and report.untranslated == ("adding-arrows/extra/text",)
    assert report.unused == 0 and report.translated == report.texts - 2


def test_update_twice_changes_nothing_more(tmp_path):
    po = filled(DEMO)
    pot = template(read(DEMO))
    assert update(po, pot).line() == "22 entries kept, 0 new, 0 fuzzy (their text changed or moved), 0 obsolete"
    first = str(po)
    update(po, pot)
    assert str(po) == first


def test_an_obsolete_entry_comes_back_when_its_text_does(tmp_path):
    po = filled(DEMO)
    lecture = changed_demo(tmp_path)
    update(po, template(read(lecture)))
    merged = update(po, template(read(DEMO)))
    assert not po.obsolete_entries()
    entry = next(e for e in po if e.msgctxt == "adding-arrows/head_len/text")
    assert entry.msgstr and not entry.fuzzy
    # the new object's entry was never translated, so it is dropped, not kept as obsolete
    assert merged.obsolete == 0 and not any(e.msgctxt == "adding-arrows/extra/text" for e in po)


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(lectures(max_scenes=2))
def test_a_filled_template_translates_as_the_pseudo_locale_does(generated):
    """On lectures no one wrote by hand: every entry's context is its own and names a scene of the
    lecture, and the template filled by the pseudo-locale, read back from its PO file, gives the
    very lecture the pseudo-locale gives, with every text translated and nothing to warn of."""
    with tempfile.TemporaryDirectory() as folder:
        lecture, overrides = write(generated, Path(folder))
        resolved = read(lecture, overrides)
        po = filled(lecture, overrides)
        assert len({(e.msgctxt, e.msgid) for e in po}) == len(po)
        prefixes = {s.slug for s in resolved.scenes} | {f"{s.slug}-{s.index}" for s in resolved.scenes}
        assert all(e.msgctxt.split("/")[0] in prefixes | {"lecture", "chapter 1", "chapter 2"} for e in po)
        po.save(str(Path(folder) / "qps.po"))
        from_file = translate(resolved, Language("qps", Path(folder) / "qps.po"))
        pseudo_locale = translate(resolved, Language("qps"))
        assert from_file.scenes == pseudo_locale.scenes and from_file.title == pseudo_locale.title
        assert from_file.translation.translated == from_file.translation.texts == len(po)
        assert from_file.diagnostics == pseudo_locale.diagnostics == resolved.diagnostics


def test_update_starts_a_translation_that_does_not_exist_yet(tmp_path):
    po_path = tmp_path / "fr.po"
    result = CliRunner().invoke(app, ["translate", "update", str(DEMO), str(po_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == (f"started {po_path}: 0 entries kept, 22 new, 0 fuzzy (their text changed "
                                     "or moved), 0 obsolete")
    started = polib.pofile(str(po_path))
    assert started.metadata["Language"] == "fr" and len(started) == 22 and started.percent_translated() == 0
    bad = CliRunner().invoke(app, ["translate", "update", str(DEMO), str(tmp_path / "not a code.po")])
    assert bad.exit_code == 2 and "is not a language code" in bad.stderr
