"""The lexer: tokens with spans, numbers, strings, the cut marker `…`, and its one error type."""

from __future__ import annotations

import pytest

from lecturekit.diagnostics import LectureError
from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.lexer import ELLIPSIS, Lexer, T, Token


def tokens(source: str) -> list[Token]:
    lexer, out = Lexer(source), []
    while (token := lexer.next()).kind is not T.END:
        out.append(token)
    return out


def kinds_and_texts(source: str) -> list[tuple[T, str]]:
    return [(t.kind, t.text) for t in tokens(source)]


def test_a_parameter_list_splits_into_words_operators_and_numbers():
    assert kinds_and_texts("(start=(1.0, -2.5e3), x_ticks_every=1_000)") == [
        (T.OP, "("),
        (T.WORD, "start"),
        (T.OP, "="),
        (T.OP, "("),
        (T.NUMBER, "1.0"),
        (T.OP, ","),
        (T.OP, "-"),
        (T.NUMBER, "2.5e3"),
        (T.OP, ")"),
        (T.OP, ","),
        (T.WORD, "x_ticks_every"),
        (T.OP, "="),
        (T.NUMBER, "1_000"),
        (T.OP, ")"),
    ]


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("0", 0.0),
        ("56.0", 56.0),
        (".5", 0.5),
        ("1e-3", 0.001),
        ("2E+2", 200.0),
        ("1_000.5", 1000.5),
        ("707", 707.0),
    ],
)
def test_numbers_carry_their_float_value(source, value):
    [token] = tokens(source)
    assert token.kind is T.NUMBER
    assert token.value == value
    assert (token.start, token.end) == (0, len(source))


def test_an_exponent_without_digits_is_a_number_then_a_word():
    assert kinds_and_texts("1e") == [(T.NUMBER, "1"), (T.WORD, "e")]


def test_a_malformed_number_is_a_grammar_error_naming_it():
    with pytest.raises(GrammarError) as caught:
        tokens("x=1.2.3")
    assert caught.value.message == "'1.2.3' is not a number"
    assert caught.value.start == 2


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("'figures/figure-0001.jpg'", "figures/figure-0001.jpg"),
        ('"fast"', "fast"),
        ("'.0f'", ".0f"),
        (r"'it\'s'", "it's"),
        (r'"say \"hi\""', 'say "hi"'),
        (r"'a\nb\tc'", "a\nb\tc"),
        (r"'back\\slash'", "back\\slash"),
        (r"'\q'", "\\q"),
        ("''", ""),
    ],
)
def test_strings_in_either_quote_with_escapes(source, value):
    [token] = tokens(source)
    assert token.kind is T.STRING
    assert token.value == value
    assert token.text == source


def test_the_ellipsis_is_its_own_token():
    assert kinds_and_texts("(1, 2…") == [
        (T.OP, "("),
        (T.NUMBER, "1"),
        (T.OP, ","),
        (T.NUMBER, "2"),
        (T.CUT, ELLIPSIS),
    ]


def test_an_ellipsis_inside_a_string_ends_it_as_a_cut():
    source = "('As written', 'the', '…, header=True)"
    found = tokens(source)
    cut = next(t for t in found if t.kind is T.CUT)
    assert cut.start == source.index(ELLIPSIS)
    # after the cut the lexer carries on with what follows the recording's `…`
    after = found[found.index(cut) + 1 :]
    assert [(t.kind, t.text) for t in after] == [
        (T.OP, ","),
        (T.WORD, "header"),
        (T.OP, "="),
        (T.WORD, "True"),
        (T.OP, ")"),
    ]


def test_a_cut_in_the_middle_of_a_string_keeps_its_position():
    lexer = Lexer("'abc…")
    token = lexer.next()
    assert token == Token(T.CUT, ELLIPSIS, 4, 5)
    assert lexer.next().kind is T.END


def test_double_star_is_one_operator():
    assert kinds_and_texts("a ** b * c") == [
        (T.WORD, "a"),
        (T.OP, "**"),
        (T.WORD, "b"),
        (T.OP, "*"),
        (T.WORD, "c"),
    ]


def test_reference_markers_are_operators_and_words():
    assert kinds_and_texts("<VariableNumber place = 56.0>") == [
        (T.OP, "<"),
        (T.WORD, "VariableNumber"),
        (T.WORD, "place"),
        (T.OP, "="),
        (T.NUMBER, "56.0"),
        (T.OP, ">"),
    ]


def test_spans_point_into_the_source():
    source = "  gain  * 0.1"
    for token in tokens(source):
        assert source[token.start : token.end] == token.text


def test_peek_does_not_advance_and_the_end_repeats():
    lexer = Lexer("x")
    assert lexer.peek().text == "x"
    assert lexer.peek().text == "x"
    assert lexer.next().text == "x"
    assert lexer.next().kind is T.END
    assert lexer.next() == Token(T.END, "", 1, 1)


def test_token_predicates():
    assert Token(T.OP, "(", 0, 1).is_op("(")
    assert not Token(T.WORD, "(", 0, 1).is_op("(")
    assert Token(T.WORD, "True", 0, 4).is_word("True")
    assert not Token(T.STRING, "True", 0, 4).is_word("True")


def test_an_unclosed_string_points_at_its_opening_quote():
    with pytest.raises(GrammarError) as caught:
        tokens("(path='figures")
    assert caught.value.message == "this string is never closed"
    assert caught.value.start == 6


def test_an_unknown_character_is_a_lecture_error_with_one_line():
    with pytest.raises(LectureError) as caught:
        tokens("a @b")
    err = caught.value
    assert isinstance(err, GrammarError)
    assert err.exit_code == 1
    assert [d.line() for d in err.diagnostics] == [
        "error: lecture: unexpected character '@' at character 3 (near 'a @b')"
    ]


@pytest.mark.parametrize("character", ["$", "@", "!", "&", "\\", "{", "\x00", "€"])
def test_characters_outside_the_value_language_are_rejected(character):
    with pytest.raises(GrammarError) as caught:
        tokens(f"1 {character} 2")
    assert caught.value.message == f"unexpected character {character!r}"


def test_words_may_be_any_letters():
    assert kinds_and_texts("ω_i αβ") == [(T.WORD, "ω_i"), (T.WORD, "αβ")]


def test_a_superscript_digit_is_not_a_number():
    with pytest.raises(GrammarError) as caught:
        tokens("²")
    assert caught.value.message == "'²' is not a number"
