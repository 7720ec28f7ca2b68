"""`lecturekit present`: the chosen scenes rendered as `render` renders them (unchanged ones
reused), then the presentation written beside their videos and named in render.json."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lecturekit import work
from lecturekit.captions import captions, scene_beats
from lecturekit.handout import handout_path, write_handout
from lecturekit.manifest import write_manifest
from lecturekit.outputs import owned
from lecturekit.pipeline import (
    ProgressFactory,
    in_own_language,
    lecture_path,
    plan_scenes,
    render_resolved_scenes,
    select,
)
from lecturekit.present.steps import scene_steps
from lecturekit.present.write import Presentation, SceneVideo, write_presentation
from lecturekit.settings import RenderSettings
from lecturekit.sources import read


def present(
    lecture: Path | None,
    overrides: Path | None,
    selectors: Sequence[str],
    settings: RenderSettings,
    jobs: int = 1,
    auto: bool = False,
    progress_for: ProgressFactory | None = None,
) -> list[Path]:
    """Render what is missing of the chosen scenes (all when none are named), then write the
    presentation beside their videos; returns the paths written, the page first."""
    before = work.counts()
    resolved = read(lecture, overrides)
    rendered = render_resolved_scenes(resolved, selectors, settings, jobs, None, progress_for, None, before)
    chosen = select(resolved, selectors)
    by_index = {r.index: r for r in rendered}
    videos = [by_index[scene.index] for scene in chosen]
    plans = plan_scenes(resolved, chosen, settings.frame_rate)
    steps = [step for position, (plan, video) in enumerate(zip(plans, videos, strict=True))
             for step in scene_steps(plan, position, video.frames)]
    folder = videos[0].path.parent
    own = in_own_language(settings, resolved)
    lang, fps = own.spoken, settings.frame_rate
    scenes = [SceneVideo(v.title, v.path.name, v.frames, captions(scene_beats(s), lang, v.frames / fps))
              for s, v in zip(chosen, videos, strict=True)]
    with owned(resolved, settings.out):  # added to the folder just rendered, under its lock again
        # The PDF handout (a page a beat of the scenes presented), beside the page, which links to
        # it; the manifest below names it with the page's files.
        handout = write_handout(resolved, [(scene, video.path) for scene, video in zip(chosen, videos, strict=True)],
                                handout_path(lecture_path(own, resolved.slug)))
        data = Presentation(resolved.title, lang, fps, scenes, steps, auto, handout.name)
        written = [*write_presentation(folder, data), handout]
        write_manifest(resolved, settings, [{"path": path.name, "scene": None, "title": resolved.title}
                                            for path in written], work.since(before))
    return written
