"""Render jobs: one chunk of one scene's plan, with the images it draws carried along.

A job holds the scene's plan (made once, where the command runs) and the bytes of the images the
scene shows, so the process that runs it, on this machine or on a cluster worker, reads and
resolves nothing and needs only lecturekit installed. It returns the encoded video as bytes; the
caller writes every output file itself.
"""

from __future__ import annotations

import copyreg
import hashlib
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from lecturekit.diagnostics import LectureError, Place, RenderError, error
from lecturekit.images import image_bytes
from lecturekit.kinds import ImageSpec
from lecturekit.memory import give_back_large_blocks, peak_mib, resident_bytes
from lecturekit.plan.chunks import Chunk
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.settings import PRESETS, Format, Quality
from lecturekit.work import counting


def _read_only(items: dict) -> MappingProxyType:
    return MappingProxyType(items)


# Plans hold read-only mappings, which pickle cannot send as they are: they travel as dicts.
copyreg.pickle(MappingProxyType, lambda mapping: (_read_only, (dict(mapping),)))


@dataclass(frozen=True)
class Assets:
    """The images a scene draws, as bytes by their path in the lecture's folder."""

    images: tuple[tuple[str, bytes], ...]

    @classmethod
    def of(cls, plan: ScenePlan) -> Assets:
        folder = Path(plan.folder) if plan.folder else None
        found = {}
        for spec in plan.objects.values():
            data = image_bytes(folder, spec.path) if folder and isinstance(spec, ImageSpec) else None
            if isinstance(spec, ImageSpec) and data is not None:
                found[spec.path] = data
        return cls(tuple(sorted(found.items())))

    @contextmanager
    def unpacked(self, scratch: Path | None) -> Iterator[Path]:
        """The images laid out again in a temporary folder, which stands for the lecture's."""
        with tempfile.TemporaryDirectory(prefix=f".job-{os.getpid()}-", dir=scratch) as tmp:
            folder = Path(tmp) / "lecture"
            folder.mkdir()
            for relative, data in self.images:
                target = (folder / relative).resolve()
                if target.is_relative_to(folder.resolve()):  # as the sender checked; never trust it
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
            yield folder


@dataclass(frozen=True)
class Budget:
    """What one chunk may take: CPU seconds per second of its video (at least `floor` seconds in
    all), and bytes of memory resident in its process. Past either, the job stops with one line."""

    cpu_per_second: float
    memory: int
    floor: float = 2.0

    def seconds_for(self, video_seconds: float) -> float:
        return max(self.floor, self.cpu_per_second * video_seconds)


class OverBudget(Exception):
    """A job ran past its `Budget`; the message says which part and by how much."""


def _held_to(budget: Budget | None, video_seconds: float,
             progress: Callable[[int], None] | None) -> Callable[[int], None] | None:
    """`progress`, checking as it is told of frames written that the job keeps within `budget`
    (CPU time of the thread that renders, which is the job's own in a Dask worker's thread too)."""
    if budget is None:
        return progress
    start, allowed = time.thread_time(), budget.seconds_for(video_seconds)

    def heard(frames: int) -> None:
        spent = time.thread_time() - start
        if spent > allowed:
            raise OverBudget(f"it ran past its CPU budget ({spent:.0f} s for {video_seconds:g} s of video, "
                             f"{allowed:.0f} s allowed)")
        resident = resident_bytes()
        if resident > budget.memory:
            raise OverBudget(f"it ran past its memory budget ({resident >> 20} MiB resident, "
                             f"{budget.memory >> 20} MiB allowed)")
        if progress is not None:
            progress(frames)

    return heard


@dataclass(frozen=True)
class ChunkJob:
    plan: ScenePlan
    assets: Assets
    chunk: Chunk
    quality: Quality
    verbose: bool = False
    #: A folder for the worker's temporary files; None: the worker's own temporary folder.
    scratch: Path | None = None
    video_format: Format = Format.mp4
    transparent: bool = False
    #: What the job may take (None: no limit but the worker's memory).
    budget: Budget | None = None

    @property
    def scene(self) -> int:
        return self.plan.index

    @property
    def seconds(self) -> float:
        """Seconds of video the job renders."""
        return (self.chunk.last - self.chunk.first) / self.plan.fps


@dataclass(frozen=True)
class ChunkVideo:
    scene: int
    chunk: Chunk
    video: bytes
    #: The work the chunk took (`lecturekit.work`), for the command to add up when it ran elsewhere.
    work: dict[str, int] = field(default_factory=dict)
    #: CPU seconds the thread that rendered it spent on it.
    cpu_seconds: float = 0.0
    #: The peak resident memory (MiB) of the process that rendered it, over its life so far.
    peak_mib: float = 0.0


def run_chunk(job: ChunkJob, progress: Callable[[int], None] | None = None) -> ChunkVideo:
    """Render one chunk of the job's plan, in whatever process runs the job."""
    from lecturekit.render import render_scene  # imported before the clock starts: a worker's first job pays it

    give_back_large_blocks()  # a worker's pictures and x264's buffers leave no heap behind
    started = time.thread_time()
    with job.assets.unpacked(job.scratch) as folder, counting() as done:
        plan = replace(job.plan, folder=str(folder))
        video = folder.parent / f"chunk{job.video_format.suffix}"
        try:
            render_scene(plan, video, PRESETS[job.quality], folder.parent / "media",
                         _held_to(job.budget, job.seconds, progress), job.verbose,
                         range(job.chunk.first, job.chunk.last), job.video_format, job.transparent)
        except LectureError:
            raise
        except OverBudget as exc:
            raise RenderError(error(Place(scene=plan.title), f"rendering stopped: {exc}",
                                    "give it a larger budget (--cpu-budget, --memory-budget)")) from None
        except MemoryError:  # past the worker's memory (`workers.WORKER_MEMORY`)
            raise RenderError(error(Place(scene=plan.title), "rendering failed: it ran out of memory",
                                    "render it with fewer objects on the board")) from None
        except Exception as exc:  # a fault in drawing one scene, reported with its place
            raise RenderError(error(Place(scene=plan.title), f"rendering failed: {exc}",
                                    "run again with lecturekit --debug for the details")) from exc
        data = video.read_bytes()
    return ChunkVideo(job.scene, job.chunk, data, dict(done), time.thread_time() - started, peak_mib())


def chunk_key(scene_key: str, plan: ScenePlan, chunk: Chunk) -> str:
    """What a chunk's pictures depend on: the scene's objects and inputs (`scene_key`, made
    without its actions), every cue up to the chunk's end, the typesetting, and its frames. An
    action changed after a chunk leaves the chunk as it was."""
    cues = [cue for cue in plan.cues if cue.frame < chunk.last]
    texts = sorted((name, repr(text)) for name, text in plan.texts.items())
    parts = [scene_key, repr(cues), repr(texts), repr(sorted(plan.tables.items())), f"{chunk.first}-{chunk.last}"]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


__all__ = ["Assets", "Budget", "ChunkJob", "ChunkVideo", "OverBudget", "chunk_key", "run_chunk"]
