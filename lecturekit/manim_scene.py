"""Manim's own CLI still works: a thin Scene per lecture scene, drawn by the same plan and board.

    manim -ql scenes/lecturekit_demo.py Scene01AWaveAndItsPhase

Busy stretches are played as one timed animation each and held boards as frozen waits, so each
frame comes out exactly as `lecturekit render` draws it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from manim import Animation, ManimColor, Scene, config, linear
from manim.camera.camera import Camera

from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.render.stage import Stage
from lecturekit.theme import PALETTE


class _Drive(Animation):
    """Frames [first, last) of the board, as one animation."""

    def __init__(self, stage: Stage, first: int, last: int, fps: int):
        self.stage, self.first, self.last = stage, first, last
        super().__init__(stage.root, run_time=(last - first) / fps, rate_func=linear)

    def begin(self) -> None:  # the board is its own state: nothing to copy
        pass

    def finish(self) -> None:
        self.stage.advance(self.last)

    def interpolate(self, alpha: float) -> None:
        self.stage.advance(self.first + round(alpha * (self.last - self.first)))


class LectureScene(Scene):
    """Subclasses set `lecture`, `index` and optionally `overrides`."""

    lecture: str = ""
    index: int = 1
    overrides: str | None = None

    def setup(self) -> None:
        assert isinstance(self.camera, Camera)  # Cairo's
        self.camera.background_color = ManimColor(PALETTE["background"])

    def get_time_progression(self, run_time, description, n_iterations=None, override_skip_animations=False):
        """Exactly `round(run_time * fps)` frames: Manim's float range can give one too many."""
        progression = super().get_time_progression(run_time, description, n_iterations, override_skip_animations)
        if not self.renderer.skip_animations:
            progression.iterable = np.arange(round(run_time * config["frame_rate"])) / config["frame_rate"]
        return progression

    def update_to_time(self, t: float) -> None:
        """Manim draws the members an animation had when it began; the board adds and removes
        members as it goes, so hand Manim the current ones each frame."""
        super().update_to_time(t)
        self.moving_mobjects = self.root.get_family()

    def construct(self) -> None:
        from lecturekit.pipeline import ensure_renderable, plan_scenes
        from lecturekit.sources import read

        resolved = read(Path(self.lecture), Path(self.overrides) if self.overrides else None)
        ensure_renderable(resolved)
        fps = int(config["frame_rate"])
        plan: ScenePlan = plan_scenes(resolved, [resolved.scenes[self.index - 1]], fps)[0]
        stage = Stage(plan)
        self.root = stage.root
        self.add(stage.root)
        frame = 0
        for first, last in plan.busy():
            if first > frame:
                self._hold(stage, frame, first, fps)
            self.play(_Drive(stage, first, last, fps))
            frame = last
        if plan.frames > frame:
            self._hold(stage, frame, plan.frames, fps)

    def _hold(self, stage: Stage, first: int, last: int, fps: int) -> None:
        stage.advance(first)
        # Manim truncates a frozen wait to whole frames; half a frame more keeps the count exact.
        self.wait((last - first + 0.5) / fps, frozen_frame=True)
