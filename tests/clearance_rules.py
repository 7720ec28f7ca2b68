"""The room boxes and labels keep on every board of a plan (`lecturekit.plan.clearance`), with
where each is, for the tests to hold to the theme's `clearance` and `label_gap`."""

from __future__ import annotations

from lecturekit.plan.clearance import EPS, box_clearances, label_gaps
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.theme import THEME

CLEARANCE, LABEL_GAP = THEME.board.clearance, THEME.board.label_gap


def tight_boxes(plans: list[ScenePlan]) -> list[tuple[str, float]]:
    """Every box a rule asks the clearance of that keeps less, where it is and how much it keeps."""
    return [(f"scene {plan.index} at {board.time:.2f} s: {room.what}", round(room.amount, 3))
            for plan in plans for board in plan.boards for room in box_clearances(plan, board)
            if not room.exempt and room.amount < CLEARANCE - EPS]


def close_labels(plans: list[ScenePlan], exempt: str = "") -> list[tuple[str, float]]:
    """Every two things in a Figure or an Axes, one of them a label, closer than the label gap
    (with `exempt`, those the rule does not ask it of for that reason instead)."""
    return [(f"scene {plan.index} at {board.time:.2f} s: {room.what}", round(room.amount, 3))
            for plan in plans for board in plan.boards for room in label_gaps(board)
            if room.exempt == exempt and room.amount < LABEL_GAP - EPS]


def boxes_measured(plans: list[ScenePlan]) -> int:
    """How many boxes drawn around ink the plans hold that a rule asks the clearance of."""
    return sum(not room.exempt for plan in plans for board in plan.boards for room in box_clearances(plan, board))
