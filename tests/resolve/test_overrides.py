"""Overrides: TOML values a lecture cannot supply, checked against the scenes and objects."""

from __future__ import annotations

from pathlib import Path

import pytest

from lecturekit.diagnostics import LectureError, Place, Severity
from lecturekit.kinds import KINDS, FunctionPlotSpec, TextSpec
from lecturekit.resolve.overrides import MAX_OVERRIDE_BYTES, NO_OVERRIDES, apply, load_overrides
from lecturekit.sources import read
from lecturekit.syntax.evaluate import function_of
from lecturekit.syntax.nodes import (
    BinOp,
    Bool,
    Call,
    FunctionValue,
    Kind,
    Num,
    Str,
    Tuple,
    Var,
)
from lecturekit.syntax.parser import parse_description
from tests.conftest import DEMO, DEMO_OVERRIDES, TRANSFORMER_OVERRIDES, lines

AXES = "an Axes (x_range=(0, 6.3), y_range=(-1.3, 1.3))"
PLOT = 'a FunctionPlot [blue] labelled "sin" drawn in plane'
SCENE = "scene 'Scene One'"


def overridden(resolve_scene, write_toml, toml: str, objects=None):
    objects = objects or {"plane": AXES, "wave": PLOT}
    return resolve_scene(objects, overrides=write_toml(toml))


# ---------------------------------------------------------------- loading


def test_loading_keeps_scenes_objects_and_raw_values(write_toml):
    path = write_toml(
        '["scene-one".wave]\nfunction = "sin(x)"\ncolor = "red"\n["2".x]\ndashed = true\n'
    )
    o = load_overrides(path)
    assert o.source == path
    assert o.scene_keys() == ["scene-one", "2"]
    assert o.for_scene({"1", "Scene One", "scene-one"}) == {
        "wave": {"function": "sin(x)", "color": "red"}
    }
    assert o.for_scene({"2"}) == {"x": {"dashed": True}}
    assert o.for_scene({"3"}) == {}


def test_the_shipped_overrides_load():
    transformer = load_overrides(TRANSFORMER_OVERRIDES)
    assert transformer.scene_keys() == ["queries-keys-and-values", "where-the-words-sit", "why-this-architecture-won"]
    assert set(transformer.for_scene({"queries-keys-and-values"})) == {
        "bars",
        "bars_2",
        "bars_3",
        "bars_4",
        "shadow",
        "drop",
    }
    assert set(transformer.for_scene({"where-the-words-sit"})) == {"fast", "middle", "slow"}
    assert set(transformer.for_scene({"why-this-architecture-won"})) == {"costs"}
    demo = load_overrides(DEMO_OVERRIDES)
    assert demo.for_scene({"a-wave-and-its-phase"}) == {"wave": {"function": "sin(x + phase)"}}


def test_no_overrides():
    assert NO_OVERRIDES.source is None
    assert NO_OVERRIDES.scene_keys() == []
    assert NO_OVERRIDES.for_scene({"1"}) == {}


def test_invalid_toml_is_one_error(write_toml):
    path = write_toml("[scene\nx = ")
    with pytest.raises(LectureError) as caught:
        load_overrides(path)
    [line] = [d.line() for d in caught.value.diagnostics]
    assert line.startswith(f"error: {path}: overrides are not valid TOML: ")


def test_a_scene_that_is_not_a_table_of_objects(write_toml):
    path = write_toml('title = "x"\n')
    with pytest.raises(LectureError) as caught:
        load_overrides(path)
    assert [d.line() for d in caught.value.diagnostics] == [
        f"""error: {path}: ['title'] must hold one table per object (write ["scene".object])"""
    ]


def test_an_object_that_is_not_a_table(write_toml):
    path = write_toml('["scene-one"]\nwave = 3\n')
    with pytest.raises(LectureError) as caught:
        load_overrides(path)
    assert caught.value.diagnostics[0].message == "['scene-one'] must hold one table per object"


def test_a_missing_overrides_file(tmp_path):
    path = tmp_path / "none.toml"
    with pytest.raises(LectureError) as caught:
        load_overrides(path)
    assert [d.line() for d in caught.value.diagnostics] == [
        f"error: {path}: overrides cannot be read: No such file or directory"
    ]


def test_an_overlong_overrides_file(tmp_path):
    path = tmp_path / "big.toml"
    path.write_text("# " + "x" * MAX_OVERRIDE_BYTES, encoding="utf-8")
    with pytest.raises(LectureError) as caught:
        load_overrides(path)
    assert caught.value.diagnostics[0].message == "overrides file is larger than 1 MiB"


def test_overrides_that_are_not_utf8(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes(b'["s".o]\ntext = "\xff"\n')
    with pytest.raises(LectureError) as caught:
        load_overrides(path)
    assert caught.value.diagnostics[0].message.startswith("overrides are not valid TOML: ")


# ---------------------------------------------------------------- errors against the lecture


def test_an_unknown_scene(resolve_scene, write_toml):
    path = write_toml('["no-such-scene".wave]\nfunction = "sin(x)"\n')
    r = resolve_scene({"plane": AXES, "wave": PLOT}, overrides=path)
    assert lines(r)[-1] == (
        f"error: {path}: overrides name a scene 'no-such-scene' the lecture does not have "
        "(use a scene's slug, title or 1-based index)"
    )
    assert not r.renderable


def test_an_unknown_object(resolve_scene, write_toml):
    r = overridden(resolve_scene, write_toml, '["scene-one".ghost]\ncolor = "red"\n')
    assert (
        f"error: {SCENE}, object 'ghost': the overrides name an object this scene does not have"
        in lines(r)
    )
    assert not r.renderable


def test_an_unknown_attribute(resolve_scene, write_toml):
    r = overridden(
        resolve_scene, write_toml, '["scene-one".wave]\ncolour = "red"\nfunction = "sin(x)"\n'
    )
    assert lines(r) == [
        f"error: {SCENE}, object 'wave': override 'colour' is not an attribute of a FunctionPlot "
        "(one of color, function, label, parent, text, x_range)"
    ]


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ('function = "sin(x"', "override 'function': expected ',' or ')', found 'the end'"),
        ('function = "x.y"', "override 'function': unexpected '.' after the expression"),
        (
            "function = \"__import__('os')\"",
            "override 'function': only numbers and variables can take part in arithmetic",
        ),
        (
            "function = 3",
            """override 'function': must be an expression of x in a string, like "sin(x)\"""",
        ),
        ('function = "sin(x)…"', "override 'function': unexpected '…' after the expression"),
        ("label = 3", "override 'label': must be a string"),
        ('x_range = "(0, "', "override 'x_range': expected a value, found 'the end'"),
        ("x_range = {a = 1}", "override 'x_range': dict values are not allowed"),
        ("x_range = 1979-05-27", "override 'x_range': date values are not allowed"),
    ],
)
def test_bad_values_are_errors(resolve_scene, write_toml, toml, message):
    r = overridden(resolve_scene, write_toml, f'["scene-one".wave]\n{toml}\n')
    assert f"error: {SCENE}, object 'wave': {message}" in lines(r)
    assert not r.renderable


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("dashed = 1", "override 'dashed': must be true or false"),
        ("rows = 3", """override 'rows': must be a list of rows, like [["a", "b"], ["c", "d"]]"""),
        ("rows = [[1, 2]]", "override 'rows': every cell must be a string"),
        ("description = 'a Blob'", "unknown kind 'Blob'"),
    ],
)
def test_more_bad_values(resolve_scene, write_toml, toml, message):
    objects = {"f": AXES, "line": "a Line drawn in f", "t": 'a Table that says "a"'}
    target = "t" if "rows" in toml else "line"
    r = resolve_scene(objects, overrides=write_toml(f'["scene-one".{target}]\n{toml}\n'))
    assert any(message in line and f"object '{target}'" in line for line in lines(r)), lines(r)
    assert not r.renderable


# ---------------------------------------------------------------- what overrides supply


def test_a_function_makes_a_plot_resolvable(resolve_scene, write_toml):
    without = resolve_scene({"plane": AXES, "wave": PLOT})
    assert [d.severity for d in without.diagnostics] == [Severity.UNRESOLVED]
    assert without.scenes[0].broken == {"wave"}
    r = overridden(resolve_scene, write_toml, '["scene-one".wave]\nfunction = "sin(x)"\n')
    assert lines(r) == []
    assert r.scenes[0].broken == frozenset()
    spec = r.scenes[0].objects["wave"]
    assert isinstance(spec, FunctionPlotSpec)
    assert spec.function == FunctionValue(Call("sin", (Var("x"),)))
    assert (spec.color, spec.label, spec.parent) == ("blue", "sin", "plane")
    assert function_of(spec.function, {})(0.5) == pytest.approx(0.479425538604203)


@pytest.mark.parametrize("key", ["1", "Scene One", "scene-one"])
def test_a_scene_is_named_by_index_title_or_slug(resolve_scene, write_toml, key):
    r = overridden(resolve_scene, write_toml, f'["{key}".wave]\nfunction = "sin(x)"\n')
    assert lines(r) == []


def test_a_function_of_a_variable_needs_it_declared(resolve_scene, write_toml):
    r = overridden(resolve_scene, write_toml, '["scene-one".wave]\nfunction = "sin(x + phase)"\n')
    assert lines(r) == [
        f"warning: {SCENE}, object 'wave': uses 'phase', which is not a VariableNumber of this scene; "
        "it is left out (declare it as a VariableNumber or fix the name)"
    ]
    assert r.renderable and r.scenes[0].broken == {"wave"}
    ok = overridden(
        resolve_scene,
        write_toml,
        '["scene-one".wave]\nfunction = "sin(x + phase)"\n',
        {"plane": AXES, "wave": PLOT, "phase": "a VariableNumber"},
    )
    assert lines(ok) == []


def test_a_description_replaces_an_object(resolve_scene, write_toml):
    r = overridden(
        resolve_scene,
        write_toml,
        """["scene-one".wave]\ndescription = 'a Text [red] that says "replaced"'\n""",
    )
    assert r.scenes[0].objects["wave"] == TextSpec("wave", Kind.TEXT, color="red", text="replaced")
    assert lines(r) == []


def test_a_description_and_attributes_together(resolve_scene, write_toml):
    r = overridden(
        resolve_scene,
        write_toml,
        """["scene-one".wave]\ndescription = 'a FunctionPlot drawn in plane'\nfunction = """
        """"cos(x)"\n""",
    )
    spec = r.scenes[0].objects["wave"]
    assert spec.function == FunctionValue(Call("cos", (Var("x"),)))
    assert spec.color is None and spec.label is None
    assert lines(r) == []


def test_a_description_repairs_one_that_does_not_parse(resolve_scene, write_toml):
    objects = {"t": "a Blob that says 'x'"}
    assert [d.severity for d in resolve_scene(objects).diagnostics] == [Severity.WARNING]
    r = resolve_scene(
        objects, overrides=write_toml("""["1".t]\ndescription = 'a Text that says "x"'\n""")
    )
    assert lines(r) == []
    assert r.scenes[0].objects["t"] == TextSpec("t", Kind.TEXT, text="x")


def test_a_broken_override_description_says_so(resolve_scene, write_toml):
    r = resolve_scene(
        {"t": 'a Text that says "x"'}, overrides=write_toml("""["1".t]\ndescription = 'a Blob'\n""")
    )
    [line] = lines(r)
    assert line.startswith(f"error: {SCENE}, object 't': unknown kind 'Blob'")
    assert line.endswith("in 'a Blob' (fix the description in the overrides)")


def test_cut_values_supplied_in_the_lecture_notation(resolve_scene, write_toml):
    objects = {
        "f": "a Figure (x_range=(0, 5), y_range=(0, 2))",
        "gain": "a VariableNumber (initial_value=1.0)",
        "bar": "a Vector drawn in f (start=(0.9, 0.0), end=(0.9, (exp((gain * 0.1)) / (exp…)",
    }
    assert [d.severity for d in resolve_scene(objects).diagnostics] == [Severity.UNRESOLVED]
    r = resolve_scene(
        objects,
        overrides=write_toml("[\"1\".bar]\nend = '(0.9, exp(gain * 0.1) / exp(gain * 0.2))'\n"),
    )
    assert lines(r) == []
    assert r.scenes[0].objects["bar"].end == Tuple(
        (
            Num(0.9),
            BinOp(
                "/",
                Call("exp", (BinOp("*", Var("gain"), Num(0.1)),)),
                Call("exp", (BinOp("*", Var("gain"), Num(0.2)),)),
            ),
        )
    )


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        (2, Num(2.0)),
        (2.5, Num(2.5)),
        (True, Bool(True)),
        ([1, 2], Tuple((Num(1.0), Num(2.0)))),
        # strings are in the lecture's notation: a bare word is a variable
        ([[1, "a", "'b'"]], Tuple((Tuple((Num(1.0), Var("a"), Str("b"))),))),
        ("(1, 2)", Tuple((Num(1.0), Num(2.0)))),
        ("'quoted'", Str("quoted")),
    ],
)
def test_toml_values_become_lecture_values(raw, value):
    spec, _ = parse_description(KINDS, "a Figure", "f")
    changed, problems = apply(spec, {"aspect": raw}, Place(scene="S", object="f"))
    assert problems == []
    assert changed.aspect == value


def test_apply_reports_every_problem_and_keeps_the_good_changes():
    spec, _ = parse_description(KINDS, 'a Text that says "x"', "t")
    changed, problems = apply(
        spec, {"text": "y", "size": 3, "color": 4}, Place(scene="S", object="t")
    )
    assert changed.text == "y"
    assert changed.color is None
    assert [d.line() for d in problems] == [
        "error: scene 'S', object 't': override 'size' is not an attribute of a Text "
        "(one of color, label, parent, text)",
        "error: scene 'S', object 't': override 'color': must be a string",
    ]


def test_the_demo_needs_its_overrides(empty_overrides):
    assert read(DEMO, DEMO_OVERRIDES).of(Severity.UNRESOLVED) == []
    without = read(DEMO, empty_overrides)
    assert [(d.place.object, d.message) for d in without.of(Severity.UNRESOLVED)] == [
        ("wave", "its function was not recorded"),
        ("crest", "stands on 'wave', which is left out: its function was not recorded; it is left out too"),
    ]
    assert without.scenes[0].broken == {"wave", "crest"}


def test_paths_are_files_in_the_repository():
    assert Path(DEMO_OVERRIDES).is_file() and Path(TRANSFORMER_OVERRIDES).is_file()
