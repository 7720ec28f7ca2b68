"""Resolving: the real lecture end to end, and every fault a lecture can have, each reported with
its place (scene, object, action `#n at T s`) and never as a traceback."""

from __future__ import annotations

import math

import pytest

from lecturekit.diagnostics import Severity
from lecturekit.model import load
from lecturekit.resolve import MAX_OBJECTS, ResolvedLecture, resolve, slugify
from lecturekit.resolve.overrides import load_overrides
from lecturekit.sources import read
from lecturekit.syntax.evaluate import evaluate_number, evaluate_point, function_of
from lecturekit.syntax.nodes import FORMAT_KINDS, Show, Tick, TimedAction
from tests.conftest import DEMO, TRANSFORMER, TRANSFORMER_OVERRIDES, lecture_data, lines

TEXT = 'a Text that says "x"'
FIGURE = "a Figure (x_range=(0, 1), y_range=(0, 1))"
SHOW = "{} is shown on the screen, written out."
SCENE = "scene 'Scene One'"

# ---------------------------------------------------------------- the real lecture


def test_the_transformer_resolves_cleanly(transformer_resolved: ResolvedLecture):
    r = transformer_resolved
    assert len(r.scenes) == 6
    assert sum(len(s.objects) for s in r.scenes) == 152
    assert sum(len(s.actions) for s in r.scenes) == 481
    assert r.of(Severity.ERROR) == []
    assert r.of(Severity.WARNING) == []
    assert r.of(Severity.UNRESOLVED) == []
    assert (r.live_agreeing, r.live_recorded) == (57, 57)
    assert r.renderable
    assert all(s.broken == frozenset() for s in r.scenes)


def test_the_transformer_infers_three_tables_and_nineteen_labels(transformer_resolved):
    """The fourth table, `costs`, is cut inside its first row: its rows are in the overrides."""
    messages = [d.message for d in transformer_resolved.of(Severity.INFERRED)]
    assert sorted(m for m in messages if m.startswith("rows")) == [
        "rows recovered from its text: 3 rows of 5 cells",
        "rows recovered from its text: 5 rows of 4 cells",
        "rows recovered from its text: 5 rows of 5 cells",
    ]
    assert sum(m.startswith("placed beside") for m in messages) == 19
    assert len(messages) == 22


def test_the_transformer_scenes(transformer_resolved):
    scenes = transformer_resolved.scenes
    assert [s.slug for s in scenes] == [
        "where-recurrence-runs-out",
        "queries-keys-and-values",
        "many-heads-at-once",
        "where-the-words-sit",
        "the-encoder-and-decoder-stack",
        "why-this-architecture-won",
    ]
    assert [s.index for s in scenes] == [1, 2, 3, 4, 5, 6]
    assert [len(s.beats) for s in scenes] == [8, 17, 13, 11, 11, 12]
    assert [len(s.objects) for s in scenes] == [44, 32, 33, 18, 13, 12]
    assert [len(s.actions) for s in scenes] == [95, 108, 90, 75, 52, 61]
    assert scenes[0].start == 0.0
    assert scenes[-1].end == pytest.approx(1315.6095625)
    assert sum(s.duration for s in scenes) == pytest.approx(1315.6095625)


def test_actions_are_in_time_order_within_their_scene(transformer_resolved):
    for scene in transformer_resolved.scenes:
        times = [a.time for a in scene.actions]
        assert times == sorted(times)
        assert all(scene.start <= t <= scene.end for t in times)
        assert sorted(a.index for a in scene.actions) == list(range(1, len(scene.actions) + 1))


def test_the_first_action_of_the_lecture(transformer_resolved):
    first = transformer_resolved.scenes[0].actions[0]
    assert isinstance(first, TimedAction)
    assert first.action == Show("card")
    assert (first.index, first.beat) == (1, 0)
    assert first.source == "card is shown on the screen, written out."


def test_children_of_a_figure(transformer_resolved):
    chain = transformer_resolved.scenes[0]
    children = chain.children("chain")
    assert len(children) == 6 + 6 + 5 + 9 + 1 + 6  # feeds, inputs, links, points, signal, states
    assert all(chain.objects[c].parent == "chain" for c in children)


def test_without_the_overrides_the_gaps_are_reported(transformer, empty_overrides):
    r = read(transformer, empty_overrides)
    gaps = {(d.place.scene, d.place.object) for d in r.of(Severity.UNRESOLVED)}
    qkv, words = "Queries, Keys and Values", "Where the Words Sit"
    assert gaps == {
        (qkv, "bars"),
        (qkv, "bars_2"),
        (qkv, "bars_3"),
        (qkv, "bars_4"),
        (qkv, "drop"),
        (qkv, "shadow"),
        (words, "fast"),
        (words, "middle"),
        (words, "slow"),
        # the dots on the plots wait for them: gaps too, not faults
        (words, "dot_fast"),
        (words, "dot_middle"),
        (words, "dot_slow"),
    }
    assert len(r.of(Severity.UNRESOLVED)) == 12
    assert r.of(Severity.ERROR) == []
    (guess,) = r.of(Severity.WARNING)  # without its overrides, the costs table's rows are a named guess
    assert guess.place.object == "costs"
    assert guess.message.startswith("rows guessed from its text, taking it that a capitalised word starts a cell")
    assert r.scenes[1].broken == {"bars", "bars_2", "bars_3", "bars_4", "drop", "shadow"}
    assert r.scenes[3].broken == {"fast", "middle", "slow", "dot_fast", "dot_middle", "dot_slow"}
    by_object = {d.place.object: d.line() for d in r.of(Severity.UNRESOLVED)}
    assert by_object["bars"] == (
        "unresolved: scene 'Queries, Keys and Values', object 'bars': "
        "end was cut off after ' * 0.1)) + exp((gain * 1'… "
        '(set end in the overrides file (["queries-keys-and-values".bars]))'
    )
    assert by_object["fast"] == (
        "unresolved: scene 'Where the Words Sit', object 'fast': its function was not recorded "
        '(set function = "..." (an expression of x) in the overrides file '
        '(["where-the-words-sit".fast]))'
    )
    assert by_object["dot_fast"] == (
        "unresolved: scene 'Where the Words Sit', object 'dot_fast': stands on 'fast', which is left out: "
        "its function was not recorded; it is left out too (fix 'fast')"
    )


def test_the_default_overrides_are_found_by_slug(transformer):
    r = read(transformer)
    assert r.of(Severity.UNRESOLVED) == []


def test_the_overridden_values_evaluate(transformer_resolved):
    qkv = transformer_resolved.scenes[1]
    gain = evaluate_number(qkv.objects["gain"].initial_value, {})
    heights = [
        evaluate_point(qkv.objects[b].end, {"gain": gain})[1]
        for b in ("bars", "bars_2", "bars_3", "bars_4")
    ]
    assert sum(heights) == pytest.approx(1.0)
    qang = 0.9
    env = {"qang": qang}
    q = (2 * math.cos(qang), 2 * math.sin(qang))
    shadow = evaluate_point(qkv.objects["shadow"].end, env)
    # the shadow is the projection of q onto k_river: q minus it is orthogonal to k_river
    k = (1.9, 0.55)
    assert (q[0] - shadow[0]) * k[0] + (q[1] - shadow[1]) * k[1] == pytest.approx(0.0, abs=1e-12)
    assert evaluate_point(qkv.objects["drop"].end, env) == shadow
    words = transformer_resolved.scenes[3]
    fast = function_of(words.objects["fast"].function, {"place": 6.0})
    slow = function_of(words.objects["slow"].function, {"place": 6.0})
    assert fast(1.0) == pytest.approx(math.sin(1.0))
    assert slow(1.0) == pytest.approx(math.sin(1.0 / 10000 ** (128 / 512)))


def test_the_demo_resolves_cleanly():
    r = read(DEMO)
    assert r.diagnostics and all(d.severity is Severity.INFERRED for d in r.diagnostics)
    assert {s.kind for sc in r.scenes for s in sc.objects.values()} == set(FORMAT_KINDS)
    assert (r.live_agreeing, r.live_recorded) == (6, 6)


def test_the_lecture_file_is_read_in_place():
    assert load(TRANSFORMER).folder == TRANSFORMER.resolve().parent
    assert TRANSFORMER_OVERRIDES.is_file()


# ---------------------------------------------------------------- faults, one at a time


@pytest.mark.parametrize(
    ("objects", "does", "expected"),
    [
        (
            {"a": 'a Blob that says "x"'},
            [],
            [
                f"warning: {SCENE}, object 'a': unknown kind 'Blob' (known: Title, Heading, Panel, "
                "Block, Text, Math, Derivation, Table, Figure, Axes, Vector, Line, Point, "
                "FunctionPlot, PlotPoint, Image, VariableNumber) in 'a Blob that says \"x\"'; "
                "it is left out (fix the description)"
            ],
        ),
        (
            {"a": TEXT},
            [(1.0, "a dances.")],
            [
                f"warning: {SCENE}, action #1 at 1.000 s: 'dances' is not an action this format "
                "knows (shown, hidden, moves, emphasized, indicated, box, ticks to, redrawn) "
                "in 'a dances.'; it is left out (fix the action)"
            ],
        ),
        (
            {"a": TEXT},
            [(1.0, SHOW.format("a")), (2.5, SHOW.format("b"))],
            [
                f"warning: {SCENE}, object 'b', action #2 at 2.500 s: names an object this scene "
                "does not have; it is left out (fix the name)"
            ],
        ),
        (
            {"a": TEXT, "v": "a Vector drawn in a (end=(1, 1))"},
            [],
            [
                f"warning: {SCENE}, object 'v': is drawn in 'a', a Text; only Figures and Axes hold "
                "objects; it is left out (draw it in a Figure or Axes)"
            ],
        ),
        (
            {"v": "a Vector drawn in f (end=(1, 1))"},
            [],
            [f"warning: {SCENE}, object 'v': is drawn in 'f', which this scene does not have; it is left out "
             "(fix the name)"],
        ),
        (
            {"v": "a Vector (end=(1, 1))"},
            [],
            [
                f"warning: {SCENE}, object 'v': a Vector must be drawn in a Figure or Axes; it is left out "
                "(add 'drawn in NAME')"
            ],
        ),
        (
            {
                "f": "an Axes",
                "l": "a Line drawn in f",
                "p": "a PlotPoint drawn in f (target='l', x=0.5)",
            },
            [],
            [f"warning: {SCENE}, object 'p': target='l' must name a FunctionPlot of this scene; it is left out "
             "(fix the target)"],
        ),
        (
            {"f": "an Axes", "p": "a PlotPoint drawn in f (x=0.5)"},
            [],
            [f"warning: {SCENE}, object 'p': target='' must name a FunctionPlot of this scene; it is left out "
             "(fix the target)"],
        ),
        (
            {"f": FIGURE, "p": "a Point drawn in f (location=(k + 1, 1))"},
            [],
            [
                f"warning: {SCENE}, object 'p': uses 'k', which is not a VariableNumber of this "
                "scene; it is left out (declare it as a VariableNumber or fix the name)"
            ],
        ),
        (
            {"f": FIGURE, "p": "a Point drawn in f (location=(<VariableNumber k = 2.0>, 1))"},
            [],
            [
                f"warning: {SCENE}, object 'p': uses 'k', which is not a VariableNumber of this "
                "scene; it is left out (declare it as a VariableNumber or fix the name)"
            ],
        ),
        (
            {"d": 'a Derivation that says "$a &= b \\ c &= d$"'},
            [(1.0, SHOW.format("d")), (2.0, SHOW.format("d")), (3.0, SHOW.format("d"))],
            [f"warning: {SCENE}, object 'd': is shown 3 times but has 2 lines"],
        ),
        (
            {"t": "a Table that says \"a b c d\" (rows=(('a', 'b'), ('c', 'd')), header=True)"},
            [(1.0, SHOW.format("t"))] * 3,
            [f"warning: {SCENE}, object 't': is shown 3 times but has 2 rows"],
        ),
        (
            {"a": TEXT},
            [(1.0, "a ticks to 3.")],
            [f"warning: {SCENE}, object 'a', action #1 at 1.000 s: only a VariableNumber ticks; it is left out "
             "(name a VariableNumber)"],
        ),
        (
            {"v": "a VariableNumber (initial_value=1.0)"},
            [(1.0, SHOW.format("v"))],
            [
                f"warning: {SCENE}, object 'v', action #1 at 1.000 s: "
                "a VariableNumber is never shown; this action does nothing"
            ],
        ),
        (
            {"v": "a VariableNumber", "f": "a Figure (x_range=(0, 2), y_range=(0, 2))",
         "p": "a Point drawn in f (location=(v, 1))"},  # inside its plot all along (no widening to report)
            [(1.0, "p is redrawn as the numbers it depends on change.")],
            [
                f"warning: {SCENE}, object 'p', action #1 at 1.000 s: "
                "is redrawn but none of its numbers ticks at that time"
            ],
        ),
        (
            {"f": FIGURE, "g": FIGURE, "p": "a Point drawn in f"},
            [
                (1.0, SHOW.format("f")),
                (1.5, "p is shown on the screen, grown."),
                (2.0, "p is hidden from the screen — g left the board."),
            ],
            [
                f"warning: {SCENE}, object 'p', action #3 at 2.000 s: "
                "leaves because 'g' left, but it is not drawn in it"
            ],
        ),
        (
            {"a": "a Table that says \"a b\" (rows=(('a', 'b'),))"},
            [(1.0, "a: enter:write-left-to-right.")],
            [
                f"warning: {SCENE}, object 'a', action #1 at 1.000 s: style hint 'enter:write-left-to-right' "
                "is used only on a Title, Heading, Panel, Block, Text, Math, VariableNumber, not on a Table"
            ],
        ),
        (
            {"t": "a Table that says \"a b c d\" (rows=(('a', 'b'), ('c', 'd')), header=True)"},
            [
                (1.0, SHOW.format("t")),
                (1.0, SHOW.format("t")),
                (2.0, 't (the "row=3" part) is emphasized.'),
                (3.0, 't (the "column=3" part) is indicated — a transient flash.'),
            ],
            [
                f"warning: {SCENE}, object 't', action #3 at 2.000 s: names row 3, but the table "
                "has 2 rows",
                f"warning: {SCENE}, object 't', action #4 at 3.000 s: "
                "names column 3, but the table has 2 columns",
            ],
        ),
        (
            {"a": TEXT},
            [(1.0, 'a (the "row=1" part) is emphasized.')],
            [
                f"warning: {SCENE}, object 'a', action #1 at 1.000 s: rows and columns are parts "
                "of a Table only"
            ],
        ),
        (
            {"m": 'a Math that says "$V = V$"'},
            [
                (1.0, 'm (the "V#2" part) is emphasized.'),
                (2.0, 'm (the "V#3" part) is emphasized.'),
            ],
            [
                f"warning: {SCENE}, object 'm', action #2 at 2.000 s: "
                "occurrence 3 of 'V' is not in its text; the whole object is emphasised"
            ],
        ),
        (
            {"m": 'a Math that says "$x$"'},
            [(1.0, 'm (the "y" part) is emphasized.')],
            [
                f"warning: {SCENE}, object 'm', action #1 at 1.000 s: "
                "'y' is not in its text; the whole object is emphasised"
            ],
        ),
        (
            {"a": TEXT},
            [(11.0, SHOW.format("a"))],
            [
                f"warning: {SCENE}, object 'a', action #1 at 11.000 s: "
                "is outside the scene (0.000-10.000 s); it is left out (fix its time)"
            ],
        ),
        (
            {"a": TEXT},
            [
                (1.0, SHOW.format("a")),
                (2.0, SHOW.format("a")),
                (3.0, "a is hidden from the screen."),
            ],
            [
                f"warning: {SCENE}, object 'a', action #2 at 2.000 s: is shown while already on "
                "the board"
            ],
        ),
        (
            {"a": TEXT},
            [(1.0, "a is hidden from the screen — left the board.")],
            [
                f"warning: {SCENE}, object 'a', action #1 at 1.000 s: is hidden but is not on the "
                "board"
            ],
        ),
        (
            {"f": FIGURE, "p": "a Point drawn in f"},
            [(1.0, "p is shown on the screen, grown.")],
            [f"warning: {SCENE}, object 'p', action #1 at 1.000 s: is shown before its parent 'f'"],
        ),
        (
            {"a b": TEXT},
            [],
            [f"warning: {SCENE}, object 'a b': object names are letters, digits and underscores; it is left "
             "out (rename it)"],
        ),
        (
            {"a": 'a Text that says "x" (size=3)'},
            [],
            [f"warning: {SCENE}, object 'a': a Text has no parameter 'size'; it is ignored"],
        ),
        (
            {"t": 'a Table that says "a b c"'},
            [(1.0, SHOW.format("t"))],
            [
                f"unresolved: {SCENE}, object 't': its rows were cut off and the TEXT does not "
                'determine them (write them in the overrides: under ["scene-one".t], rows = [[…], …])'
            ],
        ),
        (
            {"t": 'a Table that says "a b c" (rows=((\'x…)'},
            [(1.0, SHOW.format("t"))],
            [
                f"unresolved: {SCENE}, object 't': its rows were cut off and the TEXT does not "
                'determine them (write them in the overrides: under ["scene-one".t], rows = [[…], …])'
            ],
        ),
        (
            {"t": "a Table that says \"a b c\" (rows=(('a', 'b'), ('c',)))"},
            [],
            [f"warning: {SCENE}, object 't': its rows have different numbers of cells"],
        ),
        (
            {"f": "an Axes", "w": "a FunctionPlot drawn in f"},
            [],
            [
                f"unresolved: {SCENE}, object 'w': its function was not recorded "
                '(set function = "..." (an expression of x) in the overrides file '
                '(["scene-one".w]))'
            ],
        ),
        (
            {"f": FIGURE, "v": "a Vector drawn in f (end=(1.0, 2…)"},
            [],
            [
                f"unresolved: {SCENE}, object 'v': end was cut off after '(1.0, 2'… "
                '(set end in the overrides file (["scene-one".v]))'
            ],
        ),
    ],
)
def test_each_fault_is_one_line_with_its_place(resolve_scene, objects, does, expected):
    assert lines(resolve_scene(objects, does)) == expected


@pytest.mark.parametrize(
    ("live", "expected"),
    [
        (["b", "a"], "the recorded live list has ['a'], which the actions do not show"),
        ([], "the recorded live list does not have ['b']"),
        (["c"], "the actions put ['b'] on the board but the recorded live list has ['c']"),
    ],
)
def test_a_live_list_that_disagrees(resolve_scene, live, expected):
    beats = [
        {"start": 0.0, "live": [], "does": [[1.0, SHOW.format("b")]]},
        {"start": 5.0, "live": live, "does": []},
    ]
    r = resolve_scene({"a": TEXT, "b": TEXT, "c": TEXT}, beats=beats)
    assert lines(r) == [f"warning: {SCENE}, action beat 2 at 5.000 s: {expected}"]
    assert (r.live_agreeing, r.live_recorded) == (1, 2)


def test_live_lists_leave_out_derivations_and_tables_and_count_children(resolve_scene):
    objects = {
        "d": 'a Derivation that says "$a$"',
        "f": FIGURE,
        "p": "a Point drawn in f",
    }
    beats = [
        {
            "start": 0.0,
            "live": [],
            "does": [[0.5, SHOW.format("d")], [1.0, SHOW.format("f")], [1.5, SHOW.format("p")]],
        },
        {
            "start": 2.0,
            "live": ["f", "p"],
            "does": [
                [3.0, "p is hidden from the screen — f left the board."],
                [3.0, "f is hidden from the screen — left the board."],
            ],
        },
        {"start": 4.0, "live": [], "does": []},
        {"start": 5.0, "live": None, "does": []},
    ]
    r = resolve_scene(objects, beats=beats)
    assert lines(r) == []
    assert (r.live_agreeing, r.live_recorded) == (3, 3)


def test_a_tick_and_its_redraw_at_the_same_time_are_quiet(resolve_scene):
    r = resolve_scene(
        {"v": "a VariableNumber", "f": "a Figure (x_range=(0, 2), y_range=(0, 2))",
         "p": "a Point drawn in f (location=(v, 1))"},  # inside its plot all along (no widening to report)
        [
            (0.5, SHOW.format("f")),
            (0.6, SHOW.format("p")),
            (1.0, "v ticks to 2."),
            (1.0, "p is redrawn as the numbers it depends on change."),
        ],
    )
    assert lines(r) == []
    assert [type(a.action) for a in r.scenes[0].actions][2] is Tick


def test_a_dot_on_a_graph_is_redrawn_when_the_graphs_number_ticks(resolve_scene):
    r = resolve_scene(
        {"v": "a VariableNumber", "w": "a VariableNumber", "ax": "an Axes (x_range=(0, 2), y_range=(-2, 2))",
         "g": "a FunctionPlot drawn in ax (function=sin(x + w))",
         "d": "a PlotPoint drawn in ax (target='g', x=clamp(v, 0, 2))"},  # its own number, and its graph's
        [
            (0.5, SHOW.format("ax")),
            (0.6, SHOW.format("g")),
            (0.7, SHOW.format("d")),
            (1.0, "w ticks to 1."),
            (1.0, "g is redrawn as the numbers it depends on change."),
            (1.0, "d is redrawn as the numbers it depends on change."),
        ],
    )
    assert lines(r) == []


def test_a_gap_between_scenes_is_a_warning(write_json):
    data = lecture_data({"a": TEXT})
    first = data["publication"]["watch"]["scenes"][0]
    second = {
        **first,
        "title": "Two",
        "start": 12.0,
        "end": 20.0,
        "beats": [{"start": 12.0, "does": []}],
    }
    data["publication"]["watch"]["scenes"].append(second)
    r = resolve(load(write_json(data)))
    assert lines(r) == [
        "warning: scene 'Two': starts at 12.000 s but the scene before ends at 10.000 s"
    ]


def test_too_many_objects_is_an_error(resolve_scene):
    objects = {f"t{i}": TEXT for i in range(MAX_OBJECTS + 1)}
    r = resolve_scene(objects)
    assert lines(r) == [
        f"error: {SCENE}: has {MAX_OBJECTS + 1} objects; at most {MAX_OBJECTS} are allowed"
    ]
    assert not r.renderable


def test_a_broken_object_is_left_out_and_its_actions_are_quiet(resolve_scene):
    beats = [
        {"start": 0.0, "live": [], "does": [[1.0, SHOW.format("a")], [2.0, SHOW.format("b")]]},
        {"start": 3.0, "live": ["a", "b"], "does": []},
    ]
    r = resolve_scene({"a": "a Blob", "b": TEXT}, beats=beats)
    assert [(d.severity, d.place.object) for d in r.diagnostics] == [(Severity.WARNING, "a")]
    assert r.diagnostics[0].message.endswith("; it is left out")
    assert set(r.scenes[0].objects) == {"b"}
    assert [a.action.object for a in r.scenes[0].actions] == ["b"]
    assert (r.live_agreeing, r.live_recorded) == (2, 2)  # the live list is not faulted for it
    assert r.renderable and not r.passes(strict=True)


@pytest.mark.parametrize(
    ("objects", "expected", "broken"),
    [
        (
            {"f": "a Figur", "p": "a Point drawn in f"},
            [
                f"warning: {SCENE}, object 'f': unknown kind 'Figur' (known: Title, Heading, Panel, Block, Text, "
                "Math, Derivation, Table, Figure, Axes, Vector, Line, Point, FunctionPlot, PlotPoint, Image, "
                "VariableNumber) in 'a Figur'; it is left out (fix the description)",
                f"warning: {SCENE}, object 'p': is drawn in 'f', which is left out; it is left out too (fix 'f')",
            ],
            {"p"},
        ),
        (
            {"f": "a Figure (x_range=(0, 1 / 0))", "p": "a Point drawn in f", "q": "a Point drawn in f"},
            [
                f"warning: {SCENE}, object 'f': x_range cannot be evaluated: division by zero; it is left out "
                "(fix the expression)",
                f"warning: {SCENE}, object 'p': is drawn in 'f', which is left out: its x_range cannot be evaluated: "
                "division by zero; it is left out too (fix 'f')",
                f"warning: {SCENE}, object 'q': is drawn in 'f', which is left out: its x_range cannot be evaluated: "
                "division by zero; it is left out too (fix 'f')",
            ],
            {"f", "p", "q"},
        ),
        (
            {"k": "a VariableNumber (initial_value=sqrt(-1))", "f": FIGURE,
             "p": "a Point drawn in f (location=(k, 1))"},
            [
                f"warning: {SCENE}, object 'k': initial_value: sqrt(-1) is not defined: sqrt needs a number ≥ 0; "
                "it is left out "
                "(fix the initial_value)",
                f"warning: {SCENE}, object 'p': uses 'k', which is left out: its initial_value cannot be evaluated: "
                "sqrt(-1) is not defined: sqrt needs a number ≥ 0; it is left out too (fix 'k')",
            ],
            {"k", "p"},
        ),
        (
            {"f": "an Axes", "t": TEXT, "w": "a FunctionPlot drawn in t",
             "d": "a PlotPoint drawn in f (target='w', x=0.5)"},
            [
                f"warning: {SCENE}, object 'w': is drawn in 't', a Text; only Figures and Axes hold objects; "
                "it is left out (draw it in a Figure or Axes)",
                f"unresolved: {SCENE}, object 'w': its function was not recorded (set function = \"...\" (an "
                'expression of x) in the overrides file (["scene-one".w]))',
                f"warning: {SCENE}, object 'd': stands on 'w', which is left out: it is drawn in 't', a Text; "
                "only Figures and Axes hold objects; it is left out too (fix 'w')",
            ],
            {"w", "d"},
        ),
        (
            {"f": FIGURE, "p": "a Point drawn in f (location=5)"},
            [
                f"warning: {SCENE}, object 'p': location cannot be evaluated: must be a pair of numbers (x, y); "
                "it is left out (fix the expression)"
            ],
            {"p"},
        ),
    ],
)
def test_what_depends_on_a_left_out_object_is_left_out_too(resolve_scene, objects, expected, broken):
    r = resolve_scene(objects)
    assert lines(r) == expected
    assert r.scenes[0].broken == broken
    assert r.renderable


def test_a_value_that_fails_after_a_tick_is_held_at_its_last_good_value(resolve_scene):
    objects = {
        "x": "a VariableNumber (initial_value=4.0)",
        "w": "a VariableNumber (initial_value=1.0)",
        "f": "a Figure (x_range=(-2, 4), y_range=(0, 4))",  # holds 'fine' all along
        "p": "a Point drawn in f (location=(3, 1 + sqrt(x)))",
        "q": "a Point drawn in f (location=(1, 1 / w))",
        "fine": "a Point drawn in f (location=(x, 1))",
    }
    does = [
        (1.0, "x ticks to -1."),
        (2.0, "x ticks to 2."),
        (3.0, "x ticks to -2."),  # fails again: one warning an object is enough
        (4.0, "w ticks to 0."),
        (4.0, "w ticks to 2."),  # the numbers at 4 s end on w = 2, which evaluates
        (5.0, "w ticks to 0."),
    ]
    r = resolve_scene(objects, does)
    assert lines(r) == [
        f"warning: {SCENE}, object 'p': location cannot be evaluated at 1.000 s: "
        "sqrt(-1) is not defined: sqrt needs a number ≥ 0; it is drawn at its last good value "
        "(keep the numbers it uses where it is defined)",
        f"warning: {SCENE}, object 'q': location cannot be evaluated at 5.000 s: division by zero; "
        "it is drawn at its last good value (keep the numbers it uses where it is defined)",
    ]
    assert r.scenes[0].broken == frozenset()


KITCHEN_SINK = {
    "bad": "a Blob",
    "f": FIGURE,
    "t": TEXT,
    "v": "a Vector drawn in t (end=(1, 1))",
    "p": "a PlotPoint drawn in f (target='t')",
    "q": "a Point drawn in f (location=(nope, 1))",
    "d": 'a Derivation that says "$a$"',
    "w": "a FunctionPlot drawn in f",
    "x y": TEXT,
}


def test_many_faults_at_once_are_all_reported_with_their_places(resolve_scene):
    does = [
        (1.0, "t dances."),
        (2.0, SHOW.format("ghost")),
        (3.0, SHOW.format("d")),
        (4.0, SHOW.format("d")),
        (5.0, "t ticks to 1."),
        (20.0, SHOW.format("t")),
    ]
    r = resolve_scene(KITCHEN_SINK, does, live=["t"])
    assert r.renderable and not r.passes(strict=True)
    assert r.of(Severity.ERROR) == []
    found = lines(r)
    assert len(found) == len(r.diagnostics) >= 10
    assert all(d.place.scene == "Scene One" for d in r.diagnostics)
    assert all(d.place.object or d.place.action for d in r.diagnostics)
    assert any("action #1 at 1.000 s" in line for line in found)
    assert any("object 'ghost', action #2 at 2.000 s" in line for line in found)
    assert "Traceback" not in "\n".join(found)
    assert r.scenes[0].broken == {"v", "p", "q", "w"}


def test_slugify():
    assert slugify("Queries, Keys and Values") == "queries-keys-and-values"
    assert slugify("  ¿¡!  ") == "scene"
    assert len(slugify("x" * 200)) == 80


def test_overrides_apply_to_one_scene_only(resolve_scene, write_toml):
    r = resolve_scene({"t": TEXT}, overrides=write_toml('["scene-one".t]\ntext = "changed"\n'))
    assert r.scenes[0].objects["t"].text == "changed"
    assert lines(r) == []


def test_resolving_twice_gives_the_same_result(transformer):
    lecture = load(transformer)
    overrides = load_overrides(TRANSFORMER_OVERRIDES)
    assert resolve(lecture, overrides) == resolve(lecture, overrides)
