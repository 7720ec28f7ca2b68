"""Everything drawn on a board with its box: the top-level objects where the layout put them, the
children of Figures and Axes where their shapes put them with the numbers of that frame, and the
labels, legend entries and axis numbers beside them (`plan --json` lists them all)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from lecturekit.kinds import AxesSpec, FunctionPlotSpec, LineSpec, PlotPointSpec, PointSpec, VectorSpec, kind_def
from lecturekit.plan import shapes
from lecturekit.plan.geometry import Box
from lecturekit.plan.measure import measure
from lecturekit.plan.texts import PT, Typeset
from lecturekit.syntax.evaluate import EvaluationError
from lecturekit.syntax.nodes import Spec
from lecturekit.theme import Theme
from lecturekit.typst_source import prose

LABEL = "#label"
#: Half the width of a drawn stroke, so a level segment still has a box, in units.
STROKE_HALF = 0.03


@dataclass(frozen=True)
class BoardItem:
    name: str
    kind: str
    box: Box
    #: The Figure or Axes it is drawn in; None at top level.
    parent: str | None = None
    #: For a label, a legend entry or axis numbers: the object they belong to.
    of: str | None = None


def _around(points: list[np.ndarray], pad: float = STROKE_HALF) -> Box:
    xs = [float(p[0]) for p in points]
    ys = [float(p[1]) for p in points]
    return Box(min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def _centred(center: np.ndarray, size: tuple[float, float]) -> Box:
    return Box.around(float(center[0]), float(center[1]), size[0], size[1])


@dataclass(frozen=True)
class Figures:
    """What the children of a scene's Figures and Axes need: the objects, anchors, typesetting
    and theme of the plan, and the numbers of one frame."""

    objects: Mapping[str, Spec]
    anchors: Mapping
    texts: Mapping[str, Typeset]
    theme: Theme
    numbers_of: shapes.NumbersOf

    def labelled(self, name: str) -> bool:
        return name + LABEL in self.texts

    def size(self, key: str) -> tuple[float, float]:
        typeset = self.texts[key]
        return typeset.width, typeset.height

    def frame(self, spec: Spec, box: Box) -> shapes.ParentFrame:
        return shapes.container_frame(spec, box, self.objects, self.anchors, self.labelled)

    def items(self, container: str, box: Box, shown: set[str]) -> list[BoardItem]:
        """The children shown in `container` (standing in `box`), their labels and legend, and
        an Axes' numbers."""
        spec = self.objects[container]
        frame = self.frame(spec, box)
        found: list[BoardItem] = []
        if isinstance(spec, AxesSpec):
            found += self.numbers(spec, frame)
        for name, child in self.objects.items():
            if child.parent != container or name not in shown:
                continue
            try:
                found += self.child(child, frame)
            except EvaluationError:  # not drawn at these numbers (the render keeps what it drew)
                continue
        return found

    def numbers(self, spec: AxesSpec, frame: shapes.ParentFrame) -> list[BoardItem]:
        marks = shapes.axis_marks(spec, frame)
        font = self.theme.sizes.minimum
        found = []
        for axis, ticks in (("x", marks.x), ("y", marks.y)):
            boxes = []
            for tick in ticks:
                if tick.number is not None:
                    w_pt, h_pt = measure(prose(shapes.number_text(tick.value)))
                    boxes.append(_centred(tick.number, (w_pt * font * PT, h_pt * font * PT)))
            if boxes:
                band = Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes),
                           max(b.x1 for b in boxes), max(b.y1 for b in boxes))
                found.append(BoardItem(f"{spec.name}#{axis}-numbers", "ticks", band, spec.name, spec.name))
        return found

    def child(self, spec: Spec, frame: shapes.ParentFrame) -> list[BoardItem]:
        numbers = self.numbers_of(spec.name)
        kind = kind_def(spec.kind).kind.value
        parent = spec.parent
        if isinstance(spec, VectorSpec | LineSpec):
            start, end = shapes.segment(spec, frame, numbers)
            found = [BoardItem(spec.name, kind, _around([start, end]), parent)]
            if self.labelled(spec.name):
                size = self.size(spec.name + LABEL)
                at = _centred(shapes.tip_label(end, end - start, size), size)
                found.append(BoardItem(spec.name + LABEL, "label", at, parent, spec.name))
            return found
        if isinstance(spec, PointSpec):
            location, at, radius = shapes.dot(spec, frame, numbers)
            found = [BoardItem(spec.name, kind, _around([at], radius), parent)]
            if spec.label and self.labelled(spec.name):
                others = shapes.meeting(location, parent, self.objects, self.numbers_of)
                side = shapes.free_side(at, [frame.point(*other) for other, _ in others])
                size = self.size(spec.name + LABEL)
                center = shapes.next_to(at + side * radius, side, size, 0.1)
                found.append(BoardItem(spec.name + LABEL, "label", _centred(center, size), parent, spec.name))
            return found
        if isinstance(spec, FunctionPlotSpec):
            x0, x1 = shapes.plot_range(spec, frame, numbers)
            pieces = shapes.samples(spec.function, numbers, x0, x1, frame)
            drawn = [p for piece in pieces for p in piece]
            found = [BoardItem(spec.name, kind, _around(drawn), parent)] if drawn else []
            if spec.label and self.labelled(spec.name):
                entries = shapes.legend_of(parent or "", self.objects, self.labelled)
                row = shapes.legend_row(parent or "", frame, entries, [self.size(n + LABEL)[0] for n in entries])
                x, y = row[spec.name]
                width, height = self.size(spec.name + LABEL)
                entry = Box(x - 0.32, y - height / 2, x + width, y + height / 2)  # its swatch, then its text
                found.append(BoardItem(spec.name + LABEL, "legend", entry, parent, spec.name))
            return found
        if isinstance(spec, PlotPointSpec):
            at = shapes.plot_point(spec, self.objects[spec.target], frame, numbers)
            return [BoardItem(spec.name, kind, _around([at], shapes.DOT_RADIUS * shapes.PLOT_DOT), parent)]
        if spec.name in self.texts:  # a label drawn in the figure, beside its mark
            return [self.child_label(spec, frame)]
        return []

    def child_label(self, spec: Spec, frame: shapes.ParentFrame) -> BoardItem:
        size = self.size(spec.name)
        center, may_hang = shapes.label_place(spec, frame, self.objects, self.anchors, self.numbers_of, size)
        drop = shapes.hang(float(center[1]) + size[1] / 2, frame) if may_hang else None
        if drop is not None:
            center = center + np.array([0.0, drop, 0.0])
        anchor = self.anchors.get(spec.name)
        return BoardItem(spec.name, kind_def(spec.kind).kind.value, _centred(center, size), spec.parent,
                         anchor.sibling if anchor is not None else None)
