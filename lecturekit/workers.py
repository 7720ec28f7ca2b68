"""Where chunk jobs run: in this process, in a pool of local worker processes, or on a Dask
cluster. Each way hands every finished chunk to `landed` as it arrives, collects the scenes that
failed, and reports progress as (scene, first frame of the chunk, frames written). The work a
chunk took in another process (`lecturekit.work`) is added to this process's counts."""

from __future__ import annotations

import importlib
import multiprocessing
import os
import resource
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, TypeVar

from lecturekit import work
from lecturekit.diagnostics import Place, RenderError, error
from lecturekit.jobs import ChunkJob, ChunkVideo, run_chunk

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T")
Landed = Callable[[ChunkVideo], None]
ChunkProgress = Callable[[int, int, int], None]


def run_here(jobs: Sequence[ChunkJob], landed: Landed, progress: ChunkProgress | None) -> list[RenderError]:
    failed = []
    for job in jobs:
        report = (lambda n, j=job: progress(j.scene, j.chunk.first, n)) if progress else None
        try:
            landed(run_chunk(job, report))
        except RenderError as exc:
            failed.append(exc)
    return failed


_progress_queue = None


#: Bytes of address space a local render worker may use (a 2160p still of the transformer
#: lecture is drawn within it, 425 MiB resident): past it, its scene fails with one line and the
#: others go on, instead of the machine running out of memory.
WORKER_MEMORY = 4 << 30


def _start_worker(queue: multiprocessing.Queue) -> None:
    """In each worker: report progress through `queue`, let SIGTERM unwind (so unfinished
    files are removed) instead of killing the process where it stands, and keep within
    `WORKER_MEMORY` (or the lower limit it was given)."""
    global _progress_queue
    _progress_queue = queue
    unwind_on_sigterm()
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = WORKER_MEMORY if hard == resource.RLIM_INFINITY else min(WORKER_MEMORY, hard)
    if soft == resource.RLIM_INFINITY or soft > limit:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def unwind_on_sigterm() -> None:
    """SIGTERM raises SystemExit, so `finally` blocks run and unfinished files are removed."""
    signal.signal(signal.SIGTERM, _terminate)


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _ending_on_sigterm(job: Callable[[], T]) -> T:
    """Run `job`; on SIGTERM, once it has unwound (removing what it had not finished), end the
    worker. The pool would otherwise take the exit for the job's failure and start its next job."""
    try:
        return job()
    except SystemExit as exc:
        os._exit(exc.code if isinstance(exc.code, int) else 1)


def _chunk_in_worker(job: ChunkJob) -> ChunkVideo:
    queue = _progress_queue
    report = (lambda n: queue.put((job.scene, job.chunk.first, n))) if queue is not None else None
    return _ending_on_sigterm(lambda: run_chunk(job, report))


def _warm() -> None:
    # Manim, imported while the lecture is planned
    _ending_on_sigterm(lambda: importlib.import_module("lecturekit.render.stage"))


class LocalPool:
    """Local worker processes (spawned: Manim's global state is never shared), started at once so
    they import Manim while the command plans the scenes."""

    def __init__(self, workers: int):
        context = multiprocessing.get_context("spawn")
        self.queue = context.Queue()
        self.pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker,
                                        initargs=(self.queue,))
        for _ in range(workers):
            self.pool.submit(_warm)

    def run(self, jobs: Sequence[ChunkJob], landed: Landed, progress: ChunkProgress | None) -> list[RenderError]:
        failed: list[RenderError] = []
        pending = {self.pool.submit(_chunk_in_worker, job) for job in jobs}
        while pending:
            ready, pending = wait(pending, timeout=0.25, return_when=FIRST_COMPLETED)
            for future in ready:
                try:
                    landed(_counted(future.result()))
                except RenderError as exc:  # one scene failed: the others go on
                    failed.append(exc)
                except BrokenProcessPool:
                    raise RenderError(error(Place(), "a render worker process died (killed, or out of memory)",
                                            "run again: finished scenes are complete")) from None
            while not self.queue.empty():
                scene, first, frames = self.queue.get()
                if progress is not None:
                    progress(scene, first, frames)
        return failed

    def close(self, interrupted: bool) -> None:
        """Wait for the workers to finish; when `interrupted`, stop them now (they remove what
        they had not finished)."""
        if interrupted:
            for process in list(getattr(self.pool, "_processes", {}).values()):
                process.terminate()
        self.pool.shutdown(wait=True, cancel_futures=interrupted)


def _client(address: str) -> Client:
    from distributed import Client

    try:
        return Client(address, timeout="30s")
    except OSError as exc:
        raise RenderError(error(Place(), f"cannot reach the cluster at {address}: {exc}",
                                "start a scheduler there, or leave out --cluster")) from None


def cluster_workers(address: str) -> int:
    """How many jobs the cluster runs at once (to decide how finely to cut scenes)."""
    with _client(address) as client:
        return max(1, sum(client.nthreads().values()))


def run_cluster(jobs: Sequence[ChunkJob], address: str, landed: Landed) -> list[RenderError]:
    """The same jobs on a Dask distributed cluster; each chunk lands as it finishes."""
    from distributed import as_completed

    failed: list[RenderError] = []
    with _client(address) as client:
        futures = [client.submit(run_chunk, job, pure=False) for job in jobs]
        for future in as_completed(futures):
            try:
                landed(_counted(future.result()))
            except RenderError as exc:
                failed.append(exc)
    return failed


def _counted(video: ChunkVideo) -> ChunkVideo:
    """A chunk rendered in another process, its work added to this process's counts."""
    work.add(video.work)
    return video


__all__ = ["LocalPool", "cluster_workers", "run_cluster", "run_here", "unwind_on_sigterm"]
