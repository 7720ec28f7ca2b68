"""GNU gettext agrees with the files `translate extract` and `translate update` write, after any
edits to a lecture: `msgfmt -c` accepts them, `msgcat` gives them back byte for byte (gettext's
own wrapping), and an update decides what is translated, fuzzy, untranslated and obsolete as
`msgmerge --previous` does on the same old file and new template.

The property runs generated lectures (scenes of Texts and narrated beats) through generated edit
sequences: a text changed a little or rewritten, an object renamed, removed or added back, the
scenes reordered, a narration edited; every step goes through the CLI as a person runs it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import polib
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.sources import read
from lecturekit.translate import template, update_file
from lecturekit.translate.pofile import po_text, save_po
from lecturekit.translate.template import similarity

REPO = Path(__file__).resolve().parents[2]
#: Words of prose: plain, accented, wide (Japanese), long, and the characters PO strings escape.
WORDS = ["the", "mean", "of", "a", "sample", "moves", "toward", "its", "expected", "value", "arrow", "adds",
         "tip", "to", "tail", "Größe", "naïve", "—", "überraschenderweise", "位相が大きくなると山は左へ動きます",
         "https://arxiv.org/abs/1706.03762v7", "self-attention", "50%", "C++", "x/y", "(see", "below)",
         "state-of-the-art", "'quoted'", "tab\there", "back\\slash", 'say "so"']


def gettext(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), capture_output=True, text=True, check=False)


def assert_gettext_reads(path: Path) -> None:
    """msgfmt -c accepts the file and msgcat writes it back unchanged."""
    checked = gettext("msgfmt", "-c", "-o", "/dev/null", str(path))
    assert checked.returncode == 0, checked.stderr + path.read_text(encoding="utf-8")
    cat = subprocess.run(["msgcat", str(path)], capture_output=True, check=False)
    assert cat.returncode == 0, cat.stderr
    assert cat.stdout.decode() == path.read_text(encoding="utf-8")


def states(path: Path) -> dict:
    """What a PO file holds: each active entry translated, fuzzy or untranslated, with its
    translation and previous strings; the obsolete ones with theirs."""
    po = polib.pofile(str(path), wrapwidth=0)
    active = {(e.msgctxt, e.msgid): ("fuzzy" if e.fuzzy and e.msgstr else "translated" if e.msgstr
                                     else "untranslated", e.msgstr, e.previous_msgctxt, e.previous_msgid)
              for e in po if not e.obsolete and e.msgid}
    obsolete = sorted((e.msgctxt or "", e.msgid, e.msgstr, e.fuzzy) for e in po if e.obsolete)
    return {"active": active, "obsolete": obsolete}


# ---------------------------------------------------------------- lectures and their edits


@dataclass
class Model:
    """A lecture of Texts and narrated beats, as scenes of (name, text) and narrations."""

    scenes: list[dict] = field(default_factory=list)
    removed: list[tuple[int, tuple[str, str]]] = field(default_factory=list)
    counter: int = 0

    def data(self) -> dict:
        scenes, start = [], 0.0
        for scene in self.scenes:
            does = [[start + 0.5 * n, f"{name} is shown on the screen, written out."]
                    for n, (name, _) in enumerate(scene["objects"])]
            beats = [{"start": start + 2.0 * b, "live": None, "say": say, "does": does if b == 0 else []}
                     for b, say in enumerate(scene["says"])]
            end = start + 2.0 * len(scene["says"]) + 1.0
            scenes.append({"title": scene["title"], "start": start, "end": end, "beats": beats,
                           "objects": {name: f'a Text that says "{text}"' for name, text in scene["objects"]}})
            start = end
        return {"version": 1, "publication": {"slug": "generated", "title": "A Generated Lecture",
                                              "watch": {"scenes": scenes}}}


def prose(min_words: int = 1, max_words: int = 40) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(WORDS), min_size=min_words, max_size=max_words).map(" ".join)


@st.composite
def models(draw: st.DrawFn) -> Model:
    model = Model()
    for s in range(draw(st.integers(1, 3))):
        objects = [(f"t{s}_{n}", board_text(draw(prose()))) for n in range(draw(st.integers(1, 3)))]
        says = draw(st.lists(prose(0, 40) | st.just("Line one.\nLine two,\n\tthen a tab."), min_size=1,
                             max_size=2))
        model.scenes.append({"title": f"Scene {s} " + board_text(draw(prose(1, 4))), "objects": objects,
                             "says": says})
    return model


def board_text(text: str) -> str:
    """A text a Text can say: its quotes, tabs and backslashes as the description syntax allows."""
    return text.replace('"', "'").replace("\t", " ").replace("\\", "/")


EDITS = st.sampled_from(["tweak", "rewrite", "rename", "remove", "add back", "reorder", "narrate"])


def apply(model: Model, edit: str, draw: st.DrawFn) -> None:
    scene = model.scenes[draw(st.integers(0, len(model.scenes) - 1))]
    objects = scene["objects"]
    model.counter += 1
    if edit == "reorder":
        model.scenes[:] = draw(st.permutations(model.scenes))
    elif edit == "add back" and model.removed:
        index, obj = model.removed.pop()
        target = model.scenes[min(index, len(model.scenes) - 1)]["objects"]
        if obj[0] not in {n for s in model.scenes for n, _ in s["objects"]}:
            target.append(obj)
    elif edit == "narrate":
        says = scene["says"]
        b = draw(st.integers(0, len(says) - 1))
        says[b] = draw(st.sampled_from([says[b] + " " + draw(prose(1, 2)), draw(prose(0, 30))]))
    elif objects:
        n = draw(st.integers(0, len(objects) - 1))
        name, text = objects[n]
        if edit == "tweak":
            words = text.split(" ")
            at = draw(st.integers(0, len(words)))
            words[at:at + draw(st.integers(0, 1))] = [board_text(draw(st.sampled_from(WORDS)))]
            objects[n] = (name, " ".join(words))
        elif edit == "rewrite":
            objects[n] = (name, board_text(draw(prose())))
        elif edit == "rename":
            objects[n] = (f"{name}_r{model.counter}", text)
        elif edit == "remove" and len(objects) > 1:
            model.removed.append((model.scenes.index(scene), objects.pop(n)))


def translate_some(path: Path) -> None:
    """A translator's turn: every untranslated entry translated, but one in three (an editor saving
    the file as gettext writes it)."""
    po = polib.pofile(str(path), wrapwidth=0)
    for entry in po:
        if not entry.obsolete and not entry.msgstr and len(entry.msgid) % 3:
            entry.msgstr = f"«{entry.msgid[::-1]}»"
    path.write_text(po_text(po), encoding="utf-8")


def run(*args: str) -> str:
    result = CliRunner().invoke(app, ["translate", *args])
    assert result.exit_code == 0, result.output
    return result.stdout


@settings(max_examples=100, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(models(), st.data())
def test_gettext_agrees_after_any_edits(model, data):
    """Each step as `translate extract` and `translate update` take it (the lecture read once for
    both: `template`, `save_po`, `update_file`, what the two commands run)."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        lecture, po, pot, old = root / "lecture.json", root / "de.po", root / "lecture.pot", root / "old.po"
        lecture.write_text(json.dumps(model.data(), ensure_ascii=False), encoding="utf-8")
        update_file(template(read(lecture)), po)
        assert_gettext_reads(po)
        for _ in range(data.draw(st.integers(1, 3))):
            translate_some(po)
            apply(model, data.draw(EDITS), data.draw)
            lecture.write_text(json.dumps(model.data(), ensure_ascii=False), encoding="utf-8")
            extracted = template(read(lecture))
            save_po(extracted, pot)
            assert_gettext_reads(pot)
            shutil.copy(po, old)
            update_file(extracted, po)
            assert_gettext_reads(po)
            merged = gettext("msgmerge", "--quiet", "--previous", "-o", str(root / "msgmerge.po"), str(old), str(pot))
            assert merged.returncode == 0, merged.stderr
            found = states(po)
            assert found == states(root / "msgmerge.po")
            for state in {s[0] for s in found["active"].values()} | ({"obsolete"} if found["obsolete"] else set()):
                event(state)
            event("a string wrapped" if 'msgid ""\n"' in po.read_text(encoding="utf-8") else "none wrapped")


#: Any character a PO string may hold (gettext refuses NUL and EOT, its context separator), often
#: one where line breaking decides something: spaces, escapes, hyphens, wide and combining ones.
ANY = st.characters(exclude_categories=["Cs"], exclude_characters="\x00\x04") | st.sampled_from(
    [" ", " ", "a", "e", '"', "\\", "\n", "\t", "\r", "-", "/", "(", ".", "位", "相", "。", "\u0301", "\u00a0", "ب"])


@settings(max_examples=200, deadline=None, derandomize=True)
@example([("the the the the the the 位相が大きくなると山は左へ動きます 'quoted' say \"so\"", "", False)])  # a break
@given(st.lists(st.tuples(st.text(ANY, min_size=1, max_size=300), st.text(ANY, max_size=300), st.booleans()),
                min_size=1, max_size=4, unique_by=lambda row: row[0]))
def test_any_text_is_wrapped_as_msgcat_wraps_it(rows):
    """Any Unicode text, not only lectures' (wide and combining characters, every escape, lines
    of one long word): msgcat gives the file back byte for byte. The example: gettext may end a
    line before an escape (`\\"`), only not inside one."""
    po = polib.POFile(wrapwidth=0)
    po.metadata = {"Content-Type": "text/plain; charset=UTF-8"}
    for msgid, msgstr, obsolete in rows:
        po.append(polib.POEntry(msgctxt="a/b", msgid=msgid, msgstr=msgstr, obsolete=obsolete and bool(msgstr),
                                previous_msgid=None if obsolete else msgstr or None))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.po"
        save_po(po, path)
        cat = subprocess.run(["msgcat", str(path)], capture_output=True, check=False)
        assert cat.returncode == 0, cat.stderr
        assert cat.stdout.decode() == path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- the four defects, one test each

LONG = ("Now turn the phase up and watch the whole curve slide to the left, with the crest sliding along, "
        "until it comes back.")


def small_lecture(folder: Path, name: str = "note", text: str = "The crest slides left as the phase grows.",
                  ) -> Path:
    model = Model([{"title": "Waves", "objects": [(name, text), ("other", "Another text.")], "says": [LONG]}])
    lecture = folder / "lecture.json"
    lecture.write_text(json.dumps(model.data(), ensure_ascii=False), encoding="utf-8")
    return lecture


def translated(lecture: Path, po: Path) -> None:
    """The lecture's translation started and every entry translated."""
    run("update", str(lecture), str(po))
    done = polib.pofile(str(po), wrapwidth=0)
    for entry in done:
        entry.msgstr = f"DE {entry.msgid}"
    save_po(done, po)


def test_a_renamed_object_keeps_its_translation_in_a_file_msgfmt_accepts(tmp_path):
    po = tmp_path / "de.po"
    translated(small_lecture(tmp_path), po)
    run("update", str(small_lecture(tmp_path, name="remark")), str(po))
    assert_gettext_reads(po)
    entry = next(e for e in polib.pofile(str(po)) if e.msgctxt == "waves/remark/text")
    assert entry.fuzzy and entry.msgstr == "DE The crest slides left as the phase grows."
    assert (entry.previous_msgctxt, entry.previous_msgid) == ("waves/note/text", entry.msgid)


def test_a_text_rewritten_from_scratch_is_untranslated_and_its_old_translation_obsolete(tmp_path):
    po = tmp_path / "de.po"
    translated(small_lecture(tmp_path), po)
    out = run("update", str(small_lecture(tmp_path, text="Phase velocity is omega over k.")), str(po))
    assert "0 fuzzy" in out and "1 new" in out and "1 obsolete" in out
    done = polib.pofile(str(po))
    entry = next(e for e in done if e.msgctxt == "waves/note/text" and not e.obsolete)
    assert entry.msgstr == "" and not entry.fuzzy
    [gone] = done.obsolete_entries()
    assert gone.msgstr == "DE The crest slides left as the phase grows."
    # a text changed a little is still fuzzy with its old translation
    translated(small_lecture(tmp_path), po)
    run("update", str(small_lecture(tmp_path, text="The crest slides left as the phase grows larger.")), str(po))
    entry = next(e for e in polib.pofile(str(po)) if e.msgctxt == "waves/note/text")
    assert entry.fuzzy and entry.msgstr == "DE The crest slides left as the phase grows."
    assert similarity("The crest slides left as the phase grows.", "Phase velocity is omega over k.") < 0.6


def test_the_template_and_a_new_translation_have_gettexts_headers(tmp_path):
    lecture = small_lecture(tmp_path)
    run("extract", str(lecture), "-o", str(tmp_path / "lecture.pot"))
    pot = polib.pofile(str(tmp_path / "lecture.pot"))
    assert pot.metadata["Language"] == "" and pot.metadata["Content-Type"] == "text/plain; charset=UTF-8"
    assert {"Project-Id-Version", "POT-Creation-Date", "MIME-Version", "Content-Transfer-Encoding",
            "X-Generator"} <= set(pot.metadata)
    forms = {"de": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);", "pt_BR":
             "nplurals=2; plural=(n > 1);", "ja": "nplurals=1; plural=0;", "ar": "nplurals=6; plural=(n==0 ? 0 : "
             "n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);", "ru": "nplurals=3; plural=("
             "n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"}
    for code, plural in forms.items():
        run("update", str(lecture), str(tmp_path / f"{code}.po"))
        started = polib.pofile(str(tmp_path / f"{code}.po"))
        assert started.metadata["Language"] == code and started.metadata["Plural-Forms"] == plural
        # msgfmt -c checks the formula and, with no warning, that the header is complete
        checked = gettext("msgfmt", "-c", "-o", "/dev/null", str(tmp_path / f"{code}.po"))
        assert checked.returncode == 0 and checked.stderr == "", checked.stderr
    run("update", str(lecture), str(tmp_path / "tlh.po"))  # a language the table lacks: none, as msginit
    assert "Plural-Forms" not in polib.pofile(str(tmp_path / "tlh.po")).metadata


def test_long_strings_are_wrapped_as_gettext_wraps_them(tmp_path):
    lecture = small_lecture(tmp_path, text="位相が大きくなると山は左へ動きます。" * 4)
    run("update", str(lecture), str(tmp_path / "ja.po"))
    run("extract", str(lecture), "-o", str(tmp_path / "lecture.pot"))
    for path in (tmp_path / "ja.po", tmp_path / "lecture.pot"):
        assert_gettext_reads(path)
        text = path.read_text(encoding="utf-8")
        assert 'msgid ""\n"Now turn the phase up and watch the whole curve slide to the left, with the "\n' in text
    printed = run("extract", str(lecture))  # the template on stdout is written alike
    cat = subprocess.run(["msgcat", "-"], input=printed.encode(), capture_output=True, check=False)
    assert cat.returncode == 0 and cat.stdout.decode() == printed and 'msgid ""\n"' in printed


def test_every_committed_po_file_is_one_gettext_accepts_unchanged():
    files = subprocess.run(["git", "ls-files", "*.po", "*.pot"], cwd=REPO, capture_output=True, text=True,
                           check=True).stdout.split()
    assert "lecturekit/demo/locale/de.po" in files
    for name in files:
        assert_gettext_reads(REPO / name)


@given(st.text(ANY, max_size=60), st.text(ANY, max_size=60))
def test_similarity_is_fstrcmps_common_subsequence_over_the_mean_length(a, b):
    x, y = a.encode(), b.encode()
    longest = [[0] * (len(y) + 1) for _ in range(len(x) + 1)]
    for i, p in enumerate(x):
        for j, q in enumerate(y):
            longest[i + 1][j + 1] = longest[i][j] + 1 if p == q else max(longest[i][j + 1], longest[i + 1][j])
    assert similarity(a, b) == (2 * longest[-1][-1] / (len(x) + len(y)) if x or y else 1.0)


def test_without_libunistring_strings_are_written_whole(tmp_path, monkeypatch):
    """Where gettext's line breaking library is missing, nothing is wrapped: gettext reads the file
    all the same (msgcat would only rewrap it)."""
    from lecturekit.translate import pofile

    monkeypatch.setattr(pofile, "_BREAKS", None)
    lecture = small_lecture(tmp_path)
    run("update", str(lecture), str(tmp_path / "de.po"))
    text = (tmp_path / "de.po").read_text(encoding="utf-8")
    assert f'msgid "{LONG}"' in text
    assert gettext("msgfmt", "-c", "-o", "/dev/null", str(tmp_path / "de.po")).returncode == 0


def test_a_text_gettext_cannot_hold_is_left_out(tmp_path):
    """A narration with NUL or EOT (JSON allows both): no entry, so the file stays one gettext reads."""
    lecture = small_lecture(tmp_path)
    data = json.loads(lecture.read_text(encoding="utf-8"))
    data["publication"]["watch"]["scenes"][0]["beats"][0]["say"] = "Nul \x00 and end of transmission \x04."
    lecture.write_text(json.dumps(data), encoding="utf-8")
    run("update", str(lecture), str(tmp_path / "de.po"))
    assert_gettext_reads(tmp_path / "de.po")
    assert not any(e.msgctxt == "waves/beat 1" for e in polib.pofile(str(tmp_path / "de.po")))


def test_a_file_an_earlier_update_broke_is_mended(tmp_path):
    """A renamed object's entry as lecturekit wrote it before (`#| msgctxt` alone, which msgfmt
    rejects): the next update keeps its translation and writes a file gettext reads."""
    lecture = small_lecture(tmp_path, name="remark")
    po = tmp_path / "de.po"
    po.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n\n'
                  '#, fuzzy\n#| msgctxt "waves/note/text"\nmsgctxt "waves/remark/text"\n'
                  'msgid "The crest slides left as the phase grows."\nmsgstr "DE The crest."\n', encoding="utf-8")
    assert gettext("msgfmt", "-c", "-o", "/dev/null", str(po)).returncode == 1
    run("update", str(lecture), str(po))
    assert_gettext_reads(po)
    entry = next(e for e in polib.pofile(str(po)) if e.msgctxt == "waves/remark/text")
    assert entry.msgstr == "DE The crest." and entry.fuzzy
    header = polib.pofile(str(po)).metadata
    assert {"Project-Id-Version", "MIME-Version", "Content-Transfer-Encoding", "POT-Creation-Date"} <= set(header)
