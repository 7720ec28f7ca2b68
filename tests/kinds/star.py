"""A kind that is not the format's: a Star drawn in a Figure or Axes. This module (the kind and
its painter) is all it takes; nothing else in lecturekit knows about it. The tests register both
for their own length (`register(KIND)`, `painter(STAR, StarSpec, ParentSpace)(paint_star)`) and take them out again."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from lecturekit import theme as palette
from lecturekit.boxes import Box
from lecturekit.kinds import Entrance, Ink, Kind, KindDef, Parent, Role, Spec
from lecturekit.kinds.base import Stands, entering, timing
from lecturekit.kinds.outline import Outline
from lecturekit.syntax.evaluate import evaluate_number, evaluate_point
from lecturekit.syntax.nodes import FieldType, Num, Tuple, Value, attribute

STAR = Kind("Star")
#: A star's outer radius, in units.
RADIUS = 0.4
#: How long a star takes to come in, written: its own, so a test can find it in the plan.
SECONDS = 1.3


@dataclass(frozen=True)
class StarSpec(Spec):
    location: Value = attribute(FieldType.PAIR, Tuple((Num(0.0), Num(0.0))))
    points: Value = attribute(FieldType.NUMBER, Num(5.0))
    hollow: bool = attribute(FieldType.FLAG, False)


def star_outline(spec: StarSpec, frame, figure) -> Outline:
    """The geometry: where the star is drawn in its parent's space."""
    x, y, _ = frame.point(*evaluate_point(spec.location, figure.numbers_of(spec.name)))
    return Outline((Box(x - RADIUS, y - RADIUS, x + RADIUS, y + RADIUS),))


KIND = KindDef(
    kind=STAR,
    spec=StarSpec,
    role=Role.CHILD,
    parent=Parent.REQUIRED,
    container=False,
    stepped=False,
    reflows=False,
    text=None,
    inks=Ink.MARK,
    backing=None,
    fills=True,
    enters=entering(Entrance.GROW),
    seconds=timing(SECONDS),
    label_rank=None,
    labelled=False,
    geometry=star_outline,
    stands=Stands.AT,
    hints=frozenset(),
    least=None,
)


def paint_star(spec, ctx, frame):
    """The painter: a filled star at its location in its parent's space."""
    from manim import Star, VGroup

    from lecturekit.render.builders import Drawn

    numbers = ctx.numbers(spec.name)
    centre = frame.point(*evaluate_point(spec.location, numbers))
    star = Star(n=int(evaluate_number(spec.points, numbers)), outer_radius=RADIUS, color=palette.color(spec.color),
                fill_opacity=0.0 if spec.hollow else 1.0, stroke_width=2)
    star.move_to(np.asarray(centre))
    return Drawn(VGroup(star), ink=star)
