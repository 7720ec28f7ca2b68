"""A presentation's steps: one a beat, each the frames of its scene's video it plays and the frame
it holds at its end (`storyboard.beat_ends`: a beat that ends by clearing the board holds the frame
before the clearing, and the clearing plays at the start of the next step)."""

from __future__ import annotations

from dataclasses import dataclass

from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.storyboard import beat_ends


@dataclass(frozen=True)
class Step:
    #: The scene's place among the presented scenes (0-based).
    scene: int
    #: The frame the step plays from: the frame the step before it holds, or the scene's first.
    first: int
    #: The frame it holds at its end.
    last: int
    say: str


def scene_steps(plan: ScenePlan, position: int, frames: int) -> list[Step]:
    """The steps of a scene whose video came out `frames` long."""
    steps, first = [], 0
    for frame, _, say in beat_ends(plan):
        last = max(first, min(frame, frames - 1))
        steps.append(Step(position, first, last, " ".join(say.split())))
        first = last
    return steps
