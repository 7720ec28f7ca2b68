"""What a catalogue says of each lecture and of the whole: the data behind `catalogue.json` and
`catalogue.html`. Paths are relative to the folder the report is written in, so the report and
its links move with the outputs."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, computed_field, model_validator


class Status(StrEnum):
    """Where a lecture stands: rendered (now, or kept from an earlier run), refused before
    rendering (its `check` errors), failed while rendering (after its one retry), left for a
    later attempt of it, or rendered by nobody because another lecture would write its folder
    (`claims`)."""

    done = "done"
    invalid = "invalid"
    failed = "failed"
    superseded = "superseded"
    conflict = "conflict"


class _Report(BaseModel):
    """Frozen, strict data that reads back what it wrote: the figures it computes are written to
    `catalogue.json` for its readers and worked out again, never taken, when it is read."""

    model_config = ConfigDict(frozen=True, extra="forbid", allow_inf_nan=False)

    @model_validator(mode="before")
    @classmethod
    def _without_computed(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if k not in cls.model_computed_fields}
        return data


class LectureRow(_Report):
    """One lecture of the catalogue (in one language, when several are asked for)."""

    #: The lecture file, relative to the report's folder.
    source: str
    lecture_id: str | None = None
    attempt: int | None = None
    title: str
    #: The language of this row's video (None: as recorded).
    language: str | None = None
    status: Status
    #: One line saying why a lecture is not done; for one done, its first warning (None: none).
    reason: str | None = None
    #: Every line of why (an invalid lecture's `check` errors), the first of them `reason`.
    errors: list[str] = []
    #: Why this run rendered it again over its earlier outputs (None: kept, or rendered first now).
    changed: str | None = None
    scenes: int = 0
    #: Length of the video, in seconds.
    seconds: float = 0.0
    #: Warnings from `check` (and the board audit, once it exists), counted by kind.
    warnings: dict[str, int] = {}
    #: Frames this run drew for the lecture (0: every chunk was kept from an earlier run).
    frames_drawn: int = 0
    #: CPU seconds this run spent on the lecture: its chunks' workers, and its reading and packaging.
    cpu_seconds: float = 0.0
    #: From the lecture's first job starting to its video being written, in this run.
    wall_seconds: float = 0.0
    #: Outputs, relative to the report's folder (None where not written).
    video: str | None = None
    captions: str | None = None
    storyboard: str | None = None
    manifest: str | None = None
    thumbnail: str | None = None

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented use on a property
    @property
    def realtime_factor(self) -> float | None:
        """CPU seconds per second of video (None before any video)."""
        return self.cpu_seconds / self.seconds if self.seconds > 0 else None


class Totals(BaseModel):
    """The whole catalogue in figures, for the top of the report (computed, never read)."""

    model_config = ConfigDict(frozen=True)

    lectures: int
    done: int
    invalid: int
    failed: int
    superseded: int
    conflicts: int
    #: Done lectures this run drew no frame of: every chunk was kept from an earlier run.
    kept: int
    #: Done lectures rendered again over their earlier outputs, because they changed.
    rerendered: int
    #: Length of the done lectures' videos, in seconds.
    video_seconds: float
    #: CPU seconds this run spent on every lecture, failed ones included.
    cpu_seconds: float
    frames_drawn: int
    #: CPU-hours per hour of video (CPU seconds per second) over the done lectures this run drew:
    #: what video costs at the catalogue's quality (None when this run drew none).
    cost: float | None


class Catalogue(_Report):
    """A whole run: what was asked, and one row per lecture."""

    root: str
    quality: str
    languages: list[str] = []
    workers: int
    #: Where the jobs ran: "local" or the Dask scheduler's address.
    cluster: str = "local"
    started: str
    wall_seconds: float
    #: The work counted over the run (`lecturekit.work`): frames drawn and held are those of the
    #: chunks that landed in this run.
    work: dict[str, int] = {}
    rows: list[LectureRow]

    @computed_field  # type: ignore[prop-decorator]  # pydantic's documented use on a property
    @property
    def totals(self) -> Totals:
        """Counts by status, hours of video and of CPU, and the cost of video at this quality."""
        done = [r for r in self.rows if r.status is Status.done]
        drawn = [r for r in done if r.frames_drawn > 0]
        drawn_seconds = sum(r.seconds for r in drawn)
        return Totals(
            lectures=len(self.rows),
            done=len(done),
            invalid=sum(r.status is Status.invalid for r in self.rows),
            failed=sum(r.status is Status.failed for r in self.rows),
            superseded=sum(r.status is Status.superseded for r in self.rows),
            conflicts=sum(r.status is Status.conflict for r in self.rows),
            kept=len(done) - len(drawn),
            rerendered=sum(r.changed is not None for r in done),
            video_seconds=sum(r.seconds for r in done),
            cpu_seconds=sum(r.cpu_seconds for r in self.rows),
            frames_drawn=sum(r.frames_drawn for r in self.rows),
            cost=sum(r.cpu_seconds for r in drawn) / drawn_seconds if drawn_seconds > 0 else None,
        )
