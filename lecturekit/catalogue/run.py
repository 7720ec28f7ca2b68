"""Rendering a catalogue: every lecture read, checked and planned here, then the chunk jobs of
all of them on one pool (local worker processes, or a Dask cluster), the longest first. A lecture
is joined, captioned and recorded as soon as its last chunk lands, and the report is rewritten
then, so a killed run leaves a report of what finished. One lecture never stops the others: an
invalid one is reported and skipped, a job that fails is retried once (`workers.RETRIES`) and
then fails its lecture alone. A full disk stops the whole catalogue.

Each lecture has its own folder (`claims`: a superseded attempt or two lectures that would share a
folder are reported, not rendered), rendered into its staging folder and swapped in whole when it
is joined (`outputs.Stage`); the run holds the whole output folder (`outputs.locked`).
"""

from __future__ import annotations

import errno
import math
import os
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path

from lecturekit import work
from lecturekit.catalogue.claims import Claim, Verdict, settle
from lecturekit.catalogue.found import attempt_of, lectures_in
from lecturekit.catalogue.page import write_report
from lecturekit.catalogue.rows import Catalogue, LectureRow, Status
from lecturekit.catalogue.thumbnails import thumbnail
from lecturekit.diagnostics import Diagnostic, LectureError, Place, RenderError, Severity, error, printable
from lecturekit.files import sweep
from lecturekit.jobs import Budget, ChunkJob, ChunkVideo
from lecturekit.multilingual import in_language
from lecturekit.outputs import Stage, locked, owner_of, refusal
from lecturekit.pipeline import LectureRender, join_lecture
from lecturekit.progress import CatalogueDisplay
from lecturekit.requests import Listener, checked, language_codes, translator
from lecturekit.resolve import ResolvedLecture
from lecturekit.settings import RenderSettings
from lecturekit.workers import LocalSlots, cluster_workers, run_cluster_shared

#: What a chunk may take unless told otherwise: CPU seconds per second of its video (the demo at
#: -q h takes 0.75 on the thread that draws), and resident memory (a -q h worker holds under 1 GiB).
DEFAULT_BUDGET = Budget(cpu_per_second=20.0, memory=2048 << 20)
#: The report's stills of each lecture, in the output folder.
THUMBNAILS = ".catalogue-thumbnails"
#: Errors that mean the disk (or the user's quota) is full.
FULL = (errno.ENOSPC, errno.EDQUOT)
#: The report is written again once the run has gone on this many times as long as its last write took.
WRITE_SHARE = 20


@dataclass(frozen=True)
class CatalogueRequest:
    """One catalogue render: SOURCE (a folder tree or a list file) and how to render each lecture."""

    source: Path
    settings: RenderSettings = field(default_factory=RenderSettings)
    jobs: int = 1
    #: As given to --lang: codes separated by commas; None: as recorded.
    languages: str | None = None
    cluster: str | None = None
    budget: Budget = DEFAULT_BUDGET


@dataclass
class _Lecture:
    """One lecture in one language, as the run follows it."""

    source: Path
    language: str | None
    settings: RenderSettings
    resolved: ResolvedLecture | None = None
    render: LectureRender | None = None
    stage: Stage | None = None
    row: LectureRow | None = None
    work: Counter[str] = field(default_factory=Counter)
    cpu: float = 0.0
    began: float | None = None

    def tally(self) -> dict[str, int]:
        return dict(self.work)


class _Run:
    """The lectures of one run and what became of each: the `workers.Receiver` of the pool."""

    def __init__(self, request: CatalogueRequest, display: Callable[[int, float], CatalogueDisplay] | None):
        self.request, self.make_display = request, display
        self.out = request.settings.out
        self.begun, self.clock, self.before = datetime.now(UTC), time.monotonic(), work.counts()
        self.workers = request.jobs
        self.lectures: list[_Lecture] = []
        self.display: CatalogueDisplay | None = None
        self.written_at, self.write_cost = -math.inf, 0.0

    def read(self) -> list[tuple[int, ChunkJob]]:
        """Read, check and plan every lecture; the jobs of all, the longest first."""
        request = self.request
        codes = language_codes(request.languages) if request.languages else [None]
        translate = translator(None, Listener())
        workers = self.workers = cluster_workers(request.cluster) if request.cluster else request.jobs
        jobs: list[tuple[int, ChunkJob]] = []
        read: list[tuple[Path, ResolvedLecture | LectureError, float]] = []
        for path in lectures_in(request.source, self.out):
            read_at = time.process_time()
            base = self._checked(path)
            read.append((path, base, time.process_time() - read_at))
        verdicts = self._settled(read)
        for number_read, (path, base, cpu) in enumerate(read):
            read_at = time.process_time()
            for code in codes:
                settings = request.settings if code is None else replace(request.settings, language=code)
                lecture = _Lecture(path, code, settings, cpu=cpu)
                self.lectures.append(lecture)
                number = len(self.lectures) - 1
                with work.counting() as done:
                    jobs += [(number, job) for job in self._planned(lecture, base, code, translate, workers,
                                                                  verdicts.get(number_read))]
                lecture.work.update(done)
                lecture.cpu += time.process_time() - read_at
                read_at, cpu = time.process_time(), 0.0
        seconds = sum(lecture.resolved.scenes[-1].end - lecture.resolved.scenes[0].start
                      for lecture in self.lectures if lecture.resolved is not None and lecture.resolved.scenes)
        if self.make_display is not None:
            self.display = self.make_display(len(self.lectures), seconds)
        for number, lecture in enumerate(self.lectures):
            if lecture.row is not None:
                self._ended(number)
            elif lecture.render is not None and lecture.render.finished:
                self._finish(number)
        return sorted(jobs, key=lambda item: -item[1].chunk.busy)

    def _settled(self, read: list[tuple[Path, ResolvedLecture | LectureError, float]]) -> dict[int, Verdict]:
        """The lectures read (by position) that are superseded or in conflict (`claims.settle`)."""
        known = [(n, base) for n, (_, base, _) in enumerate(read) if isinstance(base, ResolvedLecture)]
        claims = [Claim(self._relative(Path(base.source)) or "", owner_of(base), base.slug) for _, base in known]
        return {known[n][0]: verdict for n, verdict in settle(claims).items()}

    def _checked(self, path: Path) -> ResolvedLecture | LectureError:
        try:
            return checked(path, None, None)
        except LectureError as exc:
            return exc

    def _planned(self, lecture: _Lecture, base: ResolvedLecture | LectureError, code: str | None,
                 translate: Callable[[ResolvedLecture, str], ResolvedLecture], workers: int,
                 verdict: Verdict | None) -> list[ChunkJob]:
        try:
            if isinstance(base, LectureError):
                raise base
            lecture.resolved = base
            if verdict is not None:  # left alone, whatever it holds: it does not get a folder
                lecture.row = self._row(lecture, verdict.status, [], reason=verdict.reason)
                return []
            resolved = base if code is None else in_language(base, code, translate)
            lecture.resolved = resolved
            if not resolved.renderable:
                raise LectureError(resolved.of(Severity.ERROR))
            refused = refusal(resolved, self.out)
            if refused is not None:
                lecture.row = self._row(lecture, Status(refused.kind), [], reason=refused.line)
                return []
            lecture.stage = Stage(resolved, lecture.settings)
            lecture.render = LectureRender(resolved, [], lecture.stage.settings, tally=lecture.tally)
            return lecture.render.plan(workers, self.request.cluster, None, self.request.budget)
        except RenderError as exc:
            lecture.row = self._row(lecture, Status.failed, exc.diagnostics)
        except LectureError as exc:
            lecture.row = self._row(lecture, Status.invalid, exc.diagnostics)
        return []

    # The pool's receiver

    def started(self, number: int) -> None:
        lecture = self.lectures[number]
        lecture.began = lecture.began or time.monotonic()

    def wanted(self, number: int) -> bool:
        return self.lectures[number].row is None

    def landed(self, number: int, video: ChunkVideo) -> None:
        lecture = self.lectures[number]
        if lecture.row is not None or lecture.render is None:
            return  # its lecture failed already
        lecture.work.update(video.work)
        lecture.cpu += video.cpu_seconds
        began = time.process_time()
        try:
            lecture.render.landed(video)
        except RenderError as exc:
            lecture.row = self._row(lecture, Status.failed, exc.diagnostics)
        lecture.cpu += time.process_time() - began
        if lecture.row is not None:
            self._ended(number)
        elif lecture.render.finished:
            self._finish(number)

    def failed(self, number: int, exc: RenderError) -> None:
        lecture = self.lectures[number]
        if lecture.row is None:
            lecture.row = self._row(lecture, Status.failed, exc.diagnostics, retried=True)
            self._ended(number)

    # Lectures that end

    def _finish(self, number: int) -> None:
        """Join the lecture whose every scene is rendered, swap its folder in, and record it."""
        lecture = self.lectures[number]
        assert lecture.render is not None and lecture.resolved is not None and lecture.stage is not None
        began, stage = time.process_time(), lecture.stage
        try:
            whole = join_lecture(lecture.resolved, stage.settings, lecture.render.scenes(), lecture.tally)
        except (RenderError, LectureError) as exc:
            lecture.row = self._row(lecture, Status.failed, exc.diagnostics)
        else:
            changed = stage.changed() if stage.publish(lecture.tally) else None
            lecture.stage = None
            video = stage.path(whole.path)
            lecture.cpu += time.process_time() - began
            lecture.row = self._row(lecture, Status.done, [], seconds=whole.frames / lecture.settings.frame_rate,
                                    video=video, still=self._thumbnail(video), changed=changed)
        self._ended(number)

    def _ended(self, number: int) -> None:
        lecture = self.lectures[number]
        row = lecture.row
        assert row is not None
        if lecture.stage is not None:  # it failed: its folder stays as it was; what drew is in the cache
            lecture.stage.drop()
            lecture.stage = None
        self._report()
        if self.display is not None:
            failing = None if row.status in (Status.done, Status.superseded) else f"{row.source}: {row.reason}"
            self.display.ended(row.seconds, row.frames_drawn > 0, failing)

    def _report(self) -> None:
        """Write the report as lectures end, unless the last write is recent next to what it cost:
        writing stays a twentieth of the run or less at any size (the report grows with each
        lecture, so writing it on every one is quadratic), and a killed run's report is behind by
        at most twenty times its last write. The run's end writes it whole in any case."""
        now = time.monotonic()
        if now - self.written_at < WRITE_SHARE * self.write_cost:
            return
        write_report(self.catalogue(), self.out)
        self.written_at = time.monotonic()
        self.write_cost = self.written_at - now

    def _row(self, lecture: _Lecture, status: Status, errors: list[Diagnostic], retried: bool = False,
             seconds: float = 0.0, video: Path | None = None, still: Path | None = None,
             reason: str | None = None, changed: str | None = None) -> LectureRow:
        resolved = lecture.resolved
        found = resolved.diagnostics if resolved is not None else []
        warned = [d for d in found if d.severity in (Severity.WARNING, Severity.UNRESOLVED)]
        lines = [d.line() for d in errors or warned]
        if retried and lines:
            lines[0] += " (after one retry)"
        return LectureRow(
            source=self._relative(lecture.source) or "",
            lecture_id=(resolved.lecture.lecture_id or None) if resolved is not None else None,
            title=resolved.title if resolved is not None else lecture.source.stem, language=lecture.language,
            status=status, reason=printable(reason) if reason else (lines[0] if lines else None),
            errors=[d.line() for d in errors],
            changed=changed,
            scenes=len(resolved.scenes) if resolved is not None else 0, seconds=round(seconds, 3),
            warnings=dict(Counter(d.severity.value for d in warned)),
            frames_drawn=lecture.work.get("frames drawn", 0), cpu_seconds=round(lecture.cpu, 3),
            wall_seconds=round(time.monotonic() - lecture.began, 3) if lecture.began else 0.0,
            video=self._relative(video), captions=self._relative(video.with_suffix(".vtt") if video else None),
            manifest=self._relative(video.with_name("render.json") if video else None),
            thumbnail=self._relative(still),
            attempt=resolved.lecture.file.attempt if resolved is not None else attempt_of(lecture.source))

    def _thumbnail(self, video: Path) -> Path:
        """The lecture's still for the report, kept with the report rather than in the lecture's
        folder (whose files are render.json's)."""
        return thumbnail(video, self.out / THUMBNAILS / f"{video.stem}.jpg")

    def _relative(self, path: Path | None) -> str | None:
        return None if path is None else Path(os.path.relpath(path.resolve(), self.out.resolve())).as_posix()

    def catalogue(self) -> Catalogue:
        request = self.request
        return Catalogue(
            root=self._relative(request.source) or "", quality=request.settings.quality.value,
            languages=language_codes(request.languages) if request.languages else [],
            workers=self.workers, cluster=request.cluster or "local", started=self.begun.isoformat(timespec="seconds"),
            wall_seconds=round(time.monotonic() - self.clock, 3), work=work.since(self.before),
            rows=[lecture.row for lecture in self.lectures if lecture.row is not None])


def render_catalogue(request: CatalogueRequest,
                     display: Callable[[int, float], CatalogueDisplay] | None = None) -> Catalogue:
    """Render every lecture of `request.source`; the report, also written to OUT/catalogue.json.
    Raises the one line of a full disk (exit code 3), or of OUT held by another command (exit code
    `outputs.BUSY`); what finished before it is kept."""
    with locked(request.settings.out):
        return _render(_Run(request, display), request)


def _render(run: _Run, request: CatalogueRequest) -> Catalogue:
    slots: LocalSlots[int] | None = None
    interrupted = True
    try:
        jobs = run.read()
        if request.cluster:
            run_cluster_shared(jobs, request.cluster, run)
        elif jobs:
            slots = LocalSlots(min(request.jobs, len(jobs)))
            slots.run(jobs, run)
        interrupted = False
    except OSError as exc:
        if exc.errno not in FULL:
            raise
        raise LectureError(error(Place(path=exc.filename and str(exc.filename)), "the disk is full: the catalogue "
                                 "stopped", "free space and run again: finished lectures are kept"),
                           exit_code=3) from None
    finally:
        if slots is not None:
            slots.close(interrupted)
        # what a worker or an earlier command killed outright left behind: in the cache, and the
        # report, page and thumbnails written beside the lectures
        sweep(request.settings.out)
    catalogue = run.catalogue()
    write_report(catalogue, request.settings.out)
    return catalogue


__all__ = ["DEFAULT_BUDGET", "CatalogueRequest", "render_catalogue"]
