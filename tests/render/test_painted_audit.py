"""`lecturekit audit --painted`: the figures measured on painted pixels (render/painted_audit.py).
The measures on synthetic frames whose answer is known; on a tiny lecture of a Panel and a Text,
painted figures that agree with the plan's and one frame painted a board; bad input one line."""

from __future__ import annotations

import json

import numpy as np
import pytest
from typer.testing import CliRunner

from lecturekit import work
from lecturekit.cli import app
from lecturekit.contrast import ratio, rgb
from lecturekit.model import load
from lecturekit.plan import plan_scene
from lecturekit.render import painted_audit
from lecturekit.render.painted_audit import TOLERANCE, ink_clearance, painted_ratio, settled_frame
from lecturekit.resolve import resolve
from lecturekit.theme import AXIS, EMPHASIS, PALETTE, PANEL_FILL

BOARD = PALETTE["background"]
runner = CliRunner()
#: How far a painted contrast of body text at -q l may fall from the plan's (its glyphs' cores
#: reach their colour; the figure is the median of the farthest 5%).
AGREES = 0.05


def frame(colour: str, height: int = 60, width: int = 80) -> np.ndarray:
    return np.tile(np.array(rgb(colour), np.uint8), (height, width, 1))


def blend(one: str, other: str, share: float) -> np.ndarray:
    return np.array([a + share * (b - a) for a, b in zip(rgb(one), rgb(other), strict=True)]).round().astype(np.uint8)


@pytest.mark.parametrize(("ink", "behind"), [(AXIS, BOARD), ("#FFFFFF", PANEL_FILL), ("#5DA9E9", BOARD)])
def test_a_known_ink_on_a_known_background_gives_its_wcag_ratio(ink, behind):
    """Glyph-like strokes with anti-aliased edges (pixels half and a quarter of the way): the
    figure is the ratio of the two colours, not of the blends."""
    picture = frame(behind)
    for x in (10, 30, 50):  # thin strokes: more of their pixels are blends than are ink
        picture[10:40, x] = rgb(ink)
        picture[10:40, x - 1] = picture[10:40, x + 1] = blend(behind, ink, 0.5)
        picture[10:40, x - 2] = picture[10:40, x + 2] = blend(behind, ink, 0.25)
    assert painted_ratio(picture, (5, 45, 5, 60), (0, 60, 0, 80)) == pytest.approx(ratio(ink, behind), abs=0.01)
    assert painted_ratio(frame(behind), (5, 45, 5, 60), (0, 60, 0, 80)) is None  # no ink, no figure


def boxed(gap: int) -> np.ndarray:
    """A 2-pixel stroke around rows 10-49, columns 10-69 of a panel, ink `gap` pixels inside its
    left stroke (rows 25-35), the other sides far."""
    picture = frame(BOARD)
    picture[10:50, 10:70] = rgb("#3A4050")
    picture[12:48, 12:68] = rgb(PANEL_FILL)
    picture[25:35, 12 + gap:30] = rgb("#FFFFFF")
    return picture


@pytest.mark.parametrize("gap", [0, 1, 6])
def test_ink_clearance_counts_the_pixels_between_stroke_and_ink(gap):
    """The box's rectangle grown by 4 pixels; the surface read 3 pixels inside it."""
    assert ink_clearance(boxed(gap), (6, 54, 6, 74), 4, 3, 0) == gap


def test_no_ink_inside_a_box_has_no_clearance():
    picture = boxed(0)
    picture[12:48, 12:68] = rgb(PANEL_FILL)
    assert ink_clearance(picture, (6, 54, 6, 74), 4, 3, 0) is None


def test_a_dot_filling_its_box_is_measured_against_what_is_around_it():
    """A dot in the emphasis colour with a blue rim, filling its box: its ink against the board
    around the box, not its rim against its fill."""
    picture = frame(BOARD)
    picture[20:40, 20:40] = rgb("#5DA9E9")
    picture[23:37, 23:37] = rgb(EMPHASIS)
    assert painted_ratio(picture, (20, 40, 20, 40), (16, 44, 16, 44)) == pytest.approx(ratio(EMPHASIS, BOARD), abs=0.01)


TINY = {"p": 'a Panel that says "Energy is kept"', "t": 'a Text that says "and so is momentum"'}
SHOWN = [(1.0, "p is shown on the screen, written out."), (3.0, "t is shown on the screen, written out.")]


def test_a_board_is_painted_once_settled(write_lecture):
    """After its entrance ends and past a flash begun meanwhile; a board replaced before its
    entrance ends is painted on its last frame, not settled."""
    lecture = write_lecture(TINY, [*SHOWN, (3.1, "p is indicated — a transient flash."),
                                   (5.0, "p is hidden from the screen."), (5.1, "t is hidden from the screen.")])
    plan = plan_scene(resolve(load(lecture)).scenes[0], 15, lecture.parent)
    cues = {(c.object, type(c.action).__name__): c for c in plan.cues}
    times = [b.frame for b in plan.boards]
    assert times[:2] == [cues["p", "Show"].frame, cues["t", "Show"].frame]
    assert settled_frame(plan, 0) == (cues["p", "Show"].end_frame, True)
    assert cues["t", "Show"].end_frame < cues["p", "Flash"].end_frame  # the flash is still running then
    assert settled_frame(plan, 1) == (cues["p", "Flash"].end_frame, True)
    assert settled_frame(plan, 2) == (times[3] - 1, False)  # the Text leaves 0.1 s after the Panel began to


@pytest.mark.slow
def test_painted_figures_agree_with_the_plan_one_frame_a_board(write_lecture):
    lecture = write_lecture(TINY, SHOWN)
    with work.counting() as done:
        result = runner.invoke(app, ["audit", str(lecture), "--painted", "-q", "l", "--json", "--strict"])
    assert result.exit_code == 0, result.output
    boards = json.loads(result.stdout)["boards"]
    assert done["frames drawn"] == len(boards) == 2  # the Panel; the Panel and the Text
    with_text = [b for b in boards if b["contrast"] is not None]
    assert with_text and all(b["painted"]["settled"] for b in with_text)
    for b in with_text:
        assert b["painted"]["contrast"]["ratio"] == pytest.approx(b["contrast"]["ratio"], rel=AGREES)
        painted, planned = b["painted"]["clearance"], b["clearance"]
        assert painted["of"] == planned["of"] == "backing of 'p'"
        assert painted["measured"] >= planned["measured"] - TOLERANCE * 8 / 480
        # the glyphs painted at their size: a line's ink, capitals to descenders, is about an em
        assert 0.6 * b["smallest"]["pixels"] <= b["painted"]["line"] <= 1.3 * b["smallest"]["pixels"]


@pytest.mark.slow
def test_strict_names_each_board_failing_a_painted_rule(write_lecture, monkeypatch):
    """With the tolerance made negative, the Panel's painted clearance (0.20 at -q l, the stated
    0.12 plus pixels of margin) fails."""
    monkeypatch.setattr(painted_audit, "TOLERANCE", -10)
    result = runner.invoke(app, ["audit", str(write_lecture(TINY, SHOWN)), "--painted", "-q", "l", "--strict"])
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"scene 1 'Scene One', board at 0:0{t} ({t}.00 s, painted at {at} s): painted ink clearance below the "
        f"stated: backing of 'p' 0.200 < 0.12" for t, at in ((1, "1.87"), (3, "3.93"))]


def test_bad_input_is_one_line(tmp_path):
    bad = tmp_path / "lecture.json"
    bad.write_text("{")
    for path in (bad, tmp_path / "missing.json"):
        result = runner.invoke(app, ["audit", str(path), "--painted", "-q", "l"])
        assert result.exit_code == 1 and result.stdout == ""
        assert len(result.stderr.splitlines()) == 1 and result.stderr.startswith("error: ")
        assert "Traceback" not in result.output
