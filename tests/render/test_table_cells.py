"""A Table set as text is painted as the plan measured it (issue 30): each cell wrapped in its
column, set at its column's start and its row's top, every row revealed and emphasised as before,
all of its ink inside the table's planned box."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from lecturekit.render import manim_config
from lecturekit.render.stage import Stage
from lecturekit.settings import PRESETS, Quality
from tests.ink_rules import ink_faults
from tests.lecture_strategy import plan_of

CASE = Path(__file__).parents[1] / "lectures" / "a-table-of-sentences" / "lecture.json"
#: How far apart (units) the tops of a row's cells, or the starts of a column's, may be: the ink of
#: their first letters (a capital's overshoot), a hundredth of a line.
ALIGNED = 0.02


@pytest.mark.slow
def test_a_table_of_sentences_is_painted_in_its_box_each_cell_at_its_columns_start_and_its_rows_top():
    [plan] = plan_of(CASE)
    frame = round(27.0 * plan.fps)  # every row shown, the second emphasised
    assert plan.tables["steps"].as_text
    assert ink_faults(plan, [frame]) == []
    with tempfile.TemporaryDirectory() as media, manim_config(PRESETS[Quality.l], plan.fps, Path(media)):
        stage = Stage(plan)
        stage.advance(frame)
        live = stage.live["steps"]
        metrics = plan.tables["steps"]
        assert live.revealed == 3 and live.box is not None
        for r in range(1, 4):
            cells = live.drawn.parts[f"row={r}"].submobjects
            tops = [cell.get_top()[1] for cell in cells]
            assert max(tops) - min(tops) < ALIGNED, (r, tops)
            # painted as measured: the tallest cell's lines fill its row (wrapped, not one line)
            assert 0.6 * metrics.rows[r - 1] < max(cell.height for cell in cells) <= metrics.rows[r - 1] + ALIGNED
        starts = [live.box.x0 + metrics.pad_x]
        for c in range(1, 4):
            lefts = [cell.get_left()[0] for cell in live.drawn.parts[f"column={c}"].submobjects]
            assert max(lefts) - min(lefts) < ALIGNED, (c, lefts)
            assert abs(min(lefts) - starts[-1]) < 2 * ALIGNED, (c, lefts, starts[-1])  # at its column's start
            starts.append(starts[-1] + metrics.columns[c - 1] + 2 * metrics.pad_x)
