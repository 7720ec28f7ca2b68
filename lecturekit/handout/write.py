"""`write_handout`: the handout PDF of a rendered lecture, beside its joined video."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import av
from PIL import Image

from lecturekit.files import atomic
from lecturekit.handout.document import DATA, source
from lecturekit.handout.frames import frames_at
from lecturekit.page.boards import board_states
from lecturekit.plan import plan_scene
from lecturekit.plan.placement import clock
from lecturekit.resolve import ResolvedLecture, ResolvedScene
from lecturekit.storyboard import beat_ends
from lecturekit.typst.compiler import TIME_LIMIT, compile_pdf
from lecturekit.typst.fonts import families

#: Seconds the handout's compile may take for each page, besides a text's limit; and its memory.
SECONDS_A_PAGE = 1.0
MEMORY_LIMIT = 2 << 30


def handout_path(video: Path) -> Path:
    """Where the handout of `video` goes: `SLUG.handout.pdf` beside it."""
    return video.with_name(f"{video.stem}.handout.pdf")


@dataclass(frozen=True)
class Beat:
    """A page of the handout: the beat's end as a frame of the scenes' videos one after another
    (as joined), and its words."""

    frame: int
    scene: str
    say: str
    #: What stands on the board then, as the lecture page reads it (its picture's alternative text).
    board: str
    #: Which of the scenes given it ends in, and its frame in that scene's own video.
    scene_at: int = 0
    own: int = 0


def _board_text(states: list[dict[str, Any]], frame: int) -> str:
    items: list[dict[str, Any]] = next((s["items"] for s in reversed(states) if s["frame"] <= frame), [])
    return "; ".join(item["text"].rstrip(".") for item in items)


def beats(resolved: ResolvedLecture, fps: int, scenes: Sequence[ResolvedScene] | None = None) -> list[Beat]:
    """Every beat's end of `scenes` (default: all): the frame the storyboard shows it by
    (`beat_ends`), counted in the scenes' videos one after another (as joined), each scene as
    many frames as its plan."""
    folder, offset, found = Path(resolved.folder), 0, []
    for position, scene in enumerate(resolved.scenes if scenes is None else scenes):
        plan = plan_scene(scene, fps, folder)
        states = board_states(plan, 0.0, with_mathml=False)
        found += [Beat(offset + frame, scene.title, say, _board_text(states, frame), position, frame)
                  for frame, _, say in beat_ends(plan)]
        offset += plan.frames
    return found


def write_handout(resolved: ResolvedLecture, videos: Sequence[tuple[ResolvedScene, Path]], out: Path) -> Path:
    """The handout of `resolved`'s scenes as rendered (each with its MP4, in the order given):
    one page a beat, the video's picture at the beat's end above the beat's narration, in the
    board's fonts and the lecture's language, the picture's alternative text the board as text (as
    the lecture page has it, formulas in their linear reading); written whole to `out` or not at
    all."""
    with av.open(str(videos[0][1])) as container:
        rate = container.streams.video[0].average_rate
    assert rate is not None and rate.denominator == 1, f"{videos[0][1]} has no whole frame rate"
    ends = beats(resolved, int(rate), [scene for scene, _ in videos])
    pictures = [picture for position, (_, video) in enumerate(videos)
                for picture in frames_at(video, [b.own for b in ends if b.scene_at == position])]
    with tempfile.TemporaryDirectory(prefix="lecturekit-handout-") as folder:
        data = Path(folder)
        pages = []
        for k, (beat, picture) in enumerate(zip(ends, pictures, strict=True)):
            name = f"beat-{k:04d}.png"
            Image.fromarray(picture).save(data / name, compress_level=1)
            at = clock(beat.frame / int(rate))
            pages.append({"picture": name, "scene": beat.scene, "time": at, "alt": beat.board or beat.scene,
                          "say": " ".join(beat.say.split())})
        (data / DATA).write_text(json.dumps({"title": resolved.title, "pages": pages}, ensure_ascii=False),
                                 encoding="utf-8")
        pdf = compile_pdf(source(families(), resolved.language), data, TIME_LIMIT + SECONDS_A_PAGE * len(pages),
                          MEMORY_LIMIT)
    with atomic(out) as tmp:
        tmp.write_bytes(pdf)
    return out
