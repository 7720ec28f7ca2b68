"""Planning small lectures written on the spot (the real ones are planned once per module)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from lecturekit.diagnostics import Severity
from lecturekit.model import load
from lecturekit.plan import plan_scene
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.resolve import resolve

FIGURE = "a Figure (x_range=(0, 4), y_range=(0, 4))"
SHOW = "{} is shown on the screen, written out."
LEAVE = "{} is hidden from the screen — left the board."
TAKEN = "{} is hidden from the screen — {} left the board."


@pytest.fixture
def plan_tiny(write_lecture: Callable[..., Path]) -> Callable[..., ScenePlan]:
    """`plan_tiny(objects, does, fps=15, warned=(), **lecture_data_kwargs)`: a one-scene lecture,
    planned. It must resolve without errors and with exactly the `warned` warning lines, so a typo
    in a test (which leaves its object or action out with a warning) cannot pass unnoticed."""

    def run(objects: dict[str, str], does, fps: int = 15, warned: Sequence[str] = (), **kwargs) -> ScenePlan:
        path = write_lecture(objects, does, **kwargs)
        resolved = resolve(load(path))
        assert resolved.of(Severity.ERROR) == [], [d.line() for d in resolved.diagnostics]
        assert [d.line() for d in resolved.of(Severity.WARNING)] == list(warned)
        return plan_scene(resolved.scenes[0], fps, path.parent)

    return run
