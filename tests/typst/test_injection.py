"""Lecture text is never Typst code: in every text channel (titles, headings, paragraphs, formulas,
derivations, table cells, labels, overrides) what the author wrote reaches Typst only as string
literals and rebuilt math. Shown three ways: a sentinel `#panic` never panics, a deliberately
simple scanner finds no code in the bodies made from random text, and strace sees no file outside
the lecture's folder read and no network connection tried."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.kinds import TableSpec
from lecturekit.syntax.nodes import Kind, Spec
from lecturekit.syntax.parser import parse_value
from lecturekit.typst.source import body_for, label_spec, prose
from tests.conftest import ROOT, lecture_data

SENTINEL = '#panic("LK-SENTINEL")'
SHOW = "{} is shown on the screen, written out."


def hostile_objects(secret: Path) -> dict[str, str]:
    """One object for every channel lecture text reaches Typst through, each carrying code."""
    read = f'#read("{secret}")'
    return {
        "title": f'a Title that says "Intro ${SENTINEL}$"',
        "head": f'a Heading that says "$x$ {SENTINEL} $y$"',
        "between": f'a Panel that says "$x$ \\" {SENTINEL} \\" $y$ and ${read}$"',
        "across": 'a Panel that says "$"a$ #panic("LK-SENTINEL") $"$"',
        "formula": f'a Math that says "${SENTINEL} + #import "@preview/cetz:0.2.2": *$"',
        "loop": 'a Math that says "$#for i in range(10000000000) { }$"',
        "named": f'a Math that says "$vec(a, delim: #none) + attach(x, t: {read}, b: {SENTINEL})$"',
        "lines": f'a Derivation that says "$a &= b \\\\ c &= {SENTINEL}$"',
        "table": f'a Table that says "A B C D" (rows=((\'A\', \'B\'), (\'$#panic("LK")$\', \'{read}\')), header=True)',
        "fig": "a Figure (x_range=(0.0, 4.0), y_range=(0.0, 4.0))",
        "v": f'a Vector labelled "{SENTINEL}" drawn in fig (end=(1.0, 1.0))',
        "p": f'a Point labelled "origin ${SENTINEL}$" drawn in fig (location=(2.0, 2.0))',
        "q": "a Point drawn in fig (location=(3.0, 1.0))",
    }


OVERRIDES = """
["Scene One".q]
label = 'near $#panic("LK-SENTINEL")$'
"""


@pytest.fixture
def hostile(tmp_path: Path) -> tuple[Path, Path, Path]:
    """(lecture, overrides, a secret file beside the lecture's folder that nothing may read)."""
    secret = tmp_path / "secret.txt"
    secret.write_text("LK-SECRET")
    folder = tmp_path / "lecture"
    folder.mkdir()
    objects = hostile_objects(secret)
    does = [(0.1 + 0.1 * i, SHOW.format(name)) for i, name in enumerate(objects) if name != "table"]
    lecture = folder / "lecture.json"
    lecture.write_text(json.dumps(lecture_data(objects, does, end=4.0)))
    overrides = folder / "overrides.toml"
    overrides.write_text(OVERRIDES)
    return lecture, overrides, secret


def test_no_channel_runs_code_and_each_rewrite_is_reported(hostile: tuple[Path, Path, Path]) -> None:
    lecture, overrides, _ = hostile
    result = CliRunner().invoke(app, ["check", str(lecture), "--overrides", str(overrides), "--json"])
    assert result.exit_code == 0, result.output
    assert "panicked" not in result.output and "LK-SECRET" not in result.output
    report = json.loads(result.stdout)
    rewritten = {w["object"] for w in report["warnings"] if w["message"].startswith("math rewritten: ")}
    # `head` holds its code between formulas, in prose: shown as the characters, with nothing to rewrite
    assert rewritten == {"title", "between", "across", "formula", "loop", "named", "lines", "table", "p", "q"}
    assert not [w for w in report["warnings"] if "cannot typeset" in w["message"] or "left out" in w["message"]]


@pytest.mark.slow
def test_a_still_of_every_channel_reads_no_file_outside_and_connects_nowhere(
    hostile: tuple[Path, Path, Path], tmp_path: Path
) -> None:
    lecture, overrides, secret = hostile
    log = tmp_path / "strace.log"
    still = tmp_path / "still.png"
    done = subprocess.run(
        ["strace", "-f", "--seccomp-bpf", "-qq", "-e", "trace=connect,open,openat,openat2", "-o", str(log),
         sys.executable, "-m", "lecturekit", "still", str(lecture), "--overrides", str(overrides),
         "--at", "3.5", "--out", str(still)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "panicked" not in done.stderr and still.is_file()
    calls = log.read_text()
    assert str(secret) not in calls, "a file outside the lecture's folder was opened"
    assert "openat" in calls  # strace saw the process and its children
    connects = [line for line in calls.splitlines() if "connect(" in line]
    assert not [line for line in connects if "AF_INET" in line], "a network connection was tried"


# ---------------------------------------------------------------- the generated source holds no code

#: The `#` constructs lecturekit writes itself around lecture text.
OURS = ("#box(stroke: 0.01pt + rgb(", "#text(fill: rgb(", "#block(width: ", "#set par(justify: false); ", "#align(",
        "#set text(dir: rtl);", '#set text(lang: "')


#: The code literals a formula may hold, written by the rebuild itself: nothing may follow them
#: that would make them more than a value (a field, a call, a block).
LITERAL = re.compile(r"#(none|auto|true|false|left|center|right|start|end|top|horizon|bottom|black|gray|silver|"
                     r"white|navy|blue|aqua|teal|eastern|purple|fuchsia|maroon|red|orange|yellow|olive|green|lime|"
                     r"[0-9.]+(pt|mm|cm|in|deg|rad|em|fr|%)?|\(-[0-9.]+[a-z%]*\))(?![\w(\[;-]|\.[^\W\d])")


def code_outside_strings(source: str) -> list[str]:
    """Every `#` outside a string literal that is not lecturekit's own construct, a literal of its
    own (`#"…"`) or a value literal (`#none`, `#2pt`), and every comment but the empty one
    (`/**/`). Deliberately simple: skips escapes and strings, nothing more."""
    found = []
    i = 0
    while i < len(source):
        c = source[i]
        if c == "\\":
            i += 2
            continue
        if c == '"':
            i += 1
            while i < len(source) and source[i] != '"':
                i += 2 if source[i] == "\\" else 1
            i += 1
            continue
        if source.startswith("/**/", i):  # the empty comment a comment is rebuilt as
            i += 4
            continue
        if c == "#" and not source.startswith(('#"', *OURS), i) and not LITERAL.match(source, i):
            found.append(source[i : i + 20])
        if source.startswith(("//", "/*", "*/"), i):
            found.append(source[i : i + 20])
        i += 1
    return found


def test_the_scanner_finds_code_where_there_is_some() -> None:
    assert code_outside_strings('#"a" $x$ #panic("x")') == ['#panic("x")']
    assert code_outside_strings("$a // b$") == ["// b$"]
    assert code_outside_strings('#"#panic()" $"#x" \\#$') == []
    assert code_outside_strings("$mat(delim: #none, gap: #1em, a) /**/ #(-1)$") == []
    found = code_outside_strings("$#none.x #2pt(1) #(-1 + 1)$")
    assert [code[:6] for code in found] == ["#none.", "#2pt(1", "#(-1 +"]


ANY = st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
MATHY = st.text(alphabet='#$"\\/*&()[]{},;:_^ ab1.', max_size=60)
#: Calls with named arguments, whose values may be code, a literal or a literal with more after it.
NAMED = st.builds(lambda name, value, rest: f"mat({name}: {value}{rest}, a)",
                  st.sampled_from(["delim", "augment", "gap", "row-gap", "t", "read", "_x", "a-b"]),
                  st.sampled_from(["#none", "#read(\"x\")", "#1em", "#(-1)", "#true", "#left", "#sys", "#(1)"]),
                  st.sampled_from(["", ".x", "(1)", "[x]", ";", "-x", ".5", "pt", "#panic()"]))
TEXTS = st.one_of(ANY, MATHY, NAMED.map(lambda m: f"${m}$"), st.builds(lambda a, b: f"{a}{SENTINEL}{b}", MATHY, MATHY))


def _bodies(text: str) -> list[str]:
    """The bodies every text channel makes of `text`."""
    bodies = [body_for(Spec(name="o", kind=kind, text=text), [], wrap)[0]
              for kind in (Kind.TITLE, Kind.HEADING, Kind.PANEL, Kind.TEXT, Kind.MATH, Kind.DERIVATION)
              for wrap in (None, 200.0)]
    bodies.append(prose(text))  # a table cell
    label = label_spec(Spec(name="o", kind=Kind.VECTOR, label=text))
    if label is not None:
        bodies.append(body_for(label, [], None)[0])
    return bodies


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_no_text_in_any_channel_becomes_code(text: str) -> None:
    for body in _bodies(text):
        assert code_outside_strings(body) == [], (text, body)


def test_table_cells_are_prose() -> None:
    table = TableSpec(name="t", kind=Kind.TABLE, text="A", rows=parse_value(f"(('{SENTINEL}',),)"))
    assert table.cells == ((SENTINEL,),)
    assert code_outside_strings(prose(table.cells[0][0])) == []
    assert re.search(r'#"#panic', prose(table.cells[0][0]))  # shown as the characters it is
