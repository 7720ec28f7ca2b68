"""Evaluate value expressions over a whitelist: nothing here reaches Python's eval or attributes."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

from lecturekit.diagnostics import LectureError, Place, error
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
    Value,
    Var,
)

#: No intermediate result may be larger than this (in absolute value).
MAX_MAGNITUDE = 1e15
#: Nodes visited in one evaluation at most.
MAX_STEPS = 10_000

FUNCTIONS: dict[str, tuple[int, Callable[..., float]]] = {
    "exp": (1, math.exp),
    "log": (1, math.log),
    "sqrt": (1, math.sqrt),
    "sin": (1, math.sin),
    "cos": (1, math.cos),
    "tan": (1, math.tan),
    "abs": (1, abs),
    "min": (-1, lambda *xs: min(xs)),  # min(x) alone would iterate over a float
    "max": (-1, lambda *xs: max(xs)),
}
CONSTANTS = {"pi": math.pi}

Result = float | str | bool | tuple["Result", ...]


class EvaluationError(LectureError):
    def __init__(self, message: str):
        self.message = message
        super().__init__(error(Place(), message))


class _Budget:
    def __init__(self) -> None:
        self.steps = 0

    def spend(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise EvaluationError(f"takes more than {MAX_STEPS} steps to evaluate")


def evaluate(value: Value, env: Mapping[str, float]) -> Result:
    """The value of `value` with the VariableNumbers in `env`; EvaluationError if it has none."""
    return _eval(value, env, _Budget())


def evaluate_number(value: Value, env: Mapping[str, float]) -> float:
    result = evaluate(value, env)
    if isinstance(result, bool) or not isinstance(result, float):
        raise EvaluationError("must be a number")
    return result


def evaluate_point(value: Value, env: Mapping[str, float]) -> tuple[float, float]:
    result = evaluate(value, env)
    if (
        not isinstance(result, tuple)
        or len(result) != 2
        or not all(isinstance(v, float) and not isinstance(v, bool) for v in result)
    ):
        raise EvaluationError("must be a pair of numbers (x, y)")
    return result  # type: ignore[return-value]


def function_of(value: FunctionValue, env: Mapping[str, float]) -> Callable[[float], float]:
    """A Python callable for a FunctionPlot's body, its variable bound at each call."""
    if value.body is None:
        raise EvaluationError("the function's body was not recorded")
    body, variable = value.body, value.variable

    def f(x: float) -> float:
        return evaluate_number(body, {**env, variable: x})

    return f


def _check(x: float) -> float:
    if not math.isfinite(x) or abs(x) > MAX_MAGNITUDE:
        raise EvaluationError(f"a result is larger than {MAX_MAGNITUDE:g}")
    return x


def _eval(value: Value, env: Mapping[str, float], budget: _Budget) -> Result:
    budget.spend()
    match value:
        case Num(value=v):
            return _check(float(v))
        case Str(value=v):
            return v
        case Bool(value=v):
            return v
        case Tuple(items=items):
            return tuple(_eval(i, env, budget) for i in items)
        case Var(name=name):
            if name in env:
                return _check(float(env[name]))
            if name in CONSTANTS:
                return CONSTANTS[name]
            raise EvaluationError(f"{name!r} is not a VariableNumber of this scene")
        case Neg(operand=operand):
            return -_number(operand, env, budget)
        case BinOp(op=op, left=left, right=right):
            a, b = _number(left, env, budget), _number(right, env, budget)
            return _check(_arithmetic(op, a, b))
        case Call(function=name, args=args):
            if name not in FUNCTIONS:
                known = ", ".join(sorted(FUNCTIONS))
                raise EvaluationError(f"{name!r} is not a function this format allows ({known})")
            arity, function = FUNCTIONS[name]
            if arity >= 0 and len(args) != arity:
                raise EvaluationError(f"{name} takes {arity} argument(s), not {len(args)}")
            if not args:
                raise EvaluationError(f"{name} needs an argument")
            numbers = [_number(a, env, budget) for a in args]
            try:
                return _check(float(function(*numbers)))
            except (ValueError, OverflowError):
                raise EvaluationError(f"{name} is not defined at {numbers}") from None
        case FunctionValue():
            raise EvaluationError("a function is not a number")
        case Truncated(prefix=prefix):
            raise EvaluationError(f"the value was cut off after {prefix[-20:]!r}…")
    raise EvaluationError(f"cannot evaluate {type(value).__name__}")


def _number(value: Value, env: Mapping[str, float], budget: _Budget) -> float:
    result = _eval(value, env, budget)
    if isinstance(result, bool) or not isinstance(result, float):
        raise EvaluationError("arithmetic needs numbers")
    return result


def _arithmetic(op: str, a: float, b: float) -> float:
    try:
        match op:
            case "+":
                return a + b
            case "-":
                return a - b
            case "*":
                return a * b
            case "/":
                return a / b
            case "**":
                if a == 0 and b < 0:
                    raise ZeroDivisionError
                if abs(b) * math.log10(max(abs(a), 1e-300)) > 15.5:
                    raise OverflowError
                result = a**b
                if isinstance(result, complex):
                    raise ValueError
                return result
    except ZeroDivisionError:
        raise EvaluationError("division by zero") from None
    except OverflowError:
        raise EvaluationError(f"a result is larger than {MAX_MAGNITUDE:g}") from None
    except ValueError:
        raise EvaluationError("a negative number to a fractional power") from None
    raise EvaluationError(f"unknown operator {op!r}")
