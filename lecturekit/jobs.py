"""Render jobs: one chunk of one scene, with everything needed to render it carried along.

A job holds the lecture's own files (the JSON, the overrides, the images it names), so the
process that runs it, on this machine or on a cluster worker, needs only lecturekit installed.
It returns the encoded video as bytes; the caller writes every output file itself.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from lecturekit.diagnostics import LectureError, Place, RenderError, error
from lecturekit.images import image_bytes
from lecturekit.kinds import ImageSpec
from lecturekit.plan import ScenePlan
from lecturekit.plan.chunks import Chunk
from lecturekit.resolve import ResolvedLecture
from lecturekit.settings import PRESETS, Format, Quality


@dataclass(frozen=True)
class Inputs:
    """A lecture's files as bytes: the lecture, its overrides, and the images it names."""

    lecture: bytes
    overrides: bytes | None
    assets: tuple[tuple[str, bytes], ...]

    @classmethod
    def gather(cls, resolved: ResolvedLecture, overrides: Path | None) -> Inputs:
        folder = Path(resolved.folder)
        assets = {}
        for scene in resolved.scenes:
            for spec in scene.objects.values():
                found = image_bytes(folder, spec.path) if isinstance(spec, ImageSpec) else None
                if found is not None:
                    assets[spec.path] = found
        return cls(Path(resolved.source).read_bytes(), overrides.read_bytes() if overrides else None,
                   tuple(sorted(assets.items())))

    @contextmanager
    def unpacked(self, scratch: Path | None) -> Iterator[tuple[Path, Path | None]]:
        """The files laid out again in a temporary folder: (lecture, overrides)."""
        with tempfile.TemporaryDirectory(prefix=f".job-{os.getpid()}-", dir=scratch) as tmp:
            folder = Path(tmp) / "lecture"
            folder.mkdir()
            lecture = folder / "lecture.json"
            lecture.write_bytes(self.lecture)
            for relative, data in self.assets:
                target = (folder / relative).resolve()
                if target.is_relative_to(folder.resolve()):  # as the sender checked; never trust it
                    target.parent.mkdir(parents=True, exist_ok=True)
                    target.write_bytes(data)
            overrides = None
            if self.overrides is not None:
                overrides = Path(tmp) / "overrides.toml"
                overrides.write_bytes(self.overrides)
            yield lecture, overrides


@dataclass(frozen=True)
class ChunkJob:
    inputs: Inputs
    scene: int
    chunk: Chunk
    quality: Quality
    fps: int
    verbose: bool = False
    #: A folder for the worker's temporary files; None: the worker's own temporary folder.
    scratch: Path | None = None
    video_format: Format = Format.mp4
    transparent: bool = False


@dataclass(frozen=True)
class ChunkVideo:
    scene: int
    chunk: Chunk
    video: bytes


def run_chunk(job: ChunkJob, progress: Callable[[int], None] | None = None) -> ChunkVideo:
    """Read, plan and render one chunk, in whatever process runs the job."""
    from lecturekit.plan import plan_scene
    from lecturekit.render import render_scene
    from lecturekit.sources import read

    with job.inputs.unpacked(job.scratch) as (lecture, overrides):
        resolved = read(lecture, overrides)
        scene = resolved.scenes[job.scene - 1]
        plan = plan_scene(scene, job.fps, Path(resolved.folder))
        video = lecture.parent.parent / f"chunk{job.video_format.suffix}"
        try:
            render_scene(plan, video, PRESETS[job.quality], lecture.parent.parent / "media", progress,
                         job.verbose, range(job.chunk.first, job.chunk.last), job.video_format, job.transparent)
        except LectureError:
            raise
        except Exception as exc:  # a fault in drawing one scene, reported with its place
            raise RenderError(error(Place(scene=plan.title), f"rendering failed: {exc}",
                                    "run again with --debug for the details")) from exc
        return ChunkVideo(job.scene, job.chunk, video.read_bytes())


def chunk_key(scene_key: str, plan: ScenePlan, chunk: Chunk) -> str:
    """What a chunk's pictures depend on: the scene's objects and inputs (`scene_key`, made
    without its actions), every cue up to the chunk's end, the typesetting, and its frames. An
    action changed after a chunk leaves the chunk as it was."""
    cues = [cue for cue in plan.cues if cue.frame < chunk.last]
    texts = sorted((name, repr(text)) for name, text in plan.texts.items())
    parts = [scene_key, repr(cues), repr(texts), repr(sorted(plan.tables.items())), f"{chunk.first}-{chunk.last}"]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


__all__ = ["ChunkJob", "ChunkVideo", "Inputs", "chunk_key", "run_chunk"]
