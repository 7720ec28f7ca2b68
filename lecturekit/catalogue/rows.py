"""What a catalogue says of each lecture and of the whole: the data behind `catalogue.json` and
`catalogue.html`. Paths are relative to the folder the report is written in, so the report and
its links move with the outputs."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, computed_field


class Status(StrEnum):
    """Where a lecture stands: rendered (now, or kept from an earlier run), refused before
    rendering (its `check` errors), or failed while rendering (after its one retry)."""

    done = "done"
    invalid = "invalid"
    failed = "failed"


class LectureRow(BaseModel):
    """One lecture of the catalogue (in one language, when several are asked for)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

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


class Catalogue(BaseModel):
    """A whole run: what was asked, and one row per lecture."""

    model_config = ConfigDict(frozen=True, extra="forbid")

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
