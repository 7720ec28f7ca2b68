"""The painter draws a halo where the plan gives one (`plan.halos`, `render.halo`), and on the
painted frame a yellow dot on a blue node then has its figure; a node wholly under a larger dot
drawn after it is not seen, and not measured."""

from __future__ import annotations

import numpy as np
import pytest
from manim import VGroup

from lecturekit import theme
from lecturekit.boxes import Box
from lecturekit.contrast import ratio
from lecturekit.forms import Show
from lecturekit.kinds import Entrance, Parent, registered
from lecturekit.model import load
from lecturekit.pipeline import render_scenes
from lecturekit.plan import plan_scene
from lecturekit.render import builders, painters
from lecturekit.render.builders import Drawn
from lecturekit.render.halo import PER_WIDTH, haloed
from lecturekit.render.painted_audit import audit_painted, hidden
from lecturekit.resolve import resolve
from lecturekit.settings import PRESETS, Quality, RenderSettings
from tests.cues import in_video, judged, late_cues
from tests.plan.conftest import SHOW
from tests.plan.test_halos import CARD, CHAIN, FIGURE
from tests.render.test_made import _state


def _plan(write_lecture, objects, does):
    lecture = write_lecture(objects, does)
    return plan_scene(resolve(load(lecture)).scenes[0], 15, lecture.parent)


def test_the_painter_draws_the_dot_over_its_halo_in_the_card_s_colour(write_lecture):
    """The halo is a copy of the dot behind it, in the card's colour, reaching `BoardSize.halo`
    past it; the dot itself (what emphasis recolours) is drawn over it, unchanged."""
    plan = _plan(write_lecture, CHAIN, [(1.0, SHOW.format(n)) for n in CHAIN])
    ctx = builders.Context(plan, dict(plan.initial_values), {})
    ctx.spaces["fig"] = ctx.space_for(plan.objects["fig"], plan.stays["fig"][0].place.box)
    drawn = painters.paint(plan.objects["dot"], ctx, ctx.spaces["fig"])
    assert drawn is not None and drawn.ink is not None
    halo, own = drawn.mobject.submobjects  # the dot keeps its place, last, after its halo
    [edge] = halo.family_members_with_points()
    assert own is drawn.ink
    assert edge.get_fill_color().to_hex().upper() == CARD == edge.get_stroke_color().to_hex().upper()
    assert drawn.ink.get_fill_color().to_hex().upper() == theme.color("yellow")
    assert edge.get_stroke_width() * PER_WIDTH / 2 == pytest.approx(plan.theme.board.halo)
    assert np.allclose(edge.get_center(), drawn.ink.get_center())


def test_a_formula_on_a_dot_is_haloed_afresh_on_every_build(write_lecture):
    """A formula drawn in a figure is its glyphs, which are kept between builds: its halo is put
    beside them, never into them, so building it again (as a moving figure does every frame)
    gives one halo, and emphasis, which recolours the glyphs, never the halo."""
    objects = {"fig": FIGURE, "node": "a Point [yellow] drawn in fig (location=(2.0, 1.0), marker_radius=0.6)",
               "x": 'a Math [blue] that says "$x$" drawn in fig'}
    plan = _plan(write_lecture, objects, [(1.0, SHOW.format(n)) for n in objects])
    assert "x" in plan.halos
    ctx = builders.Context(plan, dict(plan.initial_values), {})
    ctx.spaces["fig"] = ctx.space_for(plan.objects["fig"], plan.stays["fig"][0].place.box)
    first, again = (painters.paint(plan.objects["x"], ctx, ctx.spaces["fig"]) for _ in range(2))
    assert first is not None and again is not None and again.ink is first.ink  # the glyphs, kept
    assert len(again.mobject.submobjects) == 2 and again.mobject.submobjects[1] is again.ink
    assert len(again.ink.family_members_with_points()) == len(first.mobject.submobjects[0].family_members_with_points())


def test_a_kept_label_s_halo_is_copied_once_then_set_again_as_a_fresh_copy_would_be(write_lecture):
    """A figure that moves is built in every box it passes: the halo of a label whose glyphs are
    kept (`Context.glyphs`) is the same edge on every build (`halo.kept_edge`), set again to where its
    glyphs stand and as they are styled, and it is, number for number, the halo a fresh copy of
    them makes; what an effect changed in the edge it was (here faded and cut short) is set back."""
    objects = {**CHAIN, "x": 'a Math [blue] that says "$x$" drawn in fig'}
    plan = _plan(write_lecture, objects, [(1.0, SHOW.format(n)) for n in objects])
    assert {"node", "x"} <= set(plan.halos)
    glyphs: dict = {}
    ctx = builders.Context(plan, dict(plan.initial_values), {}, glyphs, edges={})
    box = plan.stays["fig"][0].place.box
    edges: dict[str, set[int]] = {"node": set(), "x": set()}
    for dx in (0.0, 0.37, 1.1):
        ctx.spaces["fig"] = ctx.space_for(plan.objects["fig"], Box(box.x0 + dx, box.y0, box.x1 + dx, box.y1))
        for name in edges:
            drawn = painters.paint(plan.objects[name], ctx, ctx.spaces["fig"])
            assert drawn is not None and drawn.ink is not None
            halo, *own = drawn.mobject.submobjects
            fresh = (Drawn(drawn.ink, ink=drawn.ink) if name == "x" else Drawn(VGroup(*own), ink=drawn.ink))
            afresh = haloed(fresh, plan.halos[name], plan.theme.board.halo)
            assert _state(drawn.mobject) == _state(afresh.mobject)
            edges[name].add(id(halo.submobjects[-1]))
            for part in halo.family_members_with_points():  # as an entrance or a fade leaves it
                part.set_fill(opacity=0.2, family=False)
                part.set_stroke(width=1.0, family=False)
                part.points = part.points[:4] * 2
    assert all(len(ids) == 1 for ids in edges.values())  # the label's edge, copied once


def test_a_node_under_a_larger_dot_drawn_after_it_is_hidden_but_not_one_drawn_over_it(write_lecture):
    objects = {**CHAIN, "signal": "a Point [yellow] drawn in fig (location=(2.0, 1.0), marker_radius=0.3)"}
    late = _plan(write_lecture, objects, [(1.0, SHOW.format(n)) for n in objects])
    frame = late.boards[-1].frame
    assert hidden(late, frame, late.items_at(frame)) == {"node", "dot"}
    order = ["fig", "signal", "node", "dot", "apart"]
    early = _plan(write_lecture, objects, [(1.0 + k, SHOW.format(n)) for k, n in enumerate(order)])
    frame = early.boards[-1].frame
    assert hidden(early, frame, early.items_at(frame)) == set()


def test_every_kind_a_halo_may_be_given_enters_whole():
    """A halo goes first in its object's group (`haloed`); an entrance that reaches into the group
    (an arrow grown from its first part's start, a Panel's text written as its last) would find
    the halo there. No kind judged against a dot (`lies_on`) enters so."""
    inside = {Entrance.GROW_FROM_START, Entrance.PANEL}
    for definition in registered():
        if definition.parent is not Parent.NEVER and (definition.fills or definition.text is not None):
            assert not inside & set(definition.enters.values()), definition.kind


@pytest.mark.slow
def test_the_painted_dot_on_the_node_has_its_figure(write_lecture):
    """The defect, on pixels: at -q l the dot had 1.5:1 against the node painted behind it."""
    plan = _plan(write_lecture, CHAIN, [(1.0, SHOW.format(n)) for n in CHAIN])
    [*_, last] = audit_painted(plan, PRESETS[Quality.l])
    assert last.settled and last.painted_failures == ()
    assert last.contrast is not None and last.contrast.ratio >= last.contrast.needed
    assert ratio(theme.color("yellow"), theme.color("blue")) < 3.0 <= last.contrast.ratio


@pytest.mark.slow
def test_a_haloed_label_and_dot_show_ink_on_the_first_frame_of_their_cue(write_lecture, tmp_path):
    """The defect: three formulas in a Figure, haloed for the yellow dot their blue lacks 3:1 on
    but standing on the card, written 0.1 s apart, changed nothing on screen for four frames: Write
    traced the whole halo first, in the card's colour. A dot drawn (Create) traced its halo first
    likewise. Each now shows its ink on the frame after its cue's, in the rendered video."""
    objects = {"fig": FIGURE, "node": "a Point [yellow] drawn in fig (location=(2.0, 1.0))",
               "a": 'a Math [blue] that says "$alpha_1$" drawn in fig',
               "b": 'a Math [blue] that says "$beta + 1$" drawn in fig',
               "c": 'a Math [blue] that says "$gamma$" drawn in fig',
               "dot": "a Point [blue] drawn in fig (location=(0.5, 0.5))"}
    does = [(1.0, SHOW.format("fig")), (2.0, SHOW.format("node")), (4.5, SHOW.format("a")),
            (4.6, SHOW.format("b")), (4.7, SHOW.format("c")), (6.0, "dot is shown on the screen, drawn.")]
    lecture = write_lecture(objects, does)
    plan = plan_scene(resolve(load(lecture)).scenes[0], 15, lecture.parent)
    assert {"a", "b", "c", "dot"} <= set(plan.halos)
    [scene] = render_scenes(lecture, None, ["1"], RenderSettings(Quality.l, tmp_path))
    assert len(judged(plan)) == 5  # the card alone (a Figure without a label) draws no ink
    assert late_cues(plan, in_video(plan, scene.path)) == []
    assert [c.frame for c in plan.cues if isinstance(c.action, Show)] == [15, 30, 68, 69, 70, 90]
