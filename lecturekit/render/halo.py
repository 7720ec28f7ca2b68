"""A halo (`plan.halos`): a child's ink edged in the colour of the surface it stands on, painted
just behind the whole of it, so that it stays apart from another mark's fill it is drawn over or
under."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace

from manim import VGroup, VMobject
from manim.constants import CapStyleType

from lecturekit.render.builders import Drawn
from lecturekit.render.made import group
from lecturekit.render.typst_mobject import LabelledTypst

#: Board units a stroke of width 1 covers (Manim's Cairo camera: `cairo_line_width_multiple`).
PER_WIDTH = 0.01


class Halo(VGroup):
    """What `haloed` puts first in an object's group: a copy of each of the other parts of the
    group, in their order, edged; so an entrance can tell it apart (`effects.enter`)."""


#: The halos of the glyphs kept between builds (`Context.glyphs`): (id of the glyphs, colour,
#: reach) -> (the glyphs, their parts' form when copied, the edge).
Edges = dict[tuple, tuple[VMobject, tuple, VMobject]]


def kept_edge(edges: Edges, glyphs: Mapping[tuple, VMobject], source: VMobject, colour: str, reach: float
              ) -> VMobject | None:
    """The edge of `source` where it is kept glyphs (None where it is not): copied once, then set
    again on every build to the glyphs' points and edged as they are now. A figure that moves or
    follows a ticking number is built on every frame, and the copy of every glyph of its labels
    was most of the cost of their halos. What an edge is set again to is what a fresh copy edged
    would be (`tests/render/test_halo.py`), so an effect that ran on the last build's halo leaves
    nothing behind."""
    key = (id(source), colour, reach)
    found = edges.get(key)
    if found is not None and found[0] is source and found[1] == _form(source):
        edge, sources = found[2], source.get_family()
        parts = edge.get_family()
        if len(parts) == len(sources) and all(_same_arrays(e, s) for e, s in zip(parts, sources, strict=True)):
            for e, s in zip(parts, sources, strict=True):
                e.points = s.points.copy()
            _edged(parts, sources, colour, reach)
            return edge
    if not isinstance(source, LabelledTypst) or not any(source is kept for kept in glyphs.values()):
        return None  # (kept glyphs are typeset: a mark's arrow or dot is made afresh)
    edge = source.copy()
    _edged(edge.get_family(), source.get_family(), colour, reach)
    edges[key] = (source, _form(source), edge)
    return edge


def forget(edges: Edges, glyphs: Mapping[tuple, VMobject]) -> None:
    """Give up the edges of glyphs no longer kept."""
    kept = {id(g) for g in glyphs.values()}
    for key in [k for k in edges if k[0] not in kept]:
        del edges[key]


def _form(source: VMobject) -> tuple:
    """What of `source`'s parts an edge copies and does not set again, beside their points."""
    return tuple((type(p), len(p.submobjects), p.sheen_factor, tuple(p.sheen_direction), p.joint_type, p.z_index,
                  len(p.fill_rgbas), len(p.stroke_rgbas)) if isinstance(p, VMobject) else (type(p),)
                 for p in source.get_family())


def _same_arrays(edge: object, source: object) -> bool:
    """Whether an edge's part has arrays as long as its source's (an edge set again fills them in place)."""
    if not isinstance(edge, VMobject) or not isinstance(source, VMobject):
        return type(edge) is type(source)
    return len(edge.fill_rgbas) == len(source.fill_rgbas) and len(edge.stroke_rgbas) == len(source.stroke_rgbas)


def _edged(parts: list, sources: list, colour: str, reach: float) -> None:
    """Each of an edge's parts filled and stroked in `colour`, reaching `reach` past its source."""
    for part, source in zip(parts, sources, strict=True):
        if not isinstance(part, VMobject):
            continue
        part.set_fill(colour, opacity=1.0 if source.get_fill_opacity() > 0 else 0.0, family=False)
        part.set_stroke(colour, width=source.get_stroke_width() + 2 * reach / PER_WIDTH, opacity=1.0, family=False)
        part.set_stroke(width=0, background=True, family=False)
        part.cap_style = CapStyleType.ROUND


def haloed(drawn: Drawn, colour: str, reach: float, glyphs: Mapping[tuple, VMobject] | None = None,
           edges: Edges | None = None) -> Drawn:
    """`drawn` over its halo: a copy of its ink filled and stroked in `colour`, reaching `reach`
    units past it (its strokes widened, its fills edged, with round ends), behind all of it at
    once, so that no part's halo covers another part (a glyph its neighbour, a dot its label).
    It goes first in the object's group (in a group of its own with the ink where the object is
    its ink alone), the rest keeping their order after it: the kinds haloed
    enter whole (`tests/render/test_halo.py`); emphasis recolours the ink (`Drawn.ink`), never its
    halo. The halos of the `glyphs` kept between builds are kept in `edges` (`kept_edge`)."""
    if not isinstance(drawn.mobject, VMobject):
        return drawn
    if drawn.mobject is drawn.ink:  # a formula drawn in a figure, its glyphs kept between builds
        kept = _kept(drawn.mobject, colour, reach, glyphs, edges)
        edge = kept if kept is not None else _copied(drawn.mobject, colour, reach)
        return replace(drawn, mobject=group(VGroup, group(Halo, edge), drawn.mobject))
    members = drawn.mobject.submobjects  # a group built afresh (a VGroup: no ink of its own)
    kept_edges = [_kept(m, colour, reach, glyphs, edges) for m in members]
    if any(e is not None for e in kept_edges) and _apart(members, kept_edges):
        memo: dict = {}  # the members copied afresh copied as one, as the whole group would be
        made = [e if e is not None else _copied(m, colour, reach, memo)
                for m, e in zip(members, kept_edges, strict=True)]
    else:
        made = _copied(drawn.mobject, colour, reach).submobjects
    drawn.mobject.add_to_back(group(Halo, *made))
    return drawn


def _kept(source: VMobject, colour: str, reach: float, glyphs: Mapping[tuple, VMobject] | None,
          edges: Edges | None) -> VMobject | None:
    return kept_edge(edges, glyphs, source, colour, reach) if glyphs is not None and edges is not None else None


def _copied(mobject: VMobject, colour: str, reach: float, memo: dict | None = None) -> VMobject:
    """A copy of `mobject` edged (`Mobject.copy`, with `memo` for what is copied with it)."""
    edge = copy.deepcopy(mobject, memo)
    _edged(edge.get_family(), mobject.get_family(), colour, reach)
    return edge


def _apart(members: list, kept: list) -> bool:
    """Whether no member copied afresh holds a part of kept glyphs (copied apart, it would be drawn twice)."""
    inside = {id(p) for m, e in zip(members, kept, strict=True) if e is not None for p in m.get_family()}
    return not any(id(p) in inside for m, e in zip(members, kept, strict=True) if e is None for p in m.get_family())
