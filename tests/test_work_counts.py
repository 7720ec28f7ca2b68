"""The work a command does, counted (`lecturekit.work`), held to a recorded baseline.

Time on a shared machine is noise; these counts are exact. Each case runs in a process of its own
(so no cache of an earlier test counts) and its whole dict of counts is compared with
`work_baseline.json`: a change of any count, or a count added or gone, fails. A change meant to
do more (or less) work re-records the baseline in the same commit, saying why in its message:

    RECORD_WORK=1 .venv/bin/python -m pytest tests/test_work_counts.py

The demo is rendered whole at `-q l` (`lecturekit render`, counts from its render.json; about 15
CPU s). The transformer is read and planned at `-q l`'s 15 fps, every scene, with the frames its
render would draw one by one (the plan's busy frames): rendering it too would cost about 100 CPU
s, more than the suite's time allows. A board of 3,000 marks (a Figure of Points) and one of 300
labelled points (an Axes) are rendered whole too, and their work held to the bounds
docs/strangers.md states as well (about 20 CPU s each). One worker (`--jobs 1`): with more, which worker takes which
chunk (and so which process compiles its names once) would vary from run to run.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import DEMO
from tests.crowded import marks
from tests.lecture_strategy import write
from tests.plan.test_board_size import SPOTS_A_LABEL

BASELINE = Path(__file__).with_name("work_baseline.json")
_PLANNED = """
import json, sys
from pathlib import Path
from lecturekit import work
from lecturekit.pipeline import plan_scenes, read
from lecturekit.plan.chunks import drawn
resolved = read(Path(sys.argv[1]), None)
plans = plan_scenes(resolved, resolved.scenes, 15)
print(json.dumps({**work.counts(), "busy frames": sum(drawn(plan.busy()) for plan in plans)}))
"""


def rendered_work(lecture: Path, out: Path) -> tuple[dict[str, int], int]:
    """The counts a whole `render -q l --jobs 1` of `lecture` records in its render.json, and the
    frames of its scenes."""
    subprocess.run([sys.executable, "-m", "lecturekit", "render", str(lecture), "-q", "l", "--jobs", "1",
                    "--quiet", "--out", str(out)], check=True)
    [manifest] = out.glob("*/render.json")
    recorded = json.loads(manifest.read_text())
    frames = sum(f["frames"] for f in recorded["files"] if f["scene"] is not None and f["path"].endswith(".mp4"))
    return recorded["work"], frames


def differences(found: dict[str, int], recorded: dict[str, int]) -> list[str]:
    return [f"{name}: {recorded.get(name)} recorded, {found.get(name)} now"
            for name in sorted(set(found) | set(recorded)) if found.get(name) != recorded.get(name)]


def planned_work(lecture: Path) -> dict[str, int]:
    """The counts of reading and planning every scene of `lecture` at 15 fps, and its busy frames."""
    done = subprocess.run([sys.executable, "-c", _PLANNED, str(lecture)], check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def held_to_baseline(case: str, found: dict[str, int]) -> None:
    baseline = json.loads(BASELINE.read_text()) if BASELINE.is_file() else {}
    if os.environ.get("RECORD_WORK"):
        baseline[case] = found
        BASELINE.write_text(json.dumps(dict(sorted(baseline.items())), indent=1, sort_keys=True) + "\n")
    assert case in baseline, f"no baseline for {case!r}: record it with RECORD_WORK=1"
    assert not differences(found, baseline[case]), "\n".join(
        ["the work changed (re-record with RECORD_WORK=1 if that is meant):", *differences(found, baseline[case])])


@pytest.mark.slow
def test_the_work_of_rendering_the_demo_is_as_recorded(tmp_path: Path) -> None:
    found, frames = rendered_work(DEMO, tmp_path / "media")
    assert found["frames drawn"] + found["frames held"] == frames  # each frame drawn, or held without drawing
    assert found["typst compiles"] > 0 and found["svg imports"] > 0
    assert found["lectures read"] == 1  # read once: warned about, then rendered (it was read twice)
    held_to_baseline("demo, render -q l", found)


def test_the_work_of_planning_the_transformer_is_as_recorded(transformer: Path) -> None:
    found = planned_work(transformer)
    assert found["typst compiles"] > 0 and found["busy frames"] > 0
    held_to_baseline("transformer, plan at 15 fps", found)


@pytest.mark.slow
def test_a_render_reads_its_lecture_once(tmp_path: Path) -> None:
    """The command reads the lecture, warns about what it found, and renders what it read: a
    second read (it had one) costs a second of an unchanged re-render's two."""
    from typer.testing import CliRunner

    from lecturekit.cli import app
    from lecturekit.work import counting

    for selected in (["--scene", "2"], []):  # one scene, then the whole lecture (scene 2 reused)
        with counting() as counted:
            result = CliRunner().invoke(app, ["render", str(DEMO), "-q", "l", "--jobs", "1", "--quiet",
                                              "--out", str(tmp_path), *selected])
        assert result.exit_code == 0, result.output
        assert counted["lectures read"] == 1, selected


#: The boards of many marks (`tests.crowded.marks`): 3,000 dots in a Figure, 300 labelled in an Axes.
MANY = {"3,000 marks, render -q l": (3000, False), "300 labelled points, render -q l": (300, True)}


@pytest.mark.slow
@pytest.mark.parametrize("case", MANY)
def test_a_board_of_many_marks_renders_within_the_stated_bounds(case: str, tmp_path: Path) -> None:
    """The defect: a Figure of 3,000 Points took 6 min 32 s to render at -q l, every dot's
    contrast worked out against every other dot (144 million disc tests) and every pair of dots
    judged for a halo. Each item is now tested against the dots near it only, and each pair of
    colours once; labels keep their bound."""
    n, labelled = MANY[case]
    lecture, _ = write(marks(n, labelled), tmp_path / "lecture")
    found, frames = rendered_work(lecture, tmp_path / "media")
    assert found["frames drawn"] + found["frames held"] == frames
    assert found["objects built"] <= n + 1  # each arrival built once, and the container
    assert found["halo pairs"] <= 8 * 6 ** 2  # six colours: each pair judged once, a few times a render
    listed = n * 3 * (2 if labelled else 1)  # what the scene's boards list: three arrivals, each a dot (and label)
    assert found["disc tests"] <= 16 * listed  # a dozen or so near each: not every dot (n) each
    if labelled:  # each label settled once for each place of the Axes, in the render and in its audit
        assert found["label spots"] <= SPOTS_A_LABEL * n * 4
        assert found["overlap tests"] <= found["label spots"] * (2 * n + 64)  # each against the boxes near it
    held_to_baseline(case, found)
