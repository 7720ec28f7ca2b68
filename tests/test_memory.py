"""A render worker keeps to the memory the package states (`WORKER_PEAK_MIB`), which a catalogue
counts on when it decides how many workers fit: a local worker process renders a busy stretch of
the transformer lecture at -q h (1080p60) and says what its peak resident memory was; and large
blocks freed are given back to the system (what kept a worker's heap growing over a long scene)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lecturekit.jobs import Assets, ChunkJob, ChunkVideo
from lecturekit.memory import WORKER_PEAK_MIB, workers_that_fit
from lecturekit.pipeline import plan_scenes, select
from lecturekit.plan.chunks import Chunk, busy_in, drawn
from lecturekit.resolve import ResolvedLecture
from lecturekit.settings import PRESETS, Quality
from lecturekit.workers import LocalPool
from tests.conftest import ROOT

#: Scene 6 opens with a heading and a table written row by row (223 frames drawn at 1080p); at
#: frame 495 the board holds.
SCENE, FRAMES = "6", 495


@pytest.mark.slow
def test_a_worker_renders_at_q_h_within_the_stated_memory(transformer_resolved: ResolvedLecture,
                                                           tmp_path: Path) -> None:
    quality = Quality.h
    plan, = plan_scenes(transformer_resolved, select(transformer_resolved, [SCENE]), PRESETS[quality].fps)
    chunk = Chunk(0, FRAMES, drawn(busy_in(plan.busy(), 0, FRAMES)))
    job = ChunkJob(plan, Assets.of(plan), chunk, quality, scratch=tmp_path)
    videos: list[ChunkVideo] = []
    pool = LocalPool(1)
    try:
        failed = pool.run([job], videos.append, None)
    finally:
        pool.close(interrupted=False)
    assert not failed
    video, = videos
    assert video.work["frames drawn"] == chunk.busy + 1  # the opening picture, then each busy frame
    assert video.peak_mib < WORKER_PEAK_MIB, f"a -q h worker peaked at {video.peak_mib:.0f} MiB"


#: In a fresh process that gives back large blocks: 64 MiB of 2 MiB blocks, each followed by a small
#: block that keeps the heap from shrinking, are freed; prints the MiB still resident.
_FREED_AND_KEPT = """
from lecturekit.memory import give_back_large_blocks
give_back_large_blocks()
def resident():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS"):
            return int(line.split()[1]) >> 10
first = bytearray(8 << 20)
del first  # a large block freed: glibc's own threshold rises past its size
before = resident()
held = []
for _ in range(32):
    held += [bytearray(2 << 20), bytearray(4096)]
del held[0::2]
print(resident() - before)
"""


def test_freed_large_blocks_leave_nothing_resident() -> None:
    """Each picture and x264 buffer a worker frees goes back to the system. Without the setting,
    glibc 2.36 on Debian keeps the 64 MiB resident; whether it does depends on the machine's glibc
    and its tunables, so only the rule is asserted here."""
    out = subprocess.run([sys.executable, "-c", _FREED_AND_KEPT], capture_output=True, text=True,
                         cwd=ROOT, timeout=60)
    assert int(out.stdout) in range(0, 2), out.stderr


def test_a_catalogue_runs_as_many_workers_as_cores_and_free_memory_allow(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = {"SC_PAGE_SIZE": 4096, "SC_AVPHYS_PAGES": (3 * WORKER_PEAK_MIB << 20) // 4096 + 1}
    monkeypatch.setattr(os, "sysconf", lambda name: pages[name])
    assert [workers_that_fit(cores) for cores in (1, 2, 3, 8)] == [1, 2, 3, 3]
    pages["SC_AVPHYS_PAGES"] = 10  # less than one worker's worth: still one
    assert workers_that_fit(8) == 1
