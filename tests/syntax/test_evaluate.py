"""The evaluator: a whitelist of functions, pi, variables; everything else is the project's error
and nothing is ever run."""

from __future__ import annotations

import builtins
import math
import os
import subprocess

import pytest

from lecturekit.diagnostics import LectureError
from lecturekit.kinds import KINDS
from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.evaluate import (
    FUNCTIONS,
    MAX_DEPTH,
    MAX_STEPS,
    EvaluationError,
    evaluate,
    evaluate_number,
    evaluate_point,
    function_of,
)
from lecturekit.syntax.nodes import (
    BinOp,
    Bool,
    Call,
    FunctionValue,
    Neg,
    Num,
    Str,
    Truncated,
    Tuple,
    Var,
)
from lecturekit.syntax.parser import parse_description, parse_expression, parse_value

KNOWN = (
    "abs, acos, asin, atan, atan2, ceil, clamp, cos, cosh, exp, floor, hypot, log, log10, log2, max, min, "
    "mod, round, sign, sin, sinh, sqrt, tan, tanh"
)


def value(source: str, **env: float) -> float:
    return evaluate_number(parse_expression(source), env)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("1 + 2 * 3", 7.0),
        ("(1 + 2) * 3", 9.0),
        ("2 ** 3 ** 2", 512.0),
        ("-2 ** 2", -4.0),
        ("(-2) ** 2", 4.0),
        ("7 / 2", 3.5),
        ("1 - 2 - 3", -4.0),
        ("--3", 3.0),
        ("+3", 3.0),
        ("2 ** -1", 0.5),
        ("0 ** 0", 1.0),
        ("pi", math.pi),
        ("exp(0)", 1.0),
        ("log(1)", 0.0),
        ("sqrt(16)", 4.0),
        ("sin(0)", 0.0),
        ("cos(0)", 1.0),
        ("tan(0)", 0.0),
        ("abs(-2.5)", 2.5),
        ("min(3, 1, 2)", 1.0),
        ("max(3, 1, 2)", 3.0),
        ("min(3)", 3.0),
        ("max(-3)", -3.0),
        ("sin(pi / 2)", 1.0),
        ("e", math.e),
        ("tau", 2 * math.pi),
        ("sign(-3.5)", -1.0),
        ("sign(0)", 0.0),
        ("sign(2)", 1.0),
        ("floor(-1.5)", -2.0),
        ("ceil(-1.5)", -1.0),
        ("round(2.5)", 3.0),
        ("round(-2.5)", -3.0),
        ("round(0.4)", 0.0),
        ("round(3.14159, 2)", 3.14),
        ("mod(7, 3)", 1.0),
        ("mod(-1, 3)", 2.0),
        ("7 % 3", 1.0),
        ("-1 % 3", 2.0),
        ("2 * 7 % 4", 2.0),
        ("1 + 7 % 4", 4.0),
        ("atan2(1, 1)", math.pi / 4),
        ("atan2(0, -1)", math.pi),
        ("asin(1)", math.pi / 2),
        ("acos(1)", 0.0),
        ("atan(1)", math.pi / 4),
        ("sinh(0)", 0.0),
        ("cosh(0)", 1.0),
        ("tanh(100)", 1.0),
        ("log10(1000)", 3.0),
        ("log2(8)", 3.0),
        ("log(8, 2)", 3.0),
        ("log(e)", 1.0),
        ("hypot(3, 4)", 5.0),
        ("hypot(2, 3, 6)", 7.0),
        ("clamp(5, 0, 1)", 1.0),
        ("clamp(-5, 0, 1)", 0.0),
        ("clamp(0.25, 0, 1)", 0.25),
    ],
)
def test_arithmetic_and_the_whitelisted_functions(source, expected):
    assert value(source) == pytest.approx(expected)


def test_the_whitelist_is_exactly_these_functions():
    assert ", ".join(sorted(FUNCTIONS)) == KNOWN


def test_variables_come_from_the_environment():
    assert value("(1.0 + (1.5 * (hop - 1.0)))", hop=3.0) == 4.0
    assert value("sin(x + phase)", x=1.0, phase=0.5) == pytest.approx(math.sin(1.5))


def test_a_variable_named_pi_shadows_the_constant():
    assert value("pi", pi=3.0) == 3.0


def test_a_recorded_value_is_not_used_in_place_of_the_environment():
    assert evaluate(Var("place", 56.0), {"place": 6.0}) == 6.0
    with pytest.raises(EvaluationError) as caught:
        evaluate(Var("place", 56.0), {})
    assert caught.value.message == "'place' is not a VariableNumber of this scene"


def test_a_point_from_the_lecture():
    spec, _ = parse_description(KINDS,
        'a Vector [yellow] labelled "q" drawn in geo (end=((2.0 * cos(qang)), (2.0 * sin(qang))))'
    )
    x, y = evaluate_point(spec.end, {"qang": 0.9})
    assert (x, y) == pytest.approx((2 * math.cos(0.9), 2 * math.sin(0.9)))


def test_the_override_bars_are_softmax_weights_that_sum_to_one():
    scores = (0.1, 1.4, 0.5, 0.9)
    denominator = " + ".join(f"exp(gain * {s})" for s in scores)
    weights = [value(f"exp(gain * {s}) / ({denominator})", gain=4.0) for s in scores]
    assert sum(weights) == pytest.approx(1.0)
    assert max(weights) == weights[1]


def test_literal_results():
    assert evaluate(parse_value("(1, 'a', True, (2, 3))"), {}) == (1.0, "a", True, (2.0, 3.0))
    assert evaluate(Str("x"), {}) == "x"
    assert evaluate(Bool(False), {}) is False


def test_function_of_binds_the_variable_at_each_call():
    spec, _ = parse_description(KINDS, "a FunctionPlot drawn in ax (function=sin(x + phase))")
    f = function_of(spec.function, {"phase": 0.5})
    assert f(0.0) == pytest.approx(math.sin(0.5))
    assert f(1.0) == pytest.approx(math.sin(1.5))


def test_function_of_a_function_that_was_not_recorded():
    with pytest.raises(EvaluationError) as caught:
        function_of(FunctionValue(), {})
    assert caught.value.message == "the function's body was not recorded"


def test_a_function_evaluated_outside_its_domain_is_an_error_at_the_call():
    f = function_of(FunctionValue(parse_expression("sqrt(x)")), {})
    assert f(4.0) == 2.0
    with pytest.raises(EvaluationError) as caught:
        f(-1.0)
    assert caught.value.message == "sqrt(-1) is not defined: sqrt needs a number ≥ 0"


@pytest.mark.parametrize(
    ("source", "env", "message"),
    [
        ("9 ** (9 ** 9)", {}, "a result is larger than 1e+15"),
        ("10 ** 16", {}, "a result is larger than 1e+15"),
        ("1e16", {}, "a result is larger than 1e+15"),
        ("1e308 * 10", {}, "a result is larger than 1e+15"),
        ("1e-10 ** -2", {}, "a result is larger than 1e+15"),
        ("0.5 ** -2000", {}, "a result is larger than 1e+15"),
        ("x", {"x": math.inf}, "a result is larger than 1e+15"),
        ("1 / 0", {}, "division by zero"),
        ("1 / (x - x)", {"x": 2.0}, "division by zero"),
        ("0 / 0", {}, "division by zero"),
        ("0 ** -1", {}, "division by zero"),
        ("(-8) ** 0.5", {}, "a negative number to a fractional power"),
        ("sqrt(-1)", {}, "sqrt(-1) is not defined: sqrt needs a number ≥ 0"),
        ("log(0)", {}, "log(0) is not defined: log needs a number > 0 (and a base > 0 other than 1)"),
        ("log(-1)", {}, "log(-1) is not defined: log needs a number > 0 (and a base > 0 other than 1)"),
        ("log(8, 1)", {}, "log(8, 1) is not defined: log needs a number > 0 (and a base > 0 other than 1)"),
        ("log10(0)", {}, "log10(0) is not defined: log10 needs a number > 0"),
        ("log2(-2)", {}, "log2(-2) is not defined: log2 needs a number > 0"),
        ("asin(2)", {}, "asin(2) is not defined: asin needs a number from -1 to 1"),
        ("acos(-1.5)", {}, "acos(-1.5) is not defined: acos needs a number from -1 to 1"),
        ("mod(1, 0)", {}, "mod(1, 0) is not defined: mod needs a divisor other than 0"),
        ("1 % 0", {}, "1 % 0 is not defined: % needs a divisor other than 0"),
        ("x % (x - x)", {"x": 2.0}, "2 % 0 is not defined: % needs a divisor other than 0"),
        ("clamp(1, 2, 0)", {}, "clamp(1, 2, 0) is not defined: clamp needs a lower bound no greater than the upper"),
        ("round(1, 0.5)", {}, "round(1, 0.5) is not defined: round needs a number of digits from 0 to 15"),
        ("round(1, 16)", {}, "round(1, 16) is not defined: round needs a number of digits from 0 to 15"),
        ("exp(1000)", {}, "a result is larger than 1e+15"),
        ("sinh(1000)", {}, "a result is larger than 1e+15"),
        ("cosh(-1000)", {}, "a result is larger than 1e+15"),
        ("hypot(1e15, 1e15)", {}, "a result is larger than 1e+15"),
        ("atan2(1)", {}, "atan2 takes 2 argument(s), not 1"),
        ("clamp(1, 2)", {}, "clamp takes 3 argument(s), not 2"),
        ("round(1, 2, 3)", {}, "round takes 1 to 2 argument(s), not 3"),
        ("hypot()", {}, "hypot takes at least 1 argument(s), not 0"),
        ("sgn(1)", {}, f"'sgn' is not a function this format allows ({KNOWN}); did you mean 'sign'?"),
        ("tan(pi / 2)", {}, "a result is larger than 1e+15"),
        ("sin(1, 2)", {}, "sin takes 1 argument(s), not 2"),
        ("sin()", {}, "sin takes 1 argument(s), not 0"),
        ("min()", {}, "min takes at least 1 argument(s), not 0"),
        ("y", {}, "'y' is not a VariableNumber of this scene"),
        ("foo(1)", {}, f"'foo' is not a function this format allows ({KNOWN})"),
        ("eval(1)", {}, f"'eval' is not a function this format allows ({KNOWN})"),
        ("__import__(os)", {}, f"'__import__' is not a function this format allows ({KNOWN})"),
        ("getattr(x, y)", {}, f"'getattr' is not a function this format allows ({KNOWN})"),
    ],
)
def test_evaluation_errors(source, env, message):
    with pytest.raises(EvaluationError) as caught:
        evaluate(parse_expression(source), env)
    assert caught.value.message == message
    assert isinstance(caught.value, LectureError)
    assert [d.line() for d in caught.value.diagnostics] == [f"error: lecture: {message}"]


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("__import__('os')", "only numbers and variables can take part in arithmetic"),
        (
            "__import__('os').system('true')",
            "only numbers and variables can take part in arithmetic",
        ),
        ("x.y", "unexpected '.' after the expression"),
        ("x.__class__", "unexpected '.' after the expression"),
        ("(" * 1000 + "1" + ")" * 1000, "nested more than 64 levels deep"),
        ("-" * 1000 + "1", "nested more than 64 levels deep"),
        ("sin(" * 100 + "1" + ")" * 100, "nested more than 64 levels deep"),
        ("2 ** " * 100 + "2", "nested more than 64 levels deep"),
        ("[1, 2]", "expected a value, found '['"),
        ("{}", "unexpected character '{'"),
        ("f'{1}'", "unexpected \"'{1}'\" after the expression"),
        ("x if y else z", "unexpected 'if' after the expression"),
        ("x; y", "unexpected character ';'"),
    ],
)
def test_hostile_expressions_fail_to_parse(source, message):
    with pytest.raises(GrammarError) as caught:
        parse_expression(source)
    assert caught.value.message == message
    assert isinstance(caught.value, LectureError)


def test_nothing_is_ever_run(monkeypatch, tmp_path):
    calls = []

    def forbidden(name):
        def record(*args, **kwargs):
            calls.append(name)
            raise AssertionError(f"{name} was called")

        return record

    marker = tmp_path / "ran"
    attacks = [
        f"__import__('os').system('touch {marker}')",
        "__import__(os).system(touch)",
        "__import__(os)",
        "eval(x)",
        "exec(x)",
        "compile(x, y, z)",
        "getattr(x, y)",
        "x.__class__.__bases__",
        "open(x)",
    ]
    env = {"x": 1.0, "y": 2.0, "z": 3.0, "os": 0.0, "touch": 0.0}
    errors = []
    with monkeypatch.context() as patch:  # only around the calls: pytest itself imports
        patch.setattr(os, "system", forbidden("os.system"))
        patch.setattr(subprocess, "Popen", forbidden("Popen"))
        for name in ("eval", "exec", "compile", "open", "__import__"):
            patch.setattr(builtins, name, forbidden(name))
        for source in attacks:
            try:
                evaluate(parse_expression(source), env)
            except LectureError as exc:
                errors.append(exc)
    assert calls == []
    assert not marker.exists()
    assert len(errors) == len(attacks)
    assert all(isinstance(e, GrammarError | EvaluationError) for e in errors)


@pytest.mark.parametrize(
    ("node", "message"),
    [
        (
            Truncated("(0.9, (exp((gain * 0.1))"),
            "the value was cut off after ', (exp((gain * 0.1))'…",
        ),
        (FunctionValue(), "a function is not a number"),
        (BinOp("+", Str("a"), Num(1.0)), "arithmetic needs numbers"),
        (BinOp("*", Bool(True), Num(1.0)), "arithmetic needs numbers"),
        (Neg(Str("a")), "arithmetic needs numbers"),
        (Call("sin", (Tuple(()),)), "arithmetic needs numbers"),
        (BinOp("//", Num(1.0), Num(2.0)), "unknown operator '//'"),
        (
            Tuple(tuple(Num(1.0) for _ in range(MAX_STEPS + 1))),
            f"takes more than {MAX_STEPS} steps to evaluate",
        ),
    ],
)
def test_nodes_that_cannot_be_evaluated(node, message):
    with pytest.raises(EvaluationError) as caught:
        evaluate(node, {})
    assert caught.value.message == message


@pytest.mark.parametrize(
    ("source", "function", "message"),
    [
        ("'a'", evaluate_number, "must be a number"),
        ("True", evaluate_number, "must be a number"),
        ("(1, 2)", evaluate_number, "must be a number"),
        ("1", evaluate_point, "must be a pair of numbers (x, y)"),
        ("(1,)", evaluate_point, "must be a pair of numbers (x, y)"),
        ("(1, 2, 3)", evaluate_point, "must be a pair of numbers (x, y)"),
        ("(1, 'a')", evaluate_point, "must be a pair of numbers (x, y)"),
        ("(True, 1)", evaluate_point, "must be a pair of numbers (x, y)"),
    ],
)
def test_shape_errors(source, function, message):
    with pytest.raises(EvaluationError) as caught:
        function(parse_value(source), {})
    assert caught.value.message == message


def test_a_tree_nested_deeper_than_the_parser_allows_is_an_error_not_a_recursion():
    tree = Num(1.0)
    for _ in range(5000):
        tree = Neg(tree)
    with pytest.raises(EvaluationError) as caught:
        evaluate(tree, {})
    assert caught.value.message == f"nested more than {MAX_DEPTH} levels deep"


def test_results_are_floats():
    assert type(value("1")) is float
    assert type(value("abs(-1)")) is float
    assert all(type(value(f"{name}(2.5)")) is float for name in ("sign", "floor", "ceil", "round"))
    assert evaluate_point(parse_value("(1, 2)"), {}) == (1.0, 2.0)
