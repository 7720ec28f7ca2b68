"""The lectures in tests/lectures/, written for layouts unlike the transformer's: each is read
cleanly and planned, and together they use every kind, show style, way of leaving and part form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.diagnostics import Severity
from lecturekit.sources import read
from lecturekit.syntax.nodes import (
    FORMAT_KINDS,
    ColumnPart,
    Emphasize,
    Flash,
    Hide,
    RowPart,
    Show,
    ShowStyle,
    TextPart,
)

LECTURES = Path(__file__).parent / "lectures"
OWN = {"thales": "thales-semicircle", "normal-curve": "normal-curve", "moving-vectors": "moving-vectors"}
#: What `check` infers on them, on purpose: labels set beside same-numbered lines, a label set as text.
INFERRED = {
    "thales": ["placed beside 'base', its same-numbered sibling", "placed beside 'sides_2', its same-numbered sibling"],
    "normal-curve": ["label 'clamp(x, 0, 2)' is not Typst math; it is set as plain text"],
    "moving-vectors": [],
}
#: What `check` warns of on purpose: a velocity arrow that reaches under its plot, so the plot is drawn taller.
WARNED = {
    "moving-vectors": ["warning: scene 'A Ball in Flight', object 'field': 'vel' reaches (4.95, -1.48) at 31.000 s, "
                       "outside its plot; y_range is drawn as (-2.0, 3.0) (widen y_range of 'field' to hold every "
                       "child, or keep their numbers inside it)"],
}


def overrides_of(folder: Path) -> Path | None:
    path = folder / "overrides.toml"
    return path if path.is_file() else None


@pytest.mark.parametrize("name", sorted(OWN))
def test_an_own_lecture_reads_cleanly_and_plans(name):
    folder = LECTURES / name
    resolved = read(folder / "lecture.json", overrides_of(folder))
    assert resolved.slug == OWN[name]
    assert [d.line() for d in resolved.diagnostics if d.severity is not Severity.INFERRED] == WARNED.get(name, [])
    assert [d.message for d in resolved.of(Severity.INFERRED)] == INFERRED[name]
    assert all(s.broken == frozenset() for s in resolved.scenes)
    given = ["--overrides", str(overrides_of(folder))] if overrides_of(folder) else []
    result = CliRunner().invoke(app, ["plan", str(folder / "lecture.json"), "--fps", "15", "--json", *given])
    assert result.exit_code == 0, result.output
    plan = json.loads(result.stdout)
    assert len(plan["scenes"]) == len(resolved.scenes)
    assert len(resolved.scenes) in (2, 3)
    assert 60 <= resolved.scenes[-1].end - resolved.scenes[0].start <= 180  # one to three minutes


def test_together_they_use_every_kind_show_style_way_of_leaving_and_part_form():
    kinds, styles, leaving, parts, actions = set(), set(), set(), set(), set()
    for name in OWN:
        folder = LECTURES / name
        for scene in read(folder / "lecture.json", overrides_of(folder)).scenes:
            kinds |= {spec.kind for spec in scene.objects.values()}
            for timed in scene.actions:
                action = timed.action
                actions.add(type(action).__name__ + ("" if getattr(action, "on", True) else " off"))
                if isinstance(action, Show):
                    styles.add(action.style)
                if isinstance(action, Hide):
                    leaving.add("plain" if action.cause is None else "left" if action.cause == action.object
                                else "with its parent")
                if isinstance(action, Emphasize | Flash) and action.part is not None:
                    part = action.part
                    parts.add(type(part).__name__ + ("#n" if getattr(part, "occurrence", 1) > 1 else ""))
    assert kinds == set(FORMAT_KINDS)
    assert styles == set(ShowStyle)
    assert leaving == {"plain", "left", "with its parent"}
    assert parts == {TextPart.__name__, TextPart.__name__ + "#n", RowPart.__name__, ColumnPart.__name__}
    assert actions == {"Show", "Hide", "Move", "Emphasize", "Emphasize off", "Flash", "BoxAround", "Tick", "Redraw",
                       "StyleHint"}
