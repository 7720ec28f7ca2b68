"""A label drawn in an Axes (a child's own label, a text child, a legend entry, the Axes' own
label) keeps clear of its axis lines and their ticks, on every board and on the frames between
them where numbers tick: on our lectures (the Thales board set its points' labels A, B and O on
the lines through them until it did) and on generated ones. Only a label with no clear place off
the lines may cross one (`plan.settle.settle`); none of these boards leaves one that way."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from lecturekit.boxes import Box
from lecturekit.kinds import AxesSpec
from lecturekit.plan.items import BoardItem, Figures
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.plan.shapes import axis_marks, line_box
from tests.conftest import DEMO, TRANSFORMER
from tests.lecture_strategy import Generated, lectures, plan_of, write

OWN = Path(__file__).parents[1] / "lectures"
TEXTS = {"label", "legend"}


def _meets(a: Box, b: Box) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


def crossings(plan: ScenePlan, items: tuple[BoardItem, ...]) -> list[str]:
    """The labels among `items` that meet an axis line of the Axes they are drawn in."""
    figures = Figures(plan.objects, plan.scene.anchors, plan.texts, plan.theme, plan.values_at(0).of)
    boxes = {item.name: item.box for item in items if item.parent is None}
    found = []
    for item in items:
        axes = plan.objects.get(item.parent or item.of or "")
        is_text = item.kind in TEXTS or item.kind in ("Text", "Math") or item.name.endswith("#label")
        if not isinstance(axes, AxesSpec) or not is_text or axes.name not in boxes or item.name == axes.name:
            continue
        lines = [line_box(line) for line in axis_marks(axes, figures.space(axes, boxes[axes.name])).lines]
        if any(_meets(item.box, line) for line in lines):
            found.append(f"scene {plan.index} frame: {item.name} on an axis line of {axes.name}")
    return found


def faults(plans: list[ScenePlan]) -> list[str]:
    found = []
    for plan in plans:
        for board in plan.boards:
            found += crossings(plan, board.items)
        for start, end in plan.busy():  # where numbers tick, labels settle again on every frame
            for frame in range(start, end, 4):
                found += crossings(plan, plan.items_at(frame))
    return found


def test_the_thales_points_are_labelled_clear_of_the_axes() -> None:
    plans = plan_of(OWN / "thales" / "lecture.json")
    labels = [item for plan in plans for board in plan.boards for item in board.items
              if item.of in {"pa", "pb", "po"} and item.name.endswith("#label")]
    assert {item.of for item in labels} == {"pa", "pb", "po"}  # the rule is asserted on them
    assert faults(plans) == []


def test_our_lectures_keep_labels_off_the_axis_lines() -> None:
    for lecture in [TRANSFORMER, DEMO, *sorted(OWN.glob("*/lecture.json"))]:
        overrides = lecture.parent / "overrides.toml"
        assert faults(plan_of(lecture, overrides if overrides.exists() else None)) == [], lecture


@settings(max_examples=60, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(lectures())
def test_generated_lectures_keep_labels_off_the_axis_lines(generated: Generated) -> None:
    with tempfile.TemporaryDirectory() as folder:
        lecture, overrides = write(generated, Path(folder))
        assert faults(plan_of(lecture, overrides)) == []
