"""The terms of a child kind's geometry (`KindDef.geometry`, worked out in
`lecturekit.kinds.geometry`): the space of the Figure or Axes it is drawn in, what it may ask
about the scene (`Figure`), and the outline it gives."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from lecturekit.boxes import Box
from lecturekit.syntax.nodes import Spec, Value

#: The numbers each object is drawn with, by name (the plan's holds included).
NumbersOf = Callable[[str], Mapping[str, float]]


@dataclass(frozen=True)
class ParentSpace:
    """A Figure's or an Axes' coordinate space: maps (x, y) in its ranges onto its plotting box,
    which moves with it."""

    box: Box
    x_range: tuple[float, float]
    y_range: tuple[float, float]
    #: An Axes' legend: each labelled graph's entry, (left, centre y) of its text and its scale.
    legend: Mapping[str, tuple[float, float, float]] = field(default_factory=dict)
    #: The container's whole box, which a label that finds none of its spots clear keeps inside
    #: where it can; None for the plotting box alone.
    bounds: Box | None = None
    #: The container's own label: its box, at the top of the container's box, and the scale it is
    #: set at; None when it has none.
    title: tuple[Box, float] | None = None

    def point(self, x: float, y: float) -> np.ndarray:
        (x0, x1), (y0, y1) = self.x_range, self.y_range
        px = self.box.x0 + (x - x0) / (x1 - x0) * self.box.width
        py = self.box.y0 + (y - y0) / (y1 - y0) * self.box.height
        return np.array([px, py, 0.0])

    def points(self, xs: Sequence[float], ys: Sequence[float]) -> np.ndarray:
        """`point` of each (x, y), as rows: the same arithmetic, done for a whole graph at once."""
        (x0, x1), (y0, y1) = self.x_range, self.y_range
        found = np.zeros((len(xs), 3))
        found[:, 0] = self.box.x0 + (np.asarray(xs, float) - x0) / (x1 - x0) * self.box.width
        found[:, 1] = self.box.y0 + (np.asarray(ys, float) - y0) / (y1 - y0) * self.box.height
        return found

    @property
    def unit(self) -> float:
        """Screen units per unit of x."""
        return self.box.width / (self.x_range[1] - self.x_range[0])


class Figure(Protocol):
    """What a child's geometry may ask about the scene it is drawn in."""

    @property
    def objects(self) -> Mapping[str, Spec]: ...

    @property
    def anchors(self) -> Mapping: ...

    def numbers_of(self, name: str) -> Mapping[str, float]: ...

    def labelled(self, name: str) -> bool: ...

    def size(self, key: str) -> tuple[float, float]: ...

    def traced(self, function: Value, numbers: Mapping[str, float], x0: float, x1: float, space: ParentSpace
               ) -> tuple[Box, ...]:
        """The boxes along a graph over [x0, x1] (the footprint of the plan's sampling)."""
        ...


@dataclass(frozen=True)
class Outline:
    """Where a child is drawn: its footprint (one box for a dot or a label, boxes along a
    stroke, none when it draws nothing here), the object it sits beside if it is a label, and its
    own label's or legend entry's boxes."""

    pieces: tuple[Box, ...]
    of: str | None = None
    #: ("label" | "legend", the boxes it may take, best first): the container settles a label
    #: on the first that is clear (`settle`); a legend entry has one, where its row sets it.
    marks: tuple[tuple[str, tuple[Box, ...]], ...] = ()
    #: For a text drawn in a figure: the boxes it may take, best first (its pieces are empty).
    spots: tuple[Box, ...] = ()

    @property
    def extent(self) -> Box | None:
        """The hull of its footprint."""
        if not self.pieces:
            return None
        return Box(min(p[0] for p in self.pieces), min(p[1] for p in self.pieces),
                max(p[2] for p in self.pieces), max(p[3] for p in self.pieces))


Geometry = Callable[[Spec, ParentSpace, Figure], Outline]
