"""Contact sheets: a still at the end of every beat, captioned with its time and narration."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw

from lecturekit.files import atomic
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.settings import Preset
from lecturekit.sheet_type import LEADING, Caption, draw_caption, set_caption
from lecturekit.syntax.nodes import Hide

TILE = (640, 360)
#: The caption under a still: its time, then up to three lines of narration.
CAPTION = 4 * LEADING + 12
MARGIN = 10
COLUMNS = 3


def beat_ends(plan: ScenePlan) -> list[tuple[int, float, str]]:
    """(frame, lecture time, narration) at the end of every beat; a beat that ends by clearing
    the board is shown just before the clearing starts."""
    beats = plan.scene.beats
    out = []
    for i, beat in enumerate(beats):
        end = beats[i + 1].start if i + 1 < len(beats) else plan.end
        start_frame = round((beat.start - plan.start) * plan.fps)
        frame = max(0, min(plan.frames - 1, round((end - plan.start) * plan.fps) - 1))
        if not plan.shown_at(frame):
            clearing = [c.frame for c in plan.cues
                        if isinstance(c.action, Hide) and start_frame <= c.frame <= frame]
            if clearing:
                frame = max(start_frame, min(c for c in clearing if c >= max(clearing) - 1) - 1)
        out.append((frame, plan.start + frame / plan.fps, beat.say))
    return out


def contact_sheet(plan: ScenePlan, preset: Preset, media: Path, path: Path, lang: str) -> Path:
    """The scene's beats, a still each, captioned in `lang`'s script and line breaking."""
    from lecturekit.render import stills

    moments = beat_ends(plan)
    pictures = stills(plan, [frame for frame, _, _ in moments], preset, media)
    rows = (len(moments) + COLUMNS - 1) // COLUMNS
    sheet = Image.new("RGB", (COLUMNS * TILE[0], rows * (TILE[1] + CAPTION)), "#0b0c0f")
    draw = ImageDraw.Draw(sheet)
    room = TILE[0] - 2 * MARGIN
    for k, ((_, time, say), pixels) in enumerate(zip(moments, pictures, strict=True)):
        x, y = (k % COLUMNS) * TILE[0], (k // COLUMNS) * (TILE[1] + CAPTION)
        sheet.paste(Image.fromarray(np.asarray(pixels)).resize(TILE), (x, y))
        minutes, seconds = divmod(time, 60)
        stamp = set_caption(f"{int(minutes)}:{seconds:05.2f}", lang, room, 1)
        caption = set_caption(" ".join(say.split()), lang, room, 3)
        draw_caption(draw, Caption(stamp.lines, caption.rtl), (x + MARGIN, y + TILE[1] + 6, room), "#8a877f")
        draw_caption(draw, caption, (x + MARGIN, y + TILE[1] + 6 + LEADING, room), "#d8d5ce")
    with atomic(path) as tmp:
        sheet.save(tmp, format="PNG")
    return path
