"""Properties: on any text the grammar raises nothing but LectureError; the evaluator on any
expression tree raises nothing but LectureError and otherwise returns a finite float."""

from __future__ import annotations

import math
from functools import partial
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lecturekit.diagnostics import LectureError
from lecturekit.forms import FORMS
from lecturekit.kinds import KINDS
from lecturekit.syntax import evaluate as evaluator
from lecturekit.syntax.evaluate import CONSTANTS, FUNCTIONS, MAX_STEPS, EvaluationError, evaluate
from lecturekit.syntax.nodes import (
    FORMAT_KINDS,
    BinOp,
    Bool,
    Call,
    Neg,
    Num,
    Str,
    Tuple,
    Var,
    source_of,
)
from lecturekit.syntax.parser import (
    parse_action,
    parse_description,
    parse_expression,
    parse_untyped,
    parse_value,
)

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------- text built from the grammar

NAMES = ["x", "hop", "chain", "f", "pe", "_a1", "place", "gain", "True", "False", "function"]
# fmt: off
FRAME_FRAGMENTS = [
    "a ", "an ", " ", *[k.value for k in FORMAT_KINDS], "Blob", "[", "]", "[text]", "[gray]", "[#1]",
    ' labelled "', ' that says "', '"', '""', "$", "$x_1$", 'op("softmax")', "\\ ", "&=",
    " drawn in ", *NAMES, " (", "(", ")",
]
PARAM_FRAGMENTS = [
    *NAMES, "(", ")", "=", ", ", ",", "0", "1.5", "-2", "1e3", "1e999", ".", "…", "'", "'abc'",
    "<function>", "<VariableNumber ", " = ", ">", "<", "+", "-", "*", "/", "**", "sin(", "max(",
    "x_range=", "end=", "location=", "rows=", "header=", "dashed=", "path=", "target=",
    "function=", "initial_value=", "format_spec=",
]
DESCRIPTION_FRAGMENTS = FRAME_FRAGMENTS + PARAM_FRAGMENTS
ACTION_FRAGMENTS = [
    *NAMES, " ", ".", "A box is drawn around ", " is shown on the screen, ", "written out",
    "drawn", "grown", " is hidden from the screen", " — ", " -- ", "left the board",
    " moves to a new place on the board", " is emphasized", " is no longer emphasized",
    " is indicated — a transient flash", " ticks to ", "6.0", "-0.3", "1e999", "9" * 30,
    " is redrawn as the numbers it depends on change", ": ", ":", "enter:write-left-to-right",
    ' (the "', '" part) ', '"', "#", "#2", "#0", "row=", "column=", "3", "0", "h_(t-1)",
    'op("Concat")', "…",
]
EXPRESSION_FRAGMENTS = [
    *NAMES, "pi", " ", "0", "1", "2.5", "1e308", "1e-308", "9", "(", ")", ",", "+", "-", "*",
    "/", "**", "%", "<function>", "<VariableNumber x = 1.0>", "'s'", '"s"', "…", "sin(", "log(",
    "sqrt(", "min(", "exp(", "__import__(", ".", "[", "]", ":", "=", "<", ">",
    *[f"{name}(" for name in FUNCTIONS], *CONSTANTS,
]
# fmt: on


def built_from(fragments: list[str], max_size: int = 30) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(fragments), max_size=max_size).map("".join)


def only_lecture_errors(function, source: str) -> None:
    try:
        function(source)
    except LectureError as exc:
        assert exc.diagnostics, "a LectureError always carries a diagnostic"
        assert all(d.line().startswith("error: ") for d in exc.diagnostics)


@FAST
@given(st.text())
def test_descriptions_of_any_text(source):
    only_lecture_errors(partial(parse_description, KINDS), source)


@FAST
@given(st.text())
def test_actions_of_any_text(source):
    only_lecture_errors(partial(parse_action, FORMS), source)


@FAST
@given(st.text())
def test_expressions_of_any_text(source):
    only_lecture_errors(parse_expression, source)


@FAST
@given(st.text())
def test_values_of_any_text(source):
    only_lecture_errors(parse_value, source)


@FAST
@given(built_from(DESCRIPTION_FRAGMENTS))
def test_descriptions_built_from_grammar_fragments(source):
    only_lecture_errors(partial(parse_description, KINDS), source)


@FAST
@given(built_from(PARAM_FRAGMENTS))
def test_parameter_lists_built_from_grammar_fragments(params):
    only_lecture_errors(partial(parse_description, KINDS), "a Point drawn in f (" + params)


@FAST
@given(built_from(ACTION_FRAGMENTS))
def test_actions_built_from_grammar_fragments(source):
    only_lecture_errors(partial(parse_action, FORMS), source)


@FAST
@given(built_from(EXPRESSION_FRAGMENTS, max_size=40))
def test_expressions_built_from_grammar_fragments(source):
    only_lecture_errors(parse_expression, source)


@FAST
@given(built_from(EXPRESSION_FRAGMENTS, max_size=40))
def test_parsed_expressions_evaluate_or_fail_cleanly(source):
    try:
        result = evaluate(parse_expression(source), {"x": 0.5, "hop": 2.0, "gain": -1.0})
    except LectureError:
        return
    assert isinstance(result, float)
    assert math.isfinite(result)


# ---------------------------------------------------------------- random expression trees

ENV = {"a": 0.5, "b": -3.0, "c": 1e6, "zero": 0.0}
FUNCTION_NAMES = [*FUNCTIONS, "pow", "eval", "__import__"]

# the edges of the functions' domains, and of the magnitude limit
EDGES = [0.0, -0.0, 1.0, -1.0, 0.5, 2.0, -2.5, 15.5, 16.0, 1e-300, 1e15, -1e15, 1e16, 710.0, -710.0]
numbers = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from(EDGES)
leaves = st.builds(Num, numbers) | st.builds(Var, st.sampled_from([*ENV, *CONSTANTS, "undeclared"]))


def branches(children: st.SearchStrategy) -> st.SearchStrategy:
    return (
        st.builds(BinOp, st.sampled_from(["+", "-", "*", "/", "**", "%"]), children, children)
        | st.builds(Neg, children)
        | st.builds(
            Call,
            st.sampled_from(FUNCTION_NAMES),
            st.lists(children, max_size=3).map(tuple),
        )
    )


trees = st.recursive(leaves, branches, max_leaves=25)


def nodes_in(tree) -> int:
    match tree:
        case BinOp(left=left, right=right):
            return 1 + nodes_in(left) + nodes_in(right)
        case Neg(operand=operand):
            return 1 + nodes_in(operand)
        case Call(args=args) | Tuple(items=args):
            return 1 + sum(nodes_in(a) for a in args)
    return 1


def steps_to_evaluate(tree, env) -> tuple[int, object]:
    """The steps one evaluation spends, and its result or the exception it raised."""
    steps = []
    spend = evaluator._Budget.spend

    def counted(budget):
        spend(budget)
        steps.append(1)

    with mock.patch.object(evaluator._Budget, "spend", counted):
        try:
            outcome = evaluate(tree, env)
        except Exception as exc:  # what it raised is what the test checks
            outcome = exc
    return len(steps), outcome


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(trees)
def test_evaluating_any_tree_is_a_finite_float_or_an_evaluation_error_within_budget(tree):
    steps, outcome = steps_to_evaluate(tree, ENV)
    assert steps <= min(MAX_STEPS, nodes_in(tree))  # each node once at most: no hidden loops
    if isinstance(outcome, Exception):
        assert type(outcome) is EvaluationError, repr(outcome)
        assert [d.severity.value for d in outcome.diagnostics] == ["error"]
        assert outcome.message and "nan" not in outcome.message.lower()
        return
    assert type(outcome) is float
    assert math.isfinite(outcome)
    assert abs(outcome) <= 1e15


@FAST
@given(st.sampled_from(sorted(FUNCTIONS)), st.lists(st.sampled_from(EDGES) | st.floats(-1e15, 1e15), max_size=4))
def test_every_function_at_any_numbers_is_a_finite_float_or_an_evaluation_error(name, args):
    try:
        result = evaluate(Call(name, tuple(Num(a) for a in args)), {})
    except EvaluationError as exc:
        assert exc.message.startswith((f"{name}(", f"{name} takes", "a result is larger")), exc.message
        return
    assert type(result) is float
    assert math.isfinite(result)


def test_a_tree_larger_than_the_budget_stops_at_the_budget():
    wide = Call("max", tuple(Call("sin", (Num(float(i)),)) for i in range(MAX_STEPS)))
    steps, outcome = steps_to_evaluate(wide, {})
    assert isinstance(outcome, EvaluationError)
    assert outcome.message == f"takes more than {MAX_STEPS} steps to evaluate"
    assert steps == MAX_STEPS  # the step over the budget raises before it is counted


odd_values = st.recursive(
    leaves | st.builds(Str, st.text(max_size=5)) | st.builds(Bool, st.booleans()),
    lambda children: (
        branches(children) | st.builds(Tuple, st.lists(children, max_size=3).map(tuple))
    ),
    max_leaves=15,
)


@FAST
@given(odd_values)
def test_evaluating_mixed_values_raises_only_lecture_errors(value):
    try:
        result = evaluate(value, ENV)
    except LectureError as exc:
        assert exc.diagnostics
        return
    assert is_result(result)


def is_result(result: object) -> bool:
    """A finite float, a string, a boolean, or a tuple of those."""
    if isinstance(result, tuple):
        return all(is_result(r) for r in result)
    if isinstance(result, float):
        return math.isfinite(result)
    return isinstance(result, str | bool)


# ---------------------------------------------------------------- writing values back

names = st.from_regex(r"[a-z_][a-z0-9_]{0,5}", fullmatch=True)
finite = st.floats(allow_nan=False, allow_infinity=False)
plain_text = st.text(alphabet="abc XYZ019_$()'\"\\=,-", max_size=8)


def arithmetic(children: st.SearchStrategy) -> st.SearchStrategy:
    """Trees in the shape the parser builds: it folds `-` into a number, so no Neg(Num)."""
    return (
        st.builds(BinOp, st.sampled_from(["+", "-", "*", "/", "%", "**"]), children, children)
        | st.builds(Neg, children.filter(lambda c: not isinstance(c, Num)))
        | st.builds(
            Call,
            st.sampled_from(sorted(FUNCTIONS)),
            st.lists(children, min_size=1, max_size=3).map(tuple),
        )
    )


expressions = st.recursive(
    st.builds(Num, finite) | st.builds(Var, names), arithmetic, max_leaves=12
)
literals = st.recursive(
    expressions | st.builds(Str, plain_text) | st.builds(Bool, st.booleans()),
    lambda children: st.builds(Tuple, st.lists(children, max_size=3).map(tuple)),
    max_leaves=12,
)


@FAST
@given(literals)
def test_source_of_reads_back_as_the_same_value(value):
    assert parse_value(source_of(value)) == value


# ---------------------------------------------------------------- whole descriptions

MATH_PIECES = ["k", "_", "(", ")", "x_1", " ", "$", "1", ",", "&=", "\\ ", "—", "…", "^", "h_(t-1)"]
QUOTED_PIECES = [
    'upright("river")',
    'op("softmax")',
    'op("Concat")(op("head")_1, ..., op("head")_h)',
]
quoted = st.lists(st.sampled_from(MATH_PIECES + QUOTED_PIECES), max_size=8).map("".join)
quote_free = st.text(alphabet="abc XYZ019_$()=,-\\", max_size=8)
param_values = st.recursive(
    expressions | st.builds(Str, quote_free) | st.builds(Bool, st.booleans()),
    lambda children: st.builds(Tuple, st.lists(children, max_size=3).map(tuple)),
    max_leaves=8,
)
param_lists = st.dictionaries(
    names.filter(lambda n: n not in ("True", "False")), param_values, max_size=4
)


@FAST
@given(
    kind=st.sampled_from(FORMAT_KINDS),
    color=st.sampled_from([None, "yellow", "text", "gray"]),
    label=st.none() | quoted,
    text=st.none() | quoted,
    parent=st.none() | names,
    params=param_lists,
)
def test_a_written_description_reads_back(kind, color, label, text, parent, params):
    article = "an" if kind.value[0] in "AEIOU" else "a"
    source = f"{article} {kind.value}"
    source += f" [{color}]" if color else ""
    source += f' labelled "{label}"' if label is not None else ""
    source += f' that says "{text}"' if text is not None else ""
    source += f" drawn in {parent}" if parent else ""
    if params:
        source += " (" + ", ".join(f"{k}={source_of(v)}" for k, v in params.items()) + ")"
    frame = parse_untyped(KINDS, source)
    assert (frame.kind, frame.color, frame.label, frame.text) == (kind, color, label, text)
    assert frame.parent == (parent or None)
    assert frame.params == tuple(params.items())
