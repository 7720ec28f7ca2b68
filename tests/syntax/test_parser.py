"""Object descriptions: every kind with every attribute, colours, quoted labels and texts with
inner quotes, `drawn in`, every value form, unknown parameters, and the grammar's errors."""

from __future__ import annotations

import json

import pytest

from lecturekit.diagnostics import LectureError
from lecturekit.kinds import (
    KINDS,
    AxesSpec,
    BlockSpec,
    DerivationSpec,
    FigureSpec,
    FunctionPlotSpec,
    HeadingSpec,
    ImageSpec,
    LineSpec,
    MathSpec,
    PanelSpec,
    PlotPointSpec,
    PointSpec,
    TableSpec,
    TextSpec,
    TitleSpec,
    VariableNumberSpec,
    VectorSpec,
    kind_def,
)
from lecturekit.syntax import parser
from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.evaluate import function_of
from lecturekit.syntax.nodes import (
    FORMAT_KINDS,
    BinOp,
    Bool,
    Call,
    Description,
    FunctionValue,
    Kind,
    Neg,
    Num,
    Str,
    Truncated,
    Tuple,
    Var,
    source_of,
    variables_of,
)
from lecturekit.syntax.parser import (
    MAX_DEPTH,
    parse_description,
    parse_expression,
    parse_untyped,
    parse_value,
)
from tests.conftest import TRANSFORMER


def pair(x: float, y: float) -> Tuple:
    return Tuple((Num(x), Num(y)))


def row(*cells: str) -> Tuple:
    return Tuple(tuple(Str(c) for c in cells))


# One description per kind, with every attribute that kind takes.
EVERY_KIND = [
    (
        'a Title that says "Deep Learning — The Transformer: From Recurrence Failure to Attention"',
        TitleSpec(
            name="card",
            kind=Kind.TITLE,
            text="Deep Learning — The Transformer: From Recurrence Failure to Attention",
        ),
    ),
    (
        'a Heading that says "Reading One Word at a Time"',
        HeadingSpec(name="card", kind=Kind.HEADING, text="Reading One Word at a Time"),
    ),
    (
        'a Panel that says "Position $t$ needs position $t-1$, so a sentence cannot be computed."',
        PanelSpec(
            name="card",
            kind=Kind.PANEL,
            text="Position $t$ needs position $t-1$, so a sentence cannot be computed.",
        ),
    ),
    (
        'a Block [text] that says "Project $Q$, $K$ and $V$ into each head."',
        BlockSpec(
            name="card",
            kind=Kind.BLOCK,
            color="text",
            text="Project $Q$, $K$ and $V$ into each head.",
        ),
    ),
    (
        'a Text [text] that says "What describes me?"',
        TextSpec(name="card", kind=Kind.TEXT, color="text", text="What describes me?"),
    ),
    (
        'a Math [text] that says "$x_1$" drawn in chain',
        MathSpec(name="card", kind=Kind.MATH, color="text", text="$x_1$", parent="chain"),
    ),
    (
        'a Derivation [text] that says "$s_i &= q dot.op k_i \\ z &= sum_i alpha_i thin v_i$"',
        DerivationSpec(
            name="card",
            kind=Kind.DERIVATION,
            color="text",
            text="$s_i &= q dot.op k_i \\ z &= sum_i alpha_i thin v_i$",
        ),
    ),
    (
        'a Table [text] that says "Model BLEU GNMT 26.30" '
        "(rows=(('Model', 'BLEU'), ('GNMT', '26.30')), header=True)",
        TableSpec(
            name="card",
            kind=Kind.TABLE,
            color="text",
            text="Model BLEU GNMT 26.30",
            rows=Tuple((row("Model", "BLEU"), row("GNMT", "26.30"))),
            header=True,
        ),
    ),
    (
        "a Figure (x_range=(0.2, 9.4), y_range=(0.1, 3.2), aspect=(9.2, 3.1))",
        FigureSpec(
            name="card",
            kind=Kind.FIGURE,
            x_range=pair(0.2, 9.4),
            y_range=pair(0.1, 3.2),
            aspect=pair(9.2, 3.1),
        ),
    ),
    (
        "an Axes (x_range=(0.0, 60.0), y_range=(-1.35, 1.35), aspect=(1, 1), "
        "x_ticks_every=10.0, y_ticks_every=0.5)",
        AxesSpec(
            name="card",
            kind=Kind.AXES,
            x_range=pair(0.0, 60.0),
            y_range=pair(-1.35, 1.35),
            aspect=pair(1.0, 1.0),
            x_ticks_every=Num(10.0),
            y_ticks_every=Num(0.5),
        ),
    ),
    (
        'a Vector [gray] labelled "v" drawn in chain (start=(1.0, 1.07), end=(1.0, 1.91))',
        VectorSpec(
            name="card",
            kind=Kind.VECTOR,
            color="gray",
            label="v",
            parent="chain",
            start=pair(1.0, 1.07),
            end=pair(1.0, 1.91),
        ),
    ),
    (
        "a Line [red] drawn in pe (start=(40.0, -1.3), end=(40.0, 1.3), dashed=True)",
        LineSpec(
            name="card",
            kind=Kind.LINE,
            color="red",
            parent="pe",
            start=pair(40.0, -1.3),
            end=pair(40.0, 1.3),
            dashed=True,
        ),
    ),
    (
        'a Point [blue] labelled "h_1" drawn in chain (location=(1.0, 2.15), marker_radius=0.13)',
        PointSpec(
            name="card",
            kind=Kind.POINT,
            color="blue",
            label="h_1",
            parent="chain",
            location=pair(1.0, 2.15),
            marker_radius=Num(0.13),
        ),
    ),
    (
        'a FunctionPlot [blue] labelled "2i = 0" drawn in pe (function=<function>, x_range=(0, '
        "60))",
        FunctionPlotSpec(
            name="card",
            kind=Kind.FUNCTION_PLOT,
            color="blue",
            label="2i = 0",
            parent="pe",
            function=FunctionValue(),
            x_range=pair(0.0, 60.0),
        ),
    ),
    (
        "a PlotPoint [yellow] drawn in pe (target='fast', x=<VariableNumber place = 56.0>)",
        PlotPointSpec(
            name="card",
            kind=Kind.PLOT_POINT,
            color="yellow",
            parent="pe",
            target="fast",
            x=Var("place", 56.0),
        ),
    ),
    (
        "an Image (path='figures/figure-0001.jpg', aspect=(707, 940))",
        ImageSpec(
            name="card", kind=Kind.IMAGE, path="figures/figure-0001.jpg", aspect=pair(707.0, 940.0)
        ),
    ),
    (
        "a VariableNumber (initial_value=1.0, format_spec='.0f')",
        VariableNumberSpec(
            name="card", kind=Kind.VARIABLE_NUMBER, initial_value=Num(1.0), format_spec=".0f"
        ),
    ),
]


def test_the_cases_cover_every_kind():
    assert {spec.kind for _, spec in EVERY_KIND} == set(FORMAT_KINDS)
    assert len(FORMAT_KINDS) == 17


@pytest.mark.parametrize(
    ("source", "expected"), EVERY_KIND, ids=[s.kind.value for _, s in EVERY_KIND]
)
def test_every_kind_with_all_its_attributes(source, expected):
    spec, unknown = parse_description(KINDS, source, "card")
    assert spec == expected
    assert type(spec) is kind_def(expected.kind).spec
    assert unknown == ()


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (
            "a Vector drawn in f",
            VectorSpec("v", Kind.VECTOR, parent="f", start=pair(0, 0), end=pair(1, 0)),
        ),
        ("a Line drawn in f", LineSpec("v", Kind.LINE, parent="f", dashed=False)),
        ("a Point drawn in f", PointSpec("v", Kind.POINT, parent="f", location=pair(0, 0))),
        ("a FunctionPlot drawn in f", FunctionPlotSpec("v", Kind.FUNCTION_PLOT, parent="f")),
        (
            "a PlotPoint drawn in f",
            PlotPointSpec("v", Kind.PLOT_POINT, parent="f", target="", x=Num(0)),
        ),
        ("a Table", TableSpec("v", Kind.TABLE, rows=None, header=False)),
        ("an Image", ImageSpec("v", Kind.IMAGE, path="", aspect=None)),
        ("a VariableNumber", VariableNumberSpec("v", Kind.VARIABLE_NUMBER, initial_value=Num(0))),
        ("a Figure", FigureSpec("v", Kind.FIGURE, x_range=pair(0, 1), y_range=pair(0, 1))),
    ],
)
def test_attributes_left_out_take_their_defaults(source, expected):
    spec, _ = parse_description(KINDS, source, "v")
    assert spec == expected


def test_every_kind_of_the_real_lecture_parses(transformer):
    data = json.loads(transformer.read_text(encoding="utf-8"))
    kinds = []
    for scene in data["publication"]["watch"]["scenes"]:
        for name, description in scene["objects"].items():
            spec, unknown = parse_description(KINDS, description, name)
            assert unknown == (), name
            kinds.append(spec.kind)
    assert len(kinds) == 152
    assert set(kinds) == set(FORMAT_KINDS)


# ---------------------------------------------------------------- colours


@pytest.mark.parametrize("color", ["yellow", "blue", "green", "red", "magenta", "gray", "text"])
def test_colour_names(color):
    spec, _ = parse_description(KINDS, f"a Vector [{color}] drawn in f (end=(1, 1))", "v")
    assert spec.color == color


def test_no_colour_is_none_and_spaces_inside_brackets_are_dropped():
    assert parse_description(KINDS, 'a Text that says "x"')[0].color is None
    assert parse_description(KINDS, 'a Text [ text ] that says "x"')[0].color == "text"


def test_a_colour_that_is_not_a_name_is_an_error():
    with pytest.raises(GrammarError) as caught:
        parse_description(KINDS, "a Text [#ff/f]")
    assert caught.value.message == "'#ff/f' is not a colour name"
    assert caught.value.start == 8


def test_a_hex_colour_is_read_as_written():
    assert parse_description(KINDS, "a Text [#fFf]")[0].color == "#fFf"
    assert parse_description(KINDS, "a Text [#11223344]")[0].color == "#11223344"


# ---------------------------------------------------------------- labels and texts


def test_a_label_with_inner_quotes():
    spec, _ = parse_description(KINDS,
        'a Vector [green] labelled "k_(upright("river"))" drawn in geo (end=(1.9, 0.55))', "k_river"
    )
    assert spec.label == 'k_(upright("river"))'
    assert spec.parent == "geo"
    assert spec.end == pair(1.9, 0.55)


def test_a_text_with_inner_quotes():
    source = (
        'a Math [text] that says "$op("Attention")(Q, K, V) = '
        'op("softmax")(frac(Q K^T, sqrt(d_k))) V$"'
    )
    spec, _ = parse_description(KINDS, source, "master")
    assert spec.text == '$op("Attention")(Q, K, V) = op("softmax")(frac(Q K^T, sqrt(d_k))) V$'
    assert spec.parent is None


def test_a_text_with_inner_quotes_then_drawn_in():
    spec, _ = parse_description(KINDS,
        'a Math [text] that says "$upright("the")$" drawn in sent', "tokens"
    )
    assert (spec.text, spec.parent) == ('$upright("the")$', "sent")


def test_label_and_text_both_with_inner_quotes():
    spec, _ = parse_description(KINDS,
        'a Point labelled "a "b" c" that says "x "y" z" drawn in f (location=(1, 2))', "p"
    )
    assert (spec.label, spec.text, spec.parent) == ('a "b" c', 'x "y" z', "f")
    assert spec.location == pair(1, 2)


def test_a_text_may_contain_the_frame_words_and_brackets():
    spec, _ = parse_description(KINDS,
        'a Panel that says "It is drawn in chalk (mostly), labelled "x"."', "p"
    )
    assert spec.text == 'It is drawn in chalk (mostly), labelled "x".'
    assert spec.parent is None


def test_an_empty_text_and_label():
    spec, _ = parse_description(KINDS, 'a Point labelled "" that says "" drawn in f', "p")
    assert (spec.label, spec.text) == ("", "")


def test_a_text_with_a_backslash_line_break_stays_raw():
    spec, _ = parse_description(KINDS, 'a Derivation that says "$a &= b \\ c &= d$"', "d")
    assert spec.text == "$a &= b \\ c &= d$"


def test_drawn_in_without_a_text():
    spec, _ = parse_description(KINDS,
        "a Vector [gray] drawn in chain (start=(1.24, 2.15), end=(2.26, 2.15))"
    )
    assert spec.parent == "chain"
    assert spec.start == pair(1.24, 2.15)


# ---------------------------------------------------------------- values


def value_of(text: str):
    """The value of parameter `v` of a Description written around `text`."""
    return parse_untyped(KINDS, f"a Point (v={text})").param("v")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0", Num(0.0)),
        ("56", Num(56.0)),
        ("-1.35", Num(-1.35)),
        ("+2", Num(2.0)),
        ("1e3", Num(1000.0)),
        ("'fast'", Str("fast")),
        ('"fast"', Str("fast")),
        ("'.0f'", Str(".0f")),
        ("True", Bool(True)),
        ("False", Bool(False)),
        ("()", Tuple(())),
        ("(1,)", Tuple((Num(1.0),))),
        ("(1)", Num(1.0)),
        ("(707, 940)", pair(707, 940)),
        ("((1, 2), ('a', True))", Tuple((pair(1, 2), Tuple((Str("a"), Bool(True)))))),
        ("(1, 2,)", pair(1, 2)),
        ("<function>", FunctionValue()),
        ("<VariableNumber place = 56.0>", Var("place", 56.0)),
        ("<VariableNumber v = -2.5>", Var("v", -2.5)),
        ("hop", Var("hop")),
        ("pi", Var("pi")),
        ("-hop", Neg(Var("hop"))),
        ("--hop", Neg(Neg(Var("hop")))),
        ("(1.5708 - phase)", BinOp("-", Num(1.5708), Var("phase"))),
        ("2 ** 3 ** 2", BinOp("**", Num(2.0), BinOp("**", Num(3.0), Num(2.0)))),
        ("-2 ** 2", Neg(BinOp("**", Num(2.0), Num(2.0)))),
        ("a - b - c", BinOp("-", BinOp("-", Var("a"), Var("b")), Var("c"))),
        ("a + b * c", BinOp("+", Var("a"), BinOp("*", Var("b"), Var("c")))),
        ("max(0, x)", Call("max", (Num(0.0), Var("x")))),
    ],
)
def test_value_forms(text, expected):
    assert value_of(text) == expected


def test_arithmetic_over_variables_from_the_lecture():
    spec, _ = parse_description(KINDS,
        "a Point [yellow] drawn in chain (location=((1.0 + (1.5 * (hop - 1.0))), 2.15), "
        "marker_radius=0.19)"
    )
    assert spec.location == Tuple(
        (BinOp("+", Num(1.0), BinOp("*", Num(1.5), BinOp("-", Var("hop"), Num(1.0)))), Num(2.15))
    )
    assert variables_of(spec.location) == {"hop"}


def test_function_calls_over_variables():
    spec, _ = parse_description(KINDS,
        'a Vector [yellow] labelled "q" drawn in geo (end=((2.0 * cos(qang)), (2.0 * sin(qang))))'
    )
    assert spec.end == Tuple(
        (
            BinOp("*", Num(2.0), Call("cos", (Var("qang"),))),
            BinOp("*", Num(2.0), Call("sin", (Var("qang"),))),
        )
    )


def test_variable_number_references_in_a_line():
    spec, _ = parse_description(KINDS,
        "a Line [gray] drawn in pe (start=(<VariableNumber place = 56.0>, -1.3), "
        "end=(<VariableNumber place = 56.0>, 1.3), dashed=True)"
    )
    assert spec.start == Tuple((Var("place", 56.0), Num(-1.3)))
    assert spec.end == Tuple((Var("place", 56.0), Num(1.3)))
    assert spec.dashed is True
    assert variables_of(spec.start) == {"place"}


def test_a_function_expression_becomes_the_plot_body():
    spec, _ = parse_description(KINDS, "a FunctionPlot drawn in ax (function=sin(x) * 0.5)")
    assert spec.function == FunctionValue(BinOp("*", Call("sin", (Var("x"),)), Num(0.5)))
    assert variables_of(spec.function) == frozenset()


def test_a_function_recorded_as_quoted_source_is_the_same_body():
    quoted, _ = parse_description(KINDS, "a FunctionPlot drawn in ax (function='sin(x) * 0.5')")
    bare, _ = parse_description(KINDS, "a FunctionPlot drawn in ax (function=sin(x) * 0.5)")
    assert quoted.function == bare.function


def test_a_function_recorded_as_a_lambda_is_a_body_of_its_own_variable():
    """Strangers' lectures record a plot's body as Python writes a one-variable function; the
    variable is its own (`t`, `b`), bound at each abscissa, and what else it names is a dependency."""
    spec, _ = parse_description(KINDS, 'a FunctionPlot [red] labelled "f" drawn in ax '
                                       "(function=lambda t: cos(2 * pi * t))")
    assert spec.function == FunctionValue(Call("cos", (BinOp("*", BinOp("*", Num(2.0), Var("pi")), Var("t")),)), "t")
    assert spec.label == "f"
    assert function_of(spec.function, {})(0.5) == pytest.approx(-1.0)
    shifted, _ = parse_description(KINDS, "a FunctionPlot drawn in ax (function=lambda b: b ** 2 + phase)")
    assert variables_of(shifted.function) == {"phase"}
    assert source_of(shifted.function) == "lambda b: ((b ** 2.0) + phase)"


@pytest.mark.parametrize(("source", "message"), [
    ("a FunctionPlot drawn in ax (function=lambda t cos(t))", "expected ':', found 'cos'"),
    ("a FunctionPlot drawn in ax (function=lambda 2: t)", "expected the function's variable after lambda"),
    ("a FunctionPlot drawn in ax (function=lambda t: 'a')", "only numbers and variables can take part in arithmetic"),
])
def test_a_lambda_that_is_not_a_function_of_one_variable_says_where(source, message):
    with pytest.raises(GrammarError) as caught:
        parse_description(KINDS, source)
    assert caught.value.message == message


def test_a_function_of_x_and_a_variable_depends_on_the_variable_only():
    spec, _ = parse_description(KINDS, "a FunctionPlot drawn in ax (function=sin(x + phase))")
    assert variables_of(spec.function) == {"phase"}


def test_a_value_cut_off_in_arithmetic_keeps_its_visible_start():
    spec, _ = parse_description(KINDS,
        "a Vector [green] drawn in sent (start=(0.9, 0.0), "
        "end=(0.9, (exp((gain * 0.1)) / (((exp((gain * 0.1)) + exp((gain * 1…)"
    )
    assert spec.start == pair(0.9, 0.0)
    assert spec.end == Truncated("(0.9, (exp((gain * 0.1)) / (((exp((gain * 0.1)) + exp((gain * 1")


def test_a_value_cut_off_before_another_parameter():
    spec, _ = parse_description(KINDS,
        "a Line [gray] drawn in geo (start=((2.0 * cos(qang)), (2.0 * sin(qang))), "
        "end=((((((2.0 * cos(qang)) * 1.9) + ((2.0 * sin(qang)) * 0.55)) / 3…, dashed=True)"
    )
    assert isinstance(spec.end, Truncated)
    assert spec.end.prefix.endswith("/ 3")
    assert spec.dashed is True


def test_a_value_cut_off_inside_a_string():
    spec, _ = parse_description(KINDS,
        'a Table [text] that says "Order $1$ $2$ $3$ $4$ As written the river bank flooded" '
        "(rows=(('Order', '$1$', '$2$', '$3$', '$4$'), ('As written', 'the', '…, header=True)"
    )
    assert spec.rows == Truncated("(('Order', '$1$', '$2$', '$3$', '$4$'), ('As written', 'the', '")
    assert spec.header is True


def test_a_value_cut_off_anywhere_is_a_cut_value():
    """Wherever the recording cuts a value, inside a number, a name or a reference, it is read as
    cut off and the parameters after it still are."""
    full = "(-2.0 + 2.0 * (0.5 + 0.4 * sin(<VariableNumber v1 = 1.0>)), -1.0 + 2.0 * 0.25)"
    for k in range(len(full)):
        spec, _ = parse_description(KINDS, f"a Line drawn in f (start=(0, 0), end={full[:k]}…, dashed=True)", "l")
        assert spec.end == Truncated(full[:k].strip()) and spec.dashed is True, full[:k]


def test_a_value_cut_off_at_once():
    assert value_of("…") == Truncated("")


def test_many_cut_off_values_do_not_add_up_to_too_deep():
    # Each cut leaves its open brackets behind; they must not count against the next value.
    cuts = ", ".join(f"p{i}=((((((((1…" for i in range(12))
    spec, unknown = parse_description(KINDS, f"a Point drawn in f ({cuts}, location=(((((1))), 2)))", "p")
    assert spec.location == pair(1, 2)
    assert unknown == tuple(f"p{i}" for i in range(12))


def test_unknown_parameters_are_returned_and_left_out():
    spec, unknown = parse_description(KINDS, "a Text [text] that says \"x\" (size=3, font='serif')", "t")
    assert unknown == ("size", "font")
    assert spec == TextSpec("t", Kind.TEXT, color="text", text="x")


def test_a_parameter_another_kind_takes_is_unknown_here():
    _, unknown = parse_description(KINDS, "a Vector drawn in f (location=(1, 2), end=(1, 1))")
    assert unknown == ("location",)


def test_the_frame_keeps_parameters_in_order():
    frame = parse_untyped(KINDS, 'an Axes [blue] labelled "L" that says "T" drawn in P (b=1, a=2)')
    assert frame == Description(
        Kind.AXES, "blue", "L", "T", "P", (("b", Num(1.0)), ("a", Num(2.0)))
    )
    assert frame.param("a") == Num(2.0)
    assert frame.param("c") is None


def test_empty_parentheses_give_no_parameters():
    assert parse_untyped(KINDS, "a Figure ()").params == ()


def test_a_and_an_are_both_accepted_with_any_spacing():
    assert parse_untyped(KINDS, "  an   Image").kind is Kind.IMAGE
    assert parse_untyped(KINDS, "a Axes").kind is Kind.AXES


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("source", "message", "at"),
    [
        ("", 'a description starts with "a KIND" or "an KIND"', 0),
        ("the Figure", 'a description starts with "a KIND" or "an KIND"', 0),
        (
            'a Blob that says "x"',
            "unknown kind 'Blob' (known: Title, Heading, Panel, Block, Text, Math, Derivation, "
            "Table, "
            "Figure, Axes, Vector, Line, Point, FunctionPlot, PlotPoint, Image, VariableNumber)",
            2,
        ),
        ('a Text that says "x', "the text's closing quote is missing", 17),
        ('a Point labelled "x', "the label's closing quote is missing", 17),
        ('a Text that says "x" trailing', "unexpected 'trailing'", 20),
        ("a Figure (x_range=(0, 1)", "expected ',' or ')', found 'the end'", 24),
        ("a Figure (x_range=(0, 1), x_range=(0, 2))", "parameter 'x_range' is given twice", 26),
        ("a Figure (1=2)", "expected a parameter name", 10),
        ("a Text (", "expected a parameter name", 8),
        ("a Point (location=(1, 2),)", "expected a parameter name", 25),
        ("a Figure (x_range 2)", "expected '=' after 'x_range'", 18),
        ("a Point (location=)", "expected a value, found ')'", 18),
        ("a Point (location=(1 2))", "expected ',' or ')', found '2'", 21),
        ("a Point (location=1 @ 2)", "unexpected character '@'", 20),
        ("a Point (location='abc)", "this string is never closed", 18),
        ("a Point (location=1.2.3)", "'1.2.3' is not a number", 18),
        (
            "a Point (location=('a' + 1))",
            "only numbers and variables can take part in arithmetic",
            23,
        ),
        (
            "a Point (location=(True * 2))",
            "only numbers and variables can take part in arithmetic",
            24,
        ),
        ("a Point (location=<Foo>)", "expected <function> or <VariableNumber NAME = VALUE>", 18),
        ("a Point (location=<VariableNumber 3 = 1>)", "expected the variable's name", 34),
        ("a Point (location=<VariableNumber v = x>)", "expected the variable's value", 38),
        ("a Point (location=<function)", "expected '>', found ')'", 27),
        ("a Line (dashed=1)", "dashed must be True or False", 8),
        ("a Table (header=(True…)", "header must be True or False", 9),
        ("an Image (path=3)", "path must be a quoted string", 10),
        ("a PlotPoint (target=fast)", "target must be a quoted string", 13),
        ("a VariableNumber (format_spec=2)", "format_spec must be a quoted string", 18),
        ("a FunctionPlot (function='x +')", "a function must be an expression of x", 16),
        ("a FunctionPlot (function=True)", "a function must be an expression of x", 16),
    ],
)
def test_description_errors(source, message, at):
    with pytest.raises(GrammarError) as caught:
        parse_description(KINDS, source)
    assert caught.value.message == message
    assert caught.value.start == at


def test_a_description_error_is_one_lecture_error_line():
    with pytest.raises(LectureError) as caught:
        parse_description(KINDS, 'a Blob that says "x"')
    [diagnostic] = caught.value.diagnostics
    assert diagnostic.line().startswith("error: lecture: unknown kind 'Blob' (known: Title,")
    assert diagnostic.line().endswith("at character 3 (near 'a Blob that says \"x\"')")


def test_an_overlong_description_is_refused_before_parsing():
    with pytest.raises(GrammarError) as caught:
        parse_description(KINDS, "a Text " + "x" * 20_000)
    assert caught.value.message == "description is longer than 20000 characters"


def test_deep_nesting_is_refused():
    depth = MAX_DEPTH + 36
    with pytest.raises(GrammarError) as caught:
        parse_description(KINDS, "a Point (location=" + "(" * depth + "1" + ")" * depth + ")")
    assert caught.value.message == f"nested more than {MAX_DEPTH} levels deep"


def test_nesting_up_to_the_limit_is_fine():
    depth = MAX_DEPTH - 1
    assert value_of("(" * depth + "1" + ")" * depth) == Num(1.0)


def test_quote_heavy_descriptions_are_read_in_linear_work(monkeypatch):
    """Every quote could end the label and every later one the text: the tail after a quote is
    read at most twice in all (not once for every quote the label might end at: cubic work). The
    reads are counted, not timed."""
    read = parser._DescriptionParser.after_text
    tails: list[int] = []

    def counted(self, pos: int):
        tails.append(pos)
        assert len(tails) <= 2 * self.source.count('"'), "the tails are read again for every label"
        return read(self, pos)

    monkeypatch.setattr(parser._DescriptionParser, "after_text", counted)
    sources = [
        'a Math labelled "' + '" that says "' * 1500 + " x",
        'a Math labelled "' + '"' * 19_000 + " x",
        'a Math that says "' + '" drawn in f (' * 1200,
    ]
    for source in sources:
        tails.clear()
        with pytest.raises(GrammarError):
            parse_description(KINDS, source)
        assert len(tails) >= source.count('"') // 2  # every quote's tail was tried: the spy saw the work


def test_the_text_ends_at_the_last_quote_that_still_parses():
    spec, _ = parse_description(KINDS, 'a Text that says "a" drawn in f" (v=1)', "t")
    assert spec.text == 'a" drawn in f'
    assert spec.parent is None


# ---------------------------------------------------------------- expressions and values alone


def test_parse_expression_reads_override_arithmetic():
    assert parse_expression("sin(x / 10000 ** (64 / 512))") == Call(
        "sin", (BinOp("/", Var("x"), BinOp("**", Num(10000.0), BinOp("/", Num(64.0), Num(512.0)))),)
    )


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("", "expected a value, found 'the end'"),
        ("1 +", "expected a value, found 'the end'"),
        ("1 2", "unexpected '2' after the expression"),
        ("x y", "unexpected 'y' after the expression"),
        ("x.y", "unexpected '.' after the expression"),
        ("x[0]", "unexpected '[' after the expression"),
        ("lambda: 1", "expected the function's variable after lambda"),
        ("'a'", "only numbers and variables can take part in arithmetic"),
        ("(1, 2)", "only numbers and variables can take part in arithmetic"),
        ("<function>", "only numbers and variables can take part in arithmetic"),
        ("(1…", "a value cut off with … cannot be used here"),
        ("1…", "unexpected '…' after the expression"),
    ],
)
def test_parse_expression_errors(source, message):
    with pytest.raises(GrammarError) as caught:
        parse_expression(source)
    assert caught.value.message == message


def test_parse_expression_refuses_overlong_sources():
    with pytest.raises(GrammarError) as caught:
        parse_expression("1" * 20_001)
    assert caught.value.message == "longer than 20000 characters"


def test_a_long_chain_of_operators_counts_as_nesting():
    # `1+1+…` nests to the left; a tree that deep would overflow the evaluator's recursion.
    with pytest.raises(GrammarError) as caught:
        parse_expression("1+" * 2000 + "1")
    assert caught.value.message == f"nested more than {MAX_DEPTH} levels deep"
    assert parse_expression("+".join(["x"] * 20)) is not None


def test_parse_value_reads_any_value():
    assert parse_value("(1, 'a', True, x * 2)") == Tuple(
        (Num(1.0), Str("a"), Bool(True), BinOp("*", Var("x"), Num(2.0)))
    )
    with pytest.raises(GrammarError) as caught:
        parse_value("(1, 2) 3")
    assert caught.value.message == "unexpected '3' after the value"
    with pytest.raises(GrammarError) as caught:
        parse_value("('a…")
    assert caught.value.message == "a value cut off with … cannot be used here"


@pytest.mark.parametrize(
    ("text", "source"),
    [
        ("(1, 2)", "(1.0, 2.0)"),
        ("(1,)", "(1.0,)"),
        ("'a'", "'a'"),
        ("True", "True"),
        ("<function>", "<function>"),
        ("<VariableNumber place = 56.0>", "place"),
        ("a + b * c", "(a + (b * c))"),
        ("-x", "-x"),
        ("(-2) ** 2", "((-2.0) ** 2.0)"),
        ("-2 ** 2", "-(2.0 ** 2.0)"),
        ("max(0, x)", "max(0.0, x)"),
    ],
)
def test_source_of_writes_values_back(text, source):
    value = value_of(text)
    assert source_of(value) == source
    if not isinstance(value, FunctionValue):
        assert parse_value(source) == (Var(value.name) if isinstance(value, Var) else value)


def test_source_of_a_cut_value_ends_in_the_ellipsis():
    assert source_of(Truncated("(1, 2")) == "(1, 2…"


def test_the_shared_lecture_path_is_outside_the_repository():
    assert "shared" in TRANSFORMER.parts
