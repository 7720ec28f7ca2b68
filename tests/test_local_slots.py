"""Local worker slots: a worker that dies while it has no job is replaced when the next job
comes, and that job runs (the catalogue once stopped with BrokenProcessPool here)."""

from __future__ import annotations

from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import ClassVar

import pytest

from lecturekit import workers


class _Pool:
    """A stand-in for `LocalPool(1)`: the first one made has lost its worker."""

    made: ClassVar[list[_Pool]] = []

    def __init__(self, count: int) -> None:
        self.broken = not _Pool.made
        self.closed = False
        _Pool.made.append(self)

    def submit(self, job: object) -> Future:
        if self.broken:
            raise BrokenProcessPool("A child process terminated abruptly")
        future: Future = Future()
        future.set_result(job)
        return future

    def close(self, interrupted: bool) -> None:
        self.closed = interrupted


def test_a_worker_that_died_idle_is_replaced_and_the_job_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    _Pool.made.clear()
    monkeypatch.setattr(workers, "LocalPool", _Pool)
    slots = workers.LocalSlots(1)
    future = slots._submit(0, "job")
    assert future.result() == "job"
    assert [p.closed for p in _Pool.made] == [True, False] and slots.slots == [_Pool.made[1]]
