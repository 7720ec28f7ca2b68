"""A scene's Typst work is bounded as a whole: the huge-formulas scene of issue 20 (a 1,000,000-
character formula, 10,000 nested `frac(`, 6,000 chained superscripts, a 1,000-line Derivation,
4,000 inline formulas), generated here, renders at -q l with a warning for each object left out
and nothing else lost."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from lecturekit.resolve.typesetting import MAX_SCENE_TEXT, MAX_TEXT
from tests.conftest import ROOT

HUGE = {
    "long": "$" + "x + " * 250_000 + "x$",  # 1,000,002 characters
    "nested": "$" + "frac(" * 10_000 + "1" + ", 2)" * 10_000 + "$",
    "tower": "$" + "x^" * 6_000 + "x$",
    "derivation": "$" + " \\\\ ".join("&x" for _ in range(1_000)) + "$",
    "inline": " ".join("$x$" for _ in range(4_000)),
}
KINDS = {"long": "Math", "nested": "Math", "tower": "Math", "derivation": "Derivation", "inline": "Panel"}


def huge_lecture(folder: Path) -> Path:
    """One scene showing the five huge texts and a small one that must still be drawn."""
    objects = {name: f'a {KINDS[name]} that says "{text}"' for name, text in HUGE.items()}
    objects["small"] = 'a Text that says "Still here"'
    does = [[0.5 + 0.1 * k, f"{name} is shown on the screen, written out."] for k, name in enumerate(objects)]
    scene = {"title": "Huge formulas", "start": 0, "end": 4, "objects": objects,
             "beats": [{"start": 0, "say": "Everything at once.", "does": does}]}
    path = folder / "lecture.json"
    path.write_text(json.dumps({"publication": {"slug": "huge", "title": "Huge", "watch": {"scenes": [scene]}}}))
    return path


def test_the_generated_texts_are_what_the_issue_describes() -> None:
    assert len(HUGE["long"]) > 1_000_000
    assert HUGE["nested"].count("frac(") == 10_000 and HUGE["tower"].count("^") == 6_000
    assert HUGE["derivation"].count("\\\\") == 999 and HUGE["inline"].count("$") == 8_000
    assert MAX_TEXT < MAX_SCENE_TEXT


def test_check_leaves_out_each_huge_text_with_one_warning(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "lecturekit", "check", str(huge_lecture(tmp_path)), "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    report = json.loads(out.stdout)
    left = {w["object"]: w["message"] for w in report["warnings"] if "left out" in w["message"]}
    assert set(left) == set(HUGE), report["warnings"]
    assert "longer than 20000 characters" in left["long"] and "longer than 20000 characters" in left["nested"]
    assert "6,000 levels deep" in left["tower"], left["tower"]
    assert "characters of Typst" in left["derivation"] and "characters of Typst" in left["inline"]
    assert sum("left out" in w["message"] for w in report["warnings"]) == len(HUGE)


@pytest.mark.slow
def test_the_huge_formulas_scene_renders_at_q_l_with_a_warning_for_each(tmp_path: Path) -> None:
    lecture = huge_lecture(tmp_path)
    out = subprocess.run(["prlimit", "--as=4000000000", sys.executable, "-m", "lecturekit", "render", str(lecture),
                          "-q", "l", "--jobs", "1", "--quiet", "--out", str(tmp_path / "media")],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert "Traceback" not in out.stderr
    for name in HUGE:
        assert sum(f"'{name}'" in line and "left out" in line for line in out.stderr.splitlines()) == 1, name
    assert list((tmp_path / "media").rglob("*.mp4"))
