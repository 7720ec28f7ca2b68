"""What a person asks of a render, as one frozen value, and the one place that carries it out.

The command line only turns its options into a `RenderRequest`; what the options mean together
(retimed to a voice, in which languages, on which board, as a GIF) is decided here, and a
catalogue can hand the same value out per lecture. What the work has to say as it goes (warnings,
files written, progress) goes to a `Listener`, so nothing here prints.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from lecturekit import work
from lecturekit.diagnostics import Diagnostic, LectureError, Place, Severity, error
from lecturekit.pipeline import ProgressFactory, RenderedScene, render_resolved, render_resolved_scenes, write_gif
from lecturekit.resolve import ResolvedLecture
from lecturekit.settings import Format, RenderSettings, Voice
from lecturekit.sources import read
from lecturekit.translate import Language

if TYPE_CHECKING:
    from lecturekit.plan.audit import BoardAudit
    from lecturekit.plan.scene_plan import ScenePlan
    from lecturekit.render.painted_audit import PaintedAudit
    from lecturekit.settings import Preset, Quality
    from lecturekit.voice.align import Beat

#: Given a label and a unit, something that hears (done, total) of a long step (aligning, speaking).
Steps = Callable[[str, str], Callable[[float, float], None]]


class Fit(StrEnum):
    """What gives when speech is longer than its beat: the speech's pace, or the lecture's times."""

    speed = "speed"
    retime = "retime"


class BoardChoice(StrEnum):
    """With several languages: each language's own board, or the board as recorded for them all."""

    translated = "translated"
    original = "original"


@dataclass(frozen=True)
class Clip:
    """A GIF's clip: lecture times (both or neither), width in pixels and frame rate."""

    start: float | None = None
    end: float | None = None
    width: int = 480
    fps: int = 10


def _ignore(*_: object) -> None:
    return None


@dataclass(frozen=True)
class Listener:
    """What a render has to say as it goes; the command line prints it, a test or a catalogue
    keeps it."""

    warn: Callable[[Diagnostic], None] = _ignore
    wrote: Callable[[RenderedScene], None] = _ignore
    note: Callable[[str], None] = _ignore
    progress_for: ProgressFactory | None = None
    steps: Steps | None = None


@dataclass(frozen=True)
class RenderRequest:
    """One render of one lecture, everything it needs said; contradictions are refused when it
    is made, before anything is read."""

    lecture: Path | None = None
    overrides: Path | None = None
    scenes: tuple[str, ...] = ()
    settings: RenderSettings = field(default_factory=RenderSettings)
    jobs: int = 1
    #: As given to --lang: one code, or several separated by commas; None: as recorded.
    languages: str | None = None
    translation: Path | None = None
    board: BoardChoice = BoardChoice.translated
    fit: Fit = Fit.speed
    strict: bool = False
    cluster: str | None = None
    clip: Clip = field(default_factory=Clip)

    def __post_init__(self) -> None:
        settings = self.settings
        if self.board is BoardChoice.original and (self.languages is None or self.scenes):
            _usage("--board original needs --lang and the whole lecture", "leave out --scene, or --board")
        if settings.transparent and settings.format is not Format.mov:
            _usage("--transparent needs --format mov", "ProRes 4444 keeps the alpha")
        if self.translation is not None and self.languages is None:
            _usage("--translation needs --lang CODE")
        if self.fit is Fit.retime and self.languages is not None:
            if self.board is BoardChoice.original:
                _usage("a board retimed to one language's voice cannot keep time with the others",
                       "give --fit speed with --board original")
            if settings.narration is not None or settings.tts != Voice.piper:
                _usage("--fit retime in a language follows Piper's speech of it",
                       "give --tts piper (and --voice FILE.onnx for the language)")


def _usage(message: str, hint: str | None = None) -> None:
    raise LectureError(error(Place(), message, hint), exit_code=2)


def carry_out(request: RenderRequest, listener: Listener = Listener()) -> None:
    """Render what `request` asks for, telling `listener` as it goes."""
    if request.settings.format is Format.gif:
        _gif(request, listener)
        return
    if request.fit is Fit.retime and request.languages is not None:
        for code in language_codes(request.languages):  # each language's lecture follows its own voice
            timed = _retimed_in(request, code, listener)
            one = replace(request, lecture=timed, fit=Fit.speed, languages=code)
            _render_languages(one, read(timed, request.overrides), listener)
        return
    lecture = _retimed_beside(request, listener) if request.fit is Fit.retime else request.lecture
    before = work.counts()
    resolved = read(lecture, request.overrides)  # read once: warned about, then rendered
    _warn(resolved, listener)
    _refuse_unless_strictly_clean(resolved, request.strict)
    settings = request.settings
    if request.languages is not None:
        _render_languages(request, resolved, listener)
    elif request.scenes:
        render_resolved_scenes(resolved, request.scenes, settings, request.jobs, listener.wrote, listener.progress_for,
                               request.cluster, before)
    else:
        listener.wrote(render_resolved(resolved, settings, request.jobs, listener.wrote, listener.progress_for,
                                       request.cluster, before)[0])


def checked(lecture: Path | None, overrides: Path | None, language: Language | None) -> ResolvedLecture:
    """The lecture read (in `language`), with what only planning and captioning find added to its
    diagnostics: a board its layout cannot hold legibly, a beat too fast to read in captions."""
    from lecturekit.captions import caption_warnings
    from lecturekit.plan.legibility import layout_warnings

    resolved = read(lecture, overrides, language)
    if resolved.renderable:  # planning measures the texts, so only what is renderable is planned
        resolved = replace(resolved, diagnostics=resolved.diagnostics + layout_warnings(resolved))
    return replace(resolved, diagnostics=resolved.diagnostics + caption_warnings(resolved))


def audited(lecture: Path | None, overrides: Path | None, selectors: list[str], quality: Quality,
            language: Language | None) -> tuple[BoardAudit, ...]:
    """Every board of the chosen scenes audited (`plan.audit`), planned at `quality`'s frame rate
    and measured in its pixels."""
    from lecturekit.plan.audit import audit_scene

    plans, preset = _audit_plans(lecture, overrides, selectors, quality, language)
    return tuple(board for plan in plans for board in audit_scene(plan, preset.height))


def audited_painted(lecture: Path | None, overrides: Path | None, selectors: list[str], quality: Quality,
                    language: Language | None) -> tuple[PaintedAudit, ...]:
    """`audited`, with each board also measured on its frame painted at `quality`
    (`render.painted_audit`): one frame painted a board."""
    from lecturekit.render.painted_audit import audit_painted

    plans, preset = _audit_plans(lecture, overrides, selectors, quality, language)
    return tuple(board for plan in plans for board in audit_painted(plan, preset))


def _audit_plans(lecture: Path | None, overrides: Path | None, selectors: list[str], quality: Quality,
                 language: Language | None) -> tuple[list[ScenePlan], Preset]:
    from lecturekit.pipeline import ensure_renderable, plan_scenes, select
    from lecturekit.settings import PRESETS

    resolved = read(lecture, overrides, language)
    ensure_renderable(resolved)
    preset = PRESETS[quality]
    return plan_scenes(resolved, select(resolved, selectors), preset.fps), preset


def _gif(request: RenderRequest, listener: Listener) -> None:
    language = language_of(request.languages, request.translation)
    clip = request.clip
    path = write_gif(request.lecture, request.overrides, request.scenes, clip.start, clip.end, clip.width, clip.fps,
                     request.settings.out, language)
    listener.note(f"wrote {path} ({path.stat().st_size / 1e6:.2f} MB)")


def _render_languages(request: RenderRequest, resolved: ResolvedLecture, listener: Listener) -> None:
    """--lang: one joined video per language, or (--board original) one with a track per language."""
    from lecturekit.multilingual import render_dubbed, render_each

    translate = translator(request.translation, listener)
    codes = language_codes(request.languages or "", request.translation)
    settings, jobs, progress_for = request.settings, request.jobs, listener.progress_for
    if request.board is BoardChoice.original:
        listener.wrote(render_dubbed(resolved, codes, settings, translate, jobs, listener.wrote, progress_for,
                                     request.cluster))
        return
    for rendered in render_each(resolved, codes, settings, translate, list(request.scenes), jobs, listener.wrote,
                                progress_for, request.cluster):
        if rendered.index == 0:
            listener.wrote(rendered)  # the scenes were announced as they landed


def language_of(lang: str | None, translation: Path | None) -> Language | None:
    """The one language asked for (`--lang CODE`, its file `--translation`), or None for the
    lecture as recorded."""
    from lecturekit.translate import checked_code

    if lang is None:
        if translation is not None:
            raise LectureError(error(Place(path=str(translation)), "--translation needs --lang CODE"), exit_code=2)
        return None
    return Language(checked_code(lang), translation)


def language_codes(lang: str, translation: Path | None = None) -> list[str]:
    """The languages of `--lang a,b,c`; `--translation` is the file of one of them."""
    from lecturekit.multilingual import language_list

    codes = language_list(lang)
    if translation is not None and len(codes) > 1:
        raise LectureError(error(Place(path=str(translation)), "--translation is the file of one language",
                                 "give one --lang with it, or keep each language's file in locale/CODE.po"),
                           exit_code=2)
    return codes


def translator(translation: Path | None, listener: Listener) -> Callable[[ResolvedLecture, str], ResolvedLecture]:
    """Where each language's texts come from: the translation stage (`locale/CODE.po` beside the
    lecture, or the --translation file), each language translated once, what it has to warn of
    told as it is."""
    from lecturekit.translate import translator as translation_stage

    into = translation_stage(translation)
    done: dict[tuple[int, str], ResolvedLecture] = {}

    def translated(resolved: ResolvedLecture, code: str) -> ResolvedLecture:
        key = (id(resolved), code)
        if key not in done:
            done[key] = into(resolved, code)
            _warn(done[key], listener, after=len(resolved.diagnostics))
        return done[key]

    return translated


def _warn(resolved: ResolvedLecture, listener: Listener, after: int = 0) -> None:
    """Every warning and gap (from the `after`-th diagnostic on: what a translation added), before
    a render goes ahead without them."""
    found = resolved.diagnostics[after:]
    for severity in (Severity.WARNING, Severity.UNRESOLVED):
        for diagnostic in (d for d in found if d.severity is severity):
            listener.warn(diagnostic)


def _refuse_unless_strictly_clean(resolved: ResolvedLecture, strict: bool) -> None:
    """With --strict, what fails `check --strict` fails a render too, before anything is drawn
    (errors are left to the render, which reports them)."""
    if resolved.renderable and not resolved.passes(strict):
        counts = f"{len(resolved.of(Severity.WARNING))} warnings and {len(resolved.of(Severity.UNRESOLVED))} unresolved"
        raise LectureError(error(Place(path=resolved.source), f"--strict refuses {counts}",
                                 "fix them, or leave out --strict"))


def heard(resolved: ResolvedLecture, narration: Path | None, tts: Voice | None, voice: Path | None,
          steps: Steps | None) -> list[Beat]:
    """Where the narration's words are: aligned in the recording, or laid out by Piper."""
    from lecturekit.voice import piper
    from lecturekit.voice.align import align_recording
    from lecturekit.voice.languages import spoken
    from lecturekit.voice.retime import spoken_by_piper

    if narration is not None:
        return align_recording(resolved, narration, steps and steps("aligning", " s"))
    if tts == Voice.piper:  # in a voice for the lecture's language
        return spoken_by_piper(resolved, piper.voice_for(spoken(resolved.language), voice),
                               steps and steps("speaking", " beats"))
    raise LectureError(error(Place(), "retiming needs the voice to follow", "give --narration FILE or --tts piper"),
                       exit_code=2)


def _retimed_beside(request: RenderRequest, listener: Listener) -> Path:
    """--fit retime: the lecture retimed to its voice, written beside it as NAME.retimed.json."""
    from lecturekit.voice.retime import retimed, write_lecture

    settings = request.settings
    resolved = read(request.lecture, request.overrides)
    source = Path(resolved.source)
    out = source.with_name(f"{source.stem}.retimed.json")
    beats = heard(resolved, settings.narration, settings.tts, settings.voice, listener.steps)
    write_lecture(retimed(source, beats), out)
    listener.note(f"wrote {out}")
    return out


def _retimed_in(request: RenderRequest, code: str, listener: Listener) -> Path:
    """--fit retime --lang CODE: the lecture retimed to Piper's speech in the language."""
    from lecturekit.multilingual import retimed_in

    progress = listener.steps and listener.steps("speaking", " beats")
    out = retimed_in(read(request.lecture, request.overrides), code, request.settings.voice,
                     translator(None, listener), progress)
    listener.note(f"wrote {out}")
    return out
