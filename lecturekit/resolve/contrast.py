"""Colours that can be read: every colour a lecture gives an object has the contrast WCAG 2.2
asks of what it draws (`lecturekit.contrast`: 4.5:1 for text, 3:1 for a mark) against every
surface it is drawn on; one that has not is replaced by its nearest shade that has, with a warning
naming it. The spec carries the colour drawn, so the plan has it and the painter paints it.

What a colour is drawn on: the board, or the fill its own kind paints behind its text (a Panel's,
a Block's), and a child of a Figure both the Figure's card and the board (its label may stand
outside the card). Nothing is drawn over an Image: the layout lets nothing overlap. Emphasis
recolours what it marks in the theme's emphasis colour, which `tests/test_contrast.py` holds to the
same figures on every surface and over its highlight.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from lecturekit.contrast import GRAPHICS, TEXT, luminance, passing, ratio
from lecturekit.diagnostics import quote, warning
from lecturekit.kinds import Ink, Spec, kind_def
from lecturekit.resolve.findings import Findings
from lecturekit.theme import PALETTE, color, is_color
from lecturekit.typst.source import label_spec

BOARD = PALETTE["background"]


def least_contrast(spec: Spec) -> float | None:
    """The contrast `spec`'s colour needs: text's where it draws text (a mark's label included),
    a mark's where it draws only a mark; None where its colour draws nothing."""
    inks = kind_def(spec.kind).inks
    labelled = label_spec(spec) is not None
    if inks is Ink.TEXT or (inks in (Ink.MARK, Ink.LABEL) and labelled):
        return TEXT
    return GRAPHICS if inks is Ink.MARK else None


def surfaces(spec: Spec, objects: Mapping[str, Spec]) -> dict[str, str]:
    """What `spec`'s ink is drawn on, in words, with its colour."""
    parent = objects.get(spec.parent) if spec.parent else None
    under = {"the board": BOARD}
    if parent is not None and (card := kind_def(parent.kind).backing) is not None:
        under = {f"{parent.kind.value} {quote(parent.name)}": card.over(BOARD), **under}
    own = kind_def(spec.kind).backing
    if own is None:
        return under
    return {f"its {spec.kind.value}'s fill": own.over(colour) for colour in under.values()}


def legible_colors(found: Findings, objects: Mapping[str, Spec]) -> dict[str, Spec]:
    """`objects`, each colour that lacks the contrast it needs replaced by its nearest shade that
    has it, each such a warning."""
    out = dict(objects)
    for name, spec in objects.items():
        least = least_contrast(spec)
        if spec.color is None or least is None or not is_color(spec.color) or found.broken(name):
            continue
        drawn = color(spec.color)
        under = surfaces(spec, objects)
        shade = passing(drawn, tuple(under.values()), least)
        if shade == drawn:
            continue
        out[name] = replace(spec, color=shade)
        where, worst = min(under.items(), key=lambda item: ratio(drawn, item[1]))
        what = "text" if least == TEXT else "a mark"
        way = "lighter" if luminance(shade) > luminance(drawn) else "darker"
        where_set = f"{fix}: " if (fix := found.fix(name, "color", "")) else ""
        found.report(warning(
            found.place(name),
            f"its colour {quote(spec.color)} ({drawn}) has {_floor(ratio(drawn, worst))}:1 against {where} "
            f"({worst}), below the {least:g}:1 WCAG 2.2 asks of {what}; it is drawn in {shade} "
            f"({_floor(min(ratio(shade, u) for u in under.values()))}:1) instead",
            where_set + f"give it a {way} colour, or {shade} to draw this shade without a warning",
        ))
    return out


def _floor(value: float) -> str:
    """A ratio to two places, rounded down, so that one short of a figure never reads as it."""
    return f"{math.floor(value * 100) / 100:.2f}"
