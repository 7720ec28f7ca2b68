"""Builders: every kind builds from the demo's plan and lands on the board when the plan says it
is there; a picture that cannot be read becomes a placeholder; texts fill their planned boxes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from manim import ImageMobject, Mobject, VMobject

from lecturekit.boxes import Box
from lecturekit.kinds import kind_def
from lecturekit.model import load
from lecturekit.plan import plan_lecture, plan_scene
from lecturekit.plan.scene_plan import LecturePlan, ScenePlan
from lecturekit.render import manim_config
from lecturekit.render.builders import smoothly
from lecturekit.render.painters import paint_text
from lecturekit.render.stage import Stage
from lecturekit.render.typst_mobject import LabelledTypst
from lecturekit.resolve import resolve
from lecturekit.settings import PRESETS, Quality
from lecturekit.sources import read
from lecturekit.syntax.nodes import Hide, Kind, Show
from tests.conftest import DEMO, lecture_data

FPS = 15
#: How far a text's glyphs may reach past its planned box, in units.
SLACK = 0.05


@pytest.fixture(scope="module", autouse=True)
def manim(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    with manim_config(PRESETS[Quality.l], FPS, tmp_path_factory.mktemp("media")):
        yield


@pytest.fixture(scope="module")
def demo() -> LecturePlan:
    return plan_lecture(read(DEMO), FPS)


def drawn_somehow(mobject: Mobject) -> bool:
    return any(m.has_points() or isinstance(m, ImageMobject) for m in mobject.get_family())


@dataclass
class Check:
    """The board at one frame: what the plan says is shown and what the stage has built."""

    scene: ScenePlan
    frame: int
    shown: set[str]
    live: dict[str, Mobject]
    on_root: set[str]
    revealed: dict[str, tuple[int, int]]
    values: dict[str, float]
    extra: dict[str, object]


def checkpoints(scene: ScenePlan) -> list[int]:
    """The end of every beat (the frame before the next beat's first cue) and the frame before
    every leaving, so each object is seen while it is on the board."""
    firsts = []
    for b in range(1, len(scene.scene.beats)):
        own = {a.index for a in scene.scene.actions if a.beat == b}
        frames = [c.frame for c in scene.cues if c.index in own]
        if frames:
            firsts.append(min(frames))
    ends = {f - 1 for f in firsts} | {scene.frames - 1}
    leaving = {c.frame - 1 for c in scene.cues if isinstance(c.action, Hide)}
    return sorted(f for f in ends | leaving if f >= 0)


@pytest.fixture(scope="module")
def walk(demo: LecturePlan) -> list[Check]:
    checks = []
    for scene in demo.scenes:
        stage = Stage(scene)
        for frame in checkpoints(scene):
            stage.advance(frame)
            family = {id(m) for m in stage.root.get_family()}
            shows = [c for c in scene.cues if c.frame <= frame and isinstance(c.action, Show)]
            revealed = {n: (live.revealed, sum(1 for c in shows if c.object == n))
                        for n, live in stage.live.items() if kind_def(scene.objects[n].kind).stepped}
            extra: dict[str, object] = {}
            if "grid" in stage.live and "total" in stage.live:
                grid = stage.live["grid"].drawn.space
                extra["total"] = (stage.live["total"].drawn.ink.get_end(), grid.point(4.0, 2.5))
            if "crest" in stage.live and "plane" in stage.live:
                x = 1.5708 - stage.values["phase"]
                extra["crest"] = (stage.live["crest"].drawn.ink.get_center(),
                                  stage.live["plane"].drawn.space.point(x, np.sin(x + stage.values["phase"])))
            checks.append(Check(
                scene, frame, scene.shown_at(frame),
                {n: live.holder for n, live in stage.live.items()},
                {n for n, live in stage.live.items() if id(live.holder) in family},
                revealed, dict(stage.values), extra,
            ))
    return checks


def test_the_walk_sees_every_kind_of_the_demo(walk: list[Check], demo: LecturePlan):
    seen = {c.scene.objects[n].kind for c in walk for n in c.shown}
    every = {s.kind for scene in demo.scenes for s in scene.objects.values()}
    assert every - seen == {Kind.VARIABLE_NUMBER}  # never shown itself
    assert len(every) == 17
    assert len(walk) >= 10


def test_everything_the_plan_shows_is_built_and_on_the_board(walk: list[Check]):
    for check in walk:
        where = (check.scene.title, check.frame)
        assert set(check.live) == check.shown, where
        assert check.on_root == check.shown, where
        for name, holder in check.live.items():
            assert drawn_somehow(holder), (where, name)


def test_stepped_objects_show_as_many_lines_as_they_were_revealed(walk: list[Check]):
    seen = set()
    for check in walk:
        for name, (revealed, shows) in check.revealed.items():
            assert revealed == shows, (check.frame, name)
            seen.add((name, revealed))
    assert ("sizes", 4) in seen and ("shift", 2) in seen


def test_the_image_that_exists_is_drawn_as_a_picture(walk: list[Check]):
    photos = [c.live["photo"] for c in walk if "photo" in c.live]
    assert photos
    assert all(any(isinstance(m, ImageMobject) for m in p.get_family()) for p in photos)


def test_children_follow_their_parents_coordinates(walk: list[Check]):
    totals = [c.extra["total"] for c in walk if "total" in c.extra]
    crests = [(c.extra["crest"], c.values["phase"]) for c in walk if "crest" in c.extra]
    assert totals and crests
    for tip, expected in totals:
        assert np.allclose(tip, expected, atol=0.02)  # the arrow ends at (4, 2.5) of its figure
    assert {round(phase, 6) for _, phase in crests} >= {0.0, 0.6}
    for (dot, expected), _ in crests:
        assert np.allclose(dot, expected, atol=0.02)  # the crest rides the wave as the phase ticks


# ---------------------------------------------------------------- texts in their boxes

TEXT_KINDS = {Kind.TITLE, Kind.HEADING, Kind.PANEL, Kind.BLOCK, Kind.TEXT, Kind.MATH, Kind.DERIVATION}


def planned_texts(demo: LecturePlan):
    for scene in demo.scenes:
        for name, spec in scene.objects.items():
            if spec.kind in TEXT_KINDS and spec.parent is None:
                yield scene, name, spec, scene.stays[name][0].place.box


def test_every_text_lies_inside_its_planned_box(demo: LecturePlan):
    kinds = set()
    for scene, name, spec, box in planned_texts(demo):
        drawn = paint_text(spec, scene.texts[name], box)
        ink = drawn.ink
        assert ink.get_left()[0] >= box.x0 - SLACK and ink.get_right()[0] <= box.x1 + SLACK, name
        assert ink.get_bottom()[1] >= box.y0 - SLACK and ink.get_top()[1] <= box.y1 + SLACK, name
        assert ink.width > 0.5 * (box.width - 2 * scene.texts[name].padding), name  # fills it, too
        kinds.add(spec.kind)
    assert kinds == TEXT_KINDS


def test_a_panel_is_its_box_with_the_text_inside_the_padding(demo: LecturePlan):
    scene = demo.scenes[1]
    box = scene.stays["bound"][0].place.box
    typeset = scene.texts["bound"]
    drawn = paint_text(scene.objects["bound"], typeset, box)
    back, glyphs = drawn.mobject.submobjects
    assert glyphs is drawn.ink
    assert back.width == pytest.approx(box.width, abs=0.01) and back.height == pytest.approx(box.height, abs=0.01)
    assert np.allclose(back.get_center()[:2], box.center, atol=0.01)
    inner = typeset.padding - SLACK
    assert glyphs.get_left()[0] >= box.x0 + inner and glyphs.get_right()[0] <= box.x1 - inner
    assert glyphs.get_top()[1] <= box.y1 - inner and glyphs.get_bottom()[1] >= box.y0 + inner


# ---------------------------------------------------------------- missing pictures


@pytest.mark.parametrize(("path", "note"), [("figures/missing.png", "is missing, unreadable or outside"),
                                            ("../../../../etc/passwd", "is missing, unreadable or outside"),
                                            ("figures/not-an-image.png", "is not a PNG, JPEG or WebP image")])
def test_an_unreadable_image_becomes_a_placeholder(tmp_path: Path, path: str, note: str):
    (tmp_path / "figures").mkdir()
    (tmp_path / "figures" / "not-an-image.png").write_text("no pixels here", encoding="utf-8")
    data = lecture_data(
        {"head": 'a Heading that says "Pictures"', "photo": f"an Image (path='{path}', aspect=(4, 3))"},
        [(0.0, "head is shown on the screen, written out."), (0.5, "photo is shown on the screen, written out.")],
        end=4.0,
    )
    lecture = tmp_path / "lecture.json"
    lecture.write_text(json.dumps(data), encoding="utf-8")
    scene = plan_scene(resolve(load(lecture)).scenes[0], FPS, tmp_path)
    box = scene.stays["photo"][0].place.box
    assert box.width / box.height == pytest.approx(4 / 3)  # the recorded aspect stands in

    stage = Stage(scene)
    stage.advance(scene.frames - 1)
    holder = stage.live["photo"].holder
    family = holder.get_family()
    assert not any(isinstance(m, ImageMobject) for m in family)
    notes = [m for m in family if isinstance(m, LabelledTypst)]
    assert len(notes) == 1 and notes[0].width <= box.width
    assert note in notes[0].typst_code and path in notes[0].typst_code  # what is wrong, not "missing"
    assert holder.width == pytest.approx(box.width, abs=0.02) and holder.height == pytest.approx(box.height, abs=0.02)
    assert holder in stage.root.submobjects


def test_placeholder_boxes_match_the_plan():
    from lecturekit.render.builders import placeholder

    box = Box(-2.0, -1.0, 2.0, 2.0)
    mob = placeholder(box, "x.png is missing, unreadable or outside the lecture's folder")
    assert np.allclose([mob.get_left()[0], mob.get_bottom()[1], mob.get_right()[0], mob.get_top()[1]],
                       [box.x0, box.y0, box.x1, box.y1], atol=0.02)


# ---------------------------------------------------------------- values that stop evaluating


def test_a_point_whose_value_fails_stays_at_its_last_good_place(tmp_path: Path):
    data = lecture_data(
        {"x": "a VariableNumber (initial_value=4.0)", "fig": "a Figure (x_range=(0, 4), y_range=(0, 4))",
         "p": "a Point drawn in fig (location=(3, 1 + sqrt(x)))"},
        [(0.0, "fig is shown on the screen, written out."), (0.2, "p is shown on the screen, grown."),
         (1.0, "x ticks to -1."), (1.0, "p is redrawn as the numbers it depends on change.")],
        end=3.0,
    )
    lecture = tmp_path / "lecture.json"
    lecture.write_text(json.dumps(data), encoding="utf-8")
    scene = plan_scene(resolve(load(lecture)).scenes[0], FPS, tmp_path)
    [hold] = scene.holds["p"]
    stage = Stage(scene)
    centers = {}
    for frame in range(scene.frames):
        stage.advance(frame)
        if "p" in stage.live:
            centers[frame] = stage.live["p"].drawn.ink.get_center()
    fig = stage.live["fig"].drawn.space
    for frame, center in centers.items():
        numbers = hold.values if frame >= hold.start else stage.plan.values_at(frame)
        assert np.allclose(center, fig.point(3, 1 + np.sqrt(numbers["x"])), atol=0.01), frame
    last = centers[scene.frames - 1]
    assert scene.values_at(scene.frames - 1)["x"] == -1.0
    assert np.linalg.norm(last - fig.point(0, 0)) > 2.0  # not at the origin, where a failed value used to go
    assert last[1] < centers[hold.start - 1][1] + 0.01 and last[1] > fig.point(3, 1)[1] - 0.01  # where it got to


def final_board(tmp_path: Path, objects: dict[str, str], shown: list[str]) -> Stage:
    """A two-second lecture that shows `shown` in that order, staged at its last frame."""
    data = lecture_data(objects, [(0.2 * i, f"{n} is shown on the screen, written out.") for i, n in enumerate(shown)],
                        end=2.0)
    lecture = tmp_path / "lecture.json"
    lecture.write_text(json.dumps(data), encoding="utf-8")
    scene = plan_scene(resolve(load(lecture)).scenes[0], FPS, tmp_path)
    stage = Stage(scene)
    stage.advance(scene.frames - 1)
    return stage


def test_a_segment_label_sits_under_a_free_foot_and_beside_the_middle_when_a_tip_is_there(tmp_path: Path):
    stage = final_board(tmp_path,
        {"fig": "a Figure (x_range=(0, 4), y_range=(0, 4))",
         "bar": "a Line drawn in fig (start=(0.5, 0.5), end=(0.5, 3.0))",
         "bar_tag": 'a Math that says "$h$" drawn in fig',
         "arrows": "a Vector drawn in fig (start=(1.5, 0.5), end=(2.5, 1.0))",
         "arrows_2": "a Vector drawn in fig (start=(2.5, 1.0), end=(3.0, 3.5))",
         "names": 'a Math that says "$a$" drawn in fig',
         "names_2": 'a Math that says "$b$" drawn in fig'},
        ["fig", "bar", "bar_tag", "arrows", "arrows_2", "names", "names_2"])
    fig = stage.live["fig"].drawn.space
    tag, b = stage.live["bar_tag"].drawn.ink, stage.live["names_2"].drawn.ink
    # the bar's foot is free: its label hangs under it
    assert tag.get_top()[1] < fig.point(0.5, 0.5)[1] and abs(tag.get_center()[0] - fig.point(0.5, 0.5)[0]) < 0.05
    # arrows_2 starts on the tip of arrows: its label goes beside its middle, clear of that tip
    middle, tip = fig.point(2.75, 2.25), fig.point(2.5, 1.0)
    assert np.linalg.norm(b.get_center() - middle) < 0.5
    assert np.linalg.norm(b.get_center() - tip) > 1.0


def test_a_label_hung_from_a_line_in_an_axes_sits_under_its_numbers_inside_its_box(tmp_path: Path):
    stage = final_board(tmp_path,
        {"pe": "an Axes (x_range=(0.0, 60.0), y_range=(-1.35, 1.35), x_ticks_every=10.0)",
         "limit": "a Line [red] drawn in pe (start=(40.0, -1.3), end=(40.0, 1.3), dashed=True)",
         "limit_tag": 'a Math [text] that says "$p = 40$" drawn in pe'},
        ["pe", "limit", "limit_tag"])
    tag = stage.live["limit_tag"].drawn.ink
    numbers = [m for m in stage.live["pe"].drawn.mobject.submobjects if isinstance(m, LabelledTypst)]
    # the numbers sit by the x axis (y = 0), and the line covers the 40 there, so it has none
    assert numbers and all(abs(m.get_center()[0] - tag.get_center()[0]) > 0.3 for m in numbers)
    assert abs(tag.get_center()[0] - stage.live["pe"].drawn.space.point(40.0, 0.0)[0]) < 0.05  # under the foot ...
    assert all(tag.get_top()[1] < m.get_bottom()[1] for m in numbers)  # ... and under the numbers, not over them
    assert tag.get_bottom()[1] >= stage.plan.stays["pe"][0].place.box.y0 - 0.02  # inside the Axes' box


def test_a_points_label_takes_the_side_no_segment_leaves_by(tmp_path: Path):
    stage = final_board(tmp_path,
        {"fig": "a Figure (x_range=(-2, 2), y_range=(-2, 2))",
         "o": 'a Point labelled "O" drawn in fig (location=(0, 0))',
         "e1": "a Vector drawn in fig (start=(0, 0), end=(1, 1))",
         "e2": "a Vector drawn in fig (start=(0, 0), end=(-1, 1))",
         "axis": "a Line drawn in fig (start=(0, -2), end=(0, 2))",
         "lone": 'a Point labelled "P" drawn in fig (location=(1.5, -1.5))'},
        ["fig", "o", "e1", "e2", "axis", "lone"])
    fig = stage.live["fig"].drawn.space
    o_label, p_label = stage.live["o"].drawn.mobject[-1], stage.live["lone"].drawn.mobject[-1]
    # arrows leave up-right and up-left and a line passes through upright: the label sits at
    # least 40 degrees away from every one of them
    away = o_label.get_center() - fig.point(0, 0)
    for other in ((1, 1), (-1, 1), (0, 1), (0, -1)):
        leaving = fig.point(*other) - fig.point(0, 0)
        cosine = away @ leaving / np.linalg.norm(away) / np.linalg.norm(leaving)
        assert np.degrees(np.arccos(cosine)) >= 40, other
    assert p_label.get_bottom()[1] > fig.point(1.5, -1.5)[1]  # nothing leaves the lone point: above it


def test_the_painter_draws_exactly_the_numbers_the_plan_lists(tmp_path: Path):
    stage = final_board(tmp_path,
        {"ax": "an Axes (x_range=(-4, 4), y_range=(-3, 3), x_ticks_every=1, y_ticks_every=1)",
         "low": "a FunctionPlot drawn in ax (function=-0.25 + 0 * x)",
         "wall": "a Line drawn in ax (start=(2, -3), end=(2, 3))"},
        ["ax", "low", "wall"])
    drawn = sorted(tuple(np.round(m.get_center()[:2], 3)) for m in stage.live["ax"].drawn.mobject.submobjects
                   if isinstance(m, LabelledTypst))
    listed = sorted(tuple(np.round(i.box.center, 3)) for i in stage.plan.boards[-1].items if i.kind == "ticks")
    assert len(drawn) == len(listed) == 7 + 6  # x: -4..4 but the origin and the 2 the wall covers
    assert np.allclose(drawn, listed, atol=0.02)


def test_the_painter_sets_each_label_where_the_plan_settles_it(tmp_path: Path):
    stage = final_board(tmp_path,
        {"fig": "a Figure (x_range=(-2, 2), y_range=(-2, 2))",
         "p": 'a Point labelled "P" drawn in fig (location=(0, 0))',
         "roof": "a Line drawn in fig (start=(-2, 0.2), end=(2, 0.2))",
         "v": 'a Vector labelled "v" drawn in fig (start=(0, 0), end=(1.5, 0.2))',
         "tag": 'a Math that says "$r$" drawn in fig'},
        ["fig", "p", "roof", "v", "tag"])
    listed = {i.name: np.array(i.box.center) for i in stage.plan.boards[-1].items
              if i.kind in ("label", "Math")}
    drawn = {"p#label": stage.live["p"].drawn.mobject[-1], "v#label": stage.live["v"].drawn.mobject[-1],
             "tag": stage.live["tag"].drawn.ink}
    assert set(listed) == set(drawn)
    for name, glyphs in drawn.items():
        assert np.allclose(glyphs.get_center()[:2], listed[name], atol=0.02), name


def test_the_painter_draws_crowded_labels_a_legend_and_dots_where_the_plan_lists_them(tmp_path: Path):
    stage = final_board(tmp_path,
        {"ax": "an Axes (x_range=(0, 2), y_range=(0, 2), aspect=(1, 12))",
         "ax_math1": 'a Math that says "$a$" drawn in ax',
         "ax_line1": 'a Line labelled "x_1" drawn in ax (start=(1.8, 1.8), end=(1.8, 1.8))',
         "f": 'a FunctionPlot labelled "a long name" drawn in ax (function=x / 2)',
         "d": "a PlotPoint drawn in ax (target='f', x=2)",
         "p": "a Point drawn in ax (location=(0, 0), marker_radius=1)"},
        ["ax", "ax_math1", "ax_line1", "f", "d", "p"])
    listed = {i.name: i.box for i in stage.plan.boards[-1].items if i.parent == "ax" and i.kind != "ticks"}
    glyphs = {"ax_math1": stage.live["ax_math1"].drawn.ink, "ax_line1#label": stage.live["ax_line1"].drawn.mobject[-1]}
    for name, drawn in glyphs.items():
        assert np.allclose(drawn.get_center()[:2], listed[name].center, atol=0.02), name
    entry = stage.live["f"].drawn.mobject[-1]  # its swatch, then its text
    box = listed["f#label"]
    assert np.allclose((entry.get_left()[0], entry.get_right()[0], entry[1].get_center()[1]),
                       (box.x0, box.x1, box.center[1]), atol=0.02)
    assert listed["ax_math1"].intersection(listed["ax_line1#label"]) == 0.0
    for name in ("d", "p"):
        dot = stage.live[name].drawn.ink
        assert np.allclose((dot.width, dot.height), (listed[name].width, listed[name].height), atol=0.01), name


def test_a_graph_labelled_in_a_figure_has_its_legend_entry_where_the_plan_lists_it(tmp_path: Path):
    stage = final_board(tmp_path,
        {"fig": "a Figure (x_range=(-2, 2), y_range=(-1, 1))",
         "f": 'a FunctionPlot labelled "f" drawn in fig (function=sin(x))'},
        ["fig", "f"])
    [box] = [i.box for i in stage.plan.boards[-1].items if i.name == "f#label"]
    entry = stage.live["f"].drawn.mobject[-1]  # its swatch, then its text
    assert np.allclose((entry.get_left()[0], entry.get_right()[0], entry[1].get_center()[1]),
                       (box.x0, box.x1, box.center[1]), atol=0.02)
    assert box.inside(stage.plan.boards[-1].items[0].box)  # in the Figure's box, above its plot


def test_a_step_graph_is_drawn_as_level_treads_with_no_risers_or_hooks(tmp_path: Path):
    stage = final_board(tmp_path,
        {"ax": "an Axes (x_range=(-3, 3), y_range=(-4, 4))",
         "stair": "a FunctionPlot drawn in ax (function=floor(x))"},
        ["ax", "stair"])
    curve = stage.live["stair"].drawn.ink
    cubics = curve.points.reshape(-1, 4, 3)
    assert len(cubics) > 6
    # every curve of every piece is level: its anchors and handles share their height, so no riser
    # joins two treads and no smoothing overshoots at a step
    assert np.allclose(cubics[:, :, 1], cubics[:, :1, 1], atol=1e-6)
    assert len({round(float(y), 6) for y in cubics[:, 0, 1]}) == 6  # -3 .. 2, one tread each


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(-10, 10), st.floats(-10, 10)), min_size=2, max_size=40), st.data())
def test_a_graph_is_smoothed_to_the_points_manims_own_smoothing_gives(samples: list, data: st.DataObject) -> None:
    points = np.array([(x, y, 0.0) for x, y in samples])
    for i in data.draw(st.lists(st.integers(1, len(points) - 1), max_size=3)):
        points[i] = points[i - 1]  # a curve of no length, where Manim's smoothing splits the path
    expected = VMobject().set_points_smoothly(points).points
    assert np.array_equal(smoothly(points), expected)
