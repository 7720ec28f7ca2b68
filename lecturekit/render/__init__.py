"""The Manim backend: the only stage that imports Manim. `render_scene` draws a plan to an MP4."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.render.pixels import Pixels, union, within
from lecturekit.settings import Format, Preset
from lecturekit.theme import PALETTE
from lecturekit.work import count


@contextmanager
def manim_config(preset: Preset, fps: int, media: Path, verbose: bool = False, transparent: bool = False
                 ) -> Iterator[None]:
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
    repaints what moves over it (the same split Manim makes for its own `play`).

    The camera notes where it draws what moves, so a frame is restored from the background only
    where the frame before drew, and `changed` says where a picture can differ from the one
    before it (None: anywhere), so the encoder compares only there."""

    def __init__(self, stage):
        from lecturekit.render.camera import BoardCamera

        self.stage = stage
        self.camera = BoardCamera()
        self.key: tuple | None = None
        self.background: np.ndarray | None = None
        self.drawn: Pixels | None = None  # where the last frame drew over its background
        self.changed: Pixels | None = None

    def paint(self) -> np.ndarray:
        camera, moving = self.camera, self.stage.moving()
        key = (self.stage.version, tuple(id(m) for m in moving))
        count("frames drawn")
        height, width = camera.pixel_array.shape[:2]
        if key != self.key:
            count("backgrounds drawn")
            camera.reset()
            camera.capture_mobjects(self.stage.mobjects(), excluded_mobjects=moving)
            if self.background is None:
                self.background = np.array(camera.pixel_array)
            else:  # into the same buffer: a fresh 8 MB one each change is mapped and zeroed again
                np.copyto(self.background, camera.pixel_array)
            self.key = key
            camera.set_frame_to_background(self.background)
            before = None
        else:
            before = self.drawn
            assert self.background is not None  # drawn with the key
            r0, r1, c0, c1 = before or (0, height, 0, width)
            camera.pixel_array[r0:r1, c0:c1] = self.background[r0:r1, c0:c1]
        camera.ink = []
        camera.capture_mobjects(moving)
        self.drawn = None if camera.ink is None else within(union(camera.ink), height, width)
        self.changed = None if before is None or self.drawn is None else union([before, self.drawn])
        camera.ink = None
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

        def draw(frame: int) -> tuple[np.ndarray, Pixels | None]:
            stage.advance(frame)
            return painter.paint(), painter.changed

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
