"""Everything drawn on a board with its box: the top-level objects where the layout put them, the
children of Figures and Axes where their shapes put them with the numbers of that frame, and the
labels, legend entries and axis numbers beside them (`plan --json` lists them all)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from lecturekit.kinds import AxesSpec, kind_def
from lecturekit.kinds.geometry import LABEL
from lecturekit.plan import shapes
from lecturekit.plan.geometry import Box
from lecturekit.plan.measure import measure
from lecturekit.plan.texts import PT, Typeset
from lecturekit.syntax.evaluate import EvaluationError
from lecturekit.syntax.nodes import Spec
from lecturekit.theme import Theme
from lecturekit.typst_source import prose


def _number_size(text: str) -> tuple[float, float]:
    """An axis number's typeset size in points at font size 1, from its characters' (digits and
    signs set side by side, without kerning): a handful of compiles serve every number."""
    sizes = [measure(prose(character)) for character in text]
    return sum(w for w, _ in sizes), max(h for _, h in sizes)


@dataclass(frozen=True)
class BoardItem:
    name: str
    kind: str
    box: Box
    #: The Figure or Axes it is drawn in; None at top level.
    parent: str | None = None
    #: For a label, a legend entry or axis numbers: the object they belong to.
    of: str | None = None
    #: The Manim font size its text is set at, for what carries text.
    font: float | None = None
    #: For a visual: the width over height it is meant to keep.
    aspect: float | None = None
    #: For a mark listed as several boxes along its stroke: which of them this is.
    piece: int | None = None


@dataclass(frozen=True)
class Figures:
    """What the children of a scene's Figures and Axes need (`kinds.geometry.Figure`): the
    objects, anchors, typesetting and theme of the plan, and the numbers of one frame."""

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
                    w_pt, h_pt = _number_size(shapes.number_text(tick.value))
                    size = (w_pt * font * PT, h_pt * font * PT)
                    boxes.append(Box.around(float(tick.number[0]), float(tick.number[1]), *size))
            if boxes:
                band = Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes),
                           max(b.x1 for b in boxes), max(b.y1 for b in boxes))
                found.append(BoardItem(f"{spec.name}#{axis}-numbers", "ticks", band, spec.name, spec.name))
        return found

    def child(self, spec: Spec, frame: shapes.ParentFrame) -> list[BoardItem]:
        """A child where its kind's geometry says it is drawn, with its label or legend entry."""
        geometry = kind_def(spec.kind).geometry
        if geometry is None:
            return []
        outline = geometry(spec, frame, self)
        several = len(outline.pieces) > 1
        found = [BoardItem(spec.name, spec.kind.value, Box(*box), spec.parent, outline.of, piece=k if several else None)
                 for k, box in enumerate(outline.pieces)]
        return found + [BoardItem(spec.name + LABEL, kind, Box(*extent), spec.parent, spec.name)
                        for kind, extent in outline.marks]
