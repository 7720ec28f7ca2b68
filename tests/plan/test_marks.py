"""What is drawn inside an Axes, on the plan's boards: strokes listed by their footprint, the
numbers by their axis line, legends and labels clear of the marks."""

from __future__ import annotations

from itertools import combinations, pairwise

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lecturekit.boxes import Box
from lecturekit.kinds import KINDS
from lecturekit.kinds.geometry import PIECE_AREA, STROKE_HALF, _follow, footprint
from lecturekit.kinds.outline import Outline, ParentSpace
from lecturekit.model import load
from lecturekit.plan import plan_scene
from lecturekit.plan.legends import LEGEND_GAP, legend_place, legend_rows
from lecturekit.plan.placement import EDGE, LABEL_REACH, children_box
from lecturekit.plan.sampling import samples
from lecturekit.plan.settle import settle
from lecturekit.resolve import resolve
from lecturekit.syntax.nodes import FunctionValue
from lecturekit.syntax.parser import parse_expression
from lecturekit.theme import THEME
from tests.plan.conftest import SHOW

AXES = "an Axes (x_range=(-4, 4), y_range=(-3, 3))"


def board_items(plan, name=None):
    """The items of the plan's last board (of `name` when given)."""
    items = plan.boards[-1].items
    return [i for i in items if name is None or i.name == name]


def area(box: Box) -> float:
    return box.width * box.height


def test_a_stroke_is_listed_as_small_pieces_along_it(plan_tiny):
    plan = plan_tiny({"ax": AXES, "f": "a FunctionPlot drawn in ax (function=sin(2 * x) * 2)",
                      "v": "a Vector drawn in ax (start=(-4, -3), end=(4, 3))",
                      "flat": "a Line drawn in ax (start=(-4, 1), end=(4, 1))"},
                     [(0.5, SHOW.format("ax")), (1.0, SHOW.format("f")), (1.5, SHOW.format("v")),
                      (2.0, SHOW.format("flat"))])
    for name in ("f", "v", "flat"):
        pieces = board_items(plan, name)
        assert [p.piece for p in pieces] == list(range(len(pieces))) and len(pieces) > 1
        assert all(area(p.box) <= PIECE_AREA + 1e-9 for p in pieces)
    # a level stroke takes few pieces, a diagonal one more, a wavy one more still
    assert len(board_items(plan, "flat")) < len(board_items(plan, "v")) < len(board_items(plan, "f"))


def test_the_pieces_cover_the_stroke_and_their_hull_is_its_extent():
    path = [np.array([x, np.sin(x), 0.0]) for x in np.linspace(-3, 3, 400)]
    pieces = footprint([path])
    for point in path:
        assert any(p[0] <= point[0] <= p[2] and p[1] <= point[1] <= p[3] for p in pieces)
    hull = (min(p[0] for p in pieces), min(p[1] for p in pieces), max(p[2] for p in pieces), max(p[3] for p in pieces))
    assert hull == (-3 - STROKE_HALF, -1 - STROKE_HALF, 3 + STROKE_HALF, 1 + STROKE_HALF) or np.allclose(
        hull, (-3 - STROKE_HALF, -1 - STROKE_HALF, 3 + STROKE_HALF, 1 + STROKE_HALF), atol=1e-4)
    assert all((p[2] - p[0]) * (p[3] - p[1]) <= PIECE_AREA + 1e-9 for p in pieces)


def _whole_rest_footprint(paths: list, pad: float = STROKE_HALF) -> tuple:
    """`footprint` as first written: every piece looked for among all the points left."""
    found = []
    for path in paths:
        points = np.asarray(path, dtype=float)[:, :2]
        if len(points) == 0:
            continue
        points = _follow(points)
        start = 0
        while True:
            rest = points[start:]
            lo = np.minimum.accumulate(rest, axis=0) - pad
            hi = np.maximum.accumulate(rest, axis=0) + pad
            area = (hi[:, 0] - lo[:, 0]) * (hi[:, 1] - lo[:, 1])
            over = np.flatnonzero(area > PIECE_AREA)
            end = min(max(int(over[0]) - 1, 1) if len(over) else len(rest) - 1, len(rest) - 1)
            found.append((float(lo[end, 0]), float(lo[end, 1]), float(hi[end, 0]), float(hi[end, 1])))
            if start + end >= len(points) - 1:
                break
            start += end
    return tuple(found)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), length=st.integers(1, 400), step=st.sampled_from([1e-4, 0.01, 0.05, 0.3, 2.0]),
       paths=st.integers(1, 3))
def test_a_footprint_looked_for_in_windows_is_the_one_found_among_all_the_points(seed, length, step, paths):
    """`footprint` looks for each piece among a window of the points that doubles until it holds
    the piece; the pieces are those of looking among all the points left, on strokes of any
    length, smooth, jagged or still."""
    rng = np.random.default_rng(seed)
    strokes = [np.cumsum(rng.normal(0.0, step, (length, 3)), axis=0) for _ in range(paths)]
    assert footprint(strokes) == _whole_rest_footprint(strokes)


FRAME = ParentSpace(Box(-5.0, -3.0, 5.0, 3.0), (-3.0, 3.0), (-4.0, 4.0))


def graph(source: str) -> list[list]:
    return samples(FunctionValue(body=parse_expression(source)), {}, -3.0, 3.0, FRAME)


def test_a_step_function_breaks_at_its_steps_with_no_riser():
    for source, count in (("floor(x)", 6), ("ceil(x / 2)", 4), ("round(x)", 7), ("x % 1", 6), ("sign(x)", 2)):
        pieces = graph(source)
        assert len(pieces) == count, source
        for piece in pieces:
            xs = [p[0] for p in piece]
            ys = [p[1] for p in piece]
            assert xs == sorted(xs)
            # nothing in a piece climbs faster than the graph between its steps (slope 0 or 1)
            assert all(abs(b - a) <= 1.2 * (FRAME.box.height / 8) / (FRAME.box.width / 6) * (d - c) + 1e-6
                       for a, b, c, d in zip(ys, ys[1:], xs, xs[1:], strict=False)), source
        # the break is where the step is, to within a millionth
        ends = [piece[-1][0] for piece in pieces[:-1]]
        starts = [piece[0][0] for piece in pieces[1:]]
        assert all(0 < b - a < 1e-4 for a, b in zip(ends, starts, strict=True)), source


def test_a_steep_smooth_graph_does_not_break():
    for source in ("tanh(30 * x)", "x ** 3 / 9", "sin(8 * x) * 3"):
        pieces = graph(source)
        # it may turn sharply between samples, but each piece starts where the last one ends
        for before, after in pairwise(pieces):
            assert np.allclose(before[-1], after[0]), source
    assert len(graph("x ** 3 / 9")) == 1


def test_a_clamp_breaks_at_its_edges_into_pieces_that_meet():
    pieces = graph("clamp(x, 0, 2)")
    assert len(pieces) == 3
    for before, after in pairwise(pieces):
        assert np.allclose(before[-1], after[0], atol=0.05)


# ---------------------------------------------------------------- numbers


def numbers(plan, axis: str) -> dict[float, Box]:
    """The plan's numbers on one axis, on its last board: value -> box."""
    found = {}
    for item in board_items(plan):
        if item.kind == "ticks" and f"#{axis}=" in item.name:
            found[float(item.name.split("=")[1].replace("\N{MINUS SIGN}", "-"))] = item.box
    return found


def axis_plan(plan_tiny, axes: str, **children: str):
    objects = {"ax": axes, **{n: s.format(ax="ax") for n, s in children.items()}}
    does = [(0.5 + k * 0.2, SHOW.format(n)) for k, n in enumerate(objects)]
    return plan_tiny(objects, does)


def test_numbers_sit_by_their_axis_lines(plan_tiny):
    plan = axis_plan(plan_tiny, "an Axes (x_range=(-4, 4), y_range=(-3, 3), x_ticks_every=1, y_ticks_every=1)")
    frame = plan_frame(plan)
    xs, ys = numbers(plan, "x"), numbers(plan, "y")
    assert sorted(xs) == [-4, -3, -2, -1, 1, 2, 3, 4] and sorted(ys) == [-3, -2, -1, 1, 2, 3]  # none at the origin
    axis_y, axis_x = frame.point(0, 0)[1], frame.point(0, 0)[0]
    assert all(axis_y - 0.2 < box.y1 < axis_y and abs(box.center[0] - frame.point(x, 0)[0]) < 1e-6
               for x, box in xs.items())
    assert all(axis_x - 0.2 < box.x1 < axis_x and abs(box.center[1] - frame.point(0, y)[1]) < 1e-6
               for y, box in ys.items())


def test_with_0_outside_a_range_the_numbers_sit_by_the_bottom_and_left_edges(plan_tiny):
    plan = axis_plan(plan_tiny, "an Axes (x_range=(2, 8), y_range=(10, 20))")
    frame = plan_frame(plan)
    xs, ys = numbers(plan, "x"), numbers(plan, "y")
    assert xs and ys
    assert all(frame.box.y0 - 0.2 < box.y1 < frame.box.y0 for box in xs.values())
    assert all(frame.box.x0 - 0.2 < box.x1 < frame.box.x0 for box in ys.values())


def test_numbers_take_the_side_of_their_axis_no_mark_covers(plan_tiny):
    plan = axis_plan(plan_tiny, "an Axes (x_range=(-4, 4), y_range=(-3, 3), x_ticks_every=1, y_ticks_every=1)",
                     low="a FunctionPlot drawn in {ax} (function=-0.25 + 0 * x)",
                     left="a Line drawn in {ax} (start=(-0.3, -3), end=(-0.3, 3))")
    frame = plan_frame(plan)
    axis_x, axis_y, _ = frame.point(0, 0)
    assert all(box.y0 > axis_y for box in numbers(plan, "x").values())  # over the x axis
    assert all(box.x0 > axis_x for box in numbers(plan, "y").values())  # right of the y axis


def test_a_number_a_mark_covers_on_either_side_is_left_out(plan_tiny):
    plan = axis_plan(plan_tiny, "an Axes (x_range=(-4, 4), y_range=(-3, 3), x_ticks_every=1, y_ticks_every=1)",
                     wall="a Line drawn in {ax} (start=(2, -3), end=(2, 3))")
    assert sorted(numbers(plan, "x")) == [-4, -3, -2, -1, 1, 3, 4]


def test_crowded_numbers_are_thinned_to_every_2nd_or_5th(plan_tiny):
    plan = axis_plan(plan_tiny, "an Axes (x_range=(-1000, 1000), y_range=(0, 1), x_ticks_every=50)")
    xs = sorted(numbers(plan, "x").items())
    steps = {round(b - a) for (a, _), (b, _) in pairwise(xs) if a * b > 0}  # none at the origin
    assert len(steps) == 1 and steps.pop() in (100, 250, 500, 1000)
    assert all(b.x0 - a.x1 > 0.05 for (_, a), (_, b) in pairwise(xs))


def plan_frame(plan):


    figures = plan_figures(plan)
    return figures.space(plan.objects["ax"], plan.stays["ax"][-1].place.box)


def plan_figures(plan):
    from lecturekit.plan.items import Figures

    return Figures(plan.objects, plan.scene.anchors, plan.texts, plan.theme, plan.values_at(0).of)


def _span(draw) -> tuple[float, float]:
    """A range: tiny to huge, negative, or holding 0."""
    width = 10 ** draw(st.integers(-2, 4)) * draw(st.sampled_from([1.0, 2.5, 6.0]))
    where = draw(st.sampled_from(["around 0", "above 0", "below 0", "off 0"]))
    lo = {"around 0": -width * draw(st.sampled_from([0.1, 0.5, 0.9])), "above 0": width * 0.5,
          "below 0": -width * 3, "off 0": 0.0}[where]
    return round(lo, 6), round(lo + width, 6)


@st.composite
def axes_scenes(draw) -> dict[str, str]:
    (x0, x1), (y0, y1) = _span(draw), _span(draw)
    objects = {"ax": f"an Axes (x_range=({x0}, {x1}), y_range=({y0}, {y1}))"}
    w, h = x1 - x0, y1 - y0
    for k in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["line", "wave", "floor", "vector"]))
        a, b = draw(st.floats(0.05, 0.95)), draw(st.floats(0.05, 0.95))
        if kind == "vector":
            c, d = draw(st.floats(0.05, 0.95)), draw(st.floats(0.05, 0.95))
            objects[f"m{k}"] = (f"a Vector drawn in ax (start=({x0 + a * w:.6g}, {y0 + b * h:.6g}), "
                                f"end=({x0 + c * w:.6g}, {y0 + d * h:.6g}))")
            continue
        body = {"line": f"{y0 + a * h:.6g} + {(b - 0.5) * h / w:.6g} * (x - {x0:.6g})",
                "wave": f"{y0 + a * h:.6g} + {h * 0.3:.6g} * sin(6.28 * (x - {x0:.6g}) / {w * b:.6g})",
                "floor": f"{y0 + h * 0.1:.6g} + {h * 0.8 / 5:.6g} * floor(5 * (x - {x0:.6g}) / {w:.6g})"}[kind]
        objects[f"m{k}"] = f"a FunctionPlot drawn in ax (function={body})"
    return objects


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(objects=axes_scenes())
def test_any_axes_sets_its_numbers_by_its_lines_or_edges_apart_clear_of_its_marks_and_inside_the_frame(
        write_lecture, objects):
    path = write_lecture(objects, [(0.5 + k * 0.2, SHOW.format(n)) for k, n in enumerate(objects)])
    plan = plan_scene(resolve(load(path)).scenes[0], 15, path.parent)
    frame = plan_frame(plan)
    (x0, x1), (y0, y1) = frame.x_range, frame.y_range
    numbering = plan.numbering["ax"]  # by the axis line, or along the plot's edge where marks cover the line
    axis_x, axis_y, _ = frame.point(x0 if numbering.y_edge or not x0 <= 0 <= x1 else 0.0,
                                    y0 if numbering.x_edge or not y0 <= 0 <= y1 else 0.0)
    items = board_items(plan)
    numbers = [i for i in items if i.kind == "ticks"]
    marks = [i for i in items if i.parent == "ax" and i.kind not in ("ticks", "label", "legend")]
    safe = Box(*plan.theme.board.safe)
    assert numbers
    for n in numbers:
        box = n.box
        if "#x=" in n.name:  # just under or over the x axis line
            assert min(abs(box.y1 - axis_y), abs(box.y0 - axis_y)) < 0.15, n
        else:
            assert min(abs(box.x1 - axis_x), abs(box.x0 - axis_x)) < 0.15, n
        assert box.inside(safe), n
        assert all(box.intersection(m.box) <= 1e-6 for m in marks), n
    for a, b in combinations(numbers, 2):
        assert a.box.intersection(b.box) == 0.0, (a, b)


# ---------------------------------------------------------------- legends and labels


def test_legend_rows_wrap_into_two_then_shrink_then_take_more():
    sizes = [(2.0, 0.3)] * 3  # each entry needs its swatch (0.32) and text
    assert legend_rows(["a", "b", "c"], sizes, 8.0, 0.5) == ([["a", "b", "c"]], 1.0)
    assert legend_rows(["a", "b", "c"], sizes, 5.5, 0.5) == ([["a", "b"], ["c"]], 1.0)
    six = [(2.0, 0.3)] * 6
    assert legend_rows(list("abcdef"), six, 5.5, 0.5) == ([["a", "b", "c"], ["d", "e", "f"]], 0.5)
    assert legend_rows(list("abcdef"), six, 3.2, 0.5) == ([["a", "b"], ["c", "d"], ["e", "f"]], 0.5)


def test_a_legend_too_wide_for_its_axes_wraps_and_stays_inside(plan_tiny):
    for count, text in ((3, "graph {k} of four"), (6, "graph {k} of 4")):
        graphs = {f"g{k}": f'a FunctionPlot labelled "{text.format(k=k)}" drawn in {{ax}} (function=x / {k + 1})'
                  for k in range(count)}
        plan = axis_plan(plan_tiny, "an Axes (x_range=(-4, 4), y_range=(-3, 3), aspect=(1.0, 1.0))", **graphs,
                         note='a Text that says "' + "a long paragraph beside the axes " * 6 + '"')
        axes_box = plan.stays["ax"][-1].place.box
        plot = plan_frame(plan).box
        legend = [i for i in board_items(plan) if i.kind == "legend"]
        assert len(legend) == count
        rows = {round(i.box.center[1], 3) for i in legend}
        assert len(rows) >= 2, text  # too wide for one row at these sizes
        assert sum(i.box.width for i in legend) + LEGEND_GAP * (count - 1) > plot.width
        for item in legend:
            assert item.box.inside(axes_box) and item.box.inside(Box(*plan.theme.board.safe)), item
            assert plan.theme.sizes.minimum <= item.font <= plan.theme.sizes.label
        for a, b in combinations(legend, 2):
            assert a.box.intersection(b.box) == 0.0
        # the plot makes room for every row: no entry comes down into it
        assert all(i.box.y0 > plot.y1 for i in legend)


WORDS = ["Geschwindigkeit", "speed", "über", "Zeit", "скорость", "y = f(x)", "a", "Fläche unter der Kurve"]


@st.composite
def labelled_containers(draw) -> dict[str, str]:
    """A labelled Axes or Figure with labelled graphs and points in it, and maybe a paragraph
    beside it that leaves it less room."""
    label = " ".join(draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=4)))
    axes = draw(st.booleans())
    aspect = draw(st.sampled_from(["", ", aspect=(1, 1)", ", aspect=(3, 1)", ", aspect=(1, 2)"]))
    objects = {"ax": f'an {"Axes" if axes else "Figure"} labelled "{label}" (x_range=(-4, 4), y_range=(-3, 3){aspect})'}
    for k in range(draw(st.integers(0, 3)) if axes else 0):
        label = draw(st.sampled_from(WORDS))
        objects[f"g{k}"] = f'a FunctionPlot labelled "{label}" drawn in ax (function=x / {k + 1})'
    for k in range(draw(st.integers(0, 3))):
        x, y, label = draw(st.integers(-4, 4)), draw(st.integers(-3, 3)), draw(st.sampled_from(WORDS))
        objects[f"p{k}"] = f'a Point labelled "{label}" drawn in ax (location=({x}, {y}))'
    if draw(st.booleans()):
        objects["note"] = 'a Text that says "' + "a paragraph beside the figure " * draw(st.integers(1, 6)) + '"'
    return objects


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(objects=labelled_containers())
def test_a_labelled_axes_or_figure_lists_its_label_in_its_box_clear_of_everything_drawn(write_lecture, objects):
    path = write_lecture(objects, [(0.5 + k * 0.2, SHOW.format(n)) for k, n in enumerate(objects)])
    plan = plan_scene(resolve(load(path)).scenes[0], 15, path.parent)
    safe = Box(*plan.theme.board.safe)
    for board in plan.boards:
        container = [i for i in board.items if i.name == "ax"]
        if not container:
            continue
        (own,) = [i for i in board.items if i.name == "ax#label"]
        assert own.kind == "label" and own.of == "ax" and own.parent == "ax"
        assert plan.theme.sizes.minimum <= own.font <= plan.theme.sizes.label
        assert own.box.inside(container[0].box) and own.box.inside(safe), own
        plot = plan_figures(plan).space(plan.objects["ax"], container[0].box).box
        assert own.box.y0 > plot.y1, own  # above the plot
        for other in board.items:
            if other is not own and other is not container[0]:
                assert own.box.intersection(other.box) <= 1e-9, (own, other)


def test_an_axes_without_a_label_lists_none(plan_tiny):
    plan = axis_plan(plan_tiny, AXES, f='a FunctionPlot labelled "f" drawn in {ax} (function=x)')
    assert [i for i in board_items(plan) if i.of == "ax" and i.kind == "label"] == []


# ---------------------------------------------------------------- children past their plot


def test_a_child_that_goes_past_its_plot_widens_the_range_drawn_with_one_warning(plan_tiny):
    objects = {"ax": "an Axes (x_range=(0, 4), y_range=(0, 2), y_ticks_every=1)",
               "k": "a VariableNumber (initial_value=1.0)",
               "v": "a Vector drawn in ax (start=(0, 0), end=(k, k))",
               "p": "a Point drawn in ax (location=(k, 1))"}
    does = [(0.5, SHOW.format("ax")), (1.0, SHOW.format("v")), (1.2, SHOW.format("p")),
            (2.0, "k ticks to 3."), (2.0, "v is redrawn as the numbers it depends on change."),
            (2.0, "p is redrawn as the numbers it depends on change."),
            (4.0, "k ticks to 5."), (4.0, "v is redrawn as the numbers it depends on change."),
            (4.0, "p is redrawn as the numbers it depends on change.")]
    plan = plan_tiny(objects, does, warned=[
        "warning: scene 'Scene One', object 'ax': 'v' reaches (2.5, 2.5) at 2.000 s, outside its plot; "
        "x_range is drawn as (0.0, 5.25); y_range is drawn as (0.0, 6.0) "
        "(widen x_range and y_range of 'ax' to hold every child, or keep their numbers inside it)"])
    frame = plan_frame(plan)
    assert frame.x_range == (0.0, 5.25) and frame.y_range == (0.0, 6.0)
    for board in plan.boards:
        for item in board.items:
            if item.parent == "ax" and item.kind in ("Vector", "Point"):
                assert item.box.inside(Box(frame.box.x0 - 0.15, frame.box.y0 - 0.15,
                                           frame.box.x1 + 0.15, frame.box.y1 + 0.15)), (board.time, item)


def test_children_inside_their_plot_leave_its_range_alone(plan_tiny):
    plan = plan_tiny({"ax": "an Axes (x_range=(0, 4), y_range=(0, 2))",
                      "v": "a Vector drawn in ax (start=(0, 0), end=(4, 2))"},
                     [(0.5, SHOW.format("ax")), (1.0, SHOW.format("v"))])
    assert plan_frame(plan).x_range == (0.0, 4.0) and plan_frame(plan).y_range == (0.0, 2.0)


def clear_of_the_rest(plan, label: str) -> bool:
    """Whether `label` meets nothing else drawn in its parent (its own object aside)."""
    items = board_items(plan)
    [mine] = [i for i in items if i.name == label and i.kind in ("label", "Math")]
    return all(mine.box.intersection(i.box) <= 1e-6 for i in items
               if i.parent == mine.parent and i is not mine and i.name != mine.of)


def test_a_label_takes_the_first_spot_that_is_clear(plan_tiny):
    fig = "a Figure (x_range=(-2, 2), y_range=(-2, 2))"
    alone = plan_tiny({"fig": fig, "p": 'a Point labelled "P" drawn in fig (location=(0, 0))'},
                      [(0.5, SHOW.format("fig")), (1.0, SHOW.format("p"))])
    [up] = board_items(alone, "p#label")
    assert up.box.y0 > alone.stays["fig"][-1].place.box.center[1]  # above the point where nothing is
    roofed = plan_tiny({"fig": fig, "p": 'a Point labelled "P" drawn in fig (location=(0, 0))',
                        "roof": "a Line drawn in fig (start=(-2, 0.2), end=(2, 0.2))"},
                       [(0.5, SHOW.format("fig")), (1.0, SHOW.format("p")), (1.5, SHOW.format("roof"))])
    [moved] = board_items(roofed, "p#label")
    assert moved.box != up.box and clear_of_the_rest(roofed, "p#label")


def test_labels_keep_clear_of_numbers_and_of_each_other(plan_tiny):
    plan = axis_plan(plan_tiny, "an Axes (x_range=(-4, 4), y_range=(-3, 3), x_ticks_every=1, y_ticks_every=1)",
                     a='a Vector labelled "a" drawn in {ax} (start=(0, 0), end=(2, 0.1))',
                     b='a Vector labelled "b" drawn in {ax} (start=(0, 0), end=(2, -0.1))',
                     c='a Vector labelled "c" drawn in {ax} (start=(0, 0), end=(2.05, 0))',
                     o='a Point labelled "O" drawn in {ax} (location=(0, 0))')
    for label in ("a#label", "b#label", "c#label", "o#label"):
        assert clear_of_the_rest(plan, label), label


def test_a_label_near_the_frame_edge_stays_inside_the_safe_area(plan_tiny):
    plan = plan_tiny({"fig": "a Figure (x_range=(0, 1), y_range=(0, 1))",
                      "p": 'a Point labelled "a rather long name" drawn in fig (location=(1, 1))'},
                     [(0.5, SHOW.format("fig")), (1.0, SHOW.format("p"))])
    [label] = board_items(plan, "p#label")
    assert label.box.inside(Box(*plan.theme.board.safe))


def meets(a, b) -> float:
    w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


SAFE = (-6.0, -3.0, 6.0, 3.0)


def test_a_label_none_of_whose_spots_is_clear_takes_the_nearest_clear_place_by_its_figure():
    wall = tuple((x, -0.6, x + 0.3, 0.6) for x in np.arange(-1.2, 1.2, 0.3))  # a mark around the origin
    spots = ((-0.2, -0.1, 0.2, 0.1), (-0.2, 0.2, 0.2, 0.4))
    chosen = settle([("m", Outline(wall, marks=(("label", spots),)))], [], SAFE, bounds=(-2.0, -2.0, 2.0, 2.0)).places
    pick = chosen[("m", 0)]
    assert all(meets(pick, w) <= 1e-9 for w in wall)
    assert np.allclose((pick[2] - pick[0], pick[3] - pick[1]), (0.4, 0.2))  # its size
    assert abs(pick[1] + 0.1) == pytest.approx(0.7, abs=0.06)  # just above or under the mark: the nearest
    # no clear place in the figure's box: the nearest within the margin around it
    box = (-1.0, -0.5, 1.0, 0.5)
    chosen = settle([("m", Outline(wall, marks=(("label", spots),)))], [], SAFE, bounds=box, margin=0.35).places
    pick = chosen[("m", 0)]
    assert all(meets(pick, w) <= 1e-9 for w in wall)
    assert box[1] - 0.35 - 1e-9 <= pick[1] and pick[3] <= box[3] + 0.35 + 1e-9
    # none there either: the nearest clear place on the board away from where the others stand
    neighbour = (-1.0, 0.7, 1.0, 2.0)  # right over the wall, where the nearest place would be
    chosen = settle([("m", Outline(wall, marks=(("label", spots),)))], [], SAFE, bounds=box, margin=0.1,
                    beside=[neighbour]).places
    pick = chosen[("m", 0)]
    assert all(meets(pick, w) <= 1e-9 for w in wall) and meets(pick, neighbour) <= 1e-9
    assert pick[3] <= -0.6 + 1e-9  # under the wall: over it stands the neighbour
    # nowhere clear at all: the place within the margin that meets least, never farther out
    chosen = settle([("m", Outline(wall, marks=(("label", spots),)))], [], SAFE, bounds=box, margin=0.1,
                    beside=[SAFE]).places
    pick = chosen[("m", 0)]
    assert box[0] - 0.1 - 1e-9 <= pick[0] and box[1] - 0.1 - 1e-9 <= pick[1]
    assert pick[2] <= box[2] + 0.1 + 1e-9 and pick[3] <= box[3] + 0.1 + 1e-9


def test_labels_settle_clear_of_each_other_even_when_they_all_want_one_spot():
    spot = ((0.0, 0.0, 0.4, 0.3),)
    outlines = [(f"t{k}", Outline((), spots=spot)) for k in range(5)]
    chosen = list(settle(outlines, [], SAFE).places.values())
    assert chosen[0] == spot[0]
    assert all(meets(a, b) <= 1e-9 for a, b in combinations(chosen, 2))


def test_a_legend_entry_stays_where_its_row_sets_it_and_labels_keep_clear_of_it():
    entry = (1.0, 1.0, 2.0, 1.3)
    outlines = [("tag", Outline((), spots=((1.2, 1.0, 1.5, 1.3), (3.0, 1.0, 3.3, 1.3)))),  # declared first
                ("graph", Outline(((0.0, 0.0, 0.1, 0.1),), marks=(("legend", (entry,)),)))]
    chosen = settle(outlines, [], SAFE).places
    assert chosen[("graph", 0)] == entry
    assert chosen[("tag", -1)] == (3.0, 1.0, 3.3, 1.3)


def test_a_zero_length_line_and_the_math_beside_it_settle_apart(plan_tiny):
    plan = axis_plan(plan_tiny, "an Axes (x_range=(0, 2), y_range=(0, 2))",
                     ax_math1='a Math that says "$a$" drawn in {ax}',
                     ax_line1='a Line labelled "x_1" drawn in {ax} (start=(1.8, 1.8), end=(1.8, 1.8))')
    for label in ("ax_math1", "ax_line1#label"):
        assert clear_of_the_rest(plan, label), label


def test_numbers_keep_clear_of_the_legend(plan_tiny):
    # the x axis runs along the top of the plot; a graph covers the numbers under it, and the
    # legend over it the last of them
    plan = axis_plan(plan_tiny, "an Axes (x_range=(-3, 3), y_range=(-3, 0), x_ticks_every=1.5)",
                     f='a FunctionPlot labelled "origin" drawn in {ax} (function=-0.1 + 0 * x)')
    [entry] = [i for i in board_items(plan) if i.kind == "legend"]
    xs = numbers(plan, "x")
    assert xs and all(box.intersection(entry.box) == 0.0 for box in xs.values())
    assert 3.0 not in xs


def test_a_box_too_narrow_for_its_margins_keeps_its_plot_upright_and_a_dot_in_from_its_edges():
    axes = load_spec("an Axes (x_range=(0, 1), y_range=(0, 1))")
    for width in (0.2, 0.3, 0.6, 1.0, 3.0):
        box = Box(0.0, 0.0, width, 5.0)
        plot = children_box(box, axes, legend=2, captions=True)
        assert plot.x0 <= plot.x1 and plot.y0 <= plot.y1
        if width >= 2 * EDGE:
            assert plot.x0 >= EDGE - 1e-9 and plot.x1 <= width - EDGE + 1e-9
            assert plot.width >= min(width / 2, width - 2 * EDGE) - 1e-9
    roomy = children_box(Box(0.0, 0.0, 3.0, 5.0), axes)  # room enough: the margins as they are
    assert np.allclose((roomy.x0, roomy.y0, roomy.x1, roomy.y1), (0.45, 0.36, 3.0 - EDGE, 5.0 - EDGE))


def load_spec(text: str):
    from lecturekit.syntax.parser import parse_description

    return parse_description(KINDS, text, "ax")[0]


def test_a_narrow_axes_or_figure_keeps_its_marks_inside_its_box(plan_tiny):
    figure = plan_tiny({"fig": "a Figure (x_range=(-2, 2), y_range=(-1, 1), aspect=(1, 20))",
                        "v": "a Vector drawn in fig (start=(0, -1), end=(0, 1))",
                        "u": "a Vector drawn in fig (start=(-2, 0), end=(2, 1))",
                        "d": "a Point drawn in fig (location=(2, 0))"},
                       [(0.5, SHOW.format("fig")), (1.0, SHOW.format("v")), (1.2, SHOW.format("u")),
                        (1.5, SHOW.format("d"))])
    box = Box(1.0, -1.5, 1.15, 1.5)  # as a crowded board may leave it: narrower than two dots
    for item in plan_figures(figure).items("fig", box, {"v", "u", "d"}):
        assert item.box.inside(Box(box.x0 - 1e-6, box.y0 - 1e-6, box.x1 + 1e-6, box.y1 + 1e-6)), item
    plan = axis_plan(plan_tiny, "an Axes (x_range=(-4, -1), y_range=(-3, 1), aspect=(1, 20))",
                     f="a FunctionPlot drawn in {ax} (function=-1 + sin(x))",
                     d="a PlotPoint drawn in {ax} (target='f', x=-1)",
                     p="a Point drawn in {ax} (location=(-4, 1), marker_radius=0.5)",
                     v="a Vector drawn in {ax} (start=(-4, -3), end=(-1, 1))")
    box = plan.stays["ax"][-1].place.box
    assert box.width < 2 * 0.45  # narrower than the room an Axes keeps for its numbers
    marks = [i for i in board_items(plan) if i.parent == "ax" and i.kind not in ("ticks", "label", "legend")]
    assert {i.name for i in marks} == {"f", "d", "p", "v"}
    for item in marks:
        assert item.box.inside(Box(box.x0 - 1e-6, box.y0 - 1e-6, box.x1 + 1e-6, box.y1 + 1e-6)), item


def test_a_large_dot_at_the_edge_of_its_figure_stays_inside_its_box(plan_tiny):
    plan = plan_tiny({"fig": "a Figure (x_range=(0, 1), y_range=(0, 1))",
                      "big": "a Point drawn in fig (location=(1, 1), marker_radius=0.5)",
                      "mid": "a Point drawn in fig (location=(0.5, 0.5), marker_radius=0.5)"},
                     [(0.5, SHOW.format("fig")), (1.0, SHOW.format("big")), (1.5, SHOW.format("mid"))])
    box = plan.stays["fig"][-1].place.box
    [big], [mid] = board_items(plan, "big"), board_items(plan, "mid")
    assert big.box.inside(Box(box.x0 - 1e-6, box.y0 - 1e-6, box.x1 + 1e-6, box.y1 + 1e-6))
    assert mid.box.width == pytest.approx(1.2, abs=1e-3)  # the one in the middle as large as it may be
    assert big.box.width < mid.box.width


def test_a_legend_row_wider_than_a_narrow_plot_at_the_left_edge_stays_inside_the_safe_area():
    plot = Box(-5.9, -2.0, -5.7, 2.0)
    place = legend_place(plot, [["a"]], {"a": (1.0, 0.3)}, 1.0, SAFE)
    left, _, _ = place["a"]
    assert left - 0.32 == pytest.approx(SAFE[0])  # its swatch on the safe area's edge
    assert legend_place(Box(-2.0, -2.0, 2.0, 2.0), [["a"]], {"a": (1.0, 0.3)}, 1.0, SAFE)["a"][0] == (
        pytest.approx(2.0 - 1.0))  # right-aligned where it fits


def test_a_legend_row_wider_than_its_plot_is_centred_over_it_and_kept_inside_the_safe_area():
    """A row wider than its plot stands out evenly on both sides, into the room the layout keeps
    beside a Figure or Axes narrower than its widest text (`placement.room_for_texts`); it stood
    right-aligned, all of its overhang on the left, over the picture beside a 1:20 Figure."""
    plot = Box(-0.1, -2.0, 0.1, 2.0)
    left, _, _ = legend_place(plot, [["a"]], {"a": (1.0, 0.3)}, 1.0, SAFE)["a"]
    row = 0.32 + 1.0  # its swatch and its text
    assert left - 0.32 + row / 2 == pytest.approx(0.0)
    edge = Box(SAFE[2] - 0.2, -2.0, SAFE[2], 2.0)
    left, _, _ = legend_place(edge, [["a"]], {"a": (1.0, 0.3)}, 1.0, SAFE)["a"]
    assert left + 1.0 == pytest.approx(SAFE[2])  # moved in, its end on the safe area's edge


@pytest.mark.parametrize("beside", [False, True])
def test_a_label_that_stands_to_one_side_of_a_thin_axes_has_its_room_on_that_side(plan_tiny, beside):
    """A label wider than a 1:20 Axes, kept off its lines, stands wholly to one side of it (to the
    left where a Math stands on the right), not evenly on both: the room the layout keeps for it
    is on the side it takes (`plan.standing_out`), so the Axes, its label and the rest are seen
    centred as one. Room kept evenly left the board 0.03 (with the Math) to 0.08 of its width off
    the middle."""
    objects = {"ax": "an Axes (x_range=(-1, 3), y_range=(-1.5, 0.5), aspect=(1, 20))",
               "f": "a FunctionPlot drawn in ax (function=-0.5 + 0.6 * log10(abs(x - 1) + 1))",
               "p": 'a Point labelled "Okazaki fragment" drawn in ax (location=(1, -0.5))'}
    does = [(0.5, SHOW.format("ax")), (1.0, SHOW.format("p"))]
    if beside:
        objects["m"] = 'a Math that says "$a^2 + b^2 = c^2$"'
        does.append((2.0, SHOW.format("m")))
    plan = plan_tiny(objects, does)
    items = board_items(plan)
    axes, [label] = board_items(plan, "ax")[0].box, [i for i in items if i.name == "p#label"]
    assert label.box.x0 < axes.x0 - 0.5 or label.box.x1 > axes.x1 + 0.5  # wholly to one side
    seen = [i.box for i in items if i.parent is None or i.name == "p#label"]
    middle = (min(b.x0 for b in seen) + max(b.x1 for b in seen)) / 2
    assert middle == pytest.approx(0.0, abs=THEME.board.gap * LABEL_REACH)


def test_plot_points_on_a_plot_left_out_are_left_out_with_it(plan_tiny):
    """A stranger's plot whose description does not parse is left out, and the PlotPoints on it
    with it (`check` says so); planning its boards measured those points on the missing plot and
    failed with a KeyError before."""
    plan = plan_tiny({"ax": AXES, "f": "a FunctionPlot drawn in ax (function=lambda t cos(t))",
                      "p": "a PlotPoint [yellow] drawn in ax (target='f', x=0.5)",
                      "q": "a Point drawn in ax (location=(1, 1))"},
                     [(0.5, SHOW.format("ax")), (1.0, SHOW.format("f")), (1.5, SHOW.format("p")),
                      (2.0, SHOW.format("q"))],
                     warned=("warning: scene 'Scene One', object 'f': expected ':', found 'cos' in 'a FunctionPlot "
                             "drawn in ax (function=lambda t cos(t))'; it is left out (fix the description)",
                             "warning: scene 'Scene One', object 'p': stands on 'f', which is left out; it is left "
                             "out too (fix 'f')"))
    assert "p" not in plan.objects and "f" not in plan.objects
    assert {i.name for i in plan.boards[-1].items} >= {"ax", "q"}
    assert not any(i.name in ("f", "p") for b in plan.boards for i in b.items)


def test_a_math_drawn_in_a_figure_stands_at_the_location_the_lecture_gives(plan_tiny):
    """Strangers place a figure's formulas where they belong (`location=(x, y)`, as a Point's):
    each is centred there, in its parent's numbers, not guessed beside a sibling (five labels of
    a pendulum had all been put beside its one arrow), and one that follows a number moves."""
    plan = plan_tiny({"fig": "a Figure (x_range=(0, 4), y_range=(0, 4), aspect=(1, 1))",
                      "arrow": "a Vector drawn in fig (start=(0, 0), end=(4, 0))",
                      "k": "a VariableNumber (initial_value=1.0)",
                      "lab_a": "a Math [text] that says \"$theta$\" drawn in fig (location=(1.0, 3.0))",
                      "lab_b": "a Math [text] that says \"$L$\" drawn in fig (location=(3.0, 1.0))",
                      "lab_c": "a Math [text] that says \"$m g$\" drawn in fig (location=(k, 2.0))"},
                     [(0.5, SHOW.format("fig")), (1.0, SHOW.format("arrow")), (1.5, SHOW.format("lab_a")),
                      (1.6, SHOW.format("lab_b")), (1.7, SHOW.format("lab_c")), (3.0, "k ticks to 3.0."),
                      (3.0, "lab_c is redrawn as the numbers it depends on change.")])
    assert plan.scene.anchors == {}

    def centre(board, name):
        box = next(i.box for i in board.items if i.name == name)
        return (box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2

    before = next(b for b in plan.boards if any(i.name == "lab_c" for i in b.items))
    (ax, ay), (bx, by), (cx, cy) = (centre(before, n) for n in ("lab_a", "lab_b", "lab_c"))
    fig = next(i.box for i in before.items if i.name == "fig")
    assert ax < bx and ay > cy > by  # in board units y grows upwards: (1, 3) is high, (3, 1) low
    assert abs((bx - ax) - (ay - by)) < 1e-6  # a square figure: two units across are two units down
    assert abs(cx - ax) < 1e-6 and abs((bx - ax) / (fig.x1 - fig.x0) - 0.5) < 0.05
    after = [i for i in plan.items_at(plan.frames - 1) if i.name == "lab_c"]
    assert abs((after[0].box.x0 + after[0].box.x1) / 2 - bx) < 1e-6  # k went 1 -> 3: the formula went with it
