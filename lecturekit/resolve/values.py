"""The numbers a scene is drawn with: gaps in what was recorded, values that do not evaluate at the
start or after a tick, and ranges, aspects, spacings, radii and colours that cannot be drawn."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import fields, replace
from itertools import groupby
from typing import Any, Literal, TypeVar

from lecturekit.diagnostics import quote, unresolved, warning
from lecturekit.kinds import (
    FunctionPlotSpec,
    PlotPointSpec,
    Stands,
    TableSpec,
    VariableNumberSpec,
    depends_on,
    kind_def,
    values_of,
)
from lecturekit.resolve.findings import Findings, LeftOut, slugify
from lecturekit.resolve.references import uses
from lecturekit.syntax.evaluate import (
    CONSTANTS,
    EvaluationError,
    evaluate,
    evaluate_number,
    evaluate_point,
    function_of,
)
from lecturekit.syntax.nodes import (
    FieldType,
    FunctionValue,
    Num,
    Spec,
    Tick,
    TimedAction,
    Truncated,
    Tuple,
    Value,
    source_of,
)
from lecturekit.theme import is_color, nearest_color

T = TypeVar("T")


def check_gaps(found: Findings, objects: dict[str, Spec]) -> None:
    for name, spec in objects.items():
        for key, value in values_of(spec):
            if isinstance(spec, TableSpec) and key == "rows":
                continue  # repair_tables has recovered the rows or reported them
            if isinstance(value, Truncated):
                found.report(unresolved(
                    found.place(name), f"{key} was cut off after {quote(value.prefix[-24:])}…",
                    f'set {key} in the overrides file '
                    f'(["{slugify(found.scene.title)}".{name}])'))
                found.leave_out(name, LeftOut.GAP, reason=f"its {key} was cut off")
            elif isinstance(value, FunctionValue) and value.body is None:
                found.report(unresolved(
                    found.place(name), "its function was not recorded",
                    f'set function = "..." (an expression of x) in the overrides file '
                    f'(["{slugify(found.scene.title)}".{name}])'))
                found.leave_out(name, LeftOut.GAP, reason="its function was not recorded")


def start_values(found: Findings, objects: dict[str, Spec]) -> dict[str, float]:
    """Every VariableNumber's initial value; one that cannot be evaluated is left out."""
    start = {}
    for name, spec in objects.items():
        if isinstance(spec, VariableNumberSpec):
            try:
                start[name] = evaluate_number(spec.initial_value, {})
            except EvaluationError as exc:
                found.report(warning(
                    found.place(name), f"{found.from_overrides(name, 'initial_value')}: {exc.message}; it is left out",
                    found.fix(name, "initial_value", "fix the initial_value"),
                ))
                found.leave_out(name, reason=f"its initial_value cannot be evaluated: {exc.message}")
    return start


def check_values(found: Findings, objects: dict[str, Spec], start: dict[str, float]) -> None:
    """Every number an object is drawn from must evaluate with the scene's starting values;
    an object whose numbers do not has nothing to be drawn at, so it is left out. What stands
    on or is drawn in an object is checked after it: if that is left out, so is it, for that."""
    for name, spec in sorted(objects.items(), key=lambda item: isinstance(item[1], PlotPointSpec)):
        if (found.broken(name) or isinstance(spec, VariableNumberSpec)
                or depends_on(spec, objects) - start.keys() - CONSTANTS.keys()
                or any(found.broken(cause) for _, cause in uses(spec))):
            continue  # left out with what it uses (`leave_out_dependents`)
        problem = evaluation_problem(spec, objects, start)
        if problem is not None:
            key, message = problem
            found.report(warning(
                found.place(name), f"{found.from_overrides(name, key)} cannot be evaluated: {message}; it is left out",
                found.fix(name, key, "fix the expression"),
            ))
            found.leave_out(name, reason=f"its {key} cannot be evaluated: {message}")


def check_numbers(found: Findings, objects: dict[str, Spec], start: dict[str, float]) -> dict[str, Spec]:
    """Ranges, aspects, tick spacings, radii and colours that cannot be drawn are set back to
    their defaults, with a warning naming the value: the object is drawn as though it had not
    given one, and nothing else on the board moves for it."""
    checked = dict(objects)
    for name, spec in objects.items():
        if found.broken(name):
            continue
        defaults = {f.name: f.default for f in fields(spec)}
        changes: dict[str, Any] = {}  # field name to its default, whichever type that field has
        for key, problem in shape_problems(spec, start):
            found.report(warning(found.place(name), f"{key} {problem}; the default is used", f"fix {key}"))
            changes[key] = defaults[key]
        checked[name] = replace(spec, **changes) if changes else spec
    return checked


def check_ticks(found: Findings, objects: dict[str, Spec], actions: list[TimedAction], start: dict[str, float]) -> None:
    """A value that evaluates at the start but not with the numbers some ticks end on is drawn
    at its last good value (the plan holds it there): one warning an object, at the first."""
    watched = {n: depends_on(s, objects) for n, s in objects.items()
               if not found.broken(n) and not isinstance(s, VariableNumberSpec)}
    values = dict(start)
    ticks = [(a.time, a.action) for a in actions if isinstance(a.action, Tick) and a.action.object in start]
    for time, together in groupby(ticks, key=lambda t: round(t[0], 6)):
        ticked = set()
        for _, tick in together:
            values[tick.object] = tick.value
            ticked.add(tick.object)
        for name, variables in list(watched.items()):
            problem = evaluation_problem(objects[name], objects, values) if variables & ticked else None
            if problem is not None:
                key, message = problem
                found.report(warning(
                    found.place(name),
                    f"{found.from_overrides(name, key)} cannot be evaluated at {time:.3f} s: {message}; "
                    "it is drawn at its last good value",
                    "keep the numbers it uses where it is defined",
                ))
                del watched[name]


#: Between two ticks' numbers, where a child's reach is tried, as fractions of the way.
_ALONG = (0.25, 0.5, 0.75, 1.0)
#: A range widened to hold a child gets this much of its span to spare on the side it grows.
_SPARE = 0.05
#: A frame's ranges, each with the coordinate of a reached point it must hold.
_RANGES: tuple[tuple[str, Literal[0, 1]], ...] = (("x_range", 0), ("y_range", 1))


def widen_ranges(found: Findings, objects: dict[str, Spec], actions: list[TimedAction], start: dict[str, float]
                 ) -> dict[str, Spec]:
    """A Figure's or an Axes' ranges widened to hold every point its Vectors, Lines, Points and
    PlotPoints reach over the scene (at the start, and along every tick), so none is drawn past
    its plot or off the frame: one warning a container, naming the first child that goes out,
    where and when. Graphs are not counted: they break where they leave the plot."""
    reach: dict[str, list[tuple[float, float, str, float]]] = {}
    values = dict(start)
    ticks = [(a.time, a.action) for a in actions if isinstance(a.action, Tick) and a.action.object in start]
    moments = [(0.0, dict(values))]
    for time, together in groupby(ticks, key=lambda t: round(t[0], 6)):
        before = dict(values)
        for _, tick in together:
            values[tick.object] = tick.value
        moments += [(time, {n: before[n] + (values[n] - before[n]) * t for n in values}) for t in _ALONG]
    for name, spec in objects.items():
        parent = objects.get(spec.parent or "")
        if parent is None or found.broken(name) or not kind_def(parent.kind).container or found.broken(parent.name):
            continue
        for time, env in moments:
            for x, y in _points(spec, objects, env):
                reach.setdefault(parent.name, []).append((x, y, name, time))
    widened = dict(objects)
    for name, points in reach.items():
        spec = objects[name]
        changes: dict[str, Any] = {}  # a field name to its new value, whichever type that field has
        outside: list[tuple[float, float, str, float]] = []
        for key, index in _RANGES:
            pair = _evaluated(getattr(spec, key), start, evaluate_point)
            if pair is None:
                continue
            low, high = pair
            out = [p for p in points if not low - 1e-9 <= p[index] <= high + 1e-9]
            if not out:
                continue
            outside += out
            lo, hi = min(low, *(p[index] for p in out)), max(high, *(p[index] for p in out))
            spare = (hi - lo) * _SPARE
            lo, hi = (lo - spare if lo < low else low), (hi + spare if hi > high else high)
            step = _evaluated(getattr(spec, f"{key[0]}_ticks_every", None), start, evaluate_number)
            if step is not None and step > 0 and (hi - lo) / step <= MAX_TICKS:  # out to the next tick
                lo, hi = min(low, math.floor(lo / step) * step), max(high, math.ceil(hi / step) * step)
            changes[key] = Tuple((Num(round(lo, 6)), Num(round(hi, 6))))
        if not changes:
            continue
        x, y, child, time = min(outside, key=lambda p: p[3])  # the first to go out
        drawn = "; ".join(f"{key} is drawn as {source_of(value)}" for key, value in changes.items())
        found.report(warning(
            found.place(name), f"{quote(child)} reaches ({x:.3g}, {y:.3g}) at {time:.3f} s, outside its plot; {drawn}",
            f"widen {' and '.join(changes)} of {quote(name)} to hold every child, or keep their numbers inside it"))
        widened[name] = replace(spec, **changes)
    return widened


def _points(spec: Spec, objects: Mapping[str, Spec], env: Mapping[str, float]) -> list[tuple[float, float]]:
    """Where a child in a frame is drawn, in its parent's numbers (none where it does not evaluate)."""
    try:
        stands = kind_def(spec.kind).stands
        if stands is Stands.BETWEEN:
            return [evaluate_point(spec.start, env), evaluate_point(spec.end, env)]  # type: ignore[attr-defined]  # a Vector's or Line's
        if stands is Stands.AT:
            return [evaluate_point(spec.location, env)]  # type: ignore[attr-defined]  # a Point's
        if isinstance(spec, PlotPointSpec) and isinstance(target := objects.get(spec.target), FunctionPlotSpec):
            x = evaluate_number(spec.x, env)
            return [(x, function_of(target.function, env)(x))]  # type: ignore[arg-type]  # a FUNCTION field holds a FunctionValue
    except EvaluationError:
        return []
    return []


def evaluation_problem(
    spec: Spec, objects: Mapping[str, Spec], env: Mapping[str, float]
) -> tuple[str, str] | None:
    """The first value of `spec` that cannot be drawn with the numbers in `env`, and why, as the
    builders evaluate it (a pair where a point goes); gaps are not evaluated."""
    types = kind_def(spec.kind).params
    try:
        for key, value in values_of(spec):
            if isinstance(value, Truncated | FunctionValue):
                continue
            if types[key] is FieldType.PAIR:
                evaluate_point(value, env)
            elif types[key] is FieldType.NUMBER:
                evaluate_number(value, env)
            else:
                evaluate(value, env)
    except EvaluationError as exc:
        return key, exc.message
    if isinstance(spec, FunctionPlotSpec):
        return _function_problem(spec, objects, env)
    return _height_problem(spec, objects, env) if isinstance(spec, PlotPointSpec) else None


#: A plot's function is tried at this many x across its range before it is said to draw nothing.
_FUNCTION_SAMPLES = 33


def _function_problem(
    spec: FunctionPlotSpec, objects: Mapping[str, Spec], env: Mapping[str, float]
) -> tuple[str, str] | None:
    """A plot whose function is defined nowhere on its x range (a name the whitelist lacks, most
    often) draws nothing: that is the plot's fault, not that of what stands on it."""
    function = spec.function
    if not isinstance(function, FunctionValue) or function.body is None:
        return None  # a gap, reported as such
    parent = objects.get(spec.parent) if spec.parent is not None else None
    low, high = (_evaluated(spec.x_range, env, evaluate_point)
                 or _evaluated(getattr(parent, "x_range", None), env, evaluate_point) or (0.0, 1.0))
    f, first = function_of(function, env), ""
    for i in range(_FUNCTION_SAMPLES):
        try:
            f(low + (high - low) * i / (_FUNCTION_SAMPLES - 1))
            return None
        except EvaluationError as exc:
            first = first or exc.message
    return "function", f"{first} (at every x from {low:g} to {high:g})"


def _height_problem(
    spec: PlotPointSpec, objects: Mapping[str, Spec], env: Mapping[str, float]
) -> tuple[str, str] | None:
    """A PlotPoint sits on its plot: the plot's function must be defined at its x."""
    target = objects.get(spec.target)
    function = target.function if isinstance(target, FunctionPlotSpec) else None
    if not isinstance(function, FunctionValue) or function.body is None:
        return None  # a wrong target or a gap, reported as such
    try:
        function_of(function, env)(evaluate_number(spec.x, env))
    except EvaluationError as exc:
        return f"the height of {quote(spec.target)} at x", exc.message
    return None


#: At most this many ticks on an axis; a finer spacing is replaced by the default one.
MAX_TICKS = 200
#: A visual's aspect (width / height) lies within 1:MAX_ASPECT and MAX_ASPECT:1.
MAX_ASPECT = 20.0


def shape_problems(spec: Spec, env: Mapping[str, float]) -> Iterator[tuple[str, str]]:
    """(attribute, what is wrong) for every range, aspect, tick spacing, radius and colour of
    `spec` that cannot be drawn; values that do not evaluate are `evaluation_problem`'s."""
    if spec.color is not None and not is_color(spec.color):
        near = nearest_color(spec.color)
        hint = f" (the nearest known name is {near!r})" if near is not None else ""
        yield "color", (f"{quote(spec.color)} is not a colour name of the theme, Manim or CSS, "
                        f"nor #rgb, #rrggbb or #rrggbbaa{hint}")
    spans = {}
    for key in ("x_range", "y_range"):
        pair = _evaluated(getattr(spec, key, None), env, evaluate_point)
        if pair is None:
            continue
        low, high = pair
        if not high > low or not high - low > 1e-9 * max(abs(low), abs(high)):
            yield key, f"({low:g}, {high:g}) is empty or reversed"
            spans[key[0]] = 1.0  # the default range's
        else:
            spans[key[0]] = high - low
    aspect = _evaluated(getattr(spec, "aspect", None), env, evaluate_point)
    if aspect is not None:
        width, height = aspect
        if not (width > 0 and height > 0 and width <= MAX_ASPECT * height and height <= MAX_ASPECT * width):
            yield "aspect", f"({width:g}, {height:g}) is not a width and height within 1:{MAX_ASPECT:g}"
    for key in ("x_ticks_every", "y_ticks_every"):
        step = _evaluated(getattr(spec, key, None), env, evaluate_number)
        span = spans.get(key[0])
        if step is not None and not (step > 0 and (span is None or span / step <= MAX_TICKS)):
            yield key, f"{step:g} gives no ticks or more than {MAX_TICKS}"
    radius = _evaluated(getattr(spec, "marker_radius", None), env, evaluate_number)
    if radius is not None and not radius > 0:
        yield "marker_radius", f"{radius:g} is not a positive radius"


def _evaluated(value: Value | None, env: Mapping[str, float], how: Callable[[Value, Mapping[str, float]], T]
               ) -> T | None:
    """`value` evaluated `how` (`evaluate_point` or `evaluate_number`), None where it is a gap or does not."""
    if value is None or isinstance(value, Truncated | FunctionValue):
        return None
    try:
        return how(value, env)
    except EvaluationError:
        return None
