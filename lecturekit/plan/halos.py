"""What a child of a Figure or an Axes is painted against besides its container's card and the
board, and the halo that keeps it legible there.

A child whose kind fills (`KindDef.fills`: a Point's or a PlotPoint's dot) paints a disc that
another child of the same container may be drawn over or under: a yellow dot on a blue node, a
label on one. Which of two is on top is the order they arrive in, so the rule holds either way
round: where a child's colour and a fill's lack, between them, the WCAG 2.2 figure either needs
(`resolve.contrast.least_contrast`: 4.5:1 for what draws text, 3:1 for a mark), both are drawn
with a halo (`halos`): their ink edged `BoardSize.halo` wide in the colour of the surface they
stand on (their container's card over the board, or the board), which their colour has its
figure against already (`resolve.contrast.legible_colors`). Whichever is on top is parted from
the other's fill by that colour, as a map's labels are from what they cross.

A halo is decided for the scene from the colours alone, not from where the marks stand on one
frame, so it holds on every frame, a moving mark's included; where the mark lies on nothing but its
surface, its halo is that surface's colour and is not seen. Only a dot or a text drawn in a figure
is judged against a dot it lies on (`lies_on`): a stroke through a dot is one graphic with it (a
polyline's vertex, a graph's point), judged along its length against its card; and two strokes
that cross meet along a stroke's width, as they always have.

On a board, `meets` says whether an item's ink (its box) lies on a fill (the disc its box holds):
`BoardItem.against` lists the fills each item of a child lies on, which the audit measures it
against where it has no halo (`plan.audit.contrasts`).
"""

from __future__ import annotations

from collections.abc import Mapping

from lecturekit.boxes import Box
from lecturekit.contrast import ratio
from lecturekit.kinds import Spec, kind_def
from lecturekit.resolve.contrast import least_contrast, surfaces
from lecturekit.theme import color
from lecturekit.work import count


def halos(objects: Mapping[str, Spec]) -> dict[str, str]:
    """Each child drawn with a halo, with the colour of its halo: every child whose colour and a
    filled sibling's lack the figure either needs, and that sibling."""
    families: dict[str, list[tuple[Spec, str, float]]] = {}
    for spec in objects.values():
        if spec.parent is not None and lies_on(spec) and (needed := least_contrast(spec)) is not None:
            families.setdefault(spec.parent, []).append((spec, color(spec.color), needed))
    found: dict[str, str] = {}
    for family in families.values():
        # the children of one colour and need stand or fall together: each pair of them is judged
        # once (`halo pairs`), not each pair of children (a Figure of 3,000 dots in six colours)
        alike: dict[tuple[str, float], list[Spec]] = {}
        for spec, colour, needs in family:
            alike.setdefault((colour, needs), []).append(spec)
        fills = {key: filled for key, specs in alike.items()
                 if (filled := [s for s in specs if kind_def(s.kind).fills])}
        for (fill_colour, fill_needs), filled in fills.items():
            for (colour, needs), marks in alike.items():
                count("halo pairs")
                if ratio(colour, fill_colour) < max(needs, fill_needs):
                    # each with another than itself: a dot alone of its colour does not lack against itself
                    haloed = [*(m for m in marks if not _only(filled, m)), *(f for f in filled if not _only(marks, f))]
                    found.update({spec.name: surface(spec, objects) for spec in haloed})
    return found


def _only(specs: list[Spec], spec: Spec) -> bool:
    return len(specs) == 1 and specs[0] is spec


def lies_on(spec: Spec) -> bool:
    """Whether a child's ink may lie on another's dot, and is judged against it: a dot
    (`KindDef.fills`) or a text drawn in a figure. A stroke (a Line, a Vector, a graph) runs along
    its card and through a dot as one graphic with it (a polyline's vertex, a graph's point), and
    is judged against the card, as its label, which keeps its gap from the marks."""
    definition = kind_def(spec.kind)
    return definition.fills or definition.text is not None


def surface(spec: Spec, objects: Mapping[str, Spec]) -> str:
    """The colour a child stands on, which its halo is drawn in: its container's card over the
    board, or the board."""
    return next(iter(surfaces(spec, objects).values()))


def meets(fill: Box, box: Box) -> bool:
    """Whether `box` lies on the disc a fill's box holds (touching is not lying on)."""
    (cx, cy), radius = fill.center, min(fill.width, fill.height) / 2
    dx = max(box.x0 - cx, 0.0, cx - box.x1)
    dy = max(box.y0 - cy, 0.0, cy - box.y1)
    return dx * dx + dy * dy < radius * radius


def covers(fill: Box, box: Box, round_: bool) -> bool:
    """Whether the disc a fill's box holds covers `box` whole: the disc `box` holds, where it is a
    fill's (`round_`), or else all of it."""
    (cx, cy), radius = fill.center, min(fill.width, fill.height) / 2
    if round_:
        (x, y), own = box.center, min(box.width, box.height) / 2
        return ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 + own <= radius
    return all((x - cx) ** 2 + (y - cy) ** 2 <= radius * radius for x in (box.x0, box.x1) for y in (box.y0, box.y1))
