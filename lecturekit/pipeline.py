"""The whole pipeline in order: read, plan, render. The CLI and the Manim scenes call these."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from lecturekit import work
from lecturekit.captions import captions, scene_beats, write_captions
from lecturekit.diagnostics import LectureError, Place, RenderError, error
from lecturekit.files import atomic, sweep
from lecturekit.jobs import Assets, Budget, ChunkJob, ChunkVideo, chunk_key
from lecturekit.manifest import recorded, scene_key, write_manifest
from lecturekit.outputs import owned, staged
from lecturekit.plan import plan_scene
from lecturekit.plan.audit import BoardAudit, audit_scene
from lecturekit.plan.chunks import Chunk, drawn, parts_for, split
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.resolve import ResolvedLecture, ResolvedScene, slugify
from lecturekit.settings import Quality, RenderSettings
from lecturekit.sources import read
from lecturekit.translate import Language
from lecturekit.voice.narration import recording
from lecturekit.voice.track import tts_track, with_audio
from lecturekit.workers import LocalPool, cluster_workers, run_cluster, run_here

__all__ = ["LectureRender", "RenderedScene", "finish_scene", "join_lecture", "plan_scenes", "read", "record",
           "render_scenes", "scene_beats", "scene_path", "select"]


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


def scene_path(settings: RenderSettings, slug: str, plan: ScenePlan | ResolvedScene) -> Path:
    return settings.folder(slug) / f"{plan.index:02d}-{plan.slug}{settings.format.suffix}"


def lecture_path(settings: RenderSettings, slug: str) -> Path:
    """The lecture's own video, its scenes joined: `SLUG.mp4` beside them."""
    return settings.folder(slug) / f"{slug}{settings.format.suffix}"


@dataclass(frozen=True)
class RenderedScene:
    index: int
    title: str
    path: Path
    frames: int
    #: The audit of the scene's boards (`plan.audit`), for render.json; none for a joined video.
    boards: tuple[BoardAudit, ...] = ()


def narration_for(scene: ResolvedScene, seconds: float, settings: RenderSettings) -> np.ndarray | None:
    """The scene's narration, exactly `seconds` long, or None when none was asked for."""
    if settings.narration is not None:
        return recording(settings.narration, scene.start, scene.start + seconds)
    if settings.tts in ("espeak", "piper"):
        return tts_track(scene_beats(scene), seconds, settings.tts, settings.voice, settings.spoken)
    return None


def track_path(settings: RenderSettings, slug: str, index: int) -> Path:
    folder = settings.cache / slug
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"narration-{index:02d}.npy"


Progress = Callable[[int, int], None]
#: The work to record in render.json: by default, all this process counted since the command began.
Tally = Callable[[], dict[str, int]]


def since(before: dict[str, int]) -> Tally:
    return lambda: work.since(before)


#: Given the frames of every scene about to render, a callback that hears (scene, frames done).
ProgressFactory = Callable[[dict[int, int]], Progress]
#: A scene is cut into chunks only where each still has at least this much animation to draw:
#: every chunk builds its opening board from scratch.
MIN_CHUNK_SECONDS = 20.0


def render_scenes(
    lecture: Path | None,
    overrides: Path | None,
    selectors: Sequence[str],
    settings: RenderSettings,
    jobs: int = 1,
    on_done: Callable[[RenderedScene], None] | None = None,
    progress_for: ProgressFactory | None = None,
    cluster: str | None = None,
    language: Language | None = None,
) -> list[RenderedScene]:
    """Render the chosen scenes (in `language` when given): each is cut into chunks at held
    boards (as finely as the workers need), chunks render `jobs` at a time in worker processes or
    on the Dask `cluster`, and each scene is joined from its chunks by stream copy. Unchanged
    scenes and chunks are reused."""
    before = work.counts()
    resolved = read(lecture, overrides, language)
    return render_resolved_scenes(resolved, selectors, spoken_in(settings, language), jobs, on_done, progress_for,
                                  cluster, before)


def spoken_in(settings: RenderSettings, language: Language | None) -> RenderSettings:
    """The settings with the narration spoken in, and the videos tagged with, `language`."""
    return settings if language is None else replace(settings, language=language.code)


def in_own_language(settings: RenderSettings, resolved: ResolvedLecture) -> RenderSettings:
    """The settings of a render of `resolved`: in the language asked for, else in the language its
    texts are in (its own, or its translation's)."""
    return settings if settings.language is not None else replace(settings, language=resolved.language)


def render_resolved_scenes(
    resolved: ResolvedLecture,
    selectors: Sequence[str],
    settings: RenderSettings,
    jobs: int,
    on_done: Callable[[RenderedScene], None] | None,
    progress_for: ProgressFactory | None,
    cluster: str | None,
    before: dict[str, int] | None = None,
) -> list[RenderedScene]:
    """The render path once the lecture is loaded, parsed and resolved (`read`): plan the scenes
    whose inputs changed, render their chunks, and package each scene as its chunks land, all in
    the lecture's staging folder, swapped in whole at the end (`outputs.staged`). The work counted
    since `before` (the command's start; by default, this call's) goes into render.json."""
    tally = since(work.counts() if before is None else before)
    ensure_renderable(resolved)  # a lecture refused, or a scene asked for that it lacks, touches no folder
    select(resolved, selectors)
    with staged(resolved, settings, tally) as stage:
        scenes = _render_staged(resolved, selectors, stage.settings, jobs, progress_for, cluster, tally)
    return _announced([replace(s, path=stage.path(s.path)) for s in scenes], on_done)


def _announced(rendered: list[RenderedScene], on_done: Callable[[RenderedScene], None] | None) -> list[RenderedScene]:
    """`rendered`, each told to `on_done` once it is in its published folder."""
    if on_done is not None:
        for item in rendered:
            on_done(item)
    return rendered


def _render_staged(resolved: ResolvedLecture, selectors: Sequence[str], settings: RenderSettings, jobs: int,
                   progress_for: ProgressFactory | None, cluster: str | None, tally: Tally) -> list[RenderedScene]:
    lecture = LectureRender(resolved, selectors, settings, tally=tally)
    # Local workers start now, importing Manim while the scenes are planned.
    pool = LocalPool(jobs) if len(lecture.todo) > 1 and jobs > 1 and not cluster else None
    interrupted = True
    try:
        jobs_to_run = lecture.plan(cluster_workers(cluster) if cluster else jobs, cluster, progress_for)
        if cluster:
            failed = run_cluster(jobs_to_run, cluster, lecture.landed)
        elif jobs <= 1 or len(jobs_to_run) <= 1:
            failed = run_here(jobs_to_run, lecture.landed, lecture.progress)
        else:  # a single scene cut into chunks starts its workers only now
            pool = pool or LocalPool(jobs)
            failed = pool.run(jobs_to_run, lecture.landed, lecture.progress)
        interrupted = False
    finally:
        if pool is not None:
            pool.close(interrupted)
        sweep(settings.cache)  # what a worker killed outright left behind
    if failed:  # after every scene has had its turn: one line for each that failed (exit code 3)
        raise RenderError([d for exc in failed for d in exc.diagnostics])
    return lecture.scenes()


class LectureRender:
    """One lecture's render as a value: made, it has found the scenes an earlier render left
    finished (`todo`: the others); `plan` plans those and gives the chunk jobs still to draw;
    `landed` takes each job's video as it arrives, and a scene is joined, captioned and
    recorded as soon as its last chunk lands. `render` runs one lecture's jobs; a catalogue
    runs those of many lectures on one pool."""

    def __init__(self, resolved: ResolvedLecture, selectors: Sequence[str], settings: RenderSettings,
                 on_done: Callable[[RenderedScene], None] | None = None, before: dict[str, int] | None = None,
                 tally: Tally | None = None):
        ensure_renderable(resolved)
        self.book = _Book(resolved, settings, on_done, tally or since(work.counts() if before is None else before))
        self.todo = self.book.reuse(select(resolved, selectors))
        self.assembly: _Assembly | None = None

    def plan(self, workers: int, cluster: str | None = None, progress_for: ProgressFactory | None = None,
             budget: Budget | None = None) -> list[ChunkJob]:
        """Plan the scenes to render, cut them for `workers` running at once, package those whose
        chunks were all kept, and give a job for every chunk still to draw, the longest first."""
        settings = self.book.settings
        plans = {plan.index: plan for plan in plan_scenes(self.book.resolved, self.todo, settings.frame_rate)}
        pieces = _cut(self.book, plans, workers)
        self.assembly = _Assembly(self.book, plans, pieces, progress_for)
        jobs = _chunk_jobs(plans, pieces, settings, cluster, budget)
        self.assembly.reused()
        return jobs

    def landed(self, video: ChunkVideo) -> None:
        assert self.assembly is not None, "a chunk lands only after its lecture was planned"
        self.assembly.landed(video)

    def progress(self, scene: int, first: int, frames: int) -> None:
        if self.assembly is not None:
            self.assembly.progress(scene, first, frames)

    @property
    def finished(self) -> bool:
        """Every chosen scene is rendered (or was kept)."""
        return len(self.book.done) == len(self.book.keys)

    def scenes(self) -> list[RenderedScene]:
        """The scenes rendered or kept so far, in order."""
        return sorted(self.book.done, key=lambda r: r.index)


class _Book:
    """What a render keeps account of: each scene's key, the scenes done, the manifest."""

    def __init__(self, resolved: ResolvedLecture, settings: RenderSettings,
                 on_done: Callable[[RenderedScene], None] | None, tally: Tally):
        self.resolved, self.on_done, self.tally = resolved, on_done, tally
        self.settings = settings = in_own_language(settings, resolved)
        self.chunks = settings.cache / resolved.slug / "chunks"
        self.done: list[RenderedScene] = []
        self.keys: dict[int, str] = {}
        sweep(settings.folder(resolved.slug))
        sweep(settings.cache)

    def reuse(self, chosen: Sequence[ResolvedScene]) -> list[ResolvedScene]:
        """The chosen scenes that must be rendered; those whose key still holds are done already."""
        recorded_scenes = self.resolved.lecture.scenes
        self.keys = {s.index: scene_key(self.resolved, recorded_scenes[s.index - 1], s.index, self.settings)
                     for s in chosen}
        before = recorded(self.settings.folder(self.resolved.slug))
        todo = []
        for scene in chosen:
            path = scene_path(self.settings, self.resolved.slug, scene)
            entry = before.get(path.name, {})
            if entry.get("key") == self.keys[scene.index] and path.is_file() and path.with_suffix(".vtt").is_file():
                self.finished(RenderedScene(scene.index, scene.title, path, entry["frames"]), fresh=False)
            else:
                todo.append(scene)
        return todo

    def finished(self, rendered: RenderedScene, fresh: bool = True) -> None:
        self.done.append(rendered)
        if fresh:  # recorded at once, so an interrupted render's finished scenes are reused
            record(self.resolved, self.settings, [rendered], self.keys, self.tally())
        if self.on_done is not None:
            self.on_done(rendered)


class _Assembly:
    """Scenes packaged as their chunks land: joined, captioned, given their narration."""

    def __init__(self, book: _Book, plans: dict[int, ScenePlan], pieces: dict[int, list[tuple[Chunk, Path]]],
                 progress_for: ProgressFactory | None):
        self.book, self.plans, self.pieces = book, plans, pieces
        self.report = progress_for({i: p.frames for i, p in plans.items()}) if progress_for and plans else None
        self.written: dict[tuple[int, int], int] = {}

    def progress(self, scene: int, first: int, frames: int) -> None:
        self.written[scene, first] = frames
        if self.report is not None:
            self.report(scene, sum(n for (s, _), n in self.written.items() if s == scene))

    def reused(self) -> None:
        """Package the scenes every chunk of which was kept from an earlier render."""
        for index in [i for i in self.plans if all(path.is_file() for _, path in self.pieces[i])]:
            self._assemble(index)

    def landed(self, video: ChunkVideo) -> None:
        path = dict(self.pieces[video.scene])[video.chunk]
        with atomic(path) as tmp:
            tmp.write_bytes(video.video)
        self._assemble(video.scene)

    def _assemble(self, index: int) -> None:
        if not all(path.is_file() for _, path in self.pieces[index]):
            return
        settings = self.book.settings
        for chunk, _ in self.pieces[index]:
            self.progress(index, chunk.first, chunk.frames)
        current = [path for _, path in self.pieces[index]]
        self.book.finished(finish_scene(self.plans[index], current, settings, self.book.resolved.slug))
        for stale in set(self.book.chunks.glob(f"{index:02d}-*{settings.format.suffix}")) - set(current):
            stale.unlink()  # chunks of an earlier version of the scene


def _chunk_jobs(plans: dict[int, ScenePlan], pieces: dict[int, list[tuple[Chunk, Path]]],
                settings: RenderSettings, cluster: str | None, budget: Budget | None) -> list[ChunkJob]:
    """A job for every chunk not kept from an earlier render, the longest first (so no worker is
    left with one at the end)."""
    assets = {index: Assets.of(plan) for index, plan in plans.items()}
    scratch = None if cluster else settings.cache
    if scratch is not None:
        scratch.mkdir(parents=True, exist_ok=True)
    work = [ChunkJob(plans[index], assets[index], chunk, settings.quality, settings.verbose, scratch,
                     settings.format, settings.transparent, budget)
            for index, chunks in pieces.items() for chunk, path in chunks if not path.is_file()]
    return sorted(work, key=lambda job: -job.chunk.busy)


def _cut(book: _Book, plans: dict[int, ScenePlan], workers: int) -> dict[int, list[tuple[Chunk, Path]]]:
    """Each scene's chunks and the file each is kept in, named by what its pictures depend on.
    Scenes are cut so that every worker gets about a fair share of the drawing."""
    settings, resolved = book.settings, book.resolved
    work = sum(drawn(plan.busy()) for plan in plans.values())
    share = max(work / max(1, workers), MIN_CHUNK_SECONDS * settings.frame_rate)
    pieces = {}
    for index, plan in plans.items():
        static = scene_key(resolved, resolved.lecture.scenes[index - 1], index, settings, pictures=True)
        busy = plan.busy()
        chunks = split(busy, plan.frames, parts_for(drawn(busy), round(share)))
        pieces[index] = [(c, book.chunks / f"{index:02d}-{chunk_key(static, plan, c)[:24]}{settings.format.suffix}")
                         for c in chunks]
    return pieces


def finish_scene(plan: ScenePlan, chunks: list[Path], settings: RenderSettings, slug: str) -> RenderedScene:
    """The scene's video from its chunks (stream copy), with captions and narration."""
    from lecturekit.package import Part, join

    path = scene_path(settings, slug, plan)
    frames = join([Part(c, plan.title) for c in chunks], path, plan.fps, chapters=False, lang=settings.spoken)
    write_captions(path, captions(scene_beats(plan.scene), settings.spoken, frames / plan.fps))
    track = narration_for(plan.scene, frames / plan.fps, settings)
    if track is not None:
        np.save(track_path(settings, slug, plan.index), track)
        with atomic(path) as tmp:
            with_audio(path, track, tmp, settings.format.audio_codec, settings.spoken)
    return RenderedScene(plan.index, plan.title, path, frames, audit_scene(plan, settings.preset.height))


def record(resolved: ResolvedLecture, settings: RenderSettings,
           rendered: list[RenderedScene], keys: dict[int, str], done: dict[str, int]) -> None:
    """Name in render.json each video of `rendered` and the captions beside it (keyed by `keys`,
    by scene; the joined video's is 0), with the work `done` by the command so far; a scene's
    video with the audit of its boards."""
    files = []
    for item in rendered:
        for path in (item.path, item.path.with_suffix(".srt"), item.path.with_suffix(".vtt")):
            if path.is_file():
                files.append({"path": path.name, "scene": item.index or None, "title": item.title,
                              "duration": round(item.frames / settings.frame_rate, 6), "frames": item.frames,
                              "key": keys.get(item.index)}
                             | ({"boards": [b.as_json() for b in item.boards]} if path == item.path and item.index
                                else {}))
    write_manifest(resolved, settings, files, done)


def write_still(
    lecture: Path | None, overrides: Path | None, at: float, quality: Quality, out: Path | None,
    language: Language | None = None,
) -> Path:
    """The picture at lecture time `at` as a PNG (in `language` when given): the board is built as
    it stands then."""
    return still_of(read(lecture, overrides, language), at, quality, out)


def still_of(resolved: ResolvedLecture, at: float, quality: Quality, out: Path | None) -> Path:
    """`write_still` of a lecture already read (or translated); with no `out`, into the lecture's
    folder, and named in its render.json."""
    from PIL import Image

    from lecturekit.render import stills

    before = work.counts()
    ensure_renderable(resolved)
    scene = next((s for s in resolved.scenes if s.start <= at < s.end), None)
    if scene is None:
        last = resolved.scenes[-1].end
        raise LectureError(error(Place(), f"{at:g} s is outside the lecture (0 to {last:.3f} s)"), exit_code=2)
    settings = RenderSettings(quality)
    [plan] = plan_scenes(resolved, [scene], settings.frame_rate)
    frame = min(plan.frames - 1, round((at - scene.start) * plan.fps))
    [pixels] = stills(plan, [frame], settings.preset, settings.cache)
    if out is not None:
        with atomic(out) as tmp:
            Image.fromarray(pixels).save(tmp, format="PNG")
        return out
    path = settings.out / resolved.slug / f"still-{at:09.3f}.png"
    with owned(resolved, settings.out), atomic(path) as tmp:
        Image.fromarray(pixels).save(tmp, format="PNG")
        write_manifest(resolved, settings, [{"path": path.name, "scene": scene.index, "title": scene.title, "at": at}],
                       work.since(before))
    return path


def write_gif(
    lecture: Path | None, overrides: Path | None, selectors: Sequence[str], start: float | None,
    end: float | None, width: int, fps: int, out: Path, language: Language | None = None,
) -> Path:
    """One scene, or the clip from `start` to `end` (lecture times, inside one scene), as a GIF
    `width` pixels wide (16:9) at `fps`."""
    from lecturekit.render.gif import write_gif as draw_gif
    from lecturekit.settings import Preset

    before = work.counts()
    resolved = read(lecture, overrides, language)
    ensure_renderable(resolved)
    if (start is None) != (end is None):
        raise LectureError(error(Place(), "a GIF clip needs both --from and --to"), exit_code=2)
    if start is not None and end is not None:  # both or neither, as checked above
        scene = next((s for s in resolved.scenes if s.start <= start < s.end), None)
        if scene is None or end <= start or end > scene.end + 1e-9:
            raise LectureError(error(Place(), f"the clip {start:g}-{end:g} s is not inside one scene",
                                     "choose --from and --to within a scene's start and end"), exit_code=2)
    else:
        chosen = select(resolved, selectors)
        if len(chosen) != 1:
            raise LectureError(error(Place(), "a GIF is of one scene", "name it with --scene, or give --from and --to"),
                               exit_code=2)
        [scene] = chosen
        start, end = scene.start, scene.end
    [plan] = plan_scenes(resolved, [scene], fps)
    frames = range(round((start - scene.start) * fps), min(plan.frames, round((end - scene.start) * fps)))
    preset = Preset(width, 2 * round(width * 9 / 32), fps, 0)
    name = f"{plan.index:02d}-{plan.slug}" + ("" if len(frames) == plan.frames else f"-{start:.2f}-{end:.2f}")
    with owned(resolved, out):
        path = draw_gif(plan, frames, preset, out / ".lecturekit-cache", out / resolved.slug / f"{name}.gif")
        entry = {"path": path.name, "scene": scene.index, "title": scene.title,
                 "duration": round(len(frames) / fps, 6), "frames": len(frames), "quality": None, "width": width}
        write_manifest(resolved, RenderSettings(Quality.l, out, fps=fps), [entry], work.since(before))
    return path


def write_storyboards(
    lecture: Path | None, overrides: Path | None, selectors: Sequence[str], out: Path,
    language: Language | None = None,
) -> list[Path]:
    from lecturekit.storyboard import contact_sheet

    before = work.counts()
    resolved = read(lecture, overrides, language)
    ensure_renderable(resolved)
    settings = RenderSettings(Quality.l, out)
    plans = plan_scenes(resolved, select(resolved, selectors), settings.frame_rate)
    lang = resolved.language
    with owned(resolved, out):
        paths = [
            contact_sheet(plan, settings.preset, settings.cache,
                          out / resolved.slug / f"{plan.index:02d}-{plan.slug}-storyboard.png", lang)
            for plan in plans
        ]
        write_manifest(resolved, settings, [{"path": path.name, "scene": plan.index, "title": plan.title}
                                            for path, plan in zip(paths, plans, strict=True)], work.since(before))
    return paths


def render_lecture(
    lecture: Path | None,
    overrides: Path | None,
    settings: RenderSettings,
    jobs: int = 1,
    on_done: Callable[[RenderedScene], None] | None = None,
    progress_for: ProgressFactory | None = None,
    cluster: str | None = None,
    language: Language | None = None,
) -> RenderedScene:
    """Every scene, then the lecture's own video: the scenes joined without re-encoding, one
    chapter per scene, with captions for the whole narration (in `language` when given)."""
    before = work.counts()
    return render_resolved(read(lecture, overrides, language), spoken_in(settings, language), jobs, on_done,
                           progress_for, cluster, before)[0]


def render_resolved(
    resolved: ResolvedLecture,
    settings: RenderSettings,
    jobs: int = 1,
    on_done: Callable[[RenderedScene], None] | None = None,
    progress_for: ProgressFactory | None = None,
    cluster: str | None = None,
    before: dict[str, int] | None = None,
) -> tuple[RenderedScene, list[RenderedScene]]:
    """`render_lecture` of a lecture already read (or translated): the joined video and its scenes."""
    tally = since(work.counts() if before is None else before)
    ensure_renderable(resolved)  # a lecture refused touches no folder
    with staged(resolved, settings, tally) as stage:
        scenes = _render_staged(resolved, [], stage.settings, jobs, progress_for, cluster, tally)
        whole = join_lecture(resolved, stage.settings, scenes, tally)
    scenes = _announced([replace(s, path=stage.path(s.path)) for s in scenes], on_done)
    return replace(whole, path=stage.path(whole.path)), scenes


def join_lecture(resolved: ResolvedLecture, settings: RenderSettings, scenes: list[RenderedScene],
                 tally: Tally) -> RenderedScene:
    """The lecture's own video from its rendered `scenes` (kept when none of them changed), with
    its captions, recorded in render.json with the work `tally` gives."""
    from lecturekit.package import Part, join

    settings = in_own_language(settings, resolved)
    path = lecture_path(settings, resolved.slug)
    entries = recorded(path.parent)
    key = hashlib.sha256("".join(entries[s.path.name]["key"] for s in scenes).encode()).hexdigest()
    if entries.get(path.name, {}).get("key") == key and path.is_file() and path.with_suffix(".vtt").is_file():
        return RenderedScene(0, resolved.title, path, entries[path.name]["frames"])  # no scene changed
    cues = captions(joined_beats(resolved, scenes, settings.frame_rate), settings.spoken,
                    sum(s.frames for s in scenes) / settings.frame_rate)
    frames = join([Part(s.path, s.title) for s in scenes], path, settings.frame_rate, cues, lang=settings.spoken)
    if settings.narration is not None or settings.tts:
        track = np.concatenate([np.load(track_path(settings, resolved.slug, s.index)) for s in scenes])
        with atomic(path) as tmp:
            with_audio(path, track, tmp, settings.format.audio_codec, settings.spoken)
    write_captions(path, cues)
    whole = RenderedScene(0, resolved.title, path, frames)
    record(resolved, settings, [whole], {0: key}, tally())
    return whole


def joined_beats(resolved: ResolvedLecture, scenes: list[RenderedScene], fps: int) -> list[tuple[float, float, str]]:
    """(start, end, narration) of every beat in seconds of the joined video, whose scenes are
    `scenes` as rendered (each as many frames long as it came out)."""
    beats, offset = [], 0
    for rendered, scene in zip(scenes, resolved.scenes, strict=True):
        beats += [(offset / fps + a, offset / fps + b, say) for a, b, say in scene_beats(scene)]
        offset += rendered.frames
    return beats
