"""Every cue visible on its frame (tests/cues.py) on the found lectures (tests/lectures/found/),
apart from tests/render/test_cues.py so that the two share the suite's workers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cues import late_cues, painted
from tests.lecture_strategy import plan_of, written

FOUND = Path(__file__).parents[1] / "lectures" / "found"
#: Found lectures with a cue whose object does not change on the frame after its own (issue 43,
#: open, 2026-12-07: none), by lecture, with what the frames after the cue show: a strict expected
#: failure each, taken off once mended.
LATE: dict[str, str] = {}


def _case(path: Path) -> object:
    if path.stem in LATE:
        return pytest.param(path, marks=pytest.mark.xfail(strict=True, reason=LATE[path.stem]))
    return path


@pytest.mark.slow
@pytest.mark.parametrize("path", [_case(p) for p in sorted(FOUND.glob("*.json"))], ids=lambda p: p.stem)
def test_every_cue_of_a_found_lecture_changes_its_object_on_its_frame(path: Path, tmp_path: Path) -> None:
    plans = plan_of(*written(path, tmp_path / "lecture"))  # some show nothing that is judged
    late = [line for plan in plans for line in late_cues(plan, painted(plan, tmp_path / "media"))]
    assert late == []


def test_the_late_found_lectures_are_found_lectures() -> None:
    assert {p.stem for p in FOUND.glob("*.json")} >= LATE.keys()
