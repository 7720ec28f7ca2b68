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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType

from lecturekit.diagnostics import LectureError, Place, RenderError, error
from lecturekit.images import image_bytes
from lecturekit.kinds import ImageSpec
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

    @property
    def scene(self) -> int:
        return self.plan.index


@dataclass(frozen=True)
class ChunkVideo:
    scene: int
    chunk: Chunk
    video: bytes
    #: The work the chunk took (`lecturekit.work`), for the command to add up when it ran elsewhere.
    work: dict[str, int] = field(default_factory=dict)


def run_chunk(job: ChunkJob, progress: Callable[[int], None] | None = None) -> ChunkVideo:
    """Render one chunk of the job's plan, in whatever process runs the job."""
    from lecturekit.render import render_scene

    with job.assets.unpacked(job.scratch) as folder, counting() as done:
        plan = replace(job.plan, folder=str(folder))
        video = folder.parent / f"chunk{job.video_format.suffix}"
        try:
            render_scene(plan, video, PRESETS[job.quality], folder.parent / "media", progress,
                         job.verbose, range(job.chunk.first, job.chunk.last), job.video_format, job.transparent)
        except LectureError:
            raise
        except MemoryError:  # past the worker's memory (`workers.WORKER_MEMORY`)
            raise RenderError(error(Place(scene=plan.title), "rendering failed: it ran out of memory",
                                    "render it with fewer objects on the board")) from None
        except Exception as exc:  # a fault in drawing one scene, reported with its place
            raise RenderError(error(Place(scene=plan.title), f"rendering failed: {exc}",
                                    "run again with lecturekit --debug for the details")) from exc
        data = video.read_bytes()
    return ChunkVideo(job.scene, job.chunk, data, dict(done))


def chunk_key(scene_key: str, plan: ScenePlan, chunk: Chunk) -> str:
    """What a chunk's pictures depend on: the scene's objects and inputs (`scene_key`, made
    without its actions), every cue up to the chunk's end, the typesetting, and its frames. An
    action changed after a chunk leaves the chunk as it was."""
    cues = [cue for cue in plan.cues if cue.frame < chunk.last]
    texts = sorted((name, repr(text)) for name, text in plan.texts.items())
    parts = [scene_key, repr(cues), repr(texts), repr(sorted(plan.tables.items())), f"{chunk.first}-{chunk.last}"]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


__all__ = ["Assets", "ChunkJob", "ChunkVideo", "chunk_key", "run_chunk"]
