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
from collections import deque
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from lecturekit import work
from lecturekit.diagnostics import Place, RenderError, error
from lecturekit.jobs import ChunkJob, ChunkVideo, run_chunk
from lecturekit.orphans import end_with_parent

if TYPE_CHECKING:
    from distributed import Client

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
K_contra = TypeVar("K_contra", bound=Hashable, contravariant=True)
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
    end_with_parent(signal.SIGTERM)  # a command killed outright leaves no worker behind
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

    def submit(self, job: ChunkJob) -> Future[ChunkVideo]:
        return self.pool.submit(_chunk_in_worker, job)

    def heard(self) -> list[tuple[int, int, int]]:
        """The progress the workers reported since last asked: (scene, first frame, frames written)."""
        told = []
        while not self.queue.empty():
            told.append(self.queue.get())
        return told

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
            for scene, first, frames in self.heard():
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


class Receiver(Protocol[K_contra]):
    """Where a shared pool sends what became of each job, by the key it was handed with (its
    lecture, in a catalogue)."""

    def started(self, key: K_contra) -> None: ...
    def landed(self, key: K_contra, video: ChunkVideo) -> None: ...
    def failed(self, key: K_contra, error: RenderError) -> None: ...
    #: False once the key's other jobs are not worth running (its lecture failed).
    def wanted(self, key: K_contra) -> bool: ...


#: Times a job is run again after it failed, crashed its worker or lost it.
RETRIES = 1


def _gone(what: str) -> RenderError:
    return RenderError(error(Place(), what, "run again: finished lectures are kept"))


class LocalSlots(Generic[K]):
    """Local workers that each run one job at a time (a `LocalPool` of one process each), so the
    job that killed its worker is known: it is run again once, on another worker, and the dead
    worker is replaced."""

    def __init__(self, workers: int):
        self.slots = [LocalPool(1) for _ in range(workers)]

    def run(self, jobs: Sequence[tuple[K, ChunkJob]], receiver: Receiver[K]) -> None:
        """Every job (in the order given: the longest first), its outcome told to `receiver`."""
        waiting = deque((key, job, 0, -1) for key, job in jobs)  # key, job, tries so far, slot it last failed on
        running: dict[Future[ChunkVideo], tuple[int, tuple[K, ChunkJob, int, int]]] = {}
        while waiting or running:
            busy = {slot for slot, _ in running.values()}
            for slot in [s for s in range(len(self.slots)) if s not in busy]:
                taken = self._next(waiting, slot, receiver)
                if taken is not None:
                    receiver.started(taken[0])
                    running[self._submit(slot, taken[1])] = slot, taken
            if not running:
                continue
            ready, _ = wait(running, timeout=0.25, return_when=FIRST_COMPLETED)
            for pool in self.slots:
                pool.heard()  # a catalogue follows its lectures, not their frames
            for future in ready:
                slot, (key, job, tries, _) = running.pop(future)
                try:
                    receiver.landed(key, _counted(future.result()))
                    continue
                except RenderError as exc:
                    failure = exc
                except BrokenProcessPool:
                    self._replace(slot)
                    failure = _gone("its worker process died (killed, or out of memory)")
                if tries < RETRIES:
                    waiting.appendleft((key, job, tries + 1, slot))
                else:
                    receiver.failed(key, failure)

    def _submit(self, slot: int, job: ChunkJob) -> Future[ChunkVideo]:
        """`job` on the slot's worker; a worker that died while it had no job (killed, or out of
        memory) is replaced first, and the job is not counted as tried."""
        try:
            return self.slots[slot].submit(job)
        except BrokenProcessPool:
            self._replace(slot)
            return self.slots[slot].submit(job)

    def _replace(self, slot: int) -> None:
        self.slots[slot].close(interrupted=True)
        self.slots[slot] = LocalPool(1)

    def _next(self, waiting: deque[tuple[K, ChunkJob, int, int]], slot: int,
              receiver: Receiver[K]) -> tuple[K, ChunkJob, int, int] | None:
        """The first waiting job still wanted that did not last fail on `slot` (where another
        slot could take it)."""
        for item in list(waiting):
            if not receiver.wanted(item[0]):
                waiting.remove(item)
            elif item[3] != slot or len(self.slots) == 1:
                waiting.remove(item)
                return item
        return None

    def close(self, interrupted: bool) -> None:
        for slot in self.slots:
            slot.close(interrupted)


def _on_worker(job: ChunkJob) -> tuple[ChunkVideo | RenderError, str]:
    """A job on a Dask worker: its video or the error that stopped it, and the worker's address."""
    from distributed import get_worker

    try:
        outcome: ChunkVideo | RenderError = run_chunk(job)
    except RenderError as exc:
        outcome = exc
    return outcome, get_worker().address


def run_cluster_shared(jobs: Sequence[tuple[K, ChunkJob]], address: str, receiver: Receiver[K]) -> None:
    """The jobs on a Dask cluster, the first given the highest priority; a job that fails is run
    once more on another worker. A job whose worker is lost the scheduler runs again itself; when
    it gives up (KilledWorker), the job is retried once more here."""
    from distributed import as_completed

    with _client(address) as client:
        tries: dict[Future, tuple[K, ChunkJob, int]] = {}
        for rank, (key, job) in enumerate(jobs):
            receiver.started(key)
            tries[client.submit(_on_worker, job, pure=False, priority=len(jobs) - rank)] = key, job, 0
        running = as_completed(list(tries))
        for future in running:
            key, job, tried = tries.pop(future)
            try:
                outcome, worker = future.result()
            except Exception as exc:  # the scheduler gave up on it: its workers died under it
                outcome, worker = _gone(f"its worker was lost ({type(exc).__name__})"), ""
            if isinstance(outcome, ChunkVideo):
                receiver.landed(key, _counted(outcome))
            elif tried < RETRIES and receiver.wanted(key):
                others = [w for w in client.scheduler_info()["workers"] if w != worker]
                elsewhere = {"workers": others, "allow_other_workers": True} if others else {}
                again = client.submit(_on_worker, job, pure=False, **elsewhere)
                tries[again] = key, job, tried + 1
                running.add(again)
            else:
                receiver.failed(key, outcome)


def _counted(video: ChunkVideo) -> ChunkVideo:
    """A chunk rendered in another process, its work added to this process's counts."""
    work.add(video.work)
    return video


__all__ = ["LocalPool", "LocalSlots", "Receiver", "cluster_workers", "run_cluster", "run_cluster_shared", "run_here",
           "unwind_on_sigterm"]
