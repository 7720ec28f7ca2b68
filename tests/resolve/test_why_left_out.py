"""An expression that cannot be evaluated is reported on the object that holds it (and the
override it came from); what depends on that object says why it is left out; a left-out plot
leaves its legend too."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.kinds.geometry import LABEL
from lecturekit.model import load
from lecturekit.plan import plan_scene
from lecturekit.resolve import resolve
from lecturekit.resolve.overrides import load_overrides
from lecturekit.syntax.evaluate import FUNCTIONS
from tests.conftest import lines

SCENE = "scene 'Scene One'"
AXES = "an Axes (x_range=(-2, 2), y_range=(-1.5, 1.5))"
PLOTS = {
    "plane": AXES,
    "fast": 'a FunctionPlot [blue] labelled "f_1" drawn in plane',
    "slow": 'a FunctionPlot [green] labelled "f_2" drawn in plane (function=sin(x))',
    "dot": "a PlotPoint [yellow] drawn in plane (target='fast', x=0.5)",
}
SHOWN = [(0.5, "plane is shown on the screen, drawn."), (1.0, "fast is shown on the screen, drawn."),
         (1.5, "slow is shown on the screen, drawn."), (2.0, "dot is shown on the screen, grown.")]
KNOWN = ", ".join(sorted(FUNCTIONS))


def with_function(resolve_scene, write_toml, function: str, objects=PLOTS):
    return resolve_scene(objects, SHOWN, overrides=write_toml(f'["scene-one".fast]\nfunction = "{function}"\n'))


def test_a_function_the_whitelist_lacks_is_reported_on_the_plot_and_its_override(resolve_scene, write_toml):
    r = with_function(resolve_scene, write_toml, "sgn(x)")
    assert lines(r) == [
        f"warning: {SCENE}, object 'fast': function (set in the overrides) cannot be evaluated: 'sgn' is not a "
        f"function this format allows ({KNOWN}); did you mean 'sign'? (at every x from -2 to 2); it is left out "
        '(fix function in the overrides file (["scene-one".fast]))',
        f"warning: {SCENE}, object 'dot': stands on 'fast', which is left out: its function cannot be evaluated: "
        f"'sgn' is not a function this format allows ({KNOWN}); did you mean 'sign'? (at every x from -2 to 2); "
        "it is left out too (fix 'fast')",
    ]
    assert r.scenes[0].broken == {"fast", "dot"}
    assert r.renderable


def test_the_functions_authors_write_draw(resolve_scene, write_toml):
    r = with_function(resolve_scene, write_toml, "sign(x) * clamp(abs(x) % 1, 0, 0.8) + floor(x) / 4")
    assert lines(r) == []
    assert r.scenes[0].broken == frozenset()


def test_a_function_in_the_lecture_itself_names_no_override(resolve_scene):
    objects = {**PLOTS, "fast": 'a FunctionPlot labelled "f_1" drawn in plane (function=asin(x + 5))'}
    r = resolve_scene(objects, SHOWN)
    assert lines(r)[0] == (
        f"warning: {SCENE}, object 'fast': function cannot be evaluated: asin(3) is not defined: asin needs a "
        "number from -1 to 1 (at every x from -2 to 2); it is left out (fix the expression)"
    )
    assert r.scenes[0].broken == {"fast", "dot"}


def test_a_function_defined_on_part_of_the_range_is_drawn_and_a_point_outside_it_is_the_points_fault(
    resolve_scene, write_toml
):
    objects = {**PLOTS, "dot": "a PlotPoint drawn in plane (target='fast', x=-1)"}
    r = with_function(resolve_scene, write_toml, "sqrt(x)", objects)
    assert lines(r) == [
        f"warning: {SCENE}, object 'dot': the height of 'fast' at x cannot be evaluated: sqrt(-1) is not defined: "
        "sqrt needs a number ≥ 0; it is left out (fix the expression)"
    ]
    assert r.scenes[0].broken == {"dot"}


def test_a_function_defined_nowhere_on_its_own_range_is_left_out(resolve_scene, write_toml):
    objects = {**PLOTS, "fast": 'a FunctionPlot labelled "f_1" drawn in plane (x_range=(-2, -1))'}
    r = with_function(resolve_scene, write_toml, "log(x)", objects)
    assert lines(r)[0].startswith(
        f"warning: {SCENE}, object 'fast': function (set in the overrides) cannot be evaluated: log(-2) is not "
        "defined: log needs a number > 0 (and a base > 0 other than 1) (at every x from -2 to -1); it is left out"
    )


def test_an_override_that_fails_only_after_a_tick_names_the_override(resolve_scene, write_toml):
    objects = {"f": "a Figure (x_range=(0, 4), y_range=(0, 4))", "k": "a VariableNumber (initial_value=4)",
               "p": "a Point drawn in f (location=(1, 1))"}
    does = [(0.5, "f is shown on the screen, drawn."), (1.0, "p is shown on the screen, grown."),
            (2.0, "k ticks to -1."), (2.0, "p is redrawn as the numbers it depends on change.")]
    r = resolve_scene(objects, does, overrides=write_toml('["scene-one".p]\nlocation = "(1, sqrt(k))"\n'))
    assert lines(r) == [
        f"warning: {SCENE}, object 'p': location (set in the overrides) cannot be evaluated at 2.000 s: sqrt(-1) "
        "is not defined: sqrt needs a number ≥ 0; it is drawn at its last good value "
        "(keep the numbers it uses where it is defined)"
    ]


def test_a_chain_of_left_out_objects_each_says_what_it_waits_on(resolve_scene):
    objects = {"k": "a VariableNumber (initial_value=log(0))", "f": "a Figure (x_range=(0, k), y_range=(0, 1))",
               "p": "a Point drawn in f (location=(0.5, 0.5))"}
    r = resolve_scene(objects)
    assert lines(r)[1:] == [
        f"warning: {SCENE}, object 'f': uses 'k', which is left out: its initial_value cannot be evaluated: "
        "log(0) is not defined: log needs a number > 0 (and a base > 0 other than 1); it is left out too (fix 'k')",
        f"warning: {SCENE}, object 'p': is drawn in 'f', which is left out: it uses 'k', which is left out; "
        "it is left out too (fix 'f')",
    ]


def test_a_left_out_plot_leaves_the_legend(write_lecture, write_toml, tmp_path):
    path = write_lecture(PLOTS, SHOWN)
    overrides = write_toml('["scene-one".fast]\nfunction = "sgn(x)"\n')
    scene = resolve(load(path), load_overrides(overrides)).scenes[0]
    texts = plan_scene(scene, 15, tmp_path).texts
    assert "slow" + LABEL in texts  # the plot that draws keeps its entry
    assert "fast" + LABEL not in texts  # what the legend is drawn from (render.builders.legend_of)
    result = CliRunner().invoke(app, ["plan", str(path), "--overrides", str(overrides), "--fps", "15", "--json"])
    assert result.exit_code == 0, result.output
    boards = json.loads(result.output, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))["scenes"][0][
        "boards"]
    items = [item for board in boards for item in board["items"]]
    assert {item["name"] for item in items} >= {"plane"}
    # no item of any board is the plot, or (once the plan lists them) its legend entry or label
    assert not [item for item in items if "fast" in (item["name"], item.get("of"))]


def test_the_constants_are_not_variables_the_scene_must_declare(resolve_scene):
    objects = {"f": "a Figure (x_range=(-4, 4), y_range=(-4, 4))",
               "p": "a Point drawn in f (location=(cos(pi), tau / 4 - e))",
               "w": "an Axes (x_range=(-2, 2), y_range=(0, 1))",
               "bell": "a FunctionPlot drawn in w (function=exp(-(x ** 2) / 2) / sqrt(tau))"}
    r = resolve_scene(objects)
    assert lines(r) == []
    assert r.scenes[0].broken == frozenset()


def test_a_variable_named_like_a_constant_is_the_variable(resolve_scene):
    objects = {"e": "a VariableNumber (initial_value=sqrt(-1))", "f": "a Figure (x_range=(-4, 4), y_range=(-4, 4))",
               "p": "a Point drawn in f (location=(e, 0))"}
    r = resolve_scene(objects)
    assert r.scenes[0].broken == {"e", "p"}
