"""The template `translate extract` writes: every text a viewer sees or hears, once, with a
context naming its scene, object and field, a reference to its line and a comment; words inside
formulas but not the math; a marked part as its own entry."""

from __future__ import annotations

import polib
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.sources import read
from lecturekit.translate import template
from tests.conftest import DEMO

SHOW = "{} is shown on the screen, written out."


def entries(pot: polib.POFile) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for entry in pot:
        found.setdefault(entry.msgctxt, []).append(entry.msgid)
    return found


def test_the_demo_template_holds_every_text_a_viewer_sees_or_hears():
    resolved = read(DEMO)
    pot = template(resolved)
    found = entries(pot)
    assert found["lecture/title"] == ["lecturekit Demo: Waves, Arrows and Tables"]
    assert found["lecture/summary"] == [resolved.lecture.file.publication.summary]
    assert found["a-wave-and-its-phase/title"] == ["A Wave and Its Phase"]
    assert found["adding-arrows/sizes/row 1 cell 1"] == ["Arrow"]
    assert found["adding-arrows/beat 2"] == ["The rule fits in one sentence: the tail of b goes on the tip of a."]
    beats = [c for c in found if "/beat " in c]
    assert len(beats) == sum(1 for s in resolved.scenes for b in s.beats if b.say.strip()) == 8
    # math is not translatable: no entry for $a$, $3.16$ or the formula law
    assert not any(c.startswith("adding-arrows/sizes/row 2") for c in found)
    assert "a-wave-and-its-phase/law/text" not in found
    assert len(pot) == len({(e.msgctxt, e.msgid) for e in pot}) == 22
    for entry in pot:
        assert entry.comment and entry.occurrences[0][0] == "lecture.json" and int(entry.occurrences[0][1]) > 1


def test_a_marked_part_is_its_own_entry_naming_its_text():
    pot = template(read(DEMO))
    [part] = [e for e in pot if e.msgctxt == "adding-arrows/rule/text part"]
    assert part.msgid == "tip"
    assert "Put the tail of $b$ on the tip of $a$" in part.comment and "occurrence 2" in part.comment
    # a part inside the text's math travels with it: no entry
    assert not any(e.msgctxt == "adding-arrows/bound/text part" for e in pot)


def test_words_inside_math_are_entries_and_the_math_is_not(resolve_scene):
    resolved = resolve_scene({
        "f": 'a Math that says "$op("softmax")(x) = 1 "if" x > 0$"',
        "g": 'a Derivation that says "$a &= b "where" \\\\ c &= d$"',
        "v": 'a Vector labelled "origin" (end=(1.0, 1.0))',
        "w": 'a Vector labelled "v_1" (end=(1.0, 0.5))',
        "same": 'a Text that says "softmax"',
    }, [(0.5, SHOW.format(n)) for n in ("f", "g", "v", "w", "same")]
       + [(1.0, 'f (the "op("softmax")" part) is emphasized.')])
    found = entries(template(resolved))
    assert found["scene-one/f/text"] == ["softmax", "if"]
    assert found["scene-one/g/text"] == ["where"]
    assert found["scene-one/v/label"] == ["origin"]
    assert "scene-one/w/label" not in found  # v_1 is math
    # the same word in two places is two entries, each translated on its own
    assert found["scene-one/same/text"] == ["softmax"]
    assert "scene-one/f/text part" not in found  # a part of a formula is translated by its words


def test_extract_writes_the_template_or_prints_it(tmp_path):
    out = tmp_path / "demo.pot"
    result = CliRunner().invoke(app, ["translate", "extract", str(DEMO), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert len(polib.pofile(str(out))) == 22
    printed = CliRunner().invoke(app, ["translate", "extract", str(DEMO)])
    assert printed.exit_code == 0 and 'msgctxt "adding-arrows/rule/text part"' in printed.stdout


def test_the_translation_stage_stands_before_the_renderer():
    """Translating needs no Manim and no renderer: it works on data, before the plan."""
    import subprocess
    import sys

    code = ("import sys, lecturekit.translate, lecturekit.translate.template; "
            "bad = [m for m in sys.modules if m == 'manim' or m.startswith(('lecturekit.render', 'lecturekit.plan'))]; "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
