"""Typst bodies: prose is only ever characters, string literals round-trip, and marking a part
(for emphasis) or a Derivation's lines never changes what is drawn."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lecturekit.plan.measure import measure
from lecturekit.syntax.nodes import TextPart
from lecturekit.typst.compiler import TypstError, compile_svg
from lecturekit.typst.document import FRAME_COLOR, label_color
from lecturekit.typst.math_syntax import quote as string_literal
from lecturekit.typst.source import (
    Span,
    derivation_spans,
    formula,
    math_body,
    probed,
    prose,
    spans_for,
)

SOME = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def glyphs(body: str, hidden: str | None = None) -> int:
    """How many glyphs Typst draws for a body (each is one `<use>` in its SVG)."""
    return len(re.findall(rb"<use ", compile_svg(body, hidden)))


def visible(text: str) -> int:
    return len("".join(text.split()))


# ---------------------------------------------------------------- prose is characters

HOSTILE = [
    '#read("/etc/passwd")',
    "*bold*",
    '#import "@preview/x:1.0.0"',
    "_emph_ and `raw` and <label> @ref",
    '#set text(size: 90pt) = Heading',
    "// a comment that would swallow the rest",
    "/* an unclosed comment",
    '\\" ] ) } #{ #let x = 1',
    "- a list item\n+ an enum item",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_prose_shows_markup_as_the_characters_it_is(text: str):
    body = prose(text)
    try:
        width, height = measure(body)
    except TypstError as exc:
        pytest.fail(f"prose {text!r} did not compile: {exc.message}")
    assert glyphs(body) == visible(text)  # every character drawn, nothing read or evaluated
    assert width > 0 and height > 0


def test_bold_markup_is_not_bold():
    assert measure(prose("*bold*"))[0] > measure(prose("bold"))[0]  # the asterisks are drawn
    assert glyphs(prose("*bold*")) == glyphs(prose("bold")) + 2


def test_prose_keeps_its_inline_math():
    assert glyphs(prose("so $x^2 + y$ holds")) == len("so") + 4 + len("holds")


def test_math_holding_code_is_drawn_as_its_characters():
    assert glyphs(formula('#read("/etc/passwd")')) == len('#read(/etc/passwd)')


def test_even_raw_code_cannot_read_outside_the_empty_sandbox():
    """Behind the generator, the compile process itself reads nothing: its root is an empty folder."""
    with pytest.raises(TypstError) as caught:
        compile_svg('#read("/etc/passwd")')
    assert "root:" not in caught.value.message and "not found" in caught.value.message


@SOME
@given(st.text(max_size=40))
def test_any_prose_compiles_to_its_characters(text: str):
    body = prose(text.replace("$", ""))  # `$…$` is math by design, and random math need not parse
    width, height = measure(body)  # raises TypstError if it does not compile
    assert width > 0 and height >= 0


# ---------------------------------------------------------------- string literals


def literal_check(text: str) -> str:
    """A body that fails to compile unless `string_literal(text)` reads back as `text`
    (line breaks and control characters, C0 and C1, become spaces: a literal is one line)."""
    codes = [32 if unicodedata.category(c) == "Cc" else ord(c) for c in text]
    expected = "(" + "".join(f"{c}, " for c in codes) + ")" if codes else "()"
    return (f"#let s = {string_literal(text)}\n"
            f"#assert.eq(s.codepoints().map(str.to-unicode), {expected})\n#s")


@SOME
@given(st.text(alphabet='\\"ab #$*\n\r{}', max_size=30))
def test_quotes_and_backslashes_round_trip(text: str):
    compile_svg(literal_check(text))


@SOME
@given(st.text(max_size=30))
def test_any_text_round_trips(text: str):
    compile_svg(literal_check(text))


def test_string_literal_escapes():
    assert string_literal('say "hi" \\ bye') == '"say \\"hi\\" \\\\ bye"'
    assert string_literal("two\nlines\r") == '"two lines "'
    with pytest.raises(TypstError):  # the check does fail when a literal reads back wrong
        compile_svg(literal_check("abc").replace("(97, 98, 99, )", "(97, 98, )"))


# ---------------------------------------------------------------- marking parts draws the same

PARTS = [
    ("h_t = f(h_(t-1), thin x_t)", "h_(t-1)"),
    ("h_t = f(h_(t-1), thin x_t)", "h_(t-1), thin x_t"),
    ('op("Attention")(Q, K, V) = op("softmax")(frac(Q K^T, sqrt(d_k))) V', "V#2"),
    ('op("MultiHead")(Q, K, V) &= op("Concat")(op("head")_1, ..., op("head")_h) W^O',
     'op("Concat")(op("head")_1, ..., op("head")_h)'),
    ('Q: upright("decoder"), quad K, V: upright("encoder")', 'Q: upright("decoder")'),
    ('Q: upright("decoder"), quad K, V: upright("encoder")', 'K, V: upright("encoder")'),
    ('op("FFN")(x) = max(0, x W_1 + b_1) W_2 + b_2', "max(0, x W_1 + b_1)"),
    ('upright("ratio: a") + b', 'upright("ratio: a")'),
    ('a "text: x" b', '"text: x"'),
    ("x := y + 1", "x := y"),
    ("f(a; b)", "a; b"),
    ("[a, b] + {c, d}", "[a, b] + {c, d}"),
    ("a, b", "a, b"),
]


def marked(source: str, part: str) -> tuple[str, str]:
    text, _, occurrence = part.rpartition("#") if "#" in part else (part, "", "1")
    spans, found = spans_for(source, [TextPart(text, int(occurrence))])
    assert found, part
    return formula(source, spans), found[0][1]


@pytest.mark.parametrize(("source", "part"), PARTS, ids=[p for _, p in PARTS])
def test_marking_a_math_part_draws_the_same_formula(source: str, part: str):
    body, label = marked(source, part)
    assert probed(body, label)
    plain = formula(source)
    assert measure(body) == pytest.approx(measure(plain), abs=1e-6)
    assert glyphs(body) == glyphs(plain)
    left = glyphs(body, hidden=label)  # hiding the part hides its glyphs, and only those
    assert left < glyphs(body) and (left > 0) == (part != source)


def test_marking_prose_parts_draws_the_same_paragraph():
    text = ("Take the sentence: the river bank flooded. On its own the word bank is ambiguous. "
            "It holds $|a + b| <= |a| + |b|$ too.")
    spans, found = spans_for(text, [TextPart("bank", 2), TextPart("|a| + |b|"), TextPart("self", 1)])
    assert [label for _, label in found] == ["p0", "p1"]  # a part not in the text is left out
    body = prose(text, spans, width_pt=200)
    plain = prose(text, [], width_pt=200)
    assert measure(body) == measure(plain) and glyphs(body) == glyphs(plain)
    assert not probed(body, "p0") and label_color("p0") in body


def test_label_colours_are_distinct_and_never_the_frame_or_black():
    colours = [label_color(f"p{i}") for i in range(200)]
    assert len(set(colours)) == 200
    assert FRAME_COLOR not in colours and "#000000" not in colours
    assert all(re.fullmatch(r"#0001[0-9a-f]{2}", c) for c in colours)


# ---------------------------------------------------------------- derivation lines

SCALING = ('$q dot.op k &= sum_(i=1)^(d_k) q_i k_i \\ op("Var")(q dot.op k) &= d_k \\ '
           's_i &= frac(q dot.op k_i, sqrt(d_k))$')
BUDGET = ('$h = 8, quad d_k = d_v = d_(upright("model")) / h = 64 \\ op("cost")_i &= O(n^2 d_k) \\ '
          'h dot.op O(n^2 d_k) &= O(n^2 d_(upright("model")))$')


@pytest.mark.parametrize("source", [SCALING, BUDGET])
def test_derivation_spans_cover_each_line_without_its_breaks_and_ampersands(source: str):
    spans = derivation_spans(source)
    assert sorted({s.label for s in spans}) == ["line0", "line1", "line2"]
    for span in spans:
        piece = source[span.start : span.end]
        assert piece == piece.strip() and piece and "&" not in piece and "\\" not in piece
    lines = [line.strip() for line in re.split(r"\\(?=\s|$)", math_body(source)[0])]
    for i, line in enumerate(lines):
        own = [source[s.start : s.end] for s in spans if s.label == f"line{i}"]
        assert " ".join(own).replace(" ", "") == line.replace("&", "").replace(" ", "")


@pytest.mark.parametrize("source", [SCALING, BUDGET])
def test_marking_derivation_lines_draws_the_same_derivation(source: str):
    body, offset = math_body(source)
    lined = formula(body, derivation_spans(source), offset)
    assert measure(lined) == pytest.approx(measure(formula(body)), abs=1e-6)
    total = glyphs(lined)
    assert total == glyphs(formula(body))
    hidden = [total - glyphs(lined, hidden=f"line{i}") for i in range(3)]
    assert all(h > 0 for h in hidden) and sum(hidden) == total


def test_spans_nest_and_overlapping_spans_are_cut_apart():
    body = formula("a + b + c", [Span(0, 5, "p0"), Span(4, 9, "p1"), Span(4, 5, "p2")])
    assert glyphs(body) == glyphs(formula("a + b + c")) == 5
    assert body.count("lkgrp(") == 4  # p0, p2 inside it, and the rest of p1 after it
    assert glyphs(body, hidden="p2") == 4


FORMULAS = [
    "e^(i pi) + 1 = 0", "sum_(i=1)^n i = frac(n (n + 1), 2)", 'op("softmax")(frac(Q K^T, sqrt(d_k))) V',
    "integral_(-infinity)^infinity e^(-x^2) dif x = sqrt(pi)", "binom(n, k) = n! / (k! (n - k)!)",
    'f(x) = op("sign")(x) floor(|x|) + x mod 1', "x^2 / y + frac(1, n)", "abs(x)^(1/2) <= 1",
    "f(x) &= (x + 1)^2 \\ &= x^2 + 2 x + 1", "vec(1, 2, 3) dot.c mat(1, 2; 3, 4)", "lim_(x -> 0) (sin x) / x = 1",
    "x_1', x_2'' -> arrow.r.double y", 'mat(delim: "|", a, b; c, d) = a d - b c',
    "attach(F, bl: 2, br: (3 + x)) + vec(a, b, delim: bar.v)", "lr((a + b), size: #50%) + root(3, x)",
]


@SOME
@given(st.sampled_from(FORMULAS), st.lists(st.tuples(st.floats(0, 1), st.floats(0, 1)), min_size=1, max_size=2))
def test_marking_any_stretch_of_a_formula_draws_the_same_glyphs(source: str, stretches):
    """Whatever stretch of a formula an action names, its group is grown to whole pieces of math
    (a bracket with its partner, a call with its name, an operator with its operands), so Typst
    still typesets it, draws the same glyphs, and hiding the part hides some of them."""
    spans = []
    for k, (u, v) in enumerate(stretches):
        a, b = sorted((round(u * len(source)), round(v * len(source))))
        if source[a:b].strip(" &\\"):  # a stretch of only spaces, `&` and line breaks draws no glyph
            spans.append(Span(a, b, f"p{k}"))
    body, plain = formula(source, spans), formula(source)
    assert glyphs(body) == glyphs(plain)
    for span in spans:
        assert glyphs(body, hidden=span.label) < glyphs(plain)
