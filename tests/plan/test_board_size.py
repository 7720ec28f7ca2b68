"""The layout's work is bounded: a board of n objects, of any mix, is laid out in a number of
small steps the layout states (`most_arrangements`; each label tries at most a fixed number of
spots, each against at most every box on the board), and a board past holding legibly is said
so in one warning and laid out all the same."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings

from lecturekit.plan.layout import most_arrangements
from lecturekit.plan.settle import _offsets
from lecturekit.work import counting
from tests.conftest import ROOT
from tests.crowded import boards, crowded
from tests.layout_rules import plan_faults, unfit_in
from tests.lecture_strategy import Generated, plan_of, write

#: Spots one label may try: its own (at most 32) and the searched grid around the first, in each
#: of its three regions (`plan.settle.settle`).
SPOTS_A_LABEL = 3 * (32 + len(_offsets()))


def _counted(generated: Generated) -> tuple[dict[str, int], int, int, int]:
    """The work of planning the board and listing its boards; its objects, labels, boxes."""
    with tempfile.TemporaryDirectory() as tmp:
        lecture, _ = write(generated, Path(tmp))
        with counting() as done:
            [plan] = plan_of(lecture)
            boards = plan.boards
    objects = plan.scene.objects
    labels = sum(1 for name in objects if objects[name].label) + sum(1 for s in objects.values() if s.parent)
    boxes = max(len(b.items) for b in boards)
    return dict(done), sum(1 for s in objects.values() if s.parent is None), labels, boxes


def _within_bounds(done: dict[str, int], n: int, labels: int, boxes: int) -> None:
    assert done.get("layout arrangements", 0) <= done["board layouts"] * most_arrangements(n), done
    assert done.get("label spots", 0) <= SPOTS_A_LABEL * labels, done
    assert done.get("overlap tests", 0) <= done.get("label spots", 0) * (boxes + 1), done


@given(boards(most=200))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
def test_a_board_of_up_to_200_objects_keeps_its_layout_work_under_the_bound(generated: Generated) -> None:
    _within_bounds(*_counted(generated))


def test_the_crowded_board_of_issue_20_is_laid_out_within_the_bound_and_far_under_n_squared() -> None:
    done, n, labels, boxes = _counted(crowded(65))
    _within_bounds(done, n, labels, boxes)
    assert done["board layouts"] <= 2
    assert done["layout arrangements"] <= n * n, done  # the grid: one arrangement a column count


def test_the_warning_names_ten_and_counts_the_rest_as_the_rules_read_it() -> None:
    warning = "the board cannot hold a, b, c and 12 more at a legible size"
    assert unfit_in([warning]) == {"a", "b", "c"}


def test_a_board_laid_out_in_the_grid_keeps_every_rule_but_legibility(tmp_path: Path) -> None:
    lecture, _ = write(crowded(40), tmp_path)
    out = subprocess.run([sys.executable, "-m", "lecturekit", "plan", str(lecture), "--json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    faults = plan_faults(json.loads(out.stdout))
    # past holding legibly, each object is as large as its grid cell holds: legibility and the
    # board's one type scale give way, and nothing else does
    given_way = (" set at ", "too small to see", "not one scale", "the board's scale sets")
    assert [f for f in faults if not any(g in f for g in given_way)] == []
