"""The command line: each command turns its options into a request and hands it on; the project's
error becomes its lines and exit code in one place (`_Edge`)."""

from __future__ import annotations

import inspect
import json
import os
import signal
import sys
import traceback
from pathlib import Path
from typing import Annotated, Any

import typer
from typer import _click  # Typer's own copy of Click, whose Context its groups are handed
from typer.core import TyperGroup

from lecturekit.diagnostics import Diagnostic, LectureError, Place, RenderError, error, printable_lines
from lecturekit.pipeline import RenderedScene
from lecturekit.progress import RenderDisplay, Steps
from lecturekit.requests import BoardChoice, Clip, Fit, Listener, RenderRequest, carry_out, language_of
from lecturekit.settings import Format, Quality, RenderSettings, Voice


class _Edge(TyperGroup):
    """The one place the project's error is caught: printed as its lines, turned into its exit
    code (with the traceback too under `lecturekit --debug`). Every command, and Typer's test
    runner, goes through here."""

    def invoke(self, ctx: _click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except LectureError as exc:
            _fail(exc, ctx)
        except MemoryError as exc:  # past the memory the process may have: one line, not a traceback
            _fail(RenderError(error(Place(), "ran out of memory", "render fewer scenes at once (--jobs), "
                                    "or give the process more memory")), ctx, exc)


def _fail(exc: LectureError, ctx: _click.Context, cause: BaseException | None = None) -> None:
    if ctx.params.get("debug"):
        traceback.print_exception(cause or exc)
    for diagnostic in exc.diagnostics:
        typer.echo(diagnostic.line(), err=True)
    raise typer.Exit(exc.exit_code)


app = typer.Typer(
    cls=_Edge,
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    help="Render recorded lecture descriptions as Manim videos in sync with the narration.",
)


@app.callback()
def _root(debug: Annotated[bool, typer.Option("--debug", help="Show a traceback when something fails.")] = False,
          ) -> None:
    """Render recorded lecture descriptions as Manim videos in sync with the narration."""


LectureArg = Annotated[
    Path | None,
    typer.Argument(help="The lecture.json (or its folder). Default: the bundled demo lecture."),
]
OverridesOpt = Annotated[
    Path | None,
    typer.Option("--overrides", help="TOML with values the lecture cannot supply (default: <slug>.toml or "
                 "overrides.toml beside the lecture, else the project's own for that lecture)."),
]
StrictOpt = Annotated[bool, typer.Option("--strict", help="Fail on warnings and gaps too.")]
OneLangOpt = Annotated[str | None, typer.Option(
    "--lang", metavar="CODE", help="In this language: LECTURE_DIR/locale/CODE.po (or --translation); "
    "qps: the pseudo-locale, every text accented and 40% longer.")]
TranslationOpt = Annotated[Path | None, typer.Option(
    "--translation", metavar="FILE.po", help="The PO file of --lang, one language (default: locale/CODE.po "
    "beside the lecture).")]
SceneOpt = Annotated[
    list[str] | None,
    typer.Option("--scene", "-s", help="A scene: 1-based index, title, or the title's slug. Repeatable."),
]
QualityOpt = Annotated[
    Quality,
    typer.Option("-q", "--quality", help="Manim's presets: l 480p15, m 720p30, h 1080p60, p 1440p60, k 2160p60."),
]
OutOpt = Annotated[Path, typer.Option("--out", help="Folder for the videos (media/<slug>/ inside it).")]
JobsOpt = Annotated[int | None, typer.Option(
    "--jobs", "-j", min=1, show_default=False,
    help="Scenes (or chunks of them) rendered at once (default: one a core).")]
NarrationOpt = Annotated[
    Path | None, typer.Option("--narration", help="A recording of the whole lecture, cut under each scene.")
]
TtsOpt = Annotated[Voice | None, typer.Option(
    "--tts", help="A voice from the narration text: espeak (a draft) or piper (natural; lecturekit\\[voice]).")]
VoiceOpt = Annotated[Path | None, typer.Option(
    "--voice", help="A Piper voice: FILE.onnx beside its FILE.onnx.json (default: en_US joe, medium).")]
LangOpt = Annotated[str | None, typer.Option(
    "--lang", help="Render in these languages: de, or en,de,ar (one joined video each; see --board).")]
BoardOpt = Annotated[BoardChoice, typer.Option(
    "--board", help="translated (each language's own board) or original: the board as recorded, with one "
                    "narration and caption track per --lang in one MP4.")]
FitOpt = Annotated[Fit, typer.Option(
    "--fit", help="Speech longer than its beat: speed (speak faster, up to a limit) or retime (move the lecture).")]
QuietOpt = Annotated[bool, typer.Option("--quiet", help="No progress display.")]
VerboseOpt = Annotated[bool, typer.Option("--verbose", help="Let Manim's own log lines through.")]
ClusterOpt = Annotated[str | None, typer.Option(
    "--cluster", metavar="ADDRESS", help="Render on a Dask scheduler (tcp://host:8786) instead of local processes.")]
FormatOpt = Annotated[Format, typer.Option(
    "--format", "-f", help="mp4 (H.264), webm (VP9, Opus), gif (a scene or a --from/--to clip), mov (ProRes 4444).")]
TransparentOpt = Annotated[bool, typer.Option(
    "--transparent", help="With --format mov: no background; alpha is opaque exactly where the board has ink.")]
FromOpt = Annotated[float | None, typer.Option("--from", help="GIF: lecture time the clip starts.")]
ToOpt = Annotated[float | None, typer.Option("--to", help="GIF: lecture time the clip ends.")]
WidthOpt = Annotated[int, typer.Option("--width", min=16, max=3840, help="GIF: width in pixels.")]
GifFpsOpt = Annotated[int, typer.Option("--fps", min=1, max=50, help="GIF: frames per second.")]


def _jobs(jobs: int | None) -> int:
    return jobs or os.cpu_count() or 1


def _warn(diagnostic: Diagnostic) -> None:
    typer.echo(diagnostic.line(), err=True)


def _carry_out(request: RenderRequest, quiet: bool) -> None:
    """Carry out a render with the progress display (none with --quiet) and the lines it prints."""
    display = None if quiet else RenderDisplay()

    def wrote(rendered: RenderedScene) -> None:
        if display is not None:
            display.echo(f"wrote {rendered.path} ({rendered.frames} frames)")

    listener = Listener(warn=_warn) if display is None else Listener(
        warn=_warn, wrote=wrote, note=display.echo, progress_for=display.start, steps=Steps)
    try:
        carry_out(request, listener)
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
) -> None:
    """Report what a lecture holds and what is wrong.

    Also what was inferred and what is missing, and every beat whose captions cannot keep to the
    guideline (speech too fast to read); with --lang, in that language, with what its translation
    falls back on. Exits 0 when the lecture can be rendered (with --strict: and has no warnings or
    gaps), 1 otherwise.
    """
    from lecturekit.check_report import summary, text_report
    from lecturekit.requests import checked

    try:
        resolved = checked(lecture, overrides, language_of(lang, translation))
    except LectureError as exc:
        if as_json:
            typer.echo(json.dumps({"errors": [d.as_json() for d in exc.diagnostics]}, indent=2))
        raise
    typer.echo(json.dumps(summary(resolved), indent=2) if as_json else text_report(resolved))
    raise typer.Exit(0 if resolved.passes(strict) else 1)


@app.command()
def render(
    lecture: LectureArg = None,
    scene: SceneOpt = None,
    quality: QualityOpt = Quality.h,
    out: OutOpt = Path("media"),
    overrides: OverridesOpt = None,
    jobs: JobsOpt = None,
    narration: NarrationOpt = None,
    tts: TtsOpt = None,
    voice: VoiceOpt = None,
    fit: FitOpt = Fit.speed,
    lang: LangOpt = None,
    board: BoardOpt = BoardChoice.translated,
    quiet: QuietOpt = False,
    verbose: VerboseOpt = False,
    cluster: ClusterOpt = None,
    strict: StrictOpt = False,
    video_format: FormatOpt = Format.mp4,
    transparent: TransparentOpt = False,
    clip_from: FromOpt = None,
    clip_to: ToOpt = None,
    width: WidthOpt = 480,
    fps: GifFpsOpt = 10,
    translation: TranslationOpt = None,
) -> None:
    """Render scenes, and the whole lecture joined, to video.

    Each scene goes to media/<slug>/NN-<scene>.mp4 (or --format); with no --scene, every scene
    and the whole lecture joined into media/<slug>/<slug>.mp4, with a chapter per scene; with
    --lang, each language's into media/<slug>.<code>/. Captions and render.json go beside them.
    The folder is replaced whole when the render ends; a folder holding another lecture's files
    is refused (exit code 2), and so is one another command is writing (exit code 4).
    """
    settings = RenderSettings(quality, out, narration=narration, tts=tts, voice=voice, verbose=verbose,
                              format=video_format, transparent=transparent)
    _carry_out(RenderRequest(lecture, overrides, tuple(scene or ()), settings, _jobs(jobs), lang, translation, board,
                             fit, strict, cluster, Clip(clip_from, clip_to, width, fps)), quiet)


def preview(**options: Any) -> None:
    """A fast draft: render at -q l (480p, 15 fps).

    Every option of render but --quality.
    """
    render(quality=Quality.l, **options)


_render_options = inspect.signature(render, eval_str=True)
preview.__signature__ = _render_options.replace(  # type: ignore[attr-defined]  # Typer reads the options from it
    parameters=[p for p in _render_options.parameters.values() if p.name != "quality"])
app.command()(preview)


@app.command()
def publish(
    lecture: LectureArg = None,
    quality: QualityOpt = Quality.h,
    out: OutOpt = Path("media"),
    overrides: OverridesOpt = None,
    jobs: JobsOpt = None,
    thumbnail_at: Annotated[float | None, typer.Option(
        "--thumbnail-at", metavar="T", help="Lecture time of the thumbnail (default: the title card).")] = None,
    lang: LangOpt = None,
    translation: TranslationOpt = None,
    scorm: Annotated[bool, typer.Option(
        "--scorm", help="Also write SLUG.scorm.zip, the page as a SCORM 1.2 package for an LMS.")] = False,
    quiet: QuietOpt = False,
) -> None:
    """Render, then write the video's bundle and its web page.

    Beside the joined video (rendering only what is missing):
    chapters.txt, description.md, thumbnail.png (1280x720), descriptions.vtt (an
    audio-description track) and index.html, the accessible lecture page (captions, chapters,
    transcript, the board as text, search; opens offline); with --scorm, SLUG.scorm.zip, the page
    as a SCORM 1.2 package; with --lang, a bundle per language, beside its language's video.
    """
    from lecturekit.publish import publish as write_bundle
    from lecturekit.publish import publish_languages
    from lecturekit.requests import language_codes, translator

    display = None if quiet else RenderDisplay()
    watch = display.start if display else None
    settings = RenderSettings(quality, out)
    try:
        if lang is None:
            paths = write_bundle(lecture, overrides, settings, _jobs(jobs), thumbnail_at, progress_for=watch,
                                 scorm=scorm)
        else:
            paths = publish_languages(lecture, overrides, settings, language_codes(lang, translation),
                                      translator(translation, Listener(warn=_warn)), _jobs(jobs), thumbnail_at,
                                      progress_for=watch, scorm=scorm)
    finally:
        if display is not None:
            display.close()
    for path in paths:
        typer.echo(f"wrote {path}")


@app.command()
def present(
    lecture: LectureArg = None,
    scene: SceneOpt = None,
    quality: QualityOpt = Quality.h,
    out: OutOpt = Path("media"),
    auto: Annotated[bool, typer.Option("--auto", help="Beats run on by themselves at their own times "
                                       "(the page's a key switches it).")] = False,
    overrides: OverridesOpt = None,
    jobs: JobsOpt = None,
    narration: NarrationOpt = None,
    tts: TtsOpt = None,
    voice: VoiceOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Render, then write the lecture as a presentation for a room.

    present.html beside the scenes' videos (media/<slug>/; rendering only what is missing) opens
    offline in a browser: one step a beat, each playing its animation and holding its last frame
    until the next key (→, Space, Page Down, a clicker; ← back; a number and Enter to jump); p opens
    the presenter view (notes, the current and the next board, a clock) in a second window.
    """
    from lecturekit.present.run import present as write_presentation

    display = None if quiet else RenderDisplay()
    settings = RenderSettings(quality, out, narration=narration, tts=tts, voice=voice)
    try:
        paths = write_presentation(lecture, overrides, scene or [], settings, _jobs(jobs), auto,
                                   display.start if display else None)
    finally:
        if display is not None:
            display.close()
    for path in paths:
        typer.echo(f"wrote {path}")


@app.command()
def handout(
    lecture: LectureArg = None,
    quality: QualityOpt = Quality.h,
    out: OutOpt = Path("media"),
    overrides: OverridesOpt = None,
    jobs: JobsOpt = None,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Write the lecture's handout, a PDF page a beat.

    Each page is the board as it stands at the end of a beat (the joined video's frame then) with
    the beat's narration under it, in the board's fonts: SLUG.handout.pdf beside the video, which
    is rendered first where missing (an unchanged render in --out is reused).
    """
    from lecturekit.publish import handout as write_handout

    display = None if quiet else RenderDisplay()
    try:
        path = write_handout(lecture, overrides, RenderSettings(quality, out), _jobs(jobs),
                             display.start if display else None, language_of(lang, translation))
    finally:
        if display is not None:
            display.close()
    typer.echo(f"wrote {path}")


@app.command()
def catalogue(
    source: Annotated[Path, typer.Argument(help="A folder tree of lectures, or a text file listing lecture paths "
                                           "(one a line, relative to its folder; # comments).")],
    quality: QualityOpt = Quality.h,
    lang: LangOpt = None,
    cluster: ClusterOpt = None,
    jobs: JobsOpt = None,
    out: OutOpt = Path("media"),
    cpu_budget: Annotated[float, typer.Option(
        "--cpu-budget", min=0.1, metavar="SECONDS",
        help="CPU seconds a chunk may take per second of its video (at least 2 s a chunk).")] = 20.0,
    memory_budget: Annotated[int, typer.Option(
        "--memory-budget", min=64, metavar="MIB", help="Memory a worker may hold while it renders a chunk.")] = 2048,
    quiet: QuietOpt = False,
) -> None:
    """Render a catalogue of lectures on one pool of workers.

    Each lecture's outputs go where render puts them (OUT/<slug>/, render.json beside), and
    OUT/catalogue.json and the page OUT/catalogue.html report every lecture: done, invalid (its
    check errors), failed (why, in one line), superseded (a later attempt of it is rendered) or
    conflict (another lecture has its slug: neither is rendered). A job that fails, runs past its
    budget or loses its worker is retried once. With no --jobs, as many local workers as there are
    cores and as free memory holds (450 MiB each). Run it again after an interruption: only what
    is missing is rendered. Exits 0 when every lecture is done or superseded, 1 when some are
    invalid, failed or in conflict, 3 when it stopped (a full disk), 4 when another command holds
    OUT.
    """
    from lecturekit.catalogue.run import CatalogueRequest, render_catalogue
    from lecturekit.jobs import Budget
    from lecturekit.memory import workers_that_fit
    from lecturekit.progress import CatalogueDisplay

    workers = jobs or workers_that_fit(_jobs(None))
    request = CatalogueRequest(source, RenderSettings(quality, out), workers, lang, cluster,
                               Budget(cpu_budget, memory_budget << 20))
    report = render_catalogue(request, None if quiet else CatalogueDisplay)
    bad = [row for row in report.rows if row.status not in ("done", "superseded")]
    for row in bad:
        typer.echo(f"{row.status}: {row.source}: {row.reason}", err=True)
    totals = report.totals
    typer.echo(f"wrote {out / 'catalogue.html'}: {totals.done} done, {totals.superseded} superseded, {len(bad)} not")
    raise typer.Exit(1 if bad else 0)


@app.command()
def plan(
    lecture: LectureArg = None,
    scene: SceneOpt = None,
    fps: Annotated[int, typer.Option("--fps", min=1, max=240, help="Frames per second.")] = 60,
    as_json: Annotated[bool, typer.Option("--json", help="Print the plan as JSON.")] = False,
    overrides: OverridesOpt = None,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
) -> None:
    """Print the timeline and layout as text or JSON.

    Every cue on its frame, every board's boxes.
    """
    from lecturekit.pipeline import ensure_renderable, plan_scenes, select
    from lecturekit.plan.export import as_json as plan_json
    from lecturekit.plan.export import describe
    from lecturekit.plan.scene_plan import LecturePlan
    from lecturekit.sources import read

    resolved = read(lecture, overrides, language_of(lang, translation))
    ensure_renderable(resolved)
    plans = plan_scenes(resolved, select(resolved, scene or []), fps)
    result = LecturePlan(resolved.slug, resolved.title, fps, tuple(plans))
    try:  # a NaN or infinity would not be JSON: resolve keeps them out, and this makes sure
        typer.echo(json.dumps(plan_json(result), indent=1, allow_nan=False) if as_json
                   else printable_lines(describe(result)))
    except ValueError as exc:
        raise LectureError(error(Place(path=resolved.source), f"the plan cannot be written: {exc}")) from None


@app.command()
def audit(
    lecture: LectureArg = None,
    scene: SceneOpt = None,
    quality: QualityOpt = Quality.h,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="Exit 1 when a board fails a rule, one line each.")] = False,
    painted: Annotated[bool, typer.Option("--painted", help="Also paint each board's settled frame at --quality "
                                          "and measure contrast, ink clearance and text height on its pixels.")
                       ] = False,
    overrides: OverridesOpt = None,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
) -> None:
    """Measure every board: what a designer checks.

    Its smallest text (Manim font size and em in pixels at --quality), the sizes within each role,
    fill, the widest empty band, the smallest box clearance and the lowest contrast (docs/audit.md).
    With --strict, exits 1 when a board fails a rule: a text below the minimum, a role at more than
    one size, an empty band over a quarter of the area while a text is below its role's size, a
    clearance below the stated one, contrast below WCAG's. With --painted, one frame a board is
    painted once the board has settled, and its contrast and ink clearance must hold on the pixels too.
    """
    from lecturekit.requests import audited, audited_painted

    language = language_of(lang, translation)
    if painted:
        from lecturekit.render import painted_audit

        seen = audited_painted(lecture, overrides, scene or [], quality, language)
        shown = (json.dumps(painted_audit.summary(seen), indent=1, allow_nan=False) if as_json
                 else printable_lines(painted_audit.table(seen)))
        findings = [b.finding() for b in seen if b.failures]
    else:
        from lecturekit.plan import audit as plan_audit

        boards = audited(lecture, overrides, scene or [], quality, language)
        shown = (json.dumps(plan_audit.summary(boards), indent=1, allow_nan=False) if as_json
                 else printable_lines(plan_audit.table(boards)))
        findings = [b.finding() for b in boards if b.failures]
    typer.echo(shown)
    if strict and findings:
        for finding in findings:
            typer.echo(printable_lines(finding), err=True)
        raise typer.Exit(1)


@app.command()
def scaffold(
    lecture: LectureArg = None,
    out: Annotated[Path | None, typer.Option("--out", help="The module to write (default scenes/<slug>.py).")] = None,
    overrides: OverridesOpt = None,
) -> None:
    """Write a Manim scene module for Manim's own CLI.

    One Scene class per lecture scene, for `manim -ql FILE NAME`.
    """
    from lecturekit.scaffold import write_module
    from lecturekit.sources import read

    path = write_module(read(lecture, overrides), lecture, overrides, out)
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
) -> None:
    """Write the frame at lecture time T as a PNG.

    No video is rendered.
    """
    from lecturekit.pipeline import write_still

    typer.echo(f"wrote {write_still(lecture, overrides, at, quality, out, language_of(lang, translation))}")


@app.command()
def storyboard(
    lecture: LectureArg = None,
    scene: SceneOpt = None,
    out: OutOpt = Path("media"),
    overrides: OverridesOpt = None,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
) -> None:
    """Write one contact sheet per scene.

    A still at the end of every beat, with its time and narration.
    """
    from lecturekit.pipeline import write_storyboards

    for path in write_storyboards(lecture, overrides, scene or [], out, language_of(lang, translation)):
        typer.echo(f"wrote {path}")


@app.command()
def voices() -> None:
    """List the languages --lang and --tts espeak speak.

    Each as its code, espeak-ng voice, ISO 639-2 tag and name.
    """
    from lecturekit.voice.languages import LANGUAGES

    for entry in LANGUAGES.values():
        typer.echo(f"{entry.code:<20} {entry.espeak:<24} {entry.iso639_2}  {entry.name}")


@app.command()
def align(
    lecture: LectureArg = None,
    *,  # a required option after the optional argument
    narration: Annotated[Path, typer.Option("--narration", help="A recording of the whole lecture.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the alignment as JSON.")] = False,
    overrides: OverridesOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Show where each beat's words are heard in a recording.

    Each beat's first words, against where the lecture starts the beat.
    """
    from lecturekit.requests import heard
    from lecturekit.sources import read
    from lecturekit.voice.align import as_json as align_json
    from lecturekit.voice.align import report

    beats = heard(read(lecture, overrides), narration, None, None, None if quiet else Steps)
    typer.echo(json.dumps(align_json(beats), indent=1) if as_json else report(beats))


@app.command()
def retime(
    lecture: LectureArg = None,
    *,  # a required option after the optional argument
    out: Annotated[Path, typer.Option("--out", help="The retimed lecture to write (NEW.json).")],
    narration: Annotated[Path | None, typer.Option("--narration", help="Follow this recording.")] = None,
    tts: Annotated[Voice | None, typer.Option("--tts", help="Follow a voice's speech: piper.")] = None,
    voice: VoiceOpt = None,
    overrides: OverridesOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Write the lecture retimed to its voice.

    Each beat starts where its words are heard, and each action moves with the words it falls on;
    the result renders like any other (with --narration, or with --tts piper).
    """
    from lecturekit.requests import heard
    from lecturekit.sources import read
    from lecturekit.voice.retime import retimed, write_lecture

    if tts == Voice.espeak or (narration is None) == (tts is None):
        raise LectureError(error(Place(), "give one of --narration FILE and --tts piper"), exit_code=2)
    resolved = read(lecture, overrides)
    write_lecture(retimed(Path(resolved.source), heard(resolved, narration, tts, voice, None if quiet else Steps)),
                  out)
    typer.echo(f"wrote {out}")


translate_app = typer.Typer(no_args_is_help=True, help="Gettext templates and translations of a lecture.")
app.add_typer(translate_app, name="translate")


@translate_app.command("extract")
def translate_extract(
    lecture: LectureArg = None,
    out: Annotated[Path | None, typer.Option("-o", "--out", help="The template to write (default: stdout).")] = None,
    overrides: OverridesOpt = None,
) -> None:
    """Write a gettext template (.pot) of the lecture's texts.

    Every text it shows or says: titles, summary, narration, board texts, cells, labels and the
    words inside formulas.
    """
    from lecturekit.sources import read
    from lecturekit.translate import template
    from lecturekit.translate.pofile import po_text, save_po

    pot = template(read(lecture, overrides))
    if out is None:
        typer.echo(po_text(pot), nl=False)
        return
    save_po(pot, out)
    typer.echo(f"wrote {out} ({len(pot)} entries)", err=True)


@translate_app.command("update")
def translate_update(
    lecture: Annotated[Path, typer.Argument(help="The lecture.json (or its folder).")],
    po: Annotated[Path, typer.Argument(metavar="FILE.po", help="The translation to bring up to date.")],
    overrides: OverridesOpt = None,
) -> None:
    """Merge a changed lecture into a translation, as gettext's msgmerge does.

    New texts are added; ones changed a little or moved to another object are marked fuzzy with
    their old translation; vanished ones are kept as obsolete; nothing translated is lost. A
    FILE.po that does not exist yet is started, in the language its name says (locale/fr.po: French).
    """
    from lecturekit.sources import read
    from lecturekit.translate import template, update_file

    started, merged = update_file(template(read(lecture, overrides)), po)
    typer.echo(f"{'started' if started else 'updated'} {po}: {merged.line()}")


@app.command()
def studio(
    lecture: LectureArg = None,
    overrides: OverridesOpt = None,
    out: OutOpt = Path("media"),
    port: Annotated[int, typer.Option("--port", min=0, max=65535, help="The port (default: any free one).")] = 0,
    jobs: JobsOpt = None,
    lang: OneLangOpt = None,
    translation: TranslationOpt = None,
) -> None:
    """Review a lecture in the browser.

    On 127.0.0.1 only: its scenes' videos, timelines, warnings, stills and storyboards; the page follows the
    lecture's files as they change.
    """
    from lecturekit.sources import DEMO
    from lecturekit.studio.server import serve

    def announce(url: str) -> None:
        typer.echo(f"lecturekit studio: {url}")
        sys.stdout.flush()

    language = language_of(lang, translation)
    try:
        serve(lecture or DEMO, overrides, out, port, _jobs(jobs), announce, language)
    except OSError as exc:
        raise LectureError(error(Place(), f"cannot listen on 127.0.0.1:{port}: {exc.strerror}",
                                 "choose another --port"), exit_code=2) from None


def main() -> None:
    # SIGTERM unwinds like Ctrl-C, so unfinished outputs are removed and workers are stopped
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except MemoryError:  # before or after a command: Python itself could not go on
        typer.echo("error: lecture: ran out of memory (give the process more memory)", err=True)
        sys.exit(3)


if __name__ == "__main__":
    main()
