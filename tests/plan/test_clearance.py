"""Boxes that breathe and labels that keep a gap, measured on the plan (tests/clearance_rules.py):
the rebuilt cases of issue 30, our own lectures, and generated ones."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from lecturekit.boxes import Box
from lecturekit.kinds.outline import Outline
from lecturekit.plan.settle import settle
from tests.clearance_rules import CLEARANCE, EPS, LABEL_GAP, box_clearances, label_gaps
from tests.conftest import DEMO
from tests.lecture_strategy import lectures, plan_of, write

LECTURES = Path(__file__).parents[1] / "lectures"
OURS = sorted([*LECTURES.glob("*/lecture.json"), DEMO])
SAFE = Box(-6.4, -3.6, 6.4, 3.6)
MANY = settings(max_examples=int(os.environ.get("CLEARANCE_LECTURES", "100")), deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("name", ["boxed-derivation", "thales"])
def test_a_box_drawn_around_a_derivation_keeps_the_clearance_from_its_subscripts(name):
    """Issue 30's case: a ring around a 9-line Derivation whose last line is `λ₁ = 3, λ₂ = 1`
    came 0.104 units from its ink (the ring cut short by the safe area; 0.07 on thales' proof)."""
    found = [c for plan in plan_of(LECTURES / name / "lecture.json") for c in box_clearances(plan)]
    assert found
    assert [(where, round(c, 3)) for where, c in found if c < CLEARANCE - EPS] == []


def test_word_labels_keep_a_gap_from_the_labels_beside_them():
    """Issue 30's case: "Okazaki fragment" settled against the "5′" beside it. A label whose first
    spot touches another label is settled `label_gap` away from it."""
    prime = Box(0.0, 0.0, 0.3, 0.3)
    wall = Outline((Box(-3.0, -0.5, -2.9, 0.5),))
    word = Outline((Box(3.0, -0.5, 3.1, 0.5),), marks=(("label", (Box(0.3, 0.0, 2.8, 0.3),)),))
    chosen = settle([("wall", wall), ("word", word)], [prime], SAFE, gap=LABEL_GAP)
    [label] = [box for key, box in chosen.items() if key == ("word", 0)]
    assert max(label.x0 - prime.x1, prime.y0 - label.y1, label.y0 - prime.y1) >= LABEL_GAP - EPS


@pytest.mark.parametrize("lecture", OURS, ids=lambda p: p.parent.name)
def test_every_box_and_label_of_our_lectures_keeps_its_room(lecture):
    overrides = lecture.parent / "overrides.toml"
    plans = plan_of(lecture, overrides if overrides.is_file() else None)
    assert [(w, round(c, 3)) for plan in plans for w, c in box_clearances(plan) if c < CLEARANCE - EPS] == []
    assert [(w, round(g, 3)) for plan in plans for w, g in label_gaps(plan) if g < LABEL_GAP - EPS] == []


@MANY
@given(lectures())
def test_every_box_and_label_of_a_generated_lecture_keeps_its_room(generated):
    with tempfile.TemporaryDirectory() as folder:
        plans = plan_of(*write(generated, Path(folder)))
        tight = [(where, round(c, 3)) for plan in plans for where, c in box_clearances(plan) if c < CLEARANCE - EPS]
        close = [(where, round(g, 3)) for plan in plans for where, g in label_gaps(plan) if g < LABEL_GAP - EPS]
    assert tight == []
    assert close == []
