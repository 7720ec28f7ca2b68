"""One lecture in many languages: one joined video per language, or, with the board as recorded,
one MP4 with a narration and a caption track per language.

What each language says comes from a `Translator`: the lecture read, and a language code, in;
the lecture with its narration, captions and scene titles in that language out (its outputs apart
from other languages', as `SLUG.CODE`). The translation stage is that translator; `as_recorded`
stands in for it where no translation is given, keeping the lecture's own texts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

from lecturekit import work
from lecturekit.captions import captions
from lecturekit.diagnostics import LectureError, Place, error, quote
from lecturekit.outputs import owned
from lecturekit.package import Dub, multilingual
from lecturekit.pipeline import (
    ProgressFactory,
    RenderedScene,
    joined_beats,
    narration_for,
    record,
    render_resolved,
    render_resolved_scenes,
)
from lecturekit.resolve import ResolvedLecture
from lecturekit.settings import Format, RenderSettings
from lecturekit.voice.languages import spoken

Translator = Callable[[ResolvedLecture, str], ResolvedLecture]


def as_recorded(resolved: ResolvedLecture, code: str) -> ResolvedLecture:
    """The lecture in `code` with its own texts (no translation given): apart from the others'."""
    return resolved if _own(resolved, code) else replace(resolved, slug=f"{resolved.slug}.{code}")


def in_language(resolved: ResolvedLecture, code: str, translate: Translator) -> ResolvedLecture:
    """The lecture in `code`: as recorded in the lecture's own language, else translated."""
    return resolved if _own(resolved, code) else translate(resolved, code)


def _own(resolved: ResolvedLecture, code: str) -> bool:
    """Whether `code` names the lecture's own language (`de-AT` is `de`)."""
    return spoken(code).code == spoken(resolved.own_language).code


def language_list(given: str) -> list[str]:
    """The codes of `--lang a,b,c`, each one lecturekit can speak, in order, none twice."""
    codes = [c.strip() for c in given.split(",")]
    if not all(codes):
        raise LectureError(error(Place(), f"--lang {quote(given)} names an empty language",
                                 "give codes separated by commas, such as en,de,ar"), exit_code=2)
    entries = [spoken(c) for c in codes]
    twice = sorted({e.code for e in entries if [f.code for f in entries].count(e.code) > 1})
    if twice:
        raise LectureError(error(Place(), f"--lang names {', '.join(twice)} more than once",
                                 "give each language once"), exit_code=2)
    return codes


def render_each(resolved: ResolvedLecture, codes: list[str], settings: RenderSettings, translate: Translator,
                selectors: list[str] | None = None, jobs: int = 1,
                on_done: Callable[[RenderedScene], None] | None = None, progress_for: ProgressFactory | None = None,
                cluster: str | None = None) -> list[RenderedScene]:
    """One joined video per language (or the `selectors`' scenes only), each rendered from the
    lecture in that language (board, narration, captions and chapters), in `OUT/SLUG.CODE/`."""
    out = []
    for code in codes:
        said, heard = in_language(resolved, code, translate), replace(settings, language=code)
        if selectors:
            out += render_resolved_scenes(said, selectors, heard, jobs, on_done, progress_for, cluster)
        else:
            out.append(render_resolved(said, heard, jobs, on_done, progress_for, cluster)[0])
    return out


def retimed_in(resolved: ResolvedLecture, code: str, voice: Path | None, translate: Translator,
               progress: Callable[[float, float], None] | None = None) -> Path:
    """--fit retime in a language: the lecture retimed to Piper's speech of its narration in
    `code`, written beside it as `NAME.retimed.CODE.json` (its figures and translations found
    from there as from the original)."""
    from lecturekit.voice import piper
    from lecturekit.voice.retime import retimed, spoken_by_piper, write_lecture

    said = in_language(resolved, code, translate)
    heard = spoken_by_piper(said, piper.voice_for(spoken(code), voice), progress)
    source = Path(resolved.source)
    out = source.with_name(f"{source.stem}.retimed.{spoken(code).code}.json")
    write_lecture(retimed(source, heard, [b.say for s in said.scenes for b in s.beats]), out)
    return out


def render_dubbed(resolved: ResolvedLecture, codes: list[str], settings: RenderSettings, translate: Translator,
                  jobs: int = 1, on_done: Callable[[RenderedScene], None] | None = None,
                  progress_for: ProgressFactory | None = None, cluster: str | None = None) -> RenderedScene:
    """The board as recorded, rendered once (as `render` renders it, in `OUT/SLUG/`), and beneath
    it in `OUT/SLUG/SLUG.a-b-c.mp4` a narration track (when a voice is asked for), a caption
    track and chapter names per language, the first the default; render.json names it."""
    if settings.format not in (Format.mp4, Format.mov):
        raise LectureError(error(Place(), "a video with a track per language is an MP4 or a MOV",
                                 "leave out --format, or give --format mov"), exit_code=2)
    if settings.narration is not None:
        raise LectureError(error(Place(), "a recording is in one language: it cannot narrate several",
                                 "give --tts espeak or --tts piper with several languages"), exit_code=2)
    before = work.counts()
    whole, scenes = render_resolved(resolved, replace(settings, language=resolved.own_language), jobs, on_done,
                                    progress_for, cluster, before)
    fps = settings.frame_rate
    dubs = []
    for code in codes:
        said = in_language(resolved, code, translate)
        heard = replace(settings, language=code)
        track = None
        if settings.tts:
            track = np.concatenate([narration_for(scene, rendered.frames / fps, heard)
                                    for scene, rendered in zip(said.scenes, scenes, strict=True)])
        dubs.append(Dub(code, track, captions(joined_beats(said, scenes, fps), code, whole.frames / fps),
                        tuple(scene.title for scene in said.scenes)))
    path = whole.path.with_name(f"{resolved.slug}.{'-'.join(spoken(c).code for c in codes)}{whole.path.suffix}")
    dubbed = RenderedScene(0, resolved.title, path, whole.frames)
    with owned(resolved, settings.out):  # added to the folder just published, under its lock again
        multilingual(whole.path, dubs, path)
        record(resolved, settings, [dubbed], {}, work.since(before))
    return dubbed


__all__ = ["Translator", "as_recorded", "in_language", "language_list", "render_dubbed", "render_each", "retimed_in"]
