"""How the stage brings an object on: its kind's entrance, shaped by the lecture's style hints; a
board brought to a frame by any path; emphasis that shows."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from manim import DL, UR, ImageMobject, ManimColor

from lecturekit import theme as palette
from lecturekit.diagnostics import Severity
from lecturekit.model import load
from lecturekit.plan import plan_scene
from lecturekit.render import effects as fx
from lecturekit.render.stage import Stage
from lecturekit.resolve import resolve
from tests.lecture_strategy import plan_of, written

SHOW = "{} is shown on the screen, written out."


def _written(write_lecture, description: str, hinted: bool) -> fx.Play:
    """The Write that brings `x` on, with `x: enter:write-left-to-right.` or without it."""
    does = [(0.0, SHOW.format("x"))] + ([(0.5, "x: enter:write-left-to-right.")] if hinted else [])
    resolved = resolve(load(write_lecture({"x": description}, does)))
    assert [d.line() for d in resolved.diagnostics if d.severity >= Severity.WARNING] == []
    stage = Stage(plan_scene(resolved.scenes[0], 15, None))
    stage.advance(0)
    (_, effect), = stage.running
    while isinstance(effect, fx.Together | fx.Delayed):  # a panel's text is written over its backing
        effect = effect.effects[-1] if isinstance(effect, fx.Together) else effect.effect
    assert isinstance(effect, fx.Play)
    return effect


@pytest.mark.parametrize("description", [
    'a Title that says "Attention is all you need"',
    'a Text that says "Attention is all you need"',
    'a Heading that says "Attention is all you need"',
    'a Panel that says "Attention is all you need"',
])
def test_a_text_kind_with_the_hint_is_written_left_to_right_without_a_warning(write_lecture, description):
    hinted, plain = _written(write_lecture, description, True), _written(write_lecture, description, False)
    lefts = [m.get_left()[0] for m in hinted.animation.mobject.submobjects]
    assert len(lefts) > 1 and lefts == sorted(lefts)
    assert hinted.animation.lag_ratio == 0.08 != plain.animation.lag_ratio  # glyph after glyph, not Manim's default


@pytest.mark.parametrize("description", ['a Derivation that says "a = b"', "a Figure (x_range=(0, 4), y_range=(0, 4))"])
def test_a_kind_the_hint_does_not_shape_warns_of_it(write_lecture, description):
    does = [(0.0, SHOW.format("x")), (0.5, "x: enter:write-left-to-right.")]
    resolved = resolve(load(write_lecture({"x": description}, does)))
    kind = description.split()[1]
    assert [d.line().split(": ", 3)[-1] for d in resolved.of(Severity.WARNING)] == [
        "style hint 'enter:write-left-to-right' is used only on a Title, Heading, Panel, Block, Text, Math, "
        f"VariableNumber, not on a {kind}"]


# ---------------------------------------------------------------- a board brought to a frame by any path

FOUND = Path(__file__).parents[1] / "lectures" / "found"


def _drawn(stage: Stage) -> dict[str, tuple[float, ...]]:
    """Where each object on the board is drawn: the corners of its holder's ink, rounded."""
    found = {}
    for name, live in stage.live.items():
        members = [m for m in live.holder.get_family() if m.has_points()]
        if members:
            low = np.min([m.get_corner(DL) for m in members], axis=0)
            high = np.max([m.get_corner(UR) for m in members], axis=0)
            found[name] = tuple(round(float(v), 4) for v in (*low[:2], *high[:2]))
    return found


@pytest.mark.parametrize("path", [[600], [581, 582, 600], list(range(570, 601))])
def test_a_text_written_as_its_figure_moves_ends_where_it_would_by_any_path(path, tmp_path):
    """The defects (a found lecture): a Math shown in a Figure as the Figure moves was written from
    copies made as it began, so it stayed where the Figure stood then, after the Figure had gone on
    (0.05 units off, and drawn in a box the plan does not list); and a board brought straight to the
    Math's frame had not yet moved the Figure at all, so the Math was written below it, 1.1 units
    off. Now what runs is drawn as it stood on the frame before a cue, and an entrance follows its
    object as it is built again."""
    [plan] = [p for p in plan_of(*written(FOUND / "a-figure-text-stays-by-its-figure.json", tmp_path))
              if p.index == 1]
    straight, stepped = Stage(plan), Stage(plan)
    straight.advance(600)
    for frame in path:
        stepped.advance(frame)
    assert _drawn(stepped) == _drawn(straight)
    x0, y0, x1, y1 = _drawn(stepped)["fig2_math1"]
    [listed] = [item.box for item in plan.items_at(600) if item.name == "fig2_math1"]
    assert abs((x0 + x1) / 2 - listed.center[0]) < 0.02 and abs((y0 + y1) / 2 - listed.center[1]) < 0.02


def test_emphasis_of_what_is_drawn_in_the_emphasis_colour_changes_it(write_lecture):
    """A yellow Line in a Figure (no highlight: a mark has no box of its own) was recoloured to the
    emphasis colour it was already drawn in: nothing showed. Now it is lit up."""
    lecture = write_lecture(
        {"f": "a Figure (x_range=(0, 4), y_range=(0, 4))",
         "l": "a Line [yellow] drawn in f (start=(0, 0), end=(4, 3))"},
        [(0.0, "f is shown on the screen, drawn."), (0.5, "l is shown on the screen, drawn."),
         (2.0, "l is emphasized.")])
    stage = Stage(plan_scene(resolve(load(lecture)).scenes[0], 15, None))
    [cue] = [c for c in stage.plan.cues if c.text == "l is emphasized."]
    stage.advance(cue.frame)
    before = [fx.own_color(m).to_hex() for m in stage.live["l"].holder.family_members_with_points()]
    stage.advance(cue.frame + 1)
    after = [fx.own_color(m).to_hex() for m in stage.live["l"].holder.family_members_with_points()]
    assert before == [palette.EMPHASIS.upper()] * len(before) != after
    assert fx.emphasised(ManimColor(palette.PALETTE["text"])).to_hex() == palette.EMPHASIS.upper()  # the rest as ever


def test_emphasis_of_a_picture_is_drawn_over_it(tmp_path):
    """The defect (a found lecture): an Image's highlight went behind the picture, which hid it."""
    [plan] = plan_of(*written(FOUND / "a-formula-after-a-legible-board-keeps-its-scale.json", tmp_path))
    [cue] = [c for c in plan.cues if c.text == "image1 is emphasized."]
    stage = Stage(plan)
    stage.advance(cue.frame + 1)
    holder = stage.live["image1"].holder
    [highlight] = stage.emphasis.of("image1")
    [picture] = [m for m in holder.get_family() if isinstance(m, ImageMobject)]
    order = holder.get_family()
    assert order.index(highlight) > order.index(picture) and highlight.get_fill_opacity() > 0


# ---------------------------------------------------------------- what follows a ticking number

def test_a_graph_whose_legend_stays_as_a_dot_moves_on_it_is_kept_and_built_again_after_an_effect(write_lecture):
    """The cost (issue 45): a labelled graph follows every number a mark beside it follows (its
    legend entry settles clear of them), so it was built again on every frame of a tick. Where
    its entry settles where it did, the drawing is the one a fresh build makes, and is kept; an
    effect on it (a flash) is followed by a build again, as before."""
    objects = {"s": "a VariableNumber (initial_value=0.5)",
               "ax": "an Axes (x_range=(0.0, 4.0), y_range=(-1.0, 1.0))",
               "wave": 'a FunctionPlot [blue] labelled "sin(x)" drawn in ax (function=sin(x))',
               "now": "a PlotPoint [yellow] drawn in ax (target='wave', x=s)"}
    does = [(0.0, "ax is shown on the screen, drawn."), (0.2, "wave is shown on the screen, drawn."),
            (0.2, "now is shown on the screen, grown."), (1.0, "s ticks to 1.5."),
            (1.0, "now is redrawn as the numbers it depends on change."),
            (2.0, "wave is indicated — a transient flash."), (2.5, "s ticks to 2.5."),
            (2.5, "now is redrawn as the numbers it depends on change.")]
    plan = plan_scene(resolve(load(write_lecture(objects, does, end=4.0))).scenes[0], 15, None)
    assert "s" in plan.depends["wave"]  # its legend entry settles clear of the dot
    stage = Stage(plan)
    drawings, dots = [], []
    for frame in range(plan.frames):
        stage.advance(frame)
        if 15 < frame < 30 or 44 <= frame < 60:  # the ticks, while no effect runs on the graph (its flash: 30 to 44)
            drawings.append(stage.live["wave"].drawn.mobject)
            dots.append(stage.live["now"].drawn.mobject)
            fresh = Stage(plan)
            fresh.advance(frame)
            assert _drawn(fresh) == _drawn(stage), frame
    assert len({id(m) for m in dots}) == len(dots)  # the dot moves: built on every frame
    assert len({id(m) for m in drawings}) == 2  # the graph: once a tick, built again after its flash
