"""The work a render does, counted (`lecturekit.work`), held to a recorded baseline.

Time on a shared machine is noise; these counts are exact. Each case renders a lecture at `-q l`
with `lecturekit render` in a process of its own (so no cache of an earlier test counts) and
compares the whole dict of counts its render.json records with `work_baseline.json`: a change of
any count, or a count added or gone, fails. A change meant to do more (or less) work re-records
the baseline in the same commit, saying why in its message:

    RECORD_WORK=1 .venv/bin/python -m pytest tests/test_work_counts.py

One worker (`--jobs 1`): with more, which worker takes which chunk (and so which process compiles
its names once) would vary from run to run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DEMO

BASELINE = Path(__file__).with_name("work_baseline.json")
CASES = {
    "demo, render -q l": (DEMO, []),
}

#: Every test here renders video.
pytestmark = pytest.mark.slow


def rendered_work(lecture: Path, extra: list[str], out: Path) -> tuple[dict[str, int], int]:
    """The counts a whole `render -q l --jobs 1` of `lecture` records in its render.json, and the
    frames of its scenes."""
    subprocess.run([sys.executable, "-m", "lecturekit", "render", str(lecture), "-q", "l", "--jobs", "1",
                    "--quiet", "--out", str(out), *extra], check=True)
    [manifest] = out.glob("*/render.json")
    recorded = json.loads(manifest.read_text())
    frames = sum(f["frames"] for f in recorded["files"] if f["scene"] is not None and f["path"].endswith(".mp4"))
    return recorded["work"], frames


def differences(found: dict[str, int], recorded: dict[str, int]) -> list[str]:
    return [f"{name}: {recorded.get(name)} recorded, {found.get(name)} now"
            for name in sorted(set(found) | set(recorded)) if found.get(name) != recorded.get(name)]


@pytest.mark.parametrize("case", list(CASES))
def test_the_work_a_render_does_is_as_recorded(case: str, tmp_path: Path) -> None:
    lecture, extra = CASES[case]
    found, frames = rendered_work(lecture, extra, tmp_path / "media")
    assert found["frames drawn"] + found["frames held"] == frames  # each frame drawn, or held without drawing
    assert found["typst compiles"] > 0 and found["svg imports"] > 0
    baseline = json.loads(BASELINE.read_text()) if BASELINE.is_file() else {}
    if os.environ.get("RECORD_WORK"):
        baseline[case] = found
        BASELINE.write_text(json.dumps(dict(sorted(baseline.items())), indent=1, sort_keys=True) + "\n")
    assert case in baseline, f"no baseline for {case!r}: record it with RECORD_WORK=1"
    assert not differences(found, baseline[case]), "\n".join(
        ["the work changed (re-record with RECORD_WORK=1 if that is meant):", *differences(found, baseline[case])])
