"""The Manim backend: the only stage that imports Manim. `render_scene` draws a plan to an MP4."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from lecturekit.plan import ScenePlan
from lecturekit.settings import Preset
from lecturekit.theme import PALETTE


@contextmanager
def manim_config(preset: Preset, fps: int, media: Path):
    """Manim's global config, touched here and only here, for the length of one render."""
    from manim import tempconfig

    options = {
        "pixel_width": preset.width,
        "pixel_height": preset.height,
        "frame_rate": fps,
        "frame_height": 8.0,
        "frame_width": 8.0 * preset.width / preset.height,
        "background_color": PALETTE["background"],
        "media_dir": str(media),
        "disable_caching": True,
        "verbosity": "WARNING",
        "progress_bar": "none",
    }
    with tempconfig(options):
        yield


def render_scene(
    plan: ScenePlan, path: Path, preset: Preset, media: Path, progress: Callable[[int], None] | None = None
) -> int:
    """Render one scene plan to `path`; returns the number of frames written."""
    with manim_config(preset, plan.fps, media):
        from manim.camera.camera import Camera

        from lecturekit.render.stage import Stage
        from lecturekit.render.video import encode

        stage = Stage(plan)
        camera = Camera()

        def draw(frame: int) -> np.ndarray:
            stage.advance(frame)
            camera.reset()
            camera.capture_mobjects(stage.mobjects())
            return camera.pixel_array

        return encode(path, preset, plan.fps, plan.frames, plan.busy(), draw, progress)


def stills(plan: ScenePlan, frames: list[int], preset: Preset, media: Path) -> list[np.ndarray]:
    """The pictures at `frames` (in increasing order), without rendering anything between."""
    with manim_config(preset, plan.fps, media):
        from manim.camera.camera import Camera

        from lecturekit.render.stage import Stage

        stage = Stage(plan)
        camera = Camera()
        pictures = []
        for frame in frames:
            stage.advance(frame)
            camera.reset()
            camera.capture_mobjects(stage.mobjects())
            pictures.append(np.array(camera.pixel_array[:, :, :3]))
        return pictures
