"""The report grows with every lecture, so writing it whole each time one ends would cost the
square of the catalogue's size: it is written as lectures end only while that stays a twentieth of
the run, and whole at the end. Counted on a clock of the test's own, not timed."""

from __future__ import annotations

import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from lecturekit.catalogue import run
from lecturekit.catalogue.run import WRITE_SHARE, CatalogueRequest

LECTURES = 1000
#: Seconds between lectures ending, and what a write costs per row of the report.
APART, PER_ROW = 0.1, 0.001


def test_a_growing_report_is_written_on_a_bounded_share_of_the_run(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path: Path) -> None:
    clock, ended, writes, began = [0.0], [0], [], []

    def write(catalogue: object, out: Path) -> None:
        writes.append(ended[0])
        began.append(clock[0])
        clock[0] += PER_ROW * ended[0]

    monkeypatch.setattr(run, "time", SimpleNamespace(monotonic=lambda: clock[0], process_time=time.process_time))
    monkeypatch.setattr(run, "write_report", write)
    monkeypatch.setattr(run._Run, "catalogue", lambda self: None)
    lectures = run._Run(CatalogueRequest(tmp_path), None)
    for n in range(1, LECTURES + 1):
        clock[0] += APART
        ended[0] = n
        lectures._report()

    spent = sum(PER_ROW * n for n in writes)
    assert writes[:3] == [1, 2, 3]  # while the report is small, it follows every lecture
    assert spent <= clock[0] / WRITE_SHARE + PER_ROW * LECTURES  # at most one write more than a twentieth
    assert 10 * spent < PER_ROW * LECTURES * (LECTURES + 1) / 2  # every lecture's write would cost 10x more
    # a killed run's report is behind by at most twenty times its last write, and one lecture
    gaps = [b - a - PER_ROW * n for a, b, n in zip(began, began[1:], writes, strict=False)]
    assert all(gap <= WRITE_SHARE * PER_ROW * n + APART for gap, n in zip(gaps, writes, strict=False))
