"""Everything drawn on a board with its box: the top-level objects where the layout put them, the
children of Figures and Axes where their shapes put them with the numbers of that frame, and the
labels, legend entries and axis numbers beside them (`plan --json` lists them all)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from lecturekit.boxes import Box, Grid
from lecturekit.kinds import AxesSpec, kind_def
from lecturekit.kinds.geometry import LABEL
from lecturekit.kinds.outline import NumbersOf, Outline, ParentSpace
from lecturekit.plan import shapes
from lecturekit.plan.halos import lies_on, meets
from lecturekit.plan.placement import LABEL_REACH
from lecturekit.plan.sampling import traced
from lecturekit.plan.settle import settle
from lecturekit.plan.typeset import Typeset
from lecturekit.syntax.evaluate import EvaluationError
from lecturekit.syntax.nodes import Spec, Value
from lecturekit.theme import Theme
from lecturekit.work import count


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
    #: For a label: no place on the board keeps the label gap from the rest (`settle.Settled`).
    crowded: bool = False
    #: For a dot's or a text's item in a figure (`halos.lies_on`): the other children whose dot
    #: it lies on or under (`halos.meets`), painted against it besides its card and the board.
    against: tuple[str, ...] = ()


@dataclass(frozen=True)
class Figures:
    """What the children of a scene's Figures and Axes need (`kinds.geometry.Figure`): the
    objects, anchors, typesetting and theme of the plan, and the numbers of one frame."""

    objects: Mapping[str, Spec]
    anchors: Mapping
    texts: Mapping[str, Typeset]
    theme: Theme
    numbers_of: NumbersOf
    #: Each Axes' numbering over the scene (`ScenePlan.numbering`).
    numbering: Mapping[str, shapes.Numbering] = field(default_factory=dict)
    #: For each place of a container, the places the scene's other objects take meanwhile
    #: (`ScenePlan.beside`).
    beside: Mapping[tuple[str, Box], tuple[Box, ...]] = field(default_factory=dict)
    #: What `settled` worked out, by container and frame.
    memo: dict = field(default_factory=dict, compare=False)

    def labelled(self, name: str) -> bool:
        return name + LABEL in self.texts

    def size(self, key: str) -> tuple[float, float]:
        typeset = self.texts[key]
        return typeset.width, typeset.height

    def traced(self, function: Value, numbers: Mapping[str, float], x0: float, x1: float, space: ParentSpace
               ) -> tuple[Box, ...]:
        return traced(function, numbers, x0, x1, space)

    def space(self, spec: Spec, box: Box) -> ParentSpace:
        return shapes.container_space(spec, box, self.objects, self.anchors, self.labelled, self.size,
                                      self.theme.sizes.minimum / self.theme.sizes.label, self.theme.board.safe)

    def items(self, container: str, box: Box, shown: set[str]) -> list[BoardItem]:
        """The children shown in `container` (standing in `box`), their labels and legend, the
        container's own label and an Axes' numbers."""
        spec = self.objects[container]
        space = self.space(spec, box)
        found: list[BoardItem] = []
        if isinstance(spec, AxesSpec):
            found += self.numbers(spec, space)
        if space.title is not None:
            extent, scale = space.title
            found.append(BoardItem(container + LABEL, "label", extent, container, container,
                                   font=self.texts[container + LABEL].font * scale))
        outlines, chosen, crowded = self.settled(container, space)
        children: list[BoardItem] = []
        for name, outline in outlines.items():
            if name in shown:
                children += self.child(self.objects[name], space, outline, chosen, crowded)
        return found + _against(children, {n for n in outlines if n in shown and kind_def(self.objects[n].kind).fills},
                                {n for n in outlines if lies_on(self.objects[n])})

    def settled(self, container: str, space: ParentSpace
                ) -> tuple[dict[str, Outline], dict[tuple[str, int], Box], frozenset[tuple[str, int]]]:
        """Every child of `container` in the scene where its kind's geometry draws it at these
        numbers (those that do not evaluate left out), and where each label settles: clear of
        every mark, of the numbers, of the container's own label and of the labels declared before
        it, inside the safe area; in an Axes, of its axis lines and ticks too where it can be."""
        key = (container, space.box, space.x_range, space.y_range, space.bounds)  # bounds: where labels keep
        if key not in self.memo:
            outlines = {}
            for name, child in self.objects.items():
                geometry = kind_def(child.kind).geometry
                if child.parent != container or geometry is None:
                    continue
                try:
                    outlines[name] = geometry(child, space, self)
                except EvaluationError:  # not drawn at these numbers (the render keeps what it drew)
                    continue
            spec = self.objects[container]
            taken, lines = [], []
            if isinstance(spec, AxesSpec):
                marks = self.axis_marks(spec, space)
                taken = [tick.box for tick in (*marks.x, *marks.y) if tick.box is not None]
                lines = [shapes.line_box(line) for line in marks.lines]
            if space.title is not None:
                taken.append(space.title[0])
            self.memo[key] = (outlines, *settle(list(outlines.items()), taken, self.theme.board.safe, space.bounds,
                                                margin=LABEL_REACH * self.theme.board.gap,
                                                beside=self._beside(container, space),
                                                lines=lines, gap=self.theme.board.label_gap))
        return self.memo[key]

    def _beside(self, container: str, space: ParentSpace) -> tuple[Box, ...]:
        """What stands beside `container` while it stands where `space` is: the places of its
        stay, or while it moves between two, of all of them."""
        found = self.beside.get((container, space.bounds)) if space.bounds is not None else None
        if found is None:
            found = tuple({b for (c, _), boxes in self.beside.items() if c == container for b in boxes})
        return found

    def axis_marks(self, spec: AxesSpec, space: ParentSpace) -> shapes.AxisMarks:
        """An Axes' lines, ticks and numbers, where the scene's numbering sets them."""
        return shapes.axis_marks(spec, space, self.numbering.get(spec.name, shapes.Numbering()),
                                 self.theme.sizes.minimum)

    def numbers(self, spec: AxesSpec, space: ParentSpace) -> list[BoardItem]:
        """Each of an Axes' numbers, where the scene's numbering sets them."""
        marks = self.axis_marks(spec, space)
        return [BoardItem(f"{spec.name}#{axis}={shapes.number_text(tick.value)}", "ticks", tick.box, spec.name,
                          spec.name, font=self.theme.sizes.minimum)
                for axis, found in (("x", marks.x), ("y", marks.y)) for tick in found if tick.box is not None]

    def footprint(self, spec: Spec, box: Box) -> list[Box]:
        """The boxes a mark drawn in the container standing in `box` takes, with its legend entry,
        which its row sets (what the container's numbers keep clear of); none for a label, which
        keeps clear of them."""
        geometry = kind_def(spec.kind).geometry
        if geometry is None or kind_def(spec.kind).text is not None:
            return []
        assert spec.parent is not None  # a mark stands in its container
        try:
            outline = geometry(spec, self.space(self.objects[spec.parent], box), self)
        except EvaluationError:
            return []
        return [*outline.pieces] + [
            spots[0] for kind, spots in outline.marks if kind == "legend"]

    def child(self, spec: Spec, space: ParentSpace, outline: Outline, chosen: Mapping[tuple[str, int], Box],
              crowded: frozenset[tuple[str, int]] = frozenset()) -> list[BoardItem]:
        """A child where its kind's geometry draws it, with its label or legend entry where it settled."""
        several = len(outline.pieces) > 1
        found = [BoardItem(spec.name, spec.kind.value, box, spec.parent, outline.of, piece=k if several else None)
                 for k, box in enumerate(outline.pieces)]
        if outline.spots:
            found.append(BoardItem(spec.name, spec.kind.value, chosen[(spec.name, -1)], spec.parent, outline.of,
                                   font=self.texts[spec.name].font, crowded=(spec.name, -1) in crowded))
        font = self.texts[spec.name + LABEL].font if self.labelled(spec.name) else None
        return found + [BoardItem(spec.name + LABEL, kind, chosen[(spec.name, k)], spec.parent, spec.name,
                                  font=font * space.legend[spec.name][2] if kind == "legend" and font else font,
                                  crowded=(spec.name, k) in crowded)
                        for k, (kind, _) in enumerate(outline.marks)]


#: The kinds of item drawn as part of the object they are `of` (its label, its legend entry), whose
#: own fill they are never against.
OWNED = ("label", "legend")


def _against(items: list[BoardItem], fills: set[str], judged: set[str]) -> list[BoardItem]:
    """The items of a container's children, each of those `judged` (`halos.lies_on`) with the
    fills of the others it lies on: each tested (`disc tests`) against only the fills whose
    boxes share a cell of a grid with it (`boxes.Grid`), not against every fill."""
    discs = [(item.name, item.box) for item in items if item.name in fills]
    if not discs:
        return items
    grid = Grid([disc for _, disc in discs])  # only the discs near an item can lie under it
    found = []
    for item in items:
        owner = item.of if item.kind in OWNED else item.name
        if owner not in judged:
            found.append(item)
            continue
        near = [discs[k] for k in grid.near(item.box)]
        count("disc tests", len(near))
        met = tuple(dict.fromkeys(name for name, disc in near if name != owner and meets(disc, item.box)))
        found.append(replace(item, against=met) if met else item)
    return found
