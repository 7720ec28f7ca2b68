"""The painter restores a frame from its background only where the frame before drew, and says
where each picture can differ from the one before (`Painter.changed`), so the encoder compares
only there. Both must be exact: every picture is the one a painter that paints every frame
afresh gives, and nothing differs from the picture before outside `changed`. Held on our own
lectures and on generated ones, every busy frame of each scene (the frames a render draws)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from lecturekit.plan.chunks import busy_in
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.render import Painter, manim_config
from lecturekit.render.stage import Stage
from lecturekit.settings import PRESETS, Quality
from tests.conftest import DEMO
from tests.lecture_strategy import lectures, plan_of, write

pytestmark = pytest.mark.slow

LECTURES = Path(__file__).parents[1] / "lectures"
OURS = sorted([*LECTURES.glob("*/lecture.json"), DEMO])
#: Busy frames painted per scene: enough for every kind of cue a generated scene has.
MOST = 60


def busy_frames(plan: ScenePlan) -> list[int]:
    frames = [f for a, b in busy_in(plan.busy(), 0, plan.frames) for f in range(a, b)]
    return frames[:MOST]


def faults(plan: ScenePlan, tmp: Path) -> list[str]:
    """Where the painter's pictures or its `changed` box are wrong, frame by frame."""
    found = []
    with manim_config(PRESETS[Quality.l], plan.fps, tmp):
        ours, afresh = Painter(Stage(plan)), Painter(Stage(plan))
        before = None
        for frame in busy_frames(plan):
            ours.stage.advance(frame)
            afresh.stage.advance(frame)
            picture = np.array(ours.paint())
            afresh.key = None  # its whole board painted again on every frame
            expected = afresh.paint()
            if not np.array_equal(picture, expected):
                rows, columns = np.nonzero((picture != expected).any(axis=2))
                found.append(f"frame {frame}: {rows.size} pixels differ from a fresh painting, "
                             f"rows {rows.min()}-{rows.max()}, columns {columns.min()}-{columns.max()}")
            if before is not None and ours.changed is not None:
                r0, r1, c0, c1 = ours.changed
                around = ((slice(0, r0), slice(None)), (slice(r1, None), slice(None)),
                          (slice(r0, r1), slice(0, c0)), (slice(r0, r1), slice(c1, None)))
                if not all(np.array_equal(picture[band], before[band]) for band in around):  # the bands around it
                    outside = (picture != before).any(axis=2)
                    outside[r0:r1, c0:c1] = False
                    found.append(f"frame {frame}: {int(outside.sum())} pixels changed outside {ours.changed}")
            before = picture
    return found


@pytest.mark.parametrize("path", OURS, ids=lambda p: p.parent.name)
def test_our_lectures_are_painted_as_afresh(path: Path, tmp_path: Path) -> None:
    overrides = path.parent / "overrides.toml"
    plans = plan_of(path, overrides if overrides.is_file() else None)
    assert [f for plan in plans for f in faults(plan, tmp_path)] == []


@settings(max_examples=10, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(lectures())
def test_generated_lectures_are_painted_as_afresh(generated) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        plans = plan_of(*write(generated, Path(tmp)))
        assert [f for plan in plans for f in faults(plan, Path(tmp))] == []
