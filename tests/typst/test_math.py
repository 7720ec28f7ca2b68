"""Lecture math is rebuilt from its tokens: what Typst reads as written passes unchanged, and what
would enter code, a comment or an unknown name is rewritten as characters, with a note."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.diagnostics import printable
from lecturekit.typst.math_syntax import (
    CODE,
    COMMENT,
    CONTROL,
    DOLLAR_SIGN,
    NOT_A_CHARACTER,
    UNCLOSED,
    UNCLOSED_COMMENT,
    UNKNOWN_NAME,
    Sort,
    is_clean,
    math_end,
    notes,
    tokens,
)
from lecturekit.typst.names import functions, symbols
from lecturekit.typst.source import Span, formula, prose


def rebuilt(math: str) -> str:
    return "".join(token.source for token in tokens(math))


@pytest.mark.parametrize("math", [
    'h_t = f(h_(t-1), thin x_t)', 'op("softmax")(frac(Q K^T, sqrt(d_k))) V', "sum_(i=1)^(d_k) q_i k_i",
    'd_(upright("model")) = 512, quad d_(upright("ff")) = 2048', "checkmark", "-infinity", "dot.op",
    'upright("read(#1)")', "O(log_k (n))", "alpha_i = frac(e^(s_i), sum_j e^(s_j))", "arrow.r.long",
    "a \\ b &= c", "x := y :: z", "\\u{1F600} \\# \\$", "mat(1, 2; 3, 4)", "x'' -> y",
    # issue 22: named arguments, escapes, strings, joiners and code literals
    'mat(delim: "|", a, b; c, d)', "vec(a, delim: bar.v)", "attach(F, bl: 2, br: 3)",
    'frac(style: "horizontal", b, 2)', "mat(1, 2; 3, 4; row-gap: #1em, column-gap: #2em)",
    "accent(x, \\u{20EF})", "\\u{2a1b}_a^b", 'x := "a\\nb"', 'cases(1 &"if" x > 0, 0 &"otherwise")',
    '"abc" &= c', "mat(delim: #none, a)", "cases(reverse: #true, a, b)", "lr((a), size: #(-1pt))",
    "mat(augment: #(-1), a, b)", "vec(a, align: #left)", "🏳️\u200d🌈 + ☺\ufe0e", "e\u0302", 'op("x", limits: #true)',
])
def test_the_lectures_math_passes_unchanged(math: str) -> None:
    assert is_clean(math) and notes(math) == {}
    assert rebuilt(math) == math


@pytest.mark.parametrize(("math", "source", "note"), [
    ('#read("/etc/passwd")', '\\#"read"("/etc/passwd")', CODE),
    ('std.read("/etc/passwd")', '"std"."read"("/etc/passwd")', UNKNOWN_NAME),
    ('x + eval("1")', 'x + "eval"("1")', UNKNOWN_NAME),
    ("a // b", "a /**/", UNCLOSED_COMMENT),
    ("a /* b", "a /**/", UNCLOSED_COMMENT),
    ("a */ b", "a \\*\\/ b", COMMENT),
    ("a $ b", "a \\$ b", DOLLAR_SIGN),
    ('"open', '"open"', UNCLOSED),
    ("frac.with(1)", 'frac."with"(1)', UNKNOWN_NAME),
    ("a\x00b", "a b", CONTROL),
    ("\\u{D800}", '"\\\\u{D800}"', NOT_A_CHARACTER),
])
def test_what_is_not_math_is_rewritten_as_characters_with_a_note(math: str, source: str, note: str) -> None:
    assert rebuilt(math) == source
    assert note in notes(math) and not is_clean(math)


def test_named_arguments_are_names_only_at_the_start_of_a_calls_argument() -> None:
    sorts = {text[t.start : t.end]: t.sort for text in ["mat(delim: a, row-gap: b; _x: c)"] for t in tokens(text)}
    assert sorts["delim:"] == sorts["row-gap:"] == sorts["_x:"] == Sort.NAMED
    assert UNKNOWN_NAME in notes("(delim: a)")  # in a group, not a call: `delim` is a name looked up
    assert UNKNOWN_NAME in notes("mat(a delim: b)")  # not at the start of an argument
    assert UNKNOWN_NAME in notes("x_f(delim: b)")  # one letter is never a call
    assert not notes("lr(]a, b], size: #50%)")  # a `]` does not end a call's arguments; only `)` does
    assert [t.sort for t in tokens("f(x:=1)")][2] is not Sort.NAMED  # `:=` is a shorthand, not a name
    assert UNKNOWN_NAME in notes("mat(⟨a, sys: b⟩)") and UNKNOWN_NAME in notes("mat(⌜a, sys: b⌝)")  # in a group
    assert notes("mat(⟨a⟩, gap: #1em)") == {}


@pytest.mark.parametrize(("math", "source"), [
    ('mat(delim: #read("x"), a)', 'mat(delim: \\#"read"("x"), a)'),
    ("attach(x, t: #panic())", 'attach(x, t: \\#"panic"())'),
    ("mat(delim: #none.x, a)", 'mat(delim: \\#"none".x, a)'),
    ("mat(gap: #1em(2), a)", 'mat(gap: \\#1"em"(2), a)'),
    ("mat(gap: #sys, a)", 'mat(gap: \\#"sys", a)'),
    ("mat(#2; a)", "mat(\\#2; a)"),  # the `;` would end the code, not the row
    ("vec(a, delim: #left-x)", 'vec(a, delim: \\#"left"-x)'),
])
def test_a_named_argument_carrying_code_shows_its_hash_as_the_character(math: str, source: str) -> None:
    assert rebuilt(math) == source
    assert CODE in notes(math)


def test_code_literals_are_written_from_their_parts() -> None:
    math = "mat(delim: #none, augment: #(-2), gap: #0.5em, stroke: #red, a)"
    assert rebuilt(math) == math and notes(math) == {}
    assert [t.sort for t in tokens("#50%")] == [Sort.LITERAL]


def test_comments_are_kept_empty_and_never_drawn() -> None:
    assert rebuilt("a /* b /* nested */ c */ + d // to the end\n+ e") == "a /**/ + d /**/\n+ e"
    assert notes("a /* b */ c // d\n") == {}
    assert math_end("a $x // y$ b$", 2) == 9  # a line comment ends at the formula's `$` (with a note)
    assert UNCLOSED_COMMENT in notes("x // y")


def test_strings_keep_typsts_escapes() -> None:
    assert rebuilt('"a\\nb\\tc\\u{1F600}\\q"') == '"a\\nb\\tc😀\\\\q"'  # an unknown escape is kept as written
    assert rebuilt('"a\x1bb"') == '"a\\u{1b}b"'  # a control character in a string reaches Typst as its escape


def test_joiners_and_variation_selectors_stay_in_the_characters_they_join() -> None:
    for text in ["🏳️\u200d🌈", "👩\u200d👩\u200d👧", "❤\ufe0f", "☺\ufe0e", "👍🏽"]:
        assert notes(text) == {} and rebuilt(text) == text
        assert text in prose(f"flag {text} and ${text}$")
    assert notes("a\x1bb") == {CONTROL: ["\x1b"]} and notes("a\x85b") == {}  # NEL is white space in Typst
    assert prose("a\x1b\x9b\ud800b") == prose("a   b")  # in prose, control characters are spaces
    assert printable(f"{text} \x1b[2J") == f"{text} \\x1b[2J"  # and in a diagnostic, escaped


def test_a_coloured_part_of_prose_never_cuts_a_character_in_two() -> None:
    flag, text = "🏳️\u200d🌈", "a 🏳️\u200d🌈 e\u0301 b"
    assert f'[#"{flag}"]' in prose(text, [Span(2, 3, "p0")])  # the white flag alone: the whole sequence
    assert '[#"e\u0301"]' in prose(text, [Span(text.index("e"), text.index("e") + 1, "p0")])
    assert '[#"a"]' in prose(text, [Span(0, 1, "p0")])


def test_unicode_escapes_are_read_as_typst_reads_them() -> None:
    assert rebuilt("\\u{0041}\\u{1F600}") == "\\u{0041}\\u{1F600}"
    assert NOT_A_CHARACTER in notes("\\u{zz}") and NOT_A_CHARACTER in notes("\\u{110000}")
    assert NOT_A_CHARACTER in notes("\\u{41")  # unclosed


def test_notes_name_the_characters_they_were_made_to() -> None:
    assert notes('read(x) + read(y) + eval # #') == {UNKNOWN_NAME: ["read", "eval"], CODE: ["#"]}


def test_strings_are_re_escaped_from_their_value() -> None:
    assert rebuilt('"a\\"b" "c\\\\" "\\u{41}"') == '"a\\"b" "c\\\\" "A"'
    assert rebuilt('"$ # //"') == '"$ # //"'  # inside a string these are characters already


def test_inline_math_ends_where_typst_would_end_it() -> None:
    assert math_end('a $x$ b', 2) == 4
    assert math_end('a $"x$y" z$ b', 2) == 10  # a `$` inside a string does not close it
    assert math_end('a $x \\$ y$', 2) == 9  # nor does an escaped one
    assert math_end('a $x', 2) is None


def test_the_names_come_from_typst_and_leave_out_its_file_functions() -> None:
    assert {"frac", "sqrt", "upright", "op"} <= functions()
    assert {"alpha", "arrow", "dot"} <= symbols()
    assert not {"read", "eval", "plugin", "import", "include", "json", "std", "sys"} & (functions() | symbols())


@settings(max_examples=200, deadline=None)
@given(st.from_regex(r"[a-z]{2,10}", fullmatch=True))
def test_any_multi_letter_name_passes_only_if_typst_knows_it(name: str) -> None:
    assert is_clean(f"{name}(x)") == (name in functions() | symbols())


def test_code_in_a_label_set_as_text_is_rewritten_too() -> None:
    # `origin $#panic()$` is not math as a whole, so it is prose; its inline math is rebuilt
    body = prose('origin $#panic("LK-SENTINEL")$')
    assert '\\#"panic"("LK-SENTINEL")' in body and "#panic" not in body


def test_formula_bodies_are_rebuilt() -> None:
    assert formula('#import "@preview/x:1.0.0"') == \
        '#box(stroke: 0.01pt + rgb("#010203"))[$ \\#"import" "@preview/x:1.0.0" $]'


def test_an_object_with_code_in_its_math_is_drawn_as_characters_with_a_warning(resolve_scene) -> None:
    resolved = resolve_scene({"m": 'a Math that says "$#read("/etc/passwd")$"'},
                             [(0.0, "m is shown on the screen, written out.")])
    assert "m" not in resolved.scenes[0].broken
    assert [d.line() for d in resolved.diagnostics] == [
        "warning: scene 'Scene One', object 'm': math rewritten: '#' is shown as the character, not read as Typst "
        "code; names Typst does not know are shown as text: 'read' (write the math with Typst's own names)"]


def test_an_emoji_sequence_in_prose_math_or_a_label_gets_no_warning(resolve_scene) -> None:
    flag = "🏳️\u200d🌈"
    resolved = resolve_scene(
        {"t": f'a Text that says "flag {flag} and ${flag} + x$"', "m": f'a Math that says "${flag}^2 + ☺\ufe0e$"',
         "named": 'a Math that says "$mat(delim: "|", a, b; c, d) + vec(a, delim: bar.v)$"'},
        [(0.0, "t is shown on the screen, written out."), (0.5, "m is shown on the screen, written out."),
         (1.0, "named is shown on the screen, written out.")])
    assert [d.line() for d in resolved.diagnostics] == []
    assert not resolved.scenes[0].broken
