"""Evaluate value expressions over a whitelist: nothing here reaches Python's eval or attributes."""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from typing import TypeVar, cast

from lecturekit.diagnostics import LectureError, Place, error
from lecturekit.syntax.nodes import (
    BinOp,
    Bool,
    Call,
    FunctionValue,
    Neg,
    Num,
    Str,
    Tuple,
    Value,
    Var,
)

#: No intermediate result may be larger than this (in absolute value).
MAX_MAGNITUDE = 1e15
#: Nodes visited in one evaluation at most.
MAX_STEPS = 10_000
#: Levels of nesting one evaluation follows at most (the parser allows fewer).
MAX_DEPTH = 200


class _Undefined(Exception):
    """Raised by a whitelisted function outside its domain, saying what the domain is."""


@dataclass(frozen=True)
class Function:
    """A whitelisted function: how many arguments it takes (`most` None: any number) and what it
    needs of them, said when a call falls outside it."""

    least: int
    most: int | None
    apply: Callable[..., float]
    needs: str = ""


def _domain(test: Callable[..., bool], function: Callable[..., float]) -> Callable[..., float]:
    def checked(*xs: float) -> float:
        if not test(*xs):
            raise _Undefined
        return function(*xs)

    return checked


def _round(x: float, digits: float = 0.0) -> float:
    """Halves round away from zero (2.5 -> 3, -2.5 -> -3), as people round, not to even."""
    if digits != int(digits) or not 0 <= digits <= 15:
        raise _Undefined
    scale = 10.0 ** int(digits)
    return math.copysign(math.floor(abs(x) * scale + 0.5), x) / scale


def _clamp(x: float, low: float, high: float) -> float:
    if low > high:
        raise _Undefined
    return min(max(x, low), high)


def _log(x: float, base: float = math.e) -> float:
    return math.log(x) / math.log(base)


_POSITIVE = "a number > 0"
FUNCTIONS: dict[str, Function] = {
    "exp": Function(1, 1, math.exp),
    "log": Function(1, 2, _domain(lambda x, b=math.e: x > 0 and b > 0 and b != 1, _log),
                    "a number > 0 (and a base > 0 other than 1)"),
    "log10": Function(1, 1, _domain(lambda x: x > 0, math.log10), _POSITIVE),
    "log2": Function(1, 1, _domain(lambda x: x > 0, math.log2), _POSITIVE),
    "sqrt": Function(1, 1, _domain(lambda x: x >= 0, math.sqrt), "a number ≥ 0"),
    "sin": Function(1, 1, math.sin),
    "cos": Function(1, 1, math.cos),
    "tan": Function(1, 1, math.tan),
    "asin": Function(1, 1, _domain(lambda x: -1 <= x <= 1, math.asin), "a number from -1 to 1"),
    "acos": Function(1, 1, _domain(lambda x: -1 <= x <= 1, math.acos), "a number from -1 to 1"),
    "atan": Function(1, 1, math.atan),
    "atan2": Function(2, 2, math.atan2),
    "sinh": Function(1, 1, math.sinh),
    "cosh": Function(1, 1, math.cosh),
    "tanh": Function(1, 1, math.tanh),
    "hypot": Function(1, None, math.hypot),
    "abs": Function(1, 1, abs),
    "sign": Function(1, 1, lambda x: (x > 0) - (x < 0)),
    "floor": Function(1, 1, math.floor),
    "ceil": Function(1, 1, math.ceil),
    "round": Function(1, 2, _round, "a number of digits from 0 to 15"),
    "mod": Function(2, 2, _domain(lambda a, b: b != 0, lambda a, b: a % b), "a divisor other than 0"),
    "clamp": Function(3, 3, _clamp, "a lower bound no greater than the upper"),
    "min": Function(1, None, lambda *xs: min(xs)),  # min(x) alone would iterate over a float
    "max": Function(1, None, lambda *xs: max(xs)),
}
CONSTANTS = {"pi": math.pi, "tau": math.tau, "e": math.e}

Result = float | str | bool | tuple["Result", ...]


class EvaluationError(LectureError):
    def __init__(self, message: str):
        self.message = message
        super().__init__(error(Place(), message))


_TOO_LARGE = f"a result is larger than {MAX_MAGNITUDE:g}"


class _Budget:
    def __init__(self) -> None:
        self.steps = 0
        self.depth = 0

    def spend(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise EvaluationError(f"takes more than {MAX_STEPS} steps to evaluate")


def evaluate(value: Value, env: Mapping[str, float]) -> Result:
    """The value of `value` with the VariableNumbers in `env`; EvaluationError if it has none."""
    return compiled(value)(env)


def evaluate_number(value: Value, env: Mapping[str, float]) -> float:
    return _a_number(evaluate(value, env))


def _a_number(result: Result, message: str = "must be a number") -> float:
    if isinstance(result, bool) or not isinstance(result, float):
        raise EvaluationError(message)
    return result


def evaluate_point(value: Value, env: Mapping[str, float]) -> tuple[float, float]:
    result = evaluate(value, env)
    if (
        not isinstance(result, tuple)
        or len(result) != 2
        or not all(isinstance(v, float) and not isinstance(v, bool) for v in result)
    ):
        raise EvaluationError("must be a pair of numbers (x, y)")
    return result  # type: ignore[return-value]  # a pair of floats, checked above


def function_of(value: FunctionValue, env: Mapping[str, float]) -> Callable[[float], float]:
    """A Python callable for a FunctionPlot's body, its variable bound at each call."""
    if value.body is None:
        raise EvaluationError("the function's body was not recorded")
    code, variable = compiled(value.body), value.variable

    def f(x: float) -> float:
        return _a_number(code({**env, variable: x}))

    return f


def _check(x: float) -> float:
    if -MAX_MAGNITUDE <= x <= MAX_MAGNITUDE:
        return x
    if math.isnan(x):
        raise EvaluationError("a result is not a number")
    raise EvaluationError(_TOO_LARGE)


#: An expression made ready to evaluate: its value in an environment of VariableNumbers.
Code = Callable[[Mapping[str, float]], Result]
NumberCode = Callable[[Mapping[str, float]], float]
_Made = TypeVar("_Made", Code, NumberCode)
#: The nodes whose value is always a number (or an EvaluationError).
_NUMERIC = (Num, Var, BinOp, Neg, Call)


def compiled(value: Value) -> Code:
    """`value` as nested closures, each node's work decided once: a graph evaluated at hundreds
    of x walks its tree once, not at every x. Nothing reaches Python's compile or eval.

    The nodes are made in the order evaluation visits them, each spending a step of the budget
    as it is made (a node is evaluated at most once). The node past `MAX_STEPS`, or nested past
    `MAX_DEPTH`, becomes the error the evaluation meets there, so evaluating stops where, and
    with the error, visiting the tree node by node would; what lies past it is never made.
    Kept for the trees asked again (a Vector's end on every board), by identity: a tree's own
    hash walks the whole tree."""
    kept = _KEPT.get(id(value))
    if kept is not None and kept[0] is value:
        return kept[1]
    if len(_KEPT) >= _KEEP:
        _KEPT.clear()
    code = _Compiler().node(value)
    _KEPT[id(value)] = (value, code)  # the tree kept alive with its code: its id is not reused
    return code


#: The trees made ready most recently, by id, with their code; at most `_KEEP`.
_KEPT: dict[int, tuple[Value, Code]] = {}
_KEEP = 4096


class _Compiler:
    def __init__(self) -> None:
        self.budget = _Budget()

    def node(self, value: Value) -> Code:
        try:
            self.budget.spend()
        except EvaluationError as exc:
            return _raising(exc.message)
        self.budget.depth += 1
        try:
            if self.budget.depth > MAX_DEPTH:
                return _raising(f"nested more than {MAX_DEPTH} levels deep")
            return self._make(value)
        finally:
            self.budget.depth -= 1

    def each(self, values: tuple[Value, ...], make: Callable[[Value], _Made]) -> list[_Made]:
        """Each of `values` made in turn, up to the one past the budget: nothing after it is reached."""
        made = []
        for value in values:
            made.append(make(value))
            if self.budget.steps > MAX_STEPS:
                break
        return made

    def number(self, value: Value) -> NumberCode:
        """A node whose value arithmetic takes: a number, or an EvaluationError once evaluated."""
        code = self.node(value)
        if isinstance(value, _NUMERIC):
            return cast(NumberCode, code)

        return lambda env: _a_number(code(env), "arithmetic needs numbers")

    def _make(self, value: Value) -> Code:
        if isinstance(value, Num | Str | Bool):
            try:
                constant = _check(float(value.value)) if isinstance(value, Num) else value.value
            except EvaluationError as exc:
                return _raising(exc.message)
            return lambda env: constant
        if isinstance(value, Tuple):
            items = self.each(value.items, self.node)
            return lambda env: tuple(item(env) for item in items)
        if isinstance(value, Var):
            return _variable(value.name)
        if isinstance(value, Neg):
            operand = self.number(value.operand)
            return lambda env: -operand(env)
        if isinstance(value, BinOp):
            return _binop(value.op, self.number(value.left), self.number(value.right))
        if isinstance(value, Call):
            if value.function not in FUNCTIONS:
                return lambda env: _call(value.function, [])  # says what the format allows
            args, name = self.each(value.args, self.number), value.function
            return lambda env: _call(name, [arg(env) for arg in args])
        if isinstance(value, FunctionValue):
            return _raising("a function is not a number")
        return _raising(f"the value was cut off after {value.prefix[-20:]!r}…")  # the last kind: Truncated


def _raising(message: str) -> Code:
    def fail(env: Mapping[str, float]) -> Result:
        raise EvaluationError(message)

    return fail


def _variable(name: str) -> Code:
    def variable(env: Mapping[str, float]) -> Result:
        if name in env:
            return _check(float(env[name]))
        if name in CONSTANTS:
            return CONSTANTS[name]
        raise EvaluationError(f"{name!r} is not a VariableNumber of this scene")

    return variable


def _binop(op: str, left: NumberCode, right: NumberCode) -> Code:
    operation = _OPERATIONS.get(op)
    if operation is None:
        def unknown(env: Mapping[str, float]) -> Result:
            left(env), right(env)  # what the operands raise comes first, as it is met first
            raise EvaluationError(f"unknown operator {op!r}")

        return unknown
    return lambda env: _check(operation(left(env), right(env)))


def _call(name: str, numbers: list[float]) -> float:
    if name not in FUNCTIONS:
        known = ", ".join(sorted(FUNCTIONS))
        close = get_close_matches(name, FUNCTIONS, n=1, cutoff=0.8)
        suggestion = f"; did you mean {close[0]!r}?" if close else ""
        raise EvaluationError(f"{name!r} is not a function this format allows ({known}){suggestion}")
    function = FUNCTIONS[name]
    if not function.least <= len(numbers) <= (function.most if function.most is not None else len(numbers)):
        wanted = (f"{function.least}" if function.least == function.most
                  else f"{function.least} to {function.most}" if function.most is not None
                  else f"at least {function.least}")
        raise EvaluationError(f"{name} takes {wanted} argument(s), not {len(numbers)}")
    try:
        return _check(float(function.apply(*numbers)))
    except (_Undefined, ValueError, ZeroDivisionError):
        call = f"{name}({', '.join(f'{n:g}' for n in numbers)})"
        needs = f": {name} needs {function.needs}" if function.needs else ""
        raise EvaluationError(f"{call} is not defined{needs}") from None
    except OverflowError:
        raise EvaluationError(_TOO_LARGE) from None


def _divide(a: float, b: float) -> float:
    if b == 0:
        raise EvaluationError("division by zero")
    return a / b


def _remainder(a: float, b: float) -> float:
    if b == 0:
        raise EvaluationError(f"{a:g} % 0 is not defined: % needs a divisor other than 0")
    return a % b


def _power(a: float, b: float) -> float:
    if a == 0 and b < 0:
        raise EvaluationError("division by zero")
    if abs(b) * math.log10(max(abs(a), 1e-300)) > 15.5:
        raise EvaluationError(_TOO_LARGE)
    try:
        result = a**b
    except OverflowError:
        raise EvaluationError(_TOO_LARGE) from None
    if isinstance(result, complex):
        raise EvaluationError("a negative number to a fractional power")
    return result


#: Each operator's arithmetic, chosen once when an expression is made; a float sum, difference or
#: product never raises (an overflow is infinite, which `_check` refuses).
_OPERATIONS: dict[str, Callable[[float, float], float]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": _divide, "%": _remainder, "**": _power,
}
