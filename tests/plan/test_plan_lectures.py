"""Both lectures planned end to end at 15 fps: the plan's JSON has its documented shape, boards
never overlap or leave the frame, and the board agrees with every recorded `live` list."""

from __future__ import annotations

import json
from typing import Any

import pytest

from lecturekit.boxes import Box
from lecturekit.kinds import Role, kind_def
from lecturekit.plan import plan_lecture
from lecturekit.plan.export import as_json, describe, to_fraction
from lecturekit.plan.scene_plan import LecturePlan, ScenePlan
from lecturekit.sources import read
from lecturekit.syntax.nodes import Kind
from lecturekit.theme import THEME
from tests.conftest import DEMO, TRANSFORMER, TRANSFORMER_OVERRIDES

FPS = 15
LECTURES = ["transformer", "demo"]


@pytest.fixture(scope="module")
def plans() -> dict[str, LecturePlan]:
    return {
        "transformer": plan_lecture(read(TRANSFORMER, TRANSFORMER_OVERRIDES), FPS),
        "demo": plan_lecture(read(DEMO), FPS),
    }


@pytest.fixture(scope="module")
def documents(plans: dict[str, LecturePlan]) -> dict[str, dict[str, Any]]:
    return {name: json.loads(json.dumps(as_json(plan))) for name, plan in plans.items()}


# ---------------------------------------------------------------- the JSON's shape

SCENE_KEYS = {"index", "title", "duration", "frames", "cues", "boards"}
CUE_KEYS = {"time", "frame", "duration", "object", "action"}

ITEM_KEYS = {"name", "kind", "bbox", "parent", "of", "font", "aspect", "piece", "against"}


@pytest.mark.parametrize("lecture", LECTURES)
def test_the_json_has_the_documented_shape(documents, plans, lecture: str):
    doc = documents[lecture]
    assert doc["fps"] == FPS
    assert [s["index"] for s in doc["scenes"]] == list(range(1, len(plans[lecture].scenes) + 1))
    for scene, plan in zip(doc["scenes"], plans[lecture].scenes, strict=True):
        assert set(scene) >= SCENE_KEYS and set(scene) - SCENE_KEYS <= {"warnings"}
        assert scene["title"] == plan.title
        assert scene["duration"] == pytest.approx(plan.end - plan.start, abs=1e-6)
        assert scene["frames"] == round(scene["duration"] * FPS)
        assert scene["warnings"] == []
        assert len(scene["cues"]) == len(plan.cues) > 0
        for cue in scene["cues"]:
            assert set(cue) == CUE_KEYS
            assert isinstance(cue["object"], str) and cue["object"] in plan.objects
            assert isinstance(cue["action"], str) and cue["action"].startswith(
                (cue["object"], "A box is drawn around"))
            assert isinstance(cue["frame"], int) and 0 <= cue["frame"] < scene["frames"]
            assert cue["frame"] == min(round(cue["time"] * FPS), scene["frames"] - 1)
            assert cue["duration"] >= 0 and (cue["duration"] * FPS) == pytest.approx(
                round(cue["duration"] * FPS), abs=1e-4)
            assert cue["frame"] + round(cue["duration"] * FPS) < scene["frames"]
        assert len(scene["boards"]) > 0
        times = [b["time"] for b in scene["boards"]]
        assert times == sorted(times) and len(set(times)) == len(times)
        for board in scene["boards"]:
            assert set(board) == {"time", "items"}
            for item in board["items"]:
                assert {"name", "kind", "bbox", "parent"} <= set(item) <= ITEM_KEYS
                for dot in item.get("against", []):  # a dot of the same container, on the board
                    assert dot != item["name"] and plan.objects[dot].parent == item["parent"]
                    assert kind_def(plan.objects[dot].kind).fills and any(i["name"] == dot for i in board["items"])
                assert len(item["bbox"]) == 4 and all(isinstance(v, float | int) for v in item["bbox"])
                if item["kind"] in ("label", "legend", "ticks"):  # beside an object, drawn in its parent
                    assert plan.objects[item["of"]].parent == item["parent"] or item["of"] == item["parent"]
                    continue
                if item["kind"] == "box":  # a Box action's ring, where its object is
                    assert item["name"] == item["of"] + "#box" and plan.objects[item["of"]].parent == item["parent"]
                    continue
                spec = plan.objects[item["name"]]
                assert item["kind"] == spec.kind.value and spec.parent == item["parent"]


def test_every_action_has_a_cue_in_the_json(documents):
    assert sum(len(s["cues"]) for s in documents["transformer"]["scenes"]) >= 481
    actions = {c["action"] for s in documents["demo"]["scenes"] for c in s["cues"]}
    assert "phase ticks to 1.2." in actions and "A box is drawn around law." in actions


def test_boards_end_empty_and_start_with_what_arrives_first(documents):
    for doc in documents.values():
        for scene in doc["scenes"]:
            assert scene["boards"][-1]["items"] == []
            first = {i["name"] for i in scene["boards"][0]["items"]}
            first_cue = scene["cues"][0]
            assert first_cue["object"] in first


def test_to_fraction_measures_from_the_top_left():
    f = THEME.board
    assert to_fraction(Box(-f.width / 2, -f.height / 2, f.width / 2, f.height / 2)) == [0.0, 0.0, 1.0, 1.0]
    assert to_fraction(Box(0.0, 0.0, f.width / 2, f.height / 2)) == [0.5, 0.0, 1.0, 0.5]


# ---------------------------------------------------------------- boards


def overlap(a: list[float], b: list[float]) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


@pytest.mark.parametrize("lecture", LECTURES)
def test_no_two_objects_at_top_level_overlap(documents, lecture: str):
    boards = 0
    for scene in documents[lecture]["scenes"]:
        for board in scene["boards"]:
            items = [i for i in board["items"] if i["parent"] is None]
            for i, a in enumerate(items):
                for b in items[i + 1 :]:
                    if a["name"] == b.get("of"):  # a ring around its object
                        continue
                    assert overlap(a["bbox"], b["bbox"]) <= 0.002, (scene["title"], board["time"], a, b)
            boards += len(items) > 1
    assert boards > 5


def _inside(inner: list[float], outer: list[float], slack: float = 1e-3) -> bool:
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[2] <= outer[2] + slack and inner[3] <= outer[3] + slack)


MARKS = ("label", "legend", "ticks", "box")


def test_every_board_lists_every_drawn_object_children_labels_legends_and_numbers_included(plans, documents):
    kinds = set()
    for plan, scene in zip(plans["transformer"].scenes, documents["transformer"]["scenes"], strict=True):
        for board, data in zip(plan.boards, scene["boards"], strict=True):
            drawn = {n for n in plan.shown_at(board.frame) - plan.scene.broken
                     if kind_def(plan.objects[n].kind).role is not Role.VARIABLE}
            listed = {i["name"] for i in data["items"] if i["kind"] not in MARKS}
            assert listed == drawn, (scene["title"], board.time)
            kinds |= {i["kind"] for i in data["items"]}
            for item in data["items"]:
                if item["kind"] == "label":  # a mark's own label
                    assert plan.objects[item["of"]].label
                elif item["kind"] == "legend":
                    assert plan.objects[item["of"]].kind is Kind.FUNCTION_PLOT
                elif item["kind"] == "ticks":
                    assert plan.objects[item["of"]].kind is Kind.AXES and item["parent"] == item["of"]
                elif item["kind"] == "box":  # a Box action's ring
                    assert item["of"] in drawn
    assert {"label", "legend", "ticks", "box", "Vector", "Line", "Point", "FunctionPlot", "PlotPoint", "Math"} <= kinds


@pytest.mark.parametrize("lecture", LECTURES)
def test_every_child_lies_inside_its_parent_at_every_board(documents, lecture: str):
    children = 0
    for scene in documents[lecture]["scenes"]:
        for board in scene["boards"]:
            boxes = {i["name"]: i["bbox"] for i in board["items"]}
            for item in board["items"]:
                if item["parent"] is not None and item["kind"] not in MARKS:
                    children += 1
                    assert _inside(item["bbox"], boxes[item["parent"]]), (scene["title"], board["time"], item)
    assert children > 30


def test_no_label_overlaps_another_item_of_its_board(documents):
    labels = 0
    for scene in documents["transformer"]["scenes"]:
        for board in scene["boards"]:
            for label in board["items"]:
                if not (label["kind"] in ("label", "legend") or (label["kind"] == "Math" and label["parent"])):
                    continue
                labels += 1
                for other in board["items"]:
                    if other is label or other["name"] in (label.get("of"), label["parent"]):
                        continue  # what it labels, and the figure it is drawn in
                    assert overlap(label["bbox"], other["bbox"]) == 0.0, (scene["title"], board["time"], label, other)
    assert labels > 50


@pytest.mark.parametrize("lecture", LECTURES)
def test_every_box_is_inside_the_frame_margins(documents, lecture: str):
    for scene in documents[lecture]["scenes"]:
        for board in scene["boards"]:
            for item in board["items"]:
                x0, y0, x1, y1 = item["bbox"]
                assert 0.04 <= x0 < x1 <= 0.96 and 0.04 <= y0 < y1 <= 0.96, (scene["title"], item)


def test_the_demo_boards_are_the_ones_its_actions_build(documents):
    boards = documents["demo"]["scenes"][1]["boards"]
    top = [[i["name"] for i in b["items"] if i["parent"] is None] for b in boards]
    assert [names for k, names in enumerate(top) if not k or names != top[k - 1]] == [
        ["head_sum", "grid"], ["head_sum", "grid", "rule"], [], ["head_len", "sizes"],
        ["head_len", "sizes", "bound"], ["head_len", "sizes", "bound", "photo"], []]
    in_grid = [list(dict.fromkeys(i["name"] for i in b["items"] if i["parent"] == "grid")) for b in boards]  # pieces
    assert in_grid[:7] == [[], ["arrows"], ["arrows", "names"], ["arrows", "arrows_2", "names"],
                           ["arrows", "arrows_2", "names", "names_2"],
                           ["arrows", "arrows_2", "names", "names_2", "total", "total#label"],
                           ["arrows", "arrows_2", "names", "names_2", "total", "total#label", "tip"]]


# ---------------------------------------------------------------- live lists


def board_before(scene: ScenePlan, beat: int) -> set[str]:
    """What `shown_at` has on the board just before the beat's first cue, as `live` counts it."""
    own = {a.index for a in scene.scene.actions if a.beat == beat}
    firsts = [c.frame for c in scene.cues if c.index in own]
    frame = (min(firsts) if firsts else scene.frames) - 1
    return {n for n in scene.shown_at(frame) if not kind_def(scene.objects[n].kind).stepped}


@pytest.mark.parametrize("lecture", LECTURES)
def test_the_board_matches_every_recorded_live_list(plans, lecture: str):
    checked = 0
    for scene in plans[lecture].scenes:
        for b, beat in enumerate(scene.scene.beats):
            if beat.live is not None:
                assert board_before(scene, b) == set(beat.live), (scene.title, b, beat.start)
                checked += 1
    assert checked == {"transformer": 57, "demo": 6}[lecture]


def test_shown_at_counts_a_cue_from_its_own_frame(plans):
    scene = plans["demo"].scenes[1]
    grid_leaves = next(c.frame for c in scene.cues if c.object == "grid" and c.action.__class__.__name__ == "Hide")
    assert "grid" in scene.shown_at(grid_leaves - 1)
    assert "grid" not in scene.shown_at(grid_leaves)
    assert {"grid", "arrows", "total"} <= scene.shown_at(grid_leaves - 1)
    assert not {"arrows", "total"} & scene.shown_at(grid_leaves)


def test_live_lists_never_name_derivations_or_tables(plans):
    for plan in plans.values():
        for scene in plan.scenes:
            stepped = {n for n, s in scene.objects.items() if kind_def(s.kind).stepped}
            for beat in scene.scene.beats:
                assert not stepped & set(beat.live or ())
    kinds = {s.kind for scene in plans["transformer"].scenes for s in scene.objects.values()}
    assert {Kind.DERIVATION, Kind.TABLE} <= kinds


def test_describe_lists_every_cue(plans):
    text = describe(plans["demo"])
    assert text.splitlines()[0] == f"{plans['demo'].title} at 15 fps"
    assert text.count(" frame ") == sum(len(s.cues) for s in plans["demo"].scenes)


@pytest.mark.parametrize("lecture", LECTURES)
def test_top_level_items_carry_their_font_and_the_aspect_they_keep(documents, plans, lecture: str):
    """Every text at top level says the font it is set at (never below the minimum on these
    boards), a Table its body font times its scale; every visual the aspect it keeps, which its
    box has."""
    fonts = aspects = 0
    for scene, plan in zip(documents[lecture]["scenes"], plans[lecture].scenes, strict=True):
        for board in scene["boards"]:
            for item in (i for i in board["items"] if i["parent"] is None and i["kind"] != "box"):
                role = kind_def(plan.objects[item["name"]].kind).role
                if role in (Role.TEXT, Role.HEADING, Role.TITLE) or item["kind"] == "Table":
                    assert item["font"] >= THEME.sizes.minimum - 1e-3, (scene["title"], board["time"], item)
                    fonts += 1
                if role is Role.VISUAL:
                    x0, y0, x1, y1 = item["bbox"]
                    kept = (x1 - x0) * THEME.board.width / ((y1 - y0) * THEME.board.height)
                    assert kept == pytest.approx(item["aspect"], rel=1e-3), (scene["title"], board["time"], item)
                    aspects += 1
    assert fonts > 5 and aspects > 5
