"""Formulas generated from Typst's safe math constructs (calls with named arguments, strings and
their escapes, `\\u{…}` escapes, attachments, fractions, alignment and line breaks, comments,
code literals, emoji joined by ZWJ and variation selectors): the rebuild draws each one pixel for
pixel as Typst draws it as written, and warns about none of them; inline in prose, the formula
ends at the `$` Typst ends it at (strings and comments in it may hold `$`)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lecturekit.typst.math_syntax import notes
from lecturekit.typst.source import framed, prose
from tests.typst.pictures import failure, pages, raw, rebuilt

LETTERS = st.sampled_from(list("abxyzABNR"))
SYMBOLS = st.sampled_from(["alpha", "beta", "pi", "infinity", "arrow.r", "arrow.r.long", "dots.v", "NN",
                           "plus.minus", "dot.op", "bar.v", "nabla", "partial", "emptyset"])
NUMBERS = st.sampled_from(["1", "2", "10", "3.14", "0"])
JOINED = st.sampled_from(["🏳️\u200d🌈", "👩\u200d💻", "❤️", "☺\ufe0e", "👍🏽", "e\u0302"])
ESCAPES = st.sampled_from(["\\#", "\\$", "\\_", "\\&", "\\u{2211}", "\\u{1F600}", "\\u{41}", "\\\\", "\\*"])
STRING_PIECES = st.sampled_from(["a", "if ", "otherwise", " ", "x > 0", "\\n", "\\t", '\\"', "\\\\", "\\u{263A}",
                                 "\\u{1b}", "\\r", "\\q",
                                 "#read()", "$", "//", "/*", "🏳️\u200d🌈", "a\u200db", "read", "é"])
STRINGS = st.lists(STRING_PIECES, max_size=4).map(lambda pieces: '"' + "".join(pieces) + '"')
COMMENT_TEXT = st.text(st.sampled_from(list("ab #$()\"\\,;:_^&")), max_size=8)
COMMENTS = st.one_of(COMMENT_TEXT.map(lambda t: f"/* {t} */"),
                     COMMENT_TEXT.filter(lambda t: "$" not in t).map(lambda t: f"// {t}\n"))
FLAGS = st.sampled_from(["#true", "#false"])
SIZES = st.sampled_from(["#50%", "#150%", "#2em", "#(-1pt)", "#0.5em"])
OPERATORS = st.sampled_from([" + ", " - ", " = ", " <= ", " -> ", " := ", " ", ", ", " dot ", " times ", " => ",
                             " != ", " |-> ", "\t+\t", "\u00a0=\u00a0", "\n< ", "..."])
ATOMS = st.one_of(LETTERS, SYMBOLS, NUMBERS, JOINED, ESCAPES, STRINGS)


def _attached(base: str, sub: str | None, sup: str | None) -> str:
    return base + (f"_({sub})" if sub is not None else "") + (f"^({sup})" if sup is not None else "")


def _calls(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    delim = st.sampled_from(['"["', '"|"', '"{"', "#none", "bar.v", "\\(", '"⟨"', "paren.l"])
    corners = st.dictionaries(st.sampled_from(["t", "b", "tl", "tr", "bl", "br"]), inner, max_size=3)
    return st.one_of(
        st.builds(lambda a, b: f"frac({a}, {b})", inner, inner),
        st.builds(lambda a, b: f'frac({a}, {b}, style: "horizontal")', inner, inner),
        st.builds(lambda a: f"sqrt({a})", inner),
        st.builds(lambda a, b: f"root({a}, {b})", NUMBERS, inner),
        st.builds(lambda a, b: f"binom({a}, {b})", inner, inner),
        st.builds(lambda a, d: f"vec({a}, {a}, delim: {d})", inner, delim),
        st.builds(lambda rows, d, g: f"mat(delim: {d}, {rows}; {rows}, row-gap: {g})", st.lists(
            inner, min_size=1, max_size=3).map(", ".join), delim, st.sampled_from(["#1em", "#0.5em", "#2pt", "#3pt"])),
        st.builds(lambda a, b, s: f"cases({a} &{s}, {b} &\"otherwise\", reverse: #true)", inner, inner, STRINGS),
        st.builds(lambda base, named: "attach(" + ", ".join([base, *(f"{k}: {v}" for k, v in named.items())]) + ")",
                  inner, corners),
        st.builds(lambda a, s: f"lr(({a}), size: {s})", inner, SIZES),
        st.builds(lambda a, flag: f"cancel({a}, inverted: {flag}, length: #120%)", inner, FLAGS),
        st.builds(lambda a: f"accent({a}, \\u{{0303}})", LETTERS),
        st.builds(lambda s, flag: f"op({s}, limits: {flag})", STRINGS, FLAGS),
        st.builds(lambda f, a: f"{f}({a})", st.sampled_from(["upright", "bold", "cal", "abs", "norm", "floor",
                                                             "overline", "hat", "tilde"]), inner),
        st.builds(lambda a, s: f"underbrace({a}, {s})", inner, STRINGS),
        st.builds(lambda a: f'class("relation", {a})', inner),
    )


TERMS = st.recursive(
    ATOMS,
    lambda inner: st.one_of(
        _calls(inner),
        st.builds(_attached, inner, st.none() | inner, st.none() | inner),
        st.builds(lambda a: f"({a})", inner),
        st.builds(lambda a, b: f"{a}/{b}", inner, inner),
        st.builds(lambda a, c, b: f"{a} {c} {b}", inner, COMMENTS, inner),
        st.builds(lambda a, primes: a + primes, LETTERS, st.sampled_from(["'", "''", "'''"])),
        st.builds(lambda a: f"[|{a}|]", inner),
    ),
    max_leaves=6,
)


@st.composite
def formulas(draw: st.DrawFn) -> str:
    """Lines of terms with operators between them, `&` alignment points and comments."""
    lines = []
    for _ in range(draw(st.integers(1, 3))):
        terms = draw(st.lists(TERMS, min_size=1, max_size=3))
        line = terms[0]
        for term in terms[1:]:
            line += draw(OPERATORS) + term
        if draw(st.booleans()):
            line = "&" + line if draw(st.booleans()) else line.replace(" = ", " &= ", 1)
        if draw(st.booleans()):
            line += " " + draw(COMMENTS)
        lines.append(line)
    return " \\\n".join(lines)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(formulas())
def test_any_formula_of_safe_constructs_is_drawn_as_typst_draws_it_as_written(math: str) -> None:
    assert notes(math) == {}
    try:
        original, ours = pages([raw(math), rebuilt(math)])
    except Exception:  # the binding's error: if Typst refuses the formula as written, so it must the rebuild
        assert failure(raw(math)) is not None and failure(rebuilt(math)) is not None, math
        return
    assert original == ours, math


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(formulas())
def test_inline_math_in_prose_ends_where_typst_ends_it_and_is_drawn_as_written(math: str) -> None:
    # strings and comments in the formula may hold `$`: the math still ends at the same `$` Typst ends it at
    written = framed(f'#"the rate "${math}$#" holds"')
    try:
        original, ours = pages([written, prose(f"the rate ${math}$ holds")])
    except Exception:  # the binding's error: if Typst refuses the formula as written, so it must the rebuild
        assert failure(written) is not None and failure(prose(f"the rate ${math}$ holds")) is not None, math
        return
    assert original == ours, math
