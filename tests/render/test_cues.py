"""Every cue visible on its frame (tests/cues.py), on every lecture in tests/lectures/, found
anywhere below it (the strangers' lectures in their folders included); the found lectures are
tests/render/test_found_cues.py's.

Each scene is painted at `-q l` at each judged cue's frame and the next, and nowhere else: the
cheapest render that paints every cue (the board is brought straight to each frame, exactly as a
frame-by-frame pass brings it, `Stage.advance`). That those frames reach the video as painted is
held on the demo's first scene, decoded (tests/render/test_video.py), and on the haloed labels of
tests/render/test_halo.py.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lecturekit.render import stills
from lecturekit.settings import PRESETS, Quality
from tests.cues import LEVEL, judged, late_cues, painted, pixels_of
from tests.lecture_strategy import plan_of, written

LECTURES = Path(__file__).parents[1] / "lectures"


def every(root: Path) -> list[Path]:
    """Each `lecture.json` below `root`, at any depth."""
    return sorted(root.rglob("lecture.json"))


EVERY = every(LECTURES)
#: Strangers' lectures with cues whose first frame after them shows no change yet, by lecture: an
#: open defect each (a strict expected failure), until the effect's first frame shows its ink.
LATE = {
    "strangers/de-aktionspotential": "a PlotPoint grown at 35.39 s and two more: 0 pixels on the frame after",
    "strangers/de-keplersche-gesetze": "29 small orbit Points grown a step apart: 0 to 2 pixels on the frame after",
    "strangers/en-dijkstra": "the Math weight_9 written at 5.05 s: 0 pixels on the frame after",
    "strangers/en-newton-method": "the Point x2 grown at 61.64 s and one more: 0 pixels on the frame after",
    "strangers/en-plate-tectonics-boundaries": "the Vectors move_l and move_r flashed at 29.23 s: 0 pixels",
    "strangers/fr-modele-lotka-volterra": "the Line rayon hidden at 49.98 s: 0 pixels on the frame after",
    "strangers/ja-houbutsu": "the Math lab_R written at 40.71 s and one more: 0 pixels on the frame after",
    "strangers/ja-rc-juuden": "the PlotPoint pp_i flashed at 26.88 s: 0 pixels on the frame after",
    "strangers/ja-risou-kitai": "the PlotPoint pt_toon flashed at 26.64 s: 0 pixels on the frame after",
}


def _name(path: Path) -> str:
    return str(path.parent.relative_to(LECTURES))


def _judged(path: Path) -> object:
    name = _name(path)
    late = [pytest.mark.xfail(strict=True, reason=LATE[name])] if name in LATE else []
    return pytest.param(path, id=name, marks=late)


@pytest.mark.slow
@pytest.mark.parametrize("path", [_judged(p) for p in EVERY])
def test_every_cue_of_every_lecture_changes_its_object_on_its_frame(path: Path, tmp_path: Path) -> None:
    plans = plan_of(*written(path, tmp_path / "lecture"))
    assert sum(len(judged(plan)) for plan in plans) > 0
    late = [line for plan in plans for line in late_cues(plan, painted(plan, tmp_path / "media"))]
    assert late == []


def test_a_lecture_is_judged_at_any_depth_below_the_folder(tmp_path: Path) -> None:
    """As the strangers' lectures are kept: tests/lectures/strangers/NAME/lecture.json."""
    for folder in ("thales", "strangers/ja-kussetsu/figures", "found"):
        (tmp_path / folder).mkdir(parents=True)
    for path in ("thales/lecture.json", "strangers/ja-kussetsu/lecture.json", "found/a.json"):
        (tmp_path / path).write_text("{}")
    assert [p.relative_to(tmp_path).as_posix() for p in every(tmp_path)] == [
        "strangers/ja-kussetsu/lecture.json", "thales/lecture.json"]
    assert LECTURES / "thales" / "lecture.json" in EVERY


@pytest.mark.slow
def test_a_text_grown_and_flashed_on_one_frame_is_drawn(write_lecture, tmp_path: Path) -> None:
    """The defect (a found lecture): a flash begun with an entrance restored the object, at the
    flash's end, to what the entrance's first frame drew: nothing, for the rest of the scene. The
    entrance now finishes as the flash begins, as it does before a move."""
    lecture = write_lecture({"t": 'a Text that says "Grows bell adds."'},
                            [(1.0, "t is shown on the screen, grown."), (1.0, "t is indicated — a transient flash.")])
    [plan] = plan_of(lecture)
    assert late_cues(plan, painted(plan, tmp_path)) == []
    first, last = stills(plan, [0, plan.frames - 1], PRESETS[Quality.l], tmp_path)
    inside = pixels_of([plan.cues[0].place.box], first.shape)
    assert int((np.abs(last.astype(np.int16) - first).max(axis=2) > LEVEL)[inside].sum()) > 100
