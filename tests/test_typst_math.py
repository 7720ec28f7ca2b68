"""Lecture math is rebuilt from its tokens: what Typst reads as written passes unchanged, and what
would enter code, a comment or an unknown name is rewritten as characters, with a note."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.typst.math_syntax import (
    CODE,
    COMMENT,
    CONTROL,
    DOLLAR_SIGN,
    NOT_A_CHARACTER,
    UNCLOSED,
    UNCLOSED_COMMENT,
    UNKNOWN_NAME,
    is_clean,
    math_end,
    notes,
    tokens,
)
from lecturekit.typst.names import functions, symbols
from lecturekit.typst.source import formula, prose


def rebuilt(math: str) -> str:
    return "".join(token.source for token in tokens(math))


@pytest.mark.parametrize("math", [
    'h_t = f(h_(t-1), thin x_t)', 'op("softmax")(frac(Q K^T, sqrt(d_k))) V', "sum_(i=1)^(d_k) q_i k_i",
    'd_(upright("model")) = 512, quad d_(upright("ff")) = 2048', "checkmark", "-infinity", "dot.op",
    'upright("read(#1)")', "O(log_k (n))", "alpha_i = frac(e^(s_i), sum_j e^(s_j))", "arrow.r.long",
    "a \\ b &= c", "x := y :: z", "\\u{1F600} \\# \\$", "mat(1, 2; 3, 4)", "x'' -> y",
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
