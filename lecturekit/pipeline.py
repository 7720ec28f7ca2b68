"""The whole pipeline in order: read, plan, render. The CLI and the Manim scenes call these."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from lecturekit.diagnostics import LectureError, Place, RenderError, error
from lecturekit.plan import ScenePlan, plan_scene
from lecturekit.resolve import ResolvedLecture, ResolvedScene, slugify
from lecturekit.settings import RenderSettings
from lecturekit.sources import read

__all__ = ["RenderedScene", "plan_scenes", "read", "render_scenes", "scene_path", "select"]


def select(resolved: ResolvedLecture, selectors: Sequence[str]) -> list[ResolvedScene]:
    """Scenes named by 1-based index, title or the title's slug (all when none are named)."""
    if not selectors:
        return list(resolved.scenes)
    chosen: list[ResolvedScene] = []
    for selector in selectors:
        match = [s for s in resolved.scenes
                 if selector in (str(s.index), s.title, s.slug) or slugify(selector) == s.slug]
        if not match:
            names = ", ".join(f"{s.index} ({s.slug})" for s in resolved.scenes)
            raise LectureError(error(Place(), f"no scene {selector!r}", f"choose one of {names}"), exit_code=2)
        chosen += [s for s in match if s not in chosen]
    return chosen


def ensure_renderable(resolved: ResolvedLecture) -> None:
    if not resolved.renderable:
        from lecturekit.diagnostics import Severity

        raise LectureError(resolved.of(Severity.ERROR))


def plan_scenes(resolved: ResolvedLecture, scenes: Sequence[ResolvedScene], fps: int) -> list[ScenePlan]:
    folder = Path(resolved.folder)
    return [plan_scene(scene, fps, folder) for scene in scenes]


def scene_path(out: Path, slug: str, plan: ScenePlan) -> Path:
    return out / slug / f"{plan.index:02d}-{plan.slug}.mp4"


@dataclass(frozen=True)
class RenderedScene:
    index: int
    title: str
    path: Path
    frames: int


def render_scenes(
    resolved: ResolvedLecture,
    selectors: Sequence[str],
    settings: RenderSettings,
    on_scene: Callable[[ScenePlan], None] | None = None,
) -> list[RenderedScene]:
    ensure_renderable(resolved)
    from lecturekit.render import render_scene

    plans = plan_scenes(resolved, select(resolved, selectors), settings.frame_rate)
    done = []
    cache = settings.out / ".lecturekit-cache"
    for plan in plans:
        if on_scene is not None:
            on_scene(plan)
        path = scene_path(settings.out, resolved.slug, plan)
        try:
            frames = render_scene(plan, path, settings.preset, cache)
        except LectureError:
            raise
        except Exception as exc:  # a fault in drawing one scene, reported with its place
            raise RenderError(error(Place(scene=plan.title), f"rendering failed: {exc}",
                                    "run again with --debug for the details")) from exc
        done.append(RenderedScene(plan.index, plan.title, path, frames))
    return done
