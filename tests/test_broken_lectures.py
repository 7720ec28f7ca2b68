"""Broken lectures no one wrote by hand: generated lectures with parts of them replaced, cut,
retyped or taken out. `check` answers each with lines that name their place, never a
traceback; whatever `check` accepts is planned; and the overrides are held the same way."""

from __future__ import annotations

import copy
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.lecture_strategy import Generated, lectures, write
from tests.test_generated_lectures import refuse, run

MANY = settings(max_examples=int(os.environ.get("BROKEN", "150")), deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Characters that mean something to the description, action and value grammars, or to Typst.
GRAMMAR = "()[],=\"'$#\\/*_^&.-+0123456789 eE"

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


def _paths(node: Any, at: tuple = ()) -> list[tuple]:
    """Every place in a JSON tree, as the keys and indexes that lead to it."""
    found = [at] if at else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _paths(value, (*at, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _paths(value, (*at, index))
    return found


def _cut_or_spliced(draw: st.DrawFn, text: str) -> str:
    """A text cut short, or with a grammar character put in, or a piece of it repeated."""
    at = draw(st.integers(0, len(text)))
    how = draw(st.sampled_from(["cut", "insert", "repeat"]))
    if how == "cut":
        return text[:at]
    if how == "insert":
        return text[:at] + draw(st.text(GRAMMAR, min_size=1, max_size=3)) + text[at:]
    return text[:at] + text[at // 2:at] + text[at:]


@st.composite
def broken_lectures(draw: st.DrawFn) -> Generated:
    generated = draw(lectures(max_scenes=2))
    data = copy.deepcopy(generated.data)
    for _ in range(draw(st.integers(1, 4))):
        paths = _paths(data)
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        key, value = path[-1], parent[path[-1]]
        ways = ["replace", "delete", "splice"] if isinstance(value, str) else ["replace", "delete"]
        how = draw(st.sampled_from(ways))
        if how == "delete":
            del parent[key]
        elif how == "splice":
            parent[key] = _cut_or_spliced(draw, value)
        else:
            parent[key] = draw(json_values)
    overrides = generated.overrides
    if overrides and draw(st.booleans()):
        overrides = _cut_or_spliced(draw, overrides)
    return Generated(data, generated.images, overrides)


def _held(report: dict[str, Any]) -> None:
    """Each line of the report names its place and says something, on one line."""
    for key in ("errors", "warnings", "unresolved"):
        for entry in report.get(key, []):
            assert any(entry[k] for k in ("path", "scene", "object", "action")), entry
            assert entry["message"].strip() and "\n" not in entry["message"], entry
            assert "Traceback" not in entry["message"], entry


@MANY
@given(broken_lectures())
def test_a_broken_lecture_gets_lines_that_name_their_place_and_never_a_traceback(generated):
    with tempfile.TemporaryDirectory() as folder:
        lecture, overrides = write(generated, Path(folder))
        given_overrides = ["--overrides", str(overrides)] if overrides else []
        code, out = run("check", str(lecture), "--json", *given_overrides)  # a traceback fails here
        assert code in (0, 1), out
        report = json.loads(out)
        _held(report)
        if code == 1:
            assert report.get("errors") or report.get("unresolved"), report
            return
        code, out = run("plan", str(lecture), "--fps", "15", "--json", *given_overrides)
        assert code == 0, out
        plan = json.loads(out, parse_constant=refuse)
        assert plan["scenes"], plan
