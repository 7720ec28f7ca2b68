"""Pictures that yield and diagrams that stay legible (issue 43): every picture, Figure and Axes
has a stated minimum (`kinds.base.Least`), a Figure's or an Axes' drawing at least as tall as the
labels drawn in it stacked at the label size; the board's texts shrink (down to the minimum)
before a visual is drawn below its minimum. Proved on the strangers' lectures the issue names
(plans only, nothing rendered)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.plan.layout import VISIBLE
from lecturekit.plan.legends import LEGEND_ROW
from lecturekit.theme import THEME

STRANGERS = Path(__file__).parent.parent / "lectures" / "strangers"


def plan_of(lecture: Path) -> dict[str, Any]:
    result = CliRunner().invoke(app, ["plan", str(lecture), "--fps", "15", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def board_at(plan: dict[str, Any], seconds: float) -> dict[str, dict[str, Any]]:
    """The items (by name, top-level objects) of the board shown at `seconds` of the lecture."""
    start = 0.0
    for scene in plan["scenes"]:
        if start <= seconds < start + scene["duration"]:
            boards = [b for b in scene["boards"] if b["time"] <= seconds - start]
            return {i["name"]: i for i in boards[-1]["items"] if i["parent"] is None}
        start += scene["duration"]
    raise AssertionError(f"no board at {seconds} s")


def test_a_diagram_under_a_table_is_drawn_as_tall_as_its_labels_stacked_not_a_strip():
    """fr-offre-et-demande at 1:42: an Axes with five labelled marks (D, O, E, excédent, pénurie)
    beside a Derivation, over a Table of sentences. Was: the Table at 26.25 and the Axes drawn
    1.2 units high (0.15 of the board), its labels spilling over a plot lower than one of them;
    now the Axes is drawn at least as tall as its five labels stacked (a legend's row each), and
    the texts stay legible."""
    plan = plan_of(STRANGERS / "fr-offre-et-demande" / "lecture.json")
    board = board_at(plan, 102.0)
    top, bottom = board["marche"]["bbox"][1::2]
    units_high = (bottom - top) * THEME.board.height
    assert units_high >= 5 * LEGEND_ROW - 1e-6
    assert all(i["font"] >= THEME.sizes.minimum - 1e-6 for i in board.values() if i.get("font"))


def test_a_diagram_yields_its_labels_height_on_a_board_that_cannot_hold_it_but_stays_visible():
    """a-table-of-sentences at 0:12: a Figure with five labels beside a Panel and a Table of
    sentences, which the board cannot hold with the Figure as tall as its labels stacked. With that
    height as a hard floor, the Figure was drawn 0.5 units high, a speck, its own label at 24 beside
    the others at 28; it yields that height instead, drawn at least at its visible size."""
    plan = plan_of(STRANGERS.parent / "a-table-of-sentences" / "lecture.json")
    x0, y0, x1, y1 = board_at(plan, 12.0)["cycle"]["bbox"]
    sx0, sy0, sx1, sy1 = THEME.board.safe
    longer = max((x1 - x0) * THEME.board.width, (y1 - y0) * THEME.board.height)
    assert longer >= VISIBLE * min(sx1 - sx0, sy1 - sy0) - 1e-3
