"""The publishing bundle, written beside a lecture's joined video: `chapters.txt` in the form video
sites read, `description.md`, a 1280x720 `thumbnail.png`, `descriptions.vtt`, an
audio-description track (`<track kind="descriptions">`) saying at each board change what appeared,
and the accessible lecture page `index.html` (`lecturekit.page`), with `--scorm` its SCORM 1.2
package."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from lecturekit import work
from lecturekit.captions import Caption, captions, vtt
from lecturekit.describe import sentence
from lecturekit.files import atomic
from lecturekit.kinds import VariableNumberSpec, kind_def
from lecturekit.manifest import recorded, write_manifest
from lecturekit.outputs import owned
from lecturekit.page.boards import board_states
from lecturekit.page.scorm import write_package
from lecturekit.page.write import PageData, Track, language_name, write_page
from lecturekit.resolve import ResolvedLecture, ResolvedScene
from lecturekit.settings import Quality, RenderSettings
from lecturekit.syntax.nodes import Kind, Num, Show, Tick
from lecturekit.translate import Language

#: Video sites ignore a chapter list whose chapters are shorter than this.
MIN_CHAPTER_SECONDS = 10
#: Reveals this close after the first of a group are one board change (staggered reveals).
GROUP_SECONDS = 1.0
#: A description stays up at most this long (until the next change when that is sooner).
DESCRIPTION_SECONDS = 10.0


@dataclass(frozen=True)
class Chapter:
    start: float
    title: str


def chapter_marks(chapters: list[Chapter], duration: float) -> list[Chapter]:
    """The chapters as video sites take them: the first at 0:00, each starting on a whole second
    at least 10 s after the one before and 10 s before the end; one too close is folded into the
    chapter before it."""
    kept: list[Chapter] = []
    for chapter in chapters:
        start = float(int(chapter.start)) if kept else 0.0
        if kept and (start - kept[-1].start < MIN_CHAPTER_SECONDS or duration - start < MIN_CHAPTER_SECONDS):
            continue
        kept.append(Chapter(start, chapter.title))
    return kept


def clock(seconds: float) -> str:
    """`4:05`, or `1:02:03` past an hour, as video sites write chapter times."""
    hours, rest = divmod(int(seconds), 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def chapters_text(marks: list[Chapter]) -> str:
    return "".join(f"{clock(c.start)} {c.title}\n" for c in marks)


def description_text(title: str, summary: str, marks: list[Chapter]) -> str:
    parts = [f"# {title}\n"]
    if summary:
        parts.append(f"{summary}\n")
    parts.append("## Chapters\n\n" + chapters_text(marks))
    return "\n".join(parts)


def board_changes(scene: ResolvedScene, offset: float, end: float) -> list[Caption]:
    """What appears on the scene's board, one cue per change, timed in the joined video
    (`offset`: where the scene starts in it; `end`: where it ends)."""
    env = {name: spec.initial_value.value for name, spec in scene.objects.items()
           if isinstance(spec, VariableNumberSpec) and isinstance(spec.initial_value, Num)}
    steps: Counter[str] = Counter()
    groups: list[tuple[float, list[str]]] = []
    for timed in sorted(scene.actions, key=lambda a: (a.time, a.index)):
        action = timed.action
        if isinstance(action, Tick):
            env[action.object] = action.value
        if not isinstance(action, Show) or action.object in scene.broken or action.object not in scene.objects:
            continue
        spec = scene.objects[action.object]
        said = sentence(spec, env, steps[action.object], scene.objects)
        if kind_def(spec.kind).stepped:
            steps[action.object] += 1
        if said is None:
            continue
        if groups and timed.time - groups[-1][0] < GROUP_SECONDS:
            groups[-1][1].append(said)
        else:
            groups.append((timed.time, [said]))
    cues = []
    for i, (time, said_then) in enumerate(groups):
        start = offset + time - scene.start
        following = offset + groups[i + 1][0] - scene.start if i + 1 < len(groups) else end
        stop = round(min(following, start + DESCRIPTION_SECONDS), 3)
        cues.append(Caption(round(start, 3), stop, (" ".join(said_then),)))
    return cues


def title_card_time(resolved: ResolvedLecture) -> float:
    """The lecture time at which the title card stands complete: the end of the beat that shows
    it (as the storyboard picks beat ends), or the end of the first beat."""
    from lecturekit.pipeline import plan_scenes
    from lecturekit.storyboard import beat_ends

    for scene in resolved.scenes:
        shown = [a for a in scene.actions if isinstance(a.action, Show) and a.action.object not in scene.broken
                 and getattr(scene.objects.get(a.action.object), "kind", None) == Kind.TITLE]
        if shown:
            break
    else:
        scene, shown = resolved.scenes[0], []
    [plan] = plan_scenes(resolved, [scene], 30)
    ends = beat_ends(plan)
    return ends[shown[0].beat if shown else 0][1]


def _write(path: Path, text: str) -> Path:
    with atomic(path) as tmp:
        tmp.write_text(text, encoding="utf-8")
    return path


@dataclass(frozen=True)
class _Bundle:
    """A language's bundle as written, before its page (which lists every language's captions)."""

    resolved: ResolvedLecture
    settings: RenderSettings
    paths: list[Path]
    page: PageData
    before: dict[str, int]


def publish(
    lecture: Path | None,
    overrides: Path | None,
    settings: RenderSettings,
    jobs: int = 1,
    thumbnail_at: float | None = None,
    on_done: Callable | None = None,
    progress_for: Callable | None = None,
    scorm: bool = False,
) -> list[Path]:
    """Render what is missing (from the cache when it can), then write the bundle and the page
    beside the joined video (with `scorm`, the page's SCORM package too); returns the paths
    written, the video first."""
    from lecturekit.sources import read

    return publish_resolved(read(lecture, overrides), settings, jobs, thumbnail_at, on_done, progress_for, scorm)


def publish_languages(
    lecture: Path | None,
    overrides: Path | None,
    settings: RenderSettings,
    codes: list[str],
    translate: Callable[[ResolvedLecture, str], ResolvedLecture],
    jobs: int = 1,
    thumbnail_at: float | None = None,
    on_done: Callable | None = None,
    progress_for: Callable | None = None,
    scorm: bool = False,
) -> list[Path]:
    """A bundle per language, each beside its language's joined video (`OUT/SLUG.CODE/`), from
    the lecture in that language: chapters, description, thumbnail and descriptions in it; each
    language's page offers the captions of every language, its own first."""
    from lecturekit.multilingual import in_language
    from lecturekit.sources import read

    resolved = read(lecture, overrides)
    bundles = [_bundle(in_language(resolved, code, translate), replace(settings, language=code), jobs, thumbnail_at,
                       on_done, progress_for) for code in codes]
    tracks = [bundle.page.tracks[0] for bundle in bundles]
    return [path for bundle, own in zip(bundles, tracks, strict=True)
            for path in _finished(bundle, [own, *(t for t in tracks if t is not own)], scorm)]


def publish_resolved(
    resolved: ResolvedLecture,
    settings: RenderSettings,
    jobs: int = 1,
    thumbnail_at: float | None = None,
    on_done: Callable | None = None,
    progress_for: Callable | None = None,
    scorm: bool = False,
) -> list[Path]:
    """`publish` of a lecture already read (or translated); render.json names the bundle too."""
    bundle = _bundle(resolved, settings, jobs, thumbnail_at, on_done, progress_for)
    return _finished(bundle, bundle.page.tracks, scorm)


def _bundle(
    resolved: ResolvedLecture,
    settings: RenderSettings,
    jobs: int,
    thumbnail_at: float | None,
    on_done: Callable | None,
    progress_for: Callable | None,
) -> _Bundle:
    from lecturekit.pipeline import in_own_language, joined_beats, plan_scenes, render_resolved, scene_path, still_of

    before = work.counts()
    whole, scenes = render_resolved(resolved, settings, jobs, on_done, progress_for, before=before)
    folder, fps = whole.path.parent, settings.frame_rate
    entries = recorded(folder)
    offsets, start = [], 0
    for scene in resolved.scenes:
        offsets.append(start / fps)
        start += entries[scene_path(settings, resolved.slug, scene).name]["frames"]
    duration = whole.frames / fps
    ends = [*offsets[1:], duration]
    marks = chapter_marks([Chapter(o, s.title) for o, s in zip(offsets, resolved.scenes, strict=True)], duration)
    summary = resolved.lecture.file.publication.summary
    cues = [cue for scene, begins, stops in zip(resolved.scenes, offsets, ends, strict=True)
            for cue in board_changes(scene, begins, stops)]
    at = thumbnail_at if thumbnail_at is not None else title_card_time(resolved)
    with owned(resolved, settings.out):  # added to the folder just published, under its lock again
        paths = [
            whole.path,
            _write(folder / "chapters.txt", chapters_text(marks)),
            _write(folder / "description.md", description_text(resolved.title, summary, marks)),
            still_of(resolved, at, Quality.m, folder / "thumbnail.png"),
            _write(folder / "descriptions.vtt", vtt(cues)),
        ]
    lang = in_own_language(settings, resolved).spoken
    own = Track(lang, language_name(lang), captions(joined_beats(resolved, scenes, fps), lang, duration))
    boards = [state for plan, offset in zip(plan_scenes(resolved, resolved.scenes, fps), offsets, strict=True)
              for state in board_states(plan, offset)]
    page = PageData(resolved.title, lang, whole.path.name, "thumbnail.png", duration, fps,
                    [(o, s.title) for o, s in zip(offsets, resolved.scenes, strict=True)], [own], cues, boards)
    return _Bundle(resolved, settings, paths, page, before)


def _finished(bundle: _Bundle, tracks: list[Track], scorm: bool) -> list[Path]:
    """The bundle's page (offering `tracks`), with `scorm` its package; all recorded in render.json,
    under the folder's lock."""
    whole, folder = bundle.paths[0], bundle.paths[0].parent
    with owned(bundle.resolved, bundle.settings.out):
        page_files = write_page(folder, replace(bundle.page, tracks=tracks))
        written = [*bundle.paths[1:], *page_files]
        if scorm:
            poster = folder / "thumbnail.png"
            written.append(write_package(folder / f"{whole.stem}.scorm.zip", f"lecturekit-{bundle.resolved.slug}",
                                         bundle.resolved.title, page_files[0], [*page_files, whole, poster]))
        write_manifest(bundle.resolved, bundle.settings,
                       [{"path": path.name, "scene": None, "title": bundle.resolved.title} for path in written],
                       work.since(bundle.before))
    return [whole, *written]


def handout(
    lecture: Path | None,
    overrides: Path | None,
    settings: RenderSettings,
    jobs: int = 1,
    progress_for: Callable | None = None,
    language: Language | None = None,
) -> Path:
    """Render what is missing (an unchanged render in the folder is reused), then write the
    lecture's handout beside its joined video (`lecturekit.handout`), recorded in render.json."""
    from lecturekit.handout import handout_path, write_handout
    from lecturekit.pipeline import render_resolved, spoken_in
    from lecturekit.sources import read

    before = work.counts()
    resolved = read(lecture, overrides, language)
    settings = spoken_in(settings, language)
    whole, scenes = render_resolved(resolved, settings, jobs, progress_for=progress_for, before=before)
    by_index = {rendered.index: rendered.path for rendered in scenes}
    with owned(resolved, settings.out):
        path = write_handout(resolved, [(scene, by_index[scene.index]) for scene in resolved.scenes],
                             handout_path(whole.path))
        write_manifest(resolved, settings, [{"path": path.name, "scene": None, "title": resolved.title}],
                       work.since(before))
    return path
