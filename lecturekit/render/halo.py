"""A halo (`plan.halos`): a child's ink edged in the colour of the surface it stands on, painted
just behind the whole of it, so that it stays apart from another mark's fill it is drawn over or
under."""

from __future__ import annotations

from dataclasses import replace

from manim import VGroup, VMobject
from manim.constants import CapStyleType

from lecturekit.render.builders import Drawn
from lecturekit.render.made import group

#: Board units a stroke of width 1 covers (Manim's Cairo camera: `cairo_line_width_multiple`).
PER_WIDTH = 0.01


class Halo(VGroup):
    """What `haloed` puts first in an object's group: a copy of each of the other parts of the
    group, in their order, edged; so an entrance can tell it apart (`effects.enter`)."""


def haloed(drawn: Drawn, colour: str, reach: float) -> Drawn:
    """`drawn` over its halo: a copy of its ink filled and stroked in `colour`, reaching `reach`
    units past it (its strokes widened, its fills edged, with round ends), behind all of it at
    once, so that no part's halo covers another part (a glyph its neighbour, a dot its label).
    It goes first in the object's group (in a group of its own with the ink where the object is
    its ink alone), the rest keeping their order after it: the kinds haloed
    enter whole (`tests/render/test_halo.py`); emphasis recolours the ink (`Drawn.ink`), never its
    halo."""
    if not isinstance(drawn.mobject, VMobject):
        return drawn
    edge = drawn.mobject.copy()
    for part in edge.get_family():
        if not isinstance(part, VMobject):
            continue
        part.set_fill(colour, opacity=1.0 if part.get_fill_opacity() > 0 else 0.0, family=False)
        part.set_stroke(colour, width=part.get_stroke_width() + 2 * reach / PER_WIDTH, opacity=1.0, family=False)
        part.set_stroke(width=0, background=True, family=False)
        part.cap_style = CapStyleType.ROUND
    if drawn.mobject is drawn.ink:  # a formula drawn in a figure, its glyphs kept between builds
        return replace(drawn, mobject=group(VGroup, group(Halo, edge), drawn.mobject))
    drawn.mobject.add_to_back(group(Halo, *edge.submobjects))  # a group built afresh (a VGroup: no ink of its own)
    return drawn
