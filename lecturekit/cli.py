"""The command line: thin commands that hand the work to the pipeline; errors become exit codes."""

from __future__ import annotations

import json
import os
import signal
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from lecturekit.diagnostics import LectureError, Place, RenderError, error, printable_lines
from lecturekit.progress import RenderDisplay
from lecturekit.settings import Format, Quality

DEFAULT_JOBS = os.cpu_count() or 1

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Render recorded lecture descriptions as Manim videos in sync with the narration.",
)

LectureArg = Annotated[
    Path | None,
    typer.Argument(help="The lecture.json (or its folder). Default: the bundled demo lecture."),
]
OverridesOpt = Annotated[
    Path | None,
    typer.Option("--overrides", help="TOML with values the lecture cannot supply (default: <slug>.toml or "
                 "overrides.toml beside the lecture, else the project's own for that lecture)."),
]
DebugOpt = Annotated[bool, typer.Option("--debug", help="Show a traceback when something fails.")]
StrictOpt = Annotated[bool, typer.Option("--strict", help="Fail on warnings and gaps too.")]
OneLangOpt = Annotated[str | None, typer.Option(
    "--lang", metavar="CODE", help="In this language: LECTURE_DIR/locale/CODE.po (or --translation); "
    "qps: the pseudo-locale, every text accented and 40% longer.")]
TranslationOpt = Annotated[Path | None, typer.Option(
    "--translation", metavar="FILE.po", help="The PO file of --lang, one language (default: locale/CODE.po "
    "beside the lecture).")]


def _language(lang: str | None, translation: Path | None):
    """The language asked for, or None for the lecture as recorded."""
    from lecturekit.translate import Language, checked_code

    if lang is None:
        if translation is not None:
            raise LectureError(error(Place(path=str(translation)), "--translation needs --lang CODE"), exit_code=2)
        return None
    return Language(checked_code(lang), translation)


@app.callback()
def _root() -> None:
    """Render recorded lecture descriptions as Manim videos in sync with the narration."""


def _warn(resolved, after: int = 0) -> None:
    """Every warning and gap (from the `after`-th diagnostic on: what a translation added), one
    line each, before a render goes ahead without them."""
    from lecturekit.diagnostics import Severity

    found = resolved.diagnostics[after:]
    for severity in (Severity.WARNING, Severity.UNRESOLVED):
        for diagnostic in (d for d in found if d.severity is severity):
            typer.echo(diagnostic.line(), err=True)


def _refuse_unless_strictly_clean(resolved, strict: bool) -> None:
    """With --strict, what fails `check --strict` fails a render too, before anything is drawn
    (errors are left to the render, which reports them)."""
    from lecturekit.diagnostics import Severity

    if resolved.renderable and not resolved.passes(strict):
        counts = f"{len(resolved.of(Severity.WARNING))} warnings and {len(resolved.of(Severity.UNRESOLVED))} unresolved"
        raise LectureError(error(Place(path=resolved.source), f"--strict refuses {counts}",
                                 "fix them, or leave out --strict"))


def _with_layout_warnings(resolved):
    """The lecture with a warning for every board its layout cannot hold legibly (planning
    measures the texts, so only what is renderable is planned)."""
    from dataclasses import replace

    from lecturekit.plan import layout_warnings

    return replace(resolved, diagnostics=resolved.diagnostics + layout_warnings(resolved))


def _fail(exc: LectureError, debug: bool) -> None:
    if debug:
        traceback.print_exception(exc)
    for diagnostic in exc.diagnostics:
        typer.echo(diagnostic.line(), err=True)
    raise typer.Exit(exc.exit_code)


@contextmanager
def _reported(debug: bool) -> Iterator[None]:
    """A LectureError inside becomes its lines on stderr and its exit code."""
    try:
        yield
    except LectureError as exc:
        _fail(exc, debug)
    except MemoryError as exc:  # past the memory the process may have: one line, not a traceback
        if debug:
            traceback.print_exception(exc)
        _fail(RenderError(error(Place(), "ran out of memory", "render fewer scenes at once (--jobs), "
                                "or give the process more memory")), False)


@contextmanager
def _closing(display: RenderDisplay | None) -> Iterator[None]:
    """The progress display is closed however the work inside ends."""
    try:
        yield
    finally:
        if display is not None:
            display.close()


@app.command()
def check(
    lecture: LectureArg = None,
    overrides: OverridesOpt = None,
    strict: StrictOpt = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Read a lecture and report what it holds, what was inferred, and what is wrong or missing
    (with --lang: in that language, with what its translation falls back on), and every beat whose
    captions cannot keep to the guideline (speech too fast to read)."""
    from dataclasses import replace

    from lecturekit.captions import caption_warnings
    from lecturekit.report import summary, text_report
    from lecturekit.sources import read

    try:
        resolved = read(lecture, overrides, _language(lang, translation))
    except LectureError as exc:
        if as_json:
            typer.echo(json.dumps({"errors": [d.as_json() for d in exc.diagnostics]}, indent=2))
        _fail(exc, debug)
        return
    if resolved.renderable:
        resolved = _with_layout_warnings(resolved)
    resolved = replace(resolved, diagnostics=resolved.diagnostics + caption_warnings(resolved))
    report = summary(resolved)
    typer.echo(json.dumps(report, indent=2) if as_json else text_report(resolved))
    raise typer.Exit(0 if resolved.passes(strict) else 1)


SceneOpt = Annotated[
    list[str] | None,
    typer.Option("--scene", "-s", help="A scene: 1-based index, title, or the title's slug. Repeatable."),
]
QualityOpt = Annotated[
    Quality,
    typer.Option("-q", "--quality", help="Manim's presets: l 480p15, m 720p30, h 1080p60, p 1440p60, k 2160p60."),
]
OutOpt = Annotated[Path, typer.Option("--out", help="Folder for the videos (media/<slug>/ inside it).")]


JobsOpt = Annotated[int, typer.Option("--jobs", "-j", min=1,
                                      help="Scenes (or chunks of them) rendered at once (default: cores).")]


NarrationOpt = Annotated[
    Path | None, typer.Option("--narration", help="A recording of the whole lecture, cut under each scene.")
]
TtsOpt = Annotated[str | None, typer.Option(
    "--tts", help="A voice from the narration text: espeak (a draft) or piper (natural; lecturekit[voice]).")]
VoiceOpt = Annotated[Path | None, typer.Option(
    "--voice", help="A Piper voice: FILE.onnx beside its FILE.onnx.json (default: en_US joe, medium).")]
LangOpt = Annotated[str | None, typer.Option(
    "--lang", help="Render in these languages: de, or en,de,ar (one joined video each; see --board).")]
BoardOpt = Annotated[str, typer.Option(
    "--board", help="translated (each language's own board) or original: the board as recorded, with one "
                    "narration and caption track per --lang in one MP4.")]
FitOpt = Annotated[str, typer.Option(
    "--fit", help="Speech longer than its beat: speed (speak faster, up to a limit) or retime (move the lecture).")]


QuietOpt = Annotated[bool, typer.Option("--quiet", help="No progress display.")]
VerboseOpt = Annotated[bool, typer.Option("--verbose", help="Let Manim's own log lines through.")]
ClusterOpt = Annotated[str | None, typer.Option(
    "--cluster", metavar="ADDRESS", help="Render on a Dask scheduler (tcp://host:8786) instead of local processes.")]


FormatOpt = Annotated[Format, typer.Option(
    "--format", "-f", help="mp4 (H.264), webm (VP9, Opus), gif (a scene or a --from/--to clip), mov (ProRes 4444).")]
TransparentOpt = Annotated[bool, typer.Option(
    "--transparent", help="With --format mov: no background; alpha is opaque exactly where the board has ink.")]


def _render(lecture, overrides, scene, quality, out, jobs, debug, narration=None, tts=None,
            quiet=False, verbose=False, cluster=None, strict=False, voice=None, fit="speed",
            video_format=Format.mp4, transparent=False, lang=None, board="translated", translation=None) -> None:
    from lecturekit import work
    from lecturekit.multilingual import language_list
    from lecturekit.pipeline import render_resolved, render_resolved_scenes
    from lecturekit.settings import RenderSettings
    from lecturekit.sources import read

    def announce(rendered) -> None:
        if display is not None:
            display.echo(f"wrote {rendered.path} ({rendered.frames} frames)")

    if tts not in (None, "espeak", "piper") or fit not in ("speed", "retime"):
        typer.echo("error: --tts takes espeak or piper, --fit speed or retime", err=True)
        raise typer.Exit(2)
    if board not in ("translated", "original") or (board == "original" and (lang is None or scene)):
        typer.echo("error: --board takes translated or original; original needs --lang and the whole lecture",
                   err=True)
        raise typer.Exit(2)
    if transparent and video_format is not Format.mov:
        typer.echo("error: --transparent needs --format mov (ProRes 4444 keeps the alpha)", err=True)
        raise typer.Exit(2)
    if translation is not None and lang is None:
        typer.echo("error: --translation needs --lang CODE", err=True)
        raise typer.Exit(2)
    settings = RenderSettings(quality, out, narration=narration, tts=tts, voice=voice, verbose=verbose,
                              format=video_format, transparent=transparent)
    display = None if quiet else RenderDisplay()
    watch = display.start if display else None
    with _reported(debug), _closing(display):
        if fit == "retime" and lang is not None:
            codes = language_list(lang)
            _refuse_retime_unless_per_language(board, narration, tts)
            for code in codes:  # each language's lecture follows its own voice
                timed = _retime_in(lecture, overrides, code, voice, quiet)
                _render_languages(read(timed, overrides), [code], board, scene, settings, jobs, announce, watch,
                                  cluster)
            return
        if fit == "retime":
            lecture = _retime_beside(lecture, overrides, narration, tts, voice, quiet)
        before = work.counts()
        resolved = read(lecture, overrides)  # read once: warned about, then rendered
        _warn(resolved)
        _refuse_unless_strictly_clean(resolved, strict)
        if lang is not None:
            _render_languages(resolved, _codes(lang, translation), board, scene, settings, jobs, announce, watch,
                              cluster, translation)
        elif scene:
            render_resolved_scenes(resolved, scene, settings, jobs, announce, watch, cluster, before)
        else:
            announce(render_resolved(resolved, settings, jobs, announce, watch, cluster, before)[0])


def _render_languages(resolved, codes, board, scene, settings, jobs, announce, watch, cluster,
                      translation=None) -> None:
    """--lang: one joined video per language, or (--board original) one with a track per language."""
    from lecturekit.multilingual import render_dubbed, render_each

    translate = _translator(translation)
    if board == "original":
        announce(render_dubbed(resolved, codes, settings, translate, jobs, announce, watch, cluster))
        return
    for rendered in render_each(resolved, codes, settings, translate, scene, jobs, announce, watch, cluster):
        if rendered.index == 0:
            announce(rendered)  # the scenes were announced as they landed


def _refuse_retime_unless_per_language(board, narration, tts) -> None:
    if board == "original":
        raise LectureError(error(Place(), "a board retimed to one language's voice cannot keep time with the others",
                                 "give --fit speed with --board original"), exit_code=2)
    if narration is not None or tts != "piper":
        raise LectureError(error(Place(), "--fit retime in a language follows Piper's speech of it",
                                 "give --tts piper (and --voice FILE.onnx for the language)"), exit_code=2)


def _retime_in(lecture, overrides, code, voice, quiet) -> Path:
    """--fit retime --lang CODE: the lecture retimed to Piper's speech in the language."""
    from lecturekit.multilingual import retimed_in
    from lecturekit.progress import Steps
    from lecturekit.sources import read

    progress = None if quiet else Steps("speaking", " beats")
    out = retimed_in(read(lecture, overrides), code, voice, _translator(), progress)
    if not quiet:
        typer.echo(f"wrote {out}", err=True)
    return out


def _codes(lang: str, translation: Path | None) -> list[str]:
    """The languages of `--lang a,b,c`; `--translation` is the file of one of them."""
    from lecturekit.multilingual import language_list

    codes = language_list(lang)
    if translation is not None and len(codes) > 1:
        raise LectureError(error(Place(path=str(translation)), "--translation is the file of one language",
                                 "give one --lang with it, or keep each language's file in locale/CODE.po"),
                           exit_code=2)
    return codes


def _translator(translation: Path | None = None):
    """Where each language's texts come from: the translation stage (`locale/CODE.po` beside the
    lecture, or the --translation file), each language translated once, what it has to warn of
    printed as it is."""
    from lecturekit.translate import translator

    into = translator(translation)
    done: dict[tuple[int, str], object] = {}

    def translated(resolved, code: str):
        key = (id(resolved), code)
        if key not in done:
            done[key] = into(resolved, code)
            _warn(done[key], after=len(resolved.diagnostics))
        return done[key]

    return translated


@app.command()
def render(
    lecture: LectureArg = None,
    scene: SceneOpt = None,
    quality: QualityOpt = Quality.h,
    out: OutOpt = Path("media"),
    overrides: OverridesOpt = None,
    jobs: JobsOpt = DEFAULT_JOBS,
    narration: NarrationOpt = None,
    tts: TtsOpt = None,
    voice: VoiceOpt = None,
    fit: FitOpt = "speed",
    lang: LangOpt = None,
    board: BoardOpt = "translated",
    quiet: QuietOpt = False,
    verbose: VerboseOpt = False,
    cluster: ClusterOpt = None,
    strict: StrictOpt = False,
    video_format: FormatOpt = Format.mp4,
    transparent: TransparentOpt = False,
    clip_from: Annotated[float | None, typer.Option("--from", help="GIF: lecture time the clip starts.")] = None,
    clip_to: Annotated[float | None, typer.Option("--to", help="GIF: lecture time the clip ends.")] = None,
    width: Annotated[int, typer.Option("--width", min=16, max=3840, help="GIF: width in pixels.")] = 480,
    fps: Annotated[int, typer.Option("--fps", min=1, max=50, help="GIF: frames per second.")] = 10,
    translation: TranslationOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Render scenes to media/<slug>/NN-<scene>.mp4 (or --format); with no --scene, all of them and
    the whole lecture joined into media/<slug>/<slug>.mp4, with a chapter per scene; with --lang,
    each language's into media/<slug>.<code>/."""
    if video_format is Format.gif:
        with _reported(debug):
            language = _language(lang, translation)
        _gif(lecture, overrides, scene, clip_from, clip_to, width, fps, out, debug, language)
        return
    _render(lecture, overrides, scene, quality, out, jobs, debug, narration, tts, quiet, verbose, cluster,
            strict=strict, voice=voice, fit=fit, video_format=video_format, transparent=transparent, lang=lang,
            board=board, translation=translation)


def _gif(lecture, overrides, scene, clip_from, clip_to, width, fps, out, debug, language) -> None:
    from lecturekit.pipeline import write_gif

    with _reported(debug):
        path = write_gif(lecture, overrides, scene or [], clip_from, clip_to, width, fps, out, language)
    typer.echo(f"wrote {path} ({path.stat().st_size / 1e6:.2f} MB)")


@app.command()
def publish(
    lecture: LectureArg = None,
    quality: QualityOpt = Quality.h,
    out: OutOpt = Path("media"),
    overrides: OverridesOpt = None,
    jobs: JobsOpt = DEFAULT_JOBS,
    thumbnail_at: Annotated[float | None, typer.Option(
        "--thumbnail-at", metavar="T", help="Lecture time of the thumbnail (default: the title card).")] = None,
    lang: LangOpt = None,
    translation: TranslationOpt = None,
    quiet: QuietOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Render what is missing, then write beside the joined video: chapters.txt, description.md,
    thumbnail.png (1280x720) and descriptions.vtt (an audio-description track); with --lang, a
    bundle per language, beside its language's video."""
    from lecturekit.publish import publish as write_bundle
    from lecturekit.publish import publish_languages
    from lecturekit.settings import RenderSettings

    display = None if quiet else RenderDisplay()
    watch = display.start if display else None
    with _reported(debug), _closing(display):
        if lang is None:
            paths = write_bundle(lecture, overrides, RenderSettings(quality, out), jobs, thumbnail_at,
                                 progress_for=watch)
        else:
            paths = publish_languages(lecture, overrides, RenderSettings(quality, out), _codes(lang, translation),
                                      _translator(translation), jobs, thumbnail_at, progress_for=watch)
    for path in paths:
        typer.echo(f"wrote {path}")


@app.command()
def preview(
    lecture: LectureArg = None,
    scene: SceneOpt = None,
    out: OutOpt = Path("media"),
    overrides: OverridesOpt = None,
    jobs: JobsOpt = DEFAULT_JOBS,
    narration: NarrationOpt = None,
    tts: TtsOpt = None,
    voice: VoiceOpt = None,
    fit: FitOpt = "speed",
    quiet: QuietOpt = False,
    verbose: VerboseOpt = False,
    cluster: ClusterOpt = None,
    strict: StrictOpt = False,
    lang: LangOpt = None,
    translation: TranslationOpt = None,
    debug: DebugOpt = False,
) -> None:
    """A fast draft: `render` at -q l."""
    _render(lecture, overrides, scene, Quality.l, out, jobs, debug, narration, tts, quiet, verbose, cluster,
            strict=strict, voice=voice, fit=fit, lang=lang, translation=translation)


@app.command()
def plan(
    lecture: LectureArg = None,
    scene: SceneOpt = None,
    fps: Annotated[int, typer.Option("--fps", min=1, max=240, help="Frames per second.")] = 60,
    as_json: Annotated[bool, typer.Option("--json", help="Print the plan as JSON.")] = False,
    overrides: OverridesOpt = None,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Print the timeline and layout: every cue on its frame, every board's boxes."""
    from lecturekit.pipeline import ensure_renderable, plan_scenes, select
    from lecturekit.plan import LecturePlan, describe
    from lecturekit.plan import as_json as plan_json
    from lecturekit.sources import read

    with _reported(debug):
        resolved = read(lecture, overrides, _language(lang, translation))
        ensure_renderable(resolved)
        plans = plan_scenes(resolved, select(resolved, scene or []), fps)
    result = LecturePlan(resolved.slug, resolved.title, fps, tuple(plans))
    try:  # a NaN or infinity would not be JSON: resolve keeps them out, and this makes sure
        typer.echo(json.dumps(plan_json(result), indent=1, allow_nan=False) if as_json
                   else printable_lines(describe(result)))
    except ValueError as exc:
        _fail(LectureError(error(Place(path=resolved.source), f"the plan cannot be written: {exc}")), debug)


@app.command()
def scaffold(
    lecture: LectureArg = None,
    out: Annotated[Path | None, typer.Option("--out", help="The module to write (default scenes/<slug>.py).")] = None,
    overrides: OverridesOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Write a thin Manim scene module: one Scene class per lecture scene, for `manim -ql FILE NAME`."""
    from lecturekit.scaffold import write_module
    from lecturekit.sources import read

    with _reported(debug):
        resolved = read(lecture, overrides)
        path = write_module(resolved, lecture, overrides, out)
    typer.echo(f"wrote {path}")


@app.command()
def still(
    lecture: LectureArg = None,
    at: Annotated[float, typer.Option("--at", help="Lecture time in seconds.")] = 0.0,
    out: Annotated[Path | None, typer.Option("--out", help="The PNG (default media/<slug>/still-T.png).")] = None,
    quality: QualityOpt = Quality.h,
    overrides: OverridesOpt = None,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
    debug: DebugOpt = False,
) -> None:
    """The frame at lecture time T as a PNG, without rendering any video."""
    from lecturekit.pipeline import write_still

    with _reported(debug):
        path = write_still(lecture, overrides, at, quality, out, _language(lang, translation))
    typer.echo(f"wrote {path}")


@app.command()
def storyboard(
    lecture: LectureArg = None,
    scene: SceneOpt = None,
    out: OutOpt = Path("media"),
    overrides: OverridesOpt = None,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
    debug: DebugOpt = False,
) -> None:
    """One contact sheet per scene: a still at the end of every beat, with its time and narration."""
    from lecturekit.pipeline import write_storyboards

    with _reported(debug):
        paths = write_storyboards(lecture, overrides, scene or [], out, _language(lang, translation))
    for path in paths:
        typer.echo(f"wrote {path}")


def _heard(resolved, narration: Path | None, tts: str | None, voice: Path | None, quiet: bool):
    """Where the narration's words are: aligned in the recording, or laid out by Piper."""
    from lecturekit.diagnostics import Place, error
    from lecturekit.progress import Steps
    from lecturekit.voice.align import align_recording
    from lecturekit.voice.retime import spoken_by_piper

    if narration is not None:
        return align_recording(resolved, narration, None if quiet else Steps("aligning", " s"))
    if tts == "piper":
        return spoken_by_piper(resolved, voice, None if quiet else Steps("speaking", " beats"))
    raise LectureError(error(Place(), "retiming needs the voice to follow", "give --narration FILE or --tts piper"),
                       exit_code=2)


def _retime_beside(lecture, overrides, narration, tts, voice, quiet) -> Path:
    """--fit retime: the lecture retimed to its voice, written beside it as NAME.retimed.json."""
    from lecturekit.sources import read
    from lecturekit.voice.retime import retimed, write_lecture

    resolved = read(lecture, overrides)
    source = Path(resolved.source)
    out = source.with_name(f"{source.stem}.retimed.json")
    write_lecture(retimed(source, _heard(resolved, narration, tts, voice, quiet)), out)
    if not quiet:
        typer.echo(f"wrote {out}", err=True)
    return out


@app.command()
def voices() -> None:
    """The languages --lang and --tts espeak speak: code, espeak-ng voice, ISO 639-2 tag, name."""
    from lecturekit.voice.languages import LANGUAGES

    for entry in LANGUAGES.values():
        typer.echo(f"{entry.code:<20} {entry.espeak:<24} {entry.iso639_2}  {entry.name}")


@app.command()
def align(
    lecture: LectureArg = None,
    narration: Annotated[Path, typer.Option("--narration", help="A recording of the whole lecture.")] = ...,
    as_json: Annotated[bool, typer.Option("--json", help="Print the alignment as JSON.")] = False,
    overrides: OverridesOpt = None,
    quiet: QuietOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Where each beat's first words are heard in a recording, against where the lecture starts it."""
    from lecturekit.sources import read
    from lecturekit.voice.align import as_json as align_json
    from lecturekit.voice.align import report

    with _reported(debug):
        beats = _heard(read(lecture, overrides), narration, None, None, quiet)
    typer.echo(json.dumps(align_json(beats), indent=1) if as_json else report(beats))


@app.command()
def retime(
    lecture: LectureArg = None,
    out: Annotated[Path, typer.Option("--out", help="The retimed lecture to write (NEW.json).")] = ...,
    narration: Annotated[Path | None, typer.Option("--narration", help="Follow this recording.")] = None,
    tts: Annotated[str | None, typer.Option("--tts", help="Follow a voice's speech: piper.")] = None,
    voice: VoiceOpt = None,
    overrides: OverridesOpt = None,
    quiet: QuietOpt = False,
    debug: DebugOpt = False,
) -> None:
    """Write a lecture whose beats start where their words are heard and whose actions move with
    the words they fall on; it renders like any other (with --narration, or with --tts piper)."""
    from lecturekit.sources import read
    from lecturekit.voice.retime import retimed, write_lecture

    if tts not in (None, "piper") or (narration is None) == (tts is None):
        typer.echo("error: give one of --narration FILE and --tts piper", err=True)
        raise typer.Exit(2)
    with _reported(debug):
        resolved = read(lecture, overrides)
        write_lecture(retimed(Path(resolved.source), _heard(resolved, narration, tts, voice, quiet)), out)
    typer.echo(f"wrote {out}")
translate_app = typer.Typer(no_args_is_help=True, help="Gettext templates and translations of a lecture.")
app.add_typer(translate_app, name="translate")


@translate_app.command("extract")
def translate_extract(
    lecture: LectureArg = None,
    out: Annotated[Path | None, typer.Option("-o", "--out", help="The template to write (default: stdout).")] = None,
    overrides: OverridesOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Write a gettext template (.pot) of every text the lecture shows or says: titles, summary,
    narration, board texts, cells, labels and the words inside formulas."""
    from lecturekit.sources import read
    from lecturekit.translate import template

    with _reported(debug):
        resolved = read(lecture, overrides)
        pot = template(resolved)
    if out is None:
        typer.echo(str(pot), nl=False)
        return
    _save_po(pot, out)
    typer.echo(f"wrote {out} ({len(pot)} entries)", err=True)


@translate_app.command("update")
def translate_update(
    lecture: Annotated[Path, typer.Argument(help="The lecture.json (or its folder).")],
    po: Annotated[Path, typer.Argument(metavar="FILE.po", help="The translation to bring up to date.")],
    overrides: OverridesOpt = None,
    debug: DebugOpt = False,
) -> None:
    """Merge a changed lecture into a translation: new texts added, changed ones marked fuzzy,
    vanished ones kept as obsolete; nothing translated is lost. A FILE.po that does not exist yet
    is started, in the language its name says (locale/fr.po: French)."""
    from lecturekit.sources import read
    from lecturekit.translate import checked_code, new_translation, template, update
    from lecturekit.translate.catalog import parse_po

    with _reported(debug):
        resolved = read(lecture, overrides)
        pot = template(resolved)
        started = not po.exists()
        translation = new_translation(pot, checked_code(po.stem)) if started else parse_po(po)
        merged = update(translation, pot)
    _save_po(translation, po)
    typer.echo(f"{'started' if started else 'updated'} {po}: {merged.line()}")


def _save_po(po, path: Path) -> None:
    """A PO or POT file written whole or not at all."""
    from lecturekit.files import atomic

    with atomic(path) as tmp:
        po.save(str(tmp))


@app.command()
def studio(
    lecture: LectureArg = None,
    overrides: OverridesOpt = None,
    out: OutOpt = Path("media"),
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="The port (default: any free one).")] = 0,
    jobs: JobsOpt = DEFAULT_JOBS,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
) -> None:
    """Review a lecture in the browser: its scenes' videos, timelines, warnings, stills and
    storyboards, on 127.0.0.1 only; the page follows the lecture's files as they change."""
    from lecturekit.sources import DEMO
    from lecturekit.studio.server import serve

    def announce(url: str) -> None:
        typer.echo(f"lecturekit studio: {url}", err=False)
        sys.stdout.flush()

    with _reported(False):
        language = _language(lang, translation)
    try:
        serve(lecture or DEMO, overrides, out, port, jobs, announce, language)
    except OSError as exc:
        typer.echo(f"error: cannot listen on 127.0.0.1:{port}: {exc.strerror}", err=True)
        raise typer.Exit(2) from None


def main() -> None:
    # SIGTERM unwinds like Ctrl-C, so unfinished outputs are removed and workers are stopped
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except MemoryError:
        typer.echo("error: lecture: ran out of memory (give the process more memory)", err=True)
        sys.exit(3)


if __name__ == "__main__":
    main()
