"""Actions: every form of the format, parts (text, occurrence, row, column), and errors."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from lecturekit.diagnostics import LectureError
from lecturekit.forms import FORMS
from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.nodes import (
    BoxAround,
    ColumnPart,
    Emphasize,
    Flash,
    Hide,
    Move,
    Redraw,
    RowPart,
    Show,
    ShowStyle,
    StyleHint,
    TextPart,
    Tick,
)
from lecturekit.syntax.parser import parse_action

EVERY_FORM = [
    ("card is shown on the screen, written out.", Show("card", ShowStyle.WRITTEN)),
    ("wave is shown on the screen, drawn.", Show("wave", ShowStyle.DRAWN)),
    ("crest is shown on the screen, grown.", Show("crest", ShowStyle.GROWN)),
    ("card is hidden from the screen — left the board.", Hide("card", "card")),
    ("feeds_2 is hidden from the screen — chain left the board.", Hide("feeds_2", "chain")),
    ("promise is hidden from the screen.", Hide("promise", None)),
    ("signal moves to a new place on the board.", Move("signal")),
    (
        'recurrence (the "h_(t-1)" part) is emphasized.',
        Emphasize("recurrence", TextPart("h_(t-1)"), on=True),
    ),
    (
        'recurrence (the "h_(t-1)" part) is no longer emphasized.',
        Emphasize("recurrence", TextPart("h_(t-1)"), on=False),
    ),
    ("law is emphasized.", Emphasize("law", None, on=True)),
    ("law is no longer emphasized.", Emphasize("law", None, on=False)),
    ("finding is indicated — a transient flash.", Flash("finding", None)),
    ('order (the "row=2" part) is indicated — a transient flash.', Flash("order", RowPart(2))),
    ("A box is drawn around caption.", BoxAround("caption")),
    ("hop ticks to 6.0.", Tick("hop", 6.0)),
    ("signal is redrawn as the numbers it depends on change.", Redraw("signal")),
    ("card: enter:write-left-to-right.", StyleHint("card", "enter:write-left-to-right")),
]


@pytest.mark.parametrize(("source", "expected"), EVERY_FORM, ids=[s for s, _ in EVERY_FORM])
def test_every_action_form(source, expected):
    assert parse_action(FORMS, source) == expected


@pytest.mark.parametrize(
    ("part", "expected"),
    [
        ("h_(t-1)", TextPart("h_(t-1)", 1)),
        ("V#2", TextPart("V", 2)),
        ("bank#2", TextPart("bank", 2)),
        ("row=3", RowPart(3)),
        ("column=4", ColumnPart(4)),
        ("row = 2", RowPart(2)),
        ('op("softmax")', TextPart('op("softmax")')),
        (
            'op("Concat")(op("head")_1, ..., op("head")_h)',
            TextPart('op("Concat")(op("head")_1, ..., op("head")_h)'),
        ),
        ('d_(upright("model")) / h = 64', TextPart('d_(upright("model")) / h = 64')),
        ("#2", TextPart("#2")),
        ("a#b", TextPart("a#b")),
        ("x#2#3", TextPart("x#2", 3)),
        ("rows=3", TextPart("rows=3")),
        # a count too long to be one stays text instead of overflowing int()
        ("V#" + "1" * 5000, TextPart("V#" + "1" * 5000)),
        ("row=" + "1" * 5000, TextPart("row=" + "1" * 5000)),
    ],
)
def test_parts(part, expected):
    assert parse_action(FORMS, f'x (the "{part}" part) is emphasized.') == Emphasize("x", expected)
    assert parse_action(FORMS, f'x (the "{part}" part) is no longer emphasized.') == Emphasize(
        "x", expected, on=False
    )
    assert parse_action(FORMS, f'x (the "{part}" part) is indicated — a transient flash.') == Flash(
        "x", expected
    )


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("x is shown on the screen, written out", Show("x")),
        ("  x moves to a new place on the board.  ", Move("x")),
        ("x is hidden from the screen -- left the board.", Hide("x", "x")),
        ("x is hidden from the screen – p left the board", Hide("x", "p")),
        ("x is hidden from the screen—left the board.", Hide("x", "x")),
        ("x is emphasised.", Emphasize("x")),
        ("x is no longer emphasised.", Emphasize("x", on=False)),
        ("x is indicated - a transient flash.", Flash("x")),
        ("qang ticks to 0.3.", Tick("qang", 0.3)),
        ("qang ticks to -3.5e2.", Tick("qang", -350.0)),
        ("place ticks to 56.", Tick("place", 56.0)),
        ("A box is drawn around  caption", BoxAround("caption")),
        ("x is hidden from the screen — left left the board.", Hide("x", "left")),
    ],
)
def test_spelling_variants(source, expected):
    assert parse_action(FORMS, source) == expected


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("", "an action starts with the object's name"),
        (".", "an action starts with the object's name"),
        ("3x is shown on the screen, written out.", "an action starts with the object's name"),
        (
            "x dances.",
            "'dances' is not an action this format knows "
            "(shown, hidden, moves, emphasized, indicated, box, ticks to, redrawn)",
        ),
        (
            "x is shown on the screen, painted.",
            "'is shown on the screen, painted' is not an action this format knows "
            "(shown, hidden, moves, emphasized, indicated, box, ticks to, redrawn)",
        ),
        (
            "x ticks to.",
            "'ticks to' is not an action this format knows "
            "(shown, hidden, moves, emphasized, indicated, box, ticks to, redrawn)",
        ),
        ('x (the "row=0" part) is emphasized.', "rows and columns count from 1"),
        ('x (the "column=0" part) is emphasized.', "rows and columns count from 1"),
        ('x (the "V#0" part) is emphasized.', "occurrences count from 1"),
        ('x (the "" part) is emphasized.', "the part is empty"),
        ("x: Enter", "'Enter' is not a style hint like enter:write-left-to-right"),
        ("x:", "'' is not a style hint like enter:write-left-to-right"),
        (
            'x (the "a" part) is shown on the screen, written out.',
            "a part cannot be named for this action (show)",
        ),
        (
            'x (the "a" part) moves to a new place on the board.',
            "a part cannot be named for this action (move)",
        ),
        ("x ticks to 1e999.", "'1e999' is too large to tick to"),
    ],
)
def test_action_errors(source, message):
    with pytest.raises(GrammarError) as caught:
        parse_action(FORMS, source)
    assert caught.value.message == message


def test_an_action_error_is_a_lecture_error_with_one_line():
    with pytest.raises(LectureError) as caught:
        parse_action(FORMS, "x dances.")
    assert [d.line() for d in caught.value.diagnostics] == [
        "error: lecture: 'dances' is not an action this format knows (shown, hidden, moves, "
        "emphasized, indicated, box, ticks to, redrawn) at character 2 (near 'x dances.')"
    ]


def test_an_overlong_action_is_refused():
    with pytest.raises(GrammarError) as caught:
        parse_action(FORMS, "x " + "y" * 20_000)
    assert caught.value.message == "action is longer than 20000 characters"


def _form(action) -> str:
    match action:
        case Show(style=style):
            return f"shown {style.value}"
        case Hide(object=obj, cause=cause):
            return "hidden" if cause is None else "left" if cause == obj else "taken along"
        case Emphasize(on=on):
            return "emphasized" if on else "no longer emphasized"
        case Flash(part=part):
            return "flash" if part is None else "flash with a part"
    return type(action).__name__


def test_the_real_lecture_has_the_counts_the_format_doc_records(transformer):
    data = json.loads(transformer.read_text(encoding="utf-8"))
    forms = Counter(
        _form(parse_action(FORMS, text))
        for scene in data["publication"]["watch"]["scenes"]
        for beat in scene["beats"]
        for _, text in beat["does"]
    )
    assert forms == {
        "shown written out": 144,
        "shown drawn": 16,
        "shown grown": 9,
        "left": 72,
        "taken along": 64,
        "hidden": 10,
        "Move": 4,
        "emphasized": 47,
        "no longer emphasized": 47,
        "flash": 11,
        "flash with a part": 1,
        "BoxAround": 1,
        "Tick": 12,
        "Redraw": 42,
        "StyleHint": 1,
    }
    assert sum(forms.values()) == 481
