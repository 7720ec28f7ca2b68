"""The Manim backend: the only stage that imports Manim. `render_scene` draws a plan to an MP4."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from lecturekit.plan import ScenePlan
from lecturekit.settings import Format, Preset
from lecturekit.theme import PALETTE
from lecturekit.work import count


@contextmanager
def manim_config(preset: Preset, fps: int, media: Path, verbose: bool = False, transparent: bool = False):
    """Manim's global config, touched here and only here, for the length of one render. A
    transparent board starts from all-zero pixels, so Cairo's premultiplied alpha stays valid."""
    from manim import tempconfig

    options = {
        "pixel_width": preset.width,
        "pixel_height": preset.height,
        "frame_rate": fps,
        "frame_height": 8.0,
        "frame_width": 8.0 * preset.width / preset.height,
        "background_color": "#000000" if transparent else PALETTE["background"],
        "background_opacity": 0.0 if transparent else 1.0,
        "media_dir": str(media),
        "disable_caching": True,
        "verbosity": "INFO" if verbose else "WARNING",
        "progress_bar": "none",
    }
    with tempconfig(options):
        yield


class Painter:
    """Draws the board: what stands still is painted once into a background, and each frame only
    repaints what moves over it (the same split Manim makes for its own `play`)."""

    def __init__(self, stage):
        from lecturekit.render.camera import BoardCamera

        self.stage = stage
        self.camera = BoardCamera()
        self.key: tuple | None = None
        self.background: np.ndarray | None = None

    def paint(self) -> np.ndarray:
        camera, moving = self.camera, self.stage.moving()
        key = (self.stage.version, tuple(id(m) for m in moving))
        count("frames drawn")
        if key != self.key:
            count("backgrounds drawn")
            camera.reset()
            camera.capture_mobjects(self.stage.mobjects(), excluded_mobjects=moving)
            self.background, self.key = np.array(camera.pixel_array), key
        camera.set_frame_to_background(self.background)
        camera.capture_mobjects(moving)
        return camera.pixel_array


def render_scene(
    plan: ScenePlan,
    path: Path,
    preset: Preset,
    media: Path,
    progress: Callable[[int], None] | None = None,
    verbose: bool = False,
    frames: range | None = None,
    video_format: Format = Format.mp4,
    transparent: bool = False,
) -> int:
    """Render one scene plan (or only `frames` of it: a chunk) to `path`; returns the number of
    frames written."""
    with manim_config(preset, plan.fps, media, verbose, transparent):
        from lecturekit.render.stage import Stage
        from lecturekit.render.video import encode

        stage = Stage(plan)
        painter = Painter(stage)

        def draw(frame: int) -> np.ndarray:
            stage.advance(frame)
            return painter.paint()

        return encode(path, preset, plan.fps, frames or range(plan.frames), plan.busy(), draw, progress,
                      video_format, transparent)


def stills(plan: ScenePlan, frames: list[int], preset: Preset, media: Path) -> list[np.ndarray]:
    """The pictures at `frames` (in increasing order), without rendering anything between."""
    with manim_config(preset, plan.fps, media):
        from lecturekit.render.stage import Stage

        stage = Stage(plan)
        painter = Painter(stage)
        pictures = []
        for frame in frames:
            stage.advance(frame)
            pictures.append(np.array(painter.paint()[:, :, :3]))
        return pictures
