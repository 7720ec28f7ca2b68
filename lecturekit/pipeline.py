"""The whole pipeline in order: read, plan, render. The CLI and the Manim scenes call these."""

from __future__ import annotations

import hashlib
import multiprocessing
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from lecturekit.audio import recording, tts_track, with_audio
from lecturekit.captions import captions, write_captions
from lecturekit.diagnostics import LectureError, Place, RenderError, error
from lecturekit.manifest import recorded, scene_key, write_manifest
from lecturekit.model import load
from lecturekit.plan import ScenePlan, plan_scene
from lecturekit.render.video import atomic, sweep
from lecturekit.resolve import ResolvedLecture, ResolvedScene, slugify
from lecturekit.settings import Quality, RenderSettings
from lecturekit.sources import read

__all__ = ["RenderedScene", "SceneJob", "plan_scenes", "read", "render_scenes", "run_job", "scene_path", "select"]


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


def scene_path(out: Path, slug: str, plan: ScenePlan | ResolvedScene) -> Path:
    return out / slug / f"{plan.index:02d}-{plan.slug}.mp4"


@dataclass(frozen=True)
class RenderedScene:
    index: int
    title: str
    path: Path
    frames: int


@dataclass(frozen=True)
class SceneJob:
    """Everything a worker process needs to render one scene on its own."""

    lecture: Path | None
    overrides: Path | None
    index: int
    settings: RenderSettings


def run_job(job: SceneJob, progress: Callable[[int], None] | None = None) -> RenderedScene:
    """Read, plan and render one scene (in whatever process runs the job)."""
    from lecturekit.render import render_scene

    resolved = read(job.lecture, job.overrides)
    [plan] = plan_scenes(resolved, [resolved.scenes[job.index - 1]], job.settings.frame_rate)
    path = scene_path(job.settings.out, resolved.slug, plan)
    try:
        frames = render_scene(plan, path, job.settings.preset, job.settings.cache, progress, job.settings.verbose)
    except LectureError:
        raise
    except Exception as exc:  # a fault in drawing one scene, reported with its place
        raise RenderError(error(Place(scene=plan.title), f"rendering failed: {exc}",
                                "run again with --debug for the details")) from exc
    write_captions(path, captions(scene_beats(plan.scene)))
    track = narration_for(plan.scene, frames / plan.fps, job.settings)
    if track is not None:
        np.save(track_path(job.settings, resolved.slug, plan.index), track)
        with atomic(path) as tmp:
            with_audio(path, track, tmp)
    return RenderedScene(plan.index, plan.title, path, frames)


def narration_for(scene: ResolvedScene, seconds: float, settings: RenderSettings) -> np.ndarray | None:
    """The scene's narration, exactly `seconds` long, or None when none was asked for."""
    if settings.narration is not None:
        return recording(settings.narration, scene.start, scene.start + seconds)
    if settings.tts == "espeak":
        return tts_track(scene_beats(scene), seconds)
    return None


def track_path(settings: RenderSettings, slug: str, index: int) -> Path:
    folder = settings.cache / slug
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"narration-{index:02d}.npy"


def scene_beats(scene: ResolvedScene) -> list[tuple[float, float, str]]:
    """(start, end, narration) of each beat, in seconds from the scene's start."""
    beats = scene.beats
    return [(b.start - scene.start, (beats[i + 1].start if i + 1 < len(beats) else scene.end) - scene.start, b.say)
            for i, b in enumerate(beats)]


Progress = Callable[[int, int], None]
#: Given the frames of every scene about to render, a callback that hears (scene, frames done).
ProgressFactory = Callable[[dict[int, int]], Progress]
_progress_queue = None


def _start_worker(queue: multiprocessing.Queue) -> None:
    """In each worker: report progress through `queue`, and let SIGTERM unwind (so unfinished
    files are removed) instead of killing the process where it stands."""
    global _progress_queue
    _progress_queue = queue
    signal.signal(signal.SIGTERM, _terminate)


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _job_in_worker(job: SceneJob) -> RenderedScene:
    queue = _progress_queue
    return run_job(job, (lambda done: queue.put((job.index, done))) if queue is not None else None)


def render_scenes(
    lecture: Path | None,
    overrides: Path | None,
    selectors: Sequence[str],
    settings: RenderSettings,
    jobs: int = 1,
    on_done: Callable[[RenderedScene], None] | None = None,
    progress_for: ProgressFactory | None = None,
) -> list[RenderedScene]:
    """Render the chosen scenes, `jobs` at a time in worker processes; `progress(scene, frames)`
    hears how far each scene has got."""
    resolved = read(lecture, overrides)
    ensure_renderable(resolved)
    chosen = select(resolved, selectors)
    sweep(settings.out / resolved.slug)
    recorded_scenes = load(Path(resolved.source)).scenes  # read once, not once a scene
    keys = {s.index: scene_key(resolved, recorded_scenes[s.index - 1], s.index, overrides, settings) for s in chosen}
    done: list[RenderedScene] = []
    failed: list[RenderError] = []

    def finished(rendered: RenderedScene, fresh: bool = True) -> None:
        done.append(rendered)
        if fresh:  # recorded at once, so an interrupted render's finished scenes are reused
            _record(resolved, overrides, settings, [rendered], keys)
        if on_done is not None:
            on_done(rendered)

    before = recorded(settings.out / resolved.slug)
    work = []
    for scene in chosen:
        path = scene_path(settings.out, resolved.slug, scene)
        entry = before.get(path.name, {})
        if entry.get("key") == keys[scene.index] and path.is_file() and path.with_suffix(".vtt").is_file():
            finished(RenderedScene(scene.index, scene.title, path, entry["frames"]), fresh=False)  # unchanged inputs
        else:
            work.append(SceneJob(lecture, overrides, scene.index, settings))
    frames = {job.index: round(resolved.scenes[job.index - 1].duration * settings.frame_rate) for job in work}
    progress = progress_for(frames) if progress_for and work else None

    if jobs <= 1 or len(work) <= 1:
        for job in work:
            try:
                finished(run_job(job, (lambda f, i=job.index: progress(i, f)) if progress else None))
            except RenderError as exc:
                failed.append(exc)
        _raise_failures(failed)
        return done
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    pool = ProcessPoolExecutor(min(jobs, len(work)), mp_context=context, initializer=_start_worker,
                               initargs=(queue,))
    try:
        pending = {pool.submit(_job_in_worker, job) for job in work}
        while pending:
            ready, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in ready:
                try:
                    finished(future.result())
                except RenderError as exc:  # one scene failed: the others go on
                    failed.append(exc)
                except BrokenProcessPool:
                    raise RenderError(error(Place(), "a render worker process died (killed, or out of memory)",
                                            "run again: finished scenes are complete")) from None
            while not queue.empty():
                index, frames = queue.get()
                if progress is not None:
                    progress(index, frames)
    except BaseException:
        # Stop the other scenes now (their workers remove what they had not finished), and
        # remove what a worker that was killed outright left behind.
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=True, cancel_futures=True)
        sweep(settings.out / resolved.slug)
        raise
    pool.shutdown()
    _raise_failures(failed)
    return sorted(done, key=lambda r: r.index)


def _raise_failures(failed: list[RenderError]) -> None:
    """After every scene has had its turn: one line for each scene that failed (exit code 3)."""
    if failed:
        raise RenderError([d for exc in failed for d in exc.diagnostics])


def _record(resolved: ResolvedLecture, overrides: Path | None, settings: RenderSettings,
            rendered: list[RenderedScene], keys: dict[int, str]) -> None:
    files = []
    for item in rendered:
        for path in (item.path, item.path.with_suffix(".srt"), item.path.with_suffix(".vtt")):
            if path.is_file():
                files.append({"path": path.name, "scene": item.index or None, "title": item.title,
                              "duration": round(item.frames / settings.frame_rate, 6), "frames": item.frames,
                              "key": keys.get(item.index)})
    write_manifest(resolved, Path(resolved.source), overrides, settings, files)


def write_still(
    lecture: Path | None, overrides: Path | None, at: float, quality: Quality, out: Path | None
) -> Path:
    """The picture at lecture time `at` as a PNG: the board is built as it stands then."""
    from PIL import Image

    from lecturekit.render import stills

    resolved = read(lecture, overrides)
    ensure_renderable(resolved)
    scene = next((s for s in resolved.scenes if s.start <= at < s.end), None)
    if scene is None:
        last = resolved.scenes[-1].end
        raise LectureError(error(Place(), f"{at:g} s is outside the lecture (0 to {last:.3f} s)"), exit_code=2)
    settings = RenderSettings(quality)
    [plan] = plan_scenes(resolved, [scene], settings.frame_rate)
    frame = min(plan.frames - 1, round((at - scene.start) * plan.fps))
    [pixels] = stills(plan, [frame], settings.preset, settings.cache)
    path = out or settings.out / resolved.slug / f"still-{at:09.3f}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.part")
    Image.fromarray(pixels).save(tmp, format="PNG")
    tmp.replace(path)
    return path


def write_storyboards(
    lecture: Path | None, overrides: Path | None, selectors: Sequence[str], out: Path
) -> list[Path]:
    from lecturekit.storyboard import contact_sheet

    resolved = read(lecture, overrides)
    ensure_renderable(resolved)
    settings = RenderSettings(Quality.l, out)
    plans = plan_scenes(resolved, select(resolved, selectors), settings.frame_rate)
    return [
        contact_sheet(plan, settings.preset, settings.cache,
                      out / resolved.slug / f"{plan.index:02d}-{plan.slug}-storyboard.png")
        for plan in plans
    ]


def render_lecture(
    lecture: Path | None,
    overrides: Path | None,
    settings: RenderSettings,
    jobs: int = 1,
    on_done: Callable[[RenderedScene], None] | None = None,
    progress_for: ProgressFactory | None = None,
) -> RenderedScene:
    """Every scene, then the lecture's own video: the scenes joined without re-encoding, one
    chapter per scene, with captions for the whole narration."""
    from lecturekit.package import Part, join

    scenes = render_scenes(lecture, overrides, [], settings, jobs, on_done, progress_for)
    resolved = read(lecture, overrides)
    path = settings.out / resolved.slug / f"{resolved.slug}.mp4"
    entries = recorded(path.parent)
    key = hashlib.sha256("".join(entries[s.path.name]["key"] for s in scenes).encode()).hexdigest()
    if entries.get(path.name, {}).get("key") == key and path.is_file() and path.with_suffix(".vtt").is_file():
        return RenderedScene(0, resolved.title, path, entries[path.name]["frames"])  # no scene changed
    fps = settings.frame_rate
    beats, offset = [], 0
    for rendered, scene in zip(scenes, resolved.scenes, strict=True):
        beats += [(offset / fps + a, offset / fps + b, say) for a, b, say in scene_beats(scene)]
        offset += rendered.frames
    cues = captions(beats)
    frames = join([Part(s.path, s.title, s.frames) for s in scenes], path, fps, cues)
    if settings.narration is not None or settings.tts:
        track = np.concatenate([np.load(track_path(settings, resolved.slug, s.index)) for s in scenes])
        with atomic(path) as tmp:
            with_audio(path, track, tmp)
    write_captions(path, cues)
    whole = RenderedScene(0, resolved.title, path, frames)
    _record(resolved, overrides, settings, [whole], {0: key})
    return whole
