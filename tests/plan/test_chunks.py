"""Cutting scenes into chunks: only at held boards, balanced, covering every frame once."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from lecturekit.plan import plan_scene
from lecturekit.plan.chunks import busy_in, parts_for, split
from lecturekit.sources import read
from tests.conftest import TRANSFORMER, TRANSFORMER_OVERRIDES


@st.composite
def spans(draw: st.DrawFn) -> tuple[tuple[tuple[int, int], ...], int]:
    gaps = draw(st.lists(st.tuples(st.integers(1, 50), st.integers(1, 50)), max_size=30))
    out, frame = [], 0
    for gap, length in gaps:
        frame += gap
        out.append((frame, frame + length))
        frame += length
    return tuple(out), frame + draw(st.integers(0, 50))


@given(spans(), st.integers(1, 12))
def test_chunks_cover_the_scene_once_and_cut_only_where_the_board_is_still(
    case: tuple[tuple[tuple[int, int], ...], int], parts: int
) -> None:
    busy, total = case
    chunks = split(busy, total, parts)
    assert 1 <= len(chunks) <= parts
    assert chunks[0].first == 0 and chunks[-1].last == total
    assert all(a.last == b.first for a, b in pairwise(chunks))
    for chunk in chunks[1:]:
        assert not any(a < chunk.first < b for a, b in busy), "a cut inside an animation"
        assert chunk.first in {b for _, b in busy}, "a chunk opens on the first held frame after an animation"
    assert sum(c.busy for c in chunks) == sum(b - a for a, b in busy)
    assert all(c.busy == sum(b - a for a, b in busy_in(busy, c.first, c.last)) for c in chunks)


def test_the_longest_transformer_scene_splits_into_fair_shares() -> None:
    resolved = read(TRANSFORMER, TRANSFORMER_OVERRIDES)
    plan = plan_scene(resolved.scenes[1], 60, Path(resolved.folder))
    busy = plan.busy()
    work = sum(b - a for a, b in busy)
    chunks = split(busy, plan.frames, 4)
    assert len(chunks) == 4
    assert max(c.busy for c in chunks) < 0.4 * work  # no chunk holds much more than its quarter
    assert parts_for(work, work // 4) == 4 and parts_for(work, work * 2) == 1
