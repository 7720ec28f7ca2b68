"""A scene, or a clip of one, as an animated GIF with one palette made for it.

The board is drawn at the GIF's own size and frame rate (not scaled down from a video). The
palette is chosen once from pictures spread over the clip, and every frame is mapped onto it
without dithering, so flat colours stay flat and a held board is the same picture frame after
frame: the GIF writer stores it once, with a longer delay, so holding is free. GIF delays are
whole hundredths of a second; each frame's delay is rounded on the clip's absolute clock, so
rounding never adds up.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import numpy as np
from PIL import Image

from lecturekit.plan.chunks import busy_in
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.render import Painter, manim_config, stills
from lecturekit.settings import Preset

PALETTE_SAMPLES = 12


def delays(frames: int, fps: int) -> list[int]:
    """Each frame's delay in milliseconds, whole hundredths, rounded on the absolute clock."""
    ticks = [round(100 * i / fps) for i in range(frames + 1)]
    return [10 * (b - a) for a, b in pairwise(ticks)]


def palette(plan: ScenePlan, frames: range, preset: Preset, media: Path) -> Image.Image:
    """256 colours chosen from pictures spread over the clip."""
    picks = sorted({frames[round(i * (len(frames) - 1) / (PALETTE_SAMPLES - 1))] for i in range(PALETTE_SAMPLES)})
    pictures = stills(plan, picks, preset, media)
    return Image.fromarray(np.concatenate(pictures, axis=0)).quantize(256, method=Image.Quantize.MEDIANCUT)


def write_gif(plan: ScenePlan, frames: range, preset: Preset, media: Path, path: Path) -> Path:
    """Frames [first, last) of the scene to `path` (written under a temporary name)."""
    from lecturekit.files import atomic

    colours = palette(plan, frames, preset, media)
    with manim_config(preset, plan.fps, media), atomic(path) as tmp:
        from lecturekit.render.stage import Stage

        stage = Stage(plan)
        painter = Painter(stage)
        busy = busy_in(plan.busy(), frames.start, frames.stop)

        def pictures() -> Iterator[Image.Image]:
            last = None
            for frame in frames:
                if last is None or any(a <= frame < b for a, b in busy):
                    stage.advance(frame)
                    rgb = Image.fromarray(np.ascontiguousarray(painter.paint()[:, :, :3]))
                    last = rgb.quantize(palette=colours, dither=Image.Dither.NONE)
                yield last

        first, *rest = pictures()
        first.save(tmp, format="GIF", save_all=True, append_images=rest, loop=0,
                   duration=delays(len(frames), plan.fps), disposal=1)
    return path
