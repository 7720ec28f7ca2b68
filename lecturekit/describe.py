"""What appears on the board, in plain English, from the objects' own descriptions: the text of
an audio-description track ("An arrow from the origin to (1, 2), labelled q.")."""

from __future__ import annotations

import re
from collections.abc import Mapping

from lecturekit.kinds import (
    AxesSpec,
    DerivationSpec,
    FigureSpec,
    FunctionPlotSpec,
    ImageSpec,
    LineSpec,
    PlotPointSpec,
    PointSpec,
    TableSpec,
    VectorSpec,
)
from lecturekit.syntax.evaluate import evaluate_number, evaluate_point
from lecturekit.syntax.nodes import Kind, Spec, Value, source_of

_PROSE = {Kind.TITLE: "The title card: {}", Kind.HEADING: "A heading: {}", Kind.PANEL: "A panel: {}",
          Kind.BLOCK: "A boxed note: {}", Kind.TEXT: "Text: {}", Kind.MATH: "The formula {}"}
#: Colours said aloud; the default text colour is not.
_SAID_COLOURS = {"yellow", "blue", "green", "red", "magenta", "gray", "grey", "orange", "purple", "white"}


_WRAPPED_WORDS = re.compile(r"\b(?:upright|op|text)\(\"([^\"]*)\"\)")
_SPACES = re.compile(r"\b(?:thin|med|thick|quad|wide)\b")
_INLINE_MATH = re.compile(r"\$([^$]*)\$")


def _math_aloud(math: str) -> str:
    """Typst math with its markup words taken out: `op("softmax")` is softmax, `thin` a space."""
    math = _WRAPPED_WORDS.sub(r"\1", math)
    math = _SPACES.sub(" ", math).replace("dot.op", "·").replace('"', "")
    return math


def spoken(text: str, math: bool = False) -> str:
    """Lecture text as it reads aloud: the math in it (all of it, with `math`) without its
    markup words or `$` delimiters, and no doubled spaces."""
    text = _math_aloud(text) if math else _INLINE_MATH.sub(lambda m: _math_aloud(m.group(1)), text)
    return " ".join(text.replace("$", "").split())


def _number(value: float) -> str:
    return f"{round(value, 2) + 0.0:g}"  # + 0.0: never "-0"


def _unwrapped(source: str) -> str:
    """`(x + phase)` as `x + phase`: the outer brackets source_of writes around a sum."""
    depth = 0
    for i, c in enumerate(source):
        depth += {"(": 1, ")": -1}.get(c, 0)
        if depth == 0 and i < len(source) - 1:
            return source
    return source[1:-1] if source.startswith("(") and source.endswith(")") else source


def _point(value: Value, env: Mapping[str, float]) -> str:
    try:
        x, y = evaluate_point(value, env)
    except Exception:  # a value that does not evaluate: say it as written
        return spoken(source_of(value))
    return "the origin" if (x, y) == (0.0, 0.0) else f"({_number(x)}, {_number(y)})"


def _range(value: Value, env: Mapping[str, float]) -> str:
    try:
        lo, hi = evaluate_point(value, env)
    except Exception:
        return spoken(source_of(value))
    return f"from {_number(lo)} to {_number(hi)}"


def _a(noun: str, spec: Spec) -> str:
    colour = spec.color if spec.color in _SAID_COLOURS else None
    words = f"{colour} {noun}" if colour else noun
    return ("An " if words[0] in "aeiou" else "A ") + words


def lines_of(spec: Spec) -> list[str]:
    """The lines (a Derivation) or rows (a Table) that one `is shown` each reveals, as spoken."""
    if isinstance(spec, TableSpec):
        return [", ".join(spoken(c) for c in row) for row in spec.cells]
    if isinstance(spec, DerivationSpec):
        return [spoken(line, math=True) for line in derivation_lines(spec.text or "")]
    return []


def derivation_lines(text: str) -> list[str]:
    """A derivation's lines as written (Typst math breaks a line at a backslash), without `&`s."""
    lines = re.split(r"\\(?![a-zA-Z])", text.replace("$", ""))
    return [line.replace("&", "").strip() for line in lines if line.strip()]


def sentence(
    spec: Spec, env: Mapping[str, float], step: int = 0, objects: Mapping[str, Spec] | None = None
) -> str | None:
    """One sentence saying what `spec` looks like now (`env`: the variables' values); for a Table
    or Derivation, what its `step`-th reveal (0-based) adds; `objects` names what it stands on.
    None for what is never seen."""
    label = f", labelled {spoken(spec.label, math=True)}" if spec.label else ""
    match spec:
        case VectorSpec():
            text = f"{_a('arrow', spec)} from {_point(spec.start, env)} to {_point(spec.end, env)}"
        case LineSpec():
            noun = "dashed line" if spec.dashed else "line"
            text = f"{_a(noun, spec)} from {_point(spec.start, env)} to {_point(spec.end, env)}"
        case PointSpec():
            text = f"{_a('point', spec)} at {_point(spec.location, env)}"
        case FunctionPlotSpec():
            body = source_of(spec.function)
            body = re.sub(r"\(\(([^()]*)\)\)", r"(\1)", _unwrapped(body))  # sin((x + p)) as sin(x + p)
            text = _a("graph", spec) + ("" if body == "<function>" else f" of {spoken(body)}")
        case PlotPointSpec():
            try:
                at = f" at x = {_number(evaluate_number(spec.x, env))}"
            except Exception:
                at = ""
            target = (objects or {}).get(spec.target)
            on = f"the graph of {spoken(target.label, math=True)}" if target is not None and target.label else "a graph"
            text = f"{_a('dot', spec)} on {on}{at}"
        case AxesSpec():
            text = f"Axes with x {_range(spec.x_range, env)} and y {_range(spec.y_range, env)}"
        case FigureSpec():
            text = f"A figure with x {_range(spec.x_range, env)} and y {_range(spec.y_range, env)}"
        case ImageSpec():
            text = f"A picture, {spec.path}"
        case TableSpec() | DerivationSpec():
            lines = lines_of(spec)
            if step >= len(lines):
                return None
            if isinstance(spec, TableSpec):
                text = (f"A table with the columns {lines[0]}" if step == 0 else f"A table row: {lines[step]}")
            else:
                text = f"A derivation: {lines[0]}" if step == 0 else f"Then: {lines[step]}"
        case _ if spec.kind in _PROSE and spec.text:
            text = _PROSE[spec.kind].format(spoken(spec.text, math=spec.kind is Kind.MATH and "$" not in spec.text))
        case _:
            return None
    return f"{text}{label}".rstrip(".") + "."
