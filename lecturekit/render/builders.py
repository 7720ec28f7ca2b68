"""One builder per kind, each `(spec, ctx, where) -> Drawn`: a spec, the plan's decisions and the
current numbers in, mobjects out (`lecturekit.render.painters` registers them by kind and place)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
from manim import (
    Group,
    ImageMobject,
    Line,
    Mobject,
    Rectangle,
    RoundedRectangle,
    VGroup,
    VMobject,
)
from manim.utils.bezier import get_smooth_cubic_bezier_handle_points
from numpy.typing import ArrayLike

from lecturekit import theme as palette
from lecturekit.boxes import Box
from lecturekit.images import ImageProblem, image_pixels
from lecturekit.kinds import (
    AxesSpec,
    FigureSpec,
    FunctionPlotSpec,
    ImageSpec,
    LineSpec,
    PlotPointSpec,
    PointSpec,
    Spec,
    TableSpec,
    VectorSpec,
    geometry,
)
from lecturekit.kinds.geometry import LABEL
from lecturekit.kinds.outline import ParentSpace
from lecturekit.plan import shapes
from lecturekit.plan.items import Figures
from lecturekit.plan.sampling import Graph, graph, pieces
from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.plan.timeline import Values, numbers_key
from lecturekit.plan.typeset import TableMetrics, Typeset
from lecturekit.render import made
from lecturekit.render.typst_mobject import LabelledTypst
from lecturekit.typst.source import prose, right_to_left
from lecturekit.work import count

STROKE = 5.0


@dataclass
class Drawn:
    """A built object: what goes on the board and the pieces actions address."""

    mobject: Mobject
    #: Lines of a Derivation or rows of a Table, revealed one by one.
    steps: list[VMobject] = field(default_factory=list)
    #: Part label -> glyphs; for tables "row=3" / "column=2" -> cells.
    parts: dict[str, VMobject] = field(default_factory=dict)
    #: For Figures and Axes: where their children go.
    space: ParentSpace | None = None
    #: The object's body (glyphs, stroke) without panel backgrounds, for emphasis of the whole.
    ink: Mobject | None = None


@dataclass
class Context:
    plan: ScenePlan
    values: dict[str, float]
    spaces: dict[str, ParentSpace]
    #: Glyphs kept between builds of the same object: rebuilding a moving or ticking object
    #: moves its labels instead of typesetting them again.
    glyphs: dict[tuple, VMobject] = field(default_factory=dict)
    #: Paragraphs typeset anew for the layout they move into, by name.
    retypeset: Mapping[str, Typeset] = field(default_factory=dict)
    #: Where the labels of each figure settle, kept between builds at the same numbers.
    memo: dict = field(default_factory=dict)
    #: The halos of the kept glyphs, kept with them (`halo.kept_edge`).
    edges: dict[tuple, tuple] = field(default_factory=dict)

    def spec(self, name: str) -> Spec:
        return self.plan.objects[name]

    def typeset(self, name: str) -> Typeset | None:
        """How a text object is set here: as the plan typeset it, or anew where it reflows."""
        return self.retypeset.get(name) or self.plan.texts.get(name)

    def numbers(self, name: str) -> Mapping[str, float]:
        """The numbers `name` is drawn with: this frame's, or the last ones its values evaluated
        with where they cannot be evaluated with these (the plan's holds)."""
        return self.values.of(name) if isinstance(self.values, Values) else self.values

    def glyph(self, key: tuple, make: Callable[[], VMobject]) -> VMobject:
        if key not in self.glyphs:
            self.glyphs[key] = make()
        return self.glyphs[key]

    def labelled(self, name: str) -> bool:
        return name + LABEL in self.plan.texts

    def spot(self, name: str, key: int, space: ParentSpace) -> np.ndarray:
        """The centre of the spot the plan settles a label on (`Figures.settled`): -1 for a text
        drawn in a figure, k for a mark's k-th label, at this frame's numbers."""
        x0, y0, x1, y1 = self._settled(name, space)[(name, key)]
        return np.array([(x0 + x1) / 2, (y0 + y1) / 2, 0.0])

    def spots(self, name: str, space: ParentSpace) -> tuple[Box, ...]:
        """Every spot the plan settles `name`'s texts on at this frame's numbers, in its order."""
        return tuple(box for (owner, _), box in self._settled(name, space).items() if owner == name)

    def _settled(self, name: str, space: ParentSpace) -> Mapping[tuple[str, int], Box]:
        """Where the labels of `name`'s container settle at this frame's numbers, worked out once a frame."""
        at = numbers_key(self.values, getattr(self.values, "held", {}))
        if self.memo.get("at") != at:
            self.memo.clear()
            self.memo.update(at=at, settled={})
        return self.figures(self.memo["settled"]).settled(self.spec(name).parent or "", space)[1]

    def figures(self, memo: dict | None = None) -> Figures:
        """The plan's children of Figures and Axes, at this frame's numbers."""
        plan = self.plan
        return Figures(plan.objects, plan.scene.anchors, plan.texts, plan.theme, self.numbers, plan.numbering,
                       plan.beside, {} if memo is None else memo)

    def space_for(self, spec: Spec, box: Box) -> ParentSpace:
        """Where the children of the Figure or Axes `spec` go when it stands in `box`, as the plan has it."""
        return self.figures().space(spec, box)


# ---------------------------------------------------------------- text


def text_object(typeset: Typeset, box: Box, color: str, backing: Callable[[Box], list[VMobject]] | None = None
                ) -> Drawn:
    """A text's glyphs fitted into its box, on its backing (a panel's) if it has one; both keep
    the margin the text keeps around it for a ring or a highlight (`Typeset.margin`)."""
    glyphs = LabelledTypst(typeset.body, typeset.labels, color=color)
    glyphs.fit_frame(_inset(box, typeset.inset))
    parts: dict[str, VMobject] = {label: glyphs.group(label) for _, label in typeset.parts}
    steps: list[VMobject] = []
    if typeset.lines:
        steps = [glyphs.group(label) for label in typeset.line_labels]
        leftover = [m for m in glyphs.submobjects if not any(m in s.submobjects for s in steps)]
        if leftover and steps:
            steps[0].add(*leftover)
    if backing is not None:
        return Drawn(VGroup(*backing(_inset(box, typeset.margin)), glyphs), steps, parts, ink=glyphs)
    if steps:
        return Drawn(VGroup(*steps), steps, parts, ink=glyphs)
    return Drawn(glyphs, steps, parts, ink=glyphs)


def _inset(box: Box, by: float) -> Box:
    return Box(box.x0 + by, box.y0 + by, box.x1 - by, box.y1 - by)


#: The corner radius of a Panel's card (units).
PANEL_CORNER = 0.12


def panel_backing(box: Box) -> list[VMobject]:
    """A Panel's rounded card."""
    back = RoundedRectangle(width=box.width, height=box.height, corner_radius=PANEL_CORNER,
                            fill_color=palette.PANEL.color, fill_opacity=palette.PANEL.opacity,
                            stroke_color=palette.PANEL_STROKE, stroke_width=2)
    return [back.move_to(np.array([*box.center, 0.0]))]


def block_backing(box: Box) -> list[VMobject]:
    """A Block's flat backing with its accent bar down the left."""
    back = Rectangle(width=box.width, height=box.height, fill_color=palette.BLOCK.color,
                     fill_opacity=palette.BLOCK.opacity, stroke_width=0)
    back.move_to(np.array([*box.center, 0.0]))
    bar = Line((box.x0, box.y0, 0), (box.x0, box.y1, 0), color=palette.BLOCK_ACCENT, stroke_width=6)
    return [back, bar]


def label_mobject(typeset: Typeset, color: str, ctx: Context, key: tuple, scale: float = 1.0) -> VMobject:
    def make() -> VMobject:
        return LabelledTypst(typeset.body, color=color).fit_frame(
            Box.around(0.0, 0.0, typeset.width * scale, typeset.height * scale))

    return ctx.glyph((*key, typeset.body, color, scale), make)


# ---------------------------------------------------------------- visuals


def figure(spec: FigureSpec, ctx: Context, box: Box) -> Drawn:
    back = made.copied(("card", box.width, box.height), lambda: RoundedRectangle(
        width=box.width, height=box.height, corner_radius=0.15, fill_color=palette.CARD.color,
        fill_opacity=palette.CARD.opacity, stroke_width=0))
    back.move_to(np.array([*box.center, 0.0]))
    space = ctx.space_for(spec, box)
    return Drawn(made.group(VGroup, back, *_own_label(spec, ctx, space)), space=space)


def axes(spec: AxesSpec, ctx: Context, box: Box) -> Drawn:
    """The plan's axis lines and ticks, and each tick's number where the plan centres it."""
    space = ctx.space_for(spec, box)
    label_font = ctx.plan.theme.sizes.minimum
    marks = shapes.axis_marks(spec, space, ctx.plan.numbering.get(spec.name, shapes.Numbering()), label_font)
    color = palette.AXIS
    parts: list[VMobject] = [made.line(a, b, color, 3) for a, b in marks.lines]
    half = shapes.TICK_HALF
    for axis, found, across in (("x", marks.x, np.array([0, half, 0])), ("y", marks.y, np.array([half, 0, 0]))):
        for tick in found:
            parts.append(made.line(tick.at - across, tick.at + across, color, 2))
            if tick.number is not None:
                parts.append(_number_label(ctx, (spec.name, axis, tick.value), tick.value, label_font)
                             .move_to(tick.number))
    return Drawn(made.group(VGroup, *parts, *_own_label(spec, ctx, space)), space=space)


def _own_label(spec: AxesSpec | FigureSpec, ctx: Context, space: ParentSpace) -> list[VMobject]:
    """A Figure's or an Axes' own label in the box the plan gives it at the top of the object,
    in the object's colour (the text colour when it has none); nothing when it has no label."""
    if space.title is None:
        return []
    extent, scale = space.title
    glyphs = label_mobject(ctx.plan.texts[spec.name + LABEL], palette.color(spec.color), ctx, (spec.name, LABEL), scale)
    return [glyphs.move_to(np.array([*Box(*extent).center, 0.0]))]


def _number_label(ctx: Context, key: tuple, value: float, font: float) -> VMobject:
    text = shapes.number_text(value)
    return ctx.glyph((*key, font), lambda: LabelledTypst(prose(text), color=palette.AXIS).at_font(font))


def image(spec: ImageSpec, ctx: Context, box: Box) -> Drawn:
    plan = ctx.plan
    try:
        if not plan.folder:
            raise ImageProblem("has no folder")
        pixels = image_pixels(Path(plan.folder), spec.path)
    except ImageProblem as problem:  # reported by `check`; the board says what it is
        return Drawn(placeholder(box, f"{spec.path} {problem.short}"))
    picture = ImageMobject(pixels)
    picture.height = box.height
    if picture.width > box.width:
        picture.width = box.width
    picture.move_to(np.array([*box.center, 0.0]))
    return Drawn(Group(picture))


def placeholder(box: Box, message: str) -> VGroup:
    border = Rectangle(width=box.width, height=box.height, stroke_color=palette.PLACEHOLDER, stroke_width=3)
    border.move_to(np.array([*box.center, 0.0]))
    cross = VGroup(
        Line((box.x0, box.y0, 0), (box.x1, box.y1, 0), color=palette.PLACEHOLDER, stroke_width=1.5),
        Line((box.x0, box.y1, 0), (box.x1, box.y0, 0), color=palette.PLACEHOLDER, stroke_width=1.5),
    )
    note = LabelledTypst(prose(message), color=palette.PLACEHOLDER).at_font(24)
    if note.width > box.width * 0.9:
        note.scale_to_fit_width(box.width * 0.9)
    backing = Rectangle(width=note.width + 0.3, height=note.height + 0.2, fill_color=palette.PALETTE["background"],
                        fill_opacity=1, stroke_width=0).move_to(np.array([*box.center, 0.0]))
    note.move_to(np.array([*box.center, 0.0]))
    return VGroup(border, cross, backing, note)


def table(spec: TableSpec, ctx: Context, box: Box) -> Drawn:
    return tabulate(spec, ctx.plan.tables[spec.name], box)


def tabulate(spec: TableSpec, metrics: TableMetrics, box: Box) -> Drawn:
    """A Table's cells, row by row; a table whose text reads right to left (its first strong
    character is Arabic or Hebrew) runs its columns from the right. A table set as text sets each
    cell at its column's start and its row's top (by the cell's frame, so a row's first lines share
    their baseline); a picture of type centres its cells in their rows, the first column at its
    start and the rest centred in theirs."""
    scale = box.width / metrics.width if metrics.width > 0 else 1.0
    rtl = right_to_left(spec.text or "")
    color = palette.color(spec.color if spec.color != "text" else None)
    rows: list[VMobject] = []
    parts: dict[str, VMobject] = {}
    columns: dict[int, list[VMobject]] = {}
    y = box.y1
    for r, cells in enumerate(metrics.cells):
        height = (metrics.rows[r] + 2 * metrics.pad_y) * scale
        x = box.x0
        row = VGroup()
        row_cells = VGroup()
        for c, body in enumerate(cells):
            width = (metrics.columns[c] + 2 * metrics.pad_x) * scale
            edge = box.x1 - (x - box.x0) if rtl else x  # the cell's start: its right edge right to left
            inward = -1.0 if rtl else 1.0
            cell = LabelledTypst(body, color=color)
            if metrics.as_text:
                top = np.array([edge + inward * metrics.pad_x * scale, y - metrics.pad_y * scale, 0.0])
                cell.at_corner(metrics.font * scale, top, np.array([-inward, 1.0, 0.0]))
            else:
                _centred(cell.at_font(metrics.font * scale), edge, inward, width, y - height / 2,
                         metrics.pad_x * scale if c == 0 and r > 0 else None)
            row_cells.add(cell)
            columns.setdefault(c + 1, []).append(cell)
            x += width
        row.add(row_cells)
        if r == 0 and spec.header:
            row.add(Line((box.x0, y - height, 0), (box.x1, y - height, 0), color=palette.AXIS, stroke_width=2.5))
        parts[f"row={r + 1}"] = row_cells
        rows.append(row)
        y -= height
    for c, column in columns.items():
        parts[f"column={c}"] = VGroup(*column)
    return Drawn(VGroup(*rows), steps=rows, parts=parts)


def _centred(cell: LabelledTypst, edge: float, inward: float, width: float, y: float, start: float | None) -> None:
    """A cell of a picture of type at height `y` in its column (from `edge`, `width` wide, `inward`
    to its end): `start` in from its start (the first column), or centred in it."""
    if not (cell.has_points() or cell.submobjects):
        return
    if start is not None:
        cell.move_to(np.array([edge + inward * start, y, 0.0]), aligned_edge=np.array([-inward, 0, 0]))
    else:
        cell.move_to(np.array([edge + inward * width / 2, y, 0.0]))


# ---------------------------------------------------------------- children


class LightArrow(VGroup):
    """A shaft and a filled tip as long as it is wide: what Manim's `Arrow` draws, at a fifth of
    the cost, which counts because a moving or ticking figure builds its vectors every frame
    (`light_arrow` makes one)."""

    def get_start(self) -> np.ndarray:
        return self.submobjects[0].get_start()

    def get_end(self) -> np.ndarray:
        return self.submobjects[1].points[0]


def light_arrow(start: np.ndarray, end: np.ndarray, color: str, tip: float) -> LightArrow:
    """A `LightArrow` from `start` to `end`, its tip `tip` long; its head and group copied."""
    along = (end - start) / np.linalg.norm(end - start)
    across = np.array([-along[1], along[0], 0.0]) * tip / 2
    base = end - along * tip
    shaft = made.line(start, base, color, STROKE)
    head = made.copied(("head", color), lambda: VMobject(stroke_width=0, fill_color=color, fill_opacity=1.0))
    head.set_points_as_corners([end, base + across, base - across, end])
    return made.group(LightArrow, shaft, head)


def vector(spec: VectorSpec, ctx: Context, space: ParentSpace) -> Drawn:
    start, end = geometry.segment(spec, space, ctx.numbers(spec.name))
    color = palette.color(spec.color)
    length = float(np.linalg.norm(end - start))
    if length < 1e-4:  # a vector of no length on the board (a container too thin for it) is a dot as wide
        # as its shaft, where the plan has its footprint
        arrow: VMobject = made.dot(start, STROKE / 200, color)
    else:
        arrow = light_arrow(start, end, color, geometry.arrow_tip(start, end, space))
    group = made.group(VGroup, arrow)
    _attach_label(group, spec, ctx, space)
    return Drawn(group, ink=arrow)


def line(spec: LineSpec, ctx: Context, space: ParentSpace) -> Drawn:
    start, end = geometry.segment(spec, space, ctx.numbers(spec.name))
    color = palette.color(spec.color)
    if np.linalg.norm(end - start) < 1e-4:
        end = start + np.array([1e-3, 0, 0])
    drawn = (made.dashed(start, end, color, STROKE - 1, 0.12) if spec.dashed
             else made.line(start, end, color, STROKE - 1))
    group = made.group(VGroup, drawn)
    _attach_label(group, spec, ctx, space)
    return Drawn(group, ink=drawn)


def point(spec: PointSpec, ctx: Context, space: ParentSpace) -> Drawn:
    _, at, radius = geometry.dot(spec, space, ctx.numbers(spec.name))
    dot = made.dot(at, radius, palette.color(spec.color))
    group = made.group(VGroup, dot)
    if spec.label:
        _attach_label(group, spec, ctx, space)
    return Drawn(group, ink=dot)


def plot(spec: FunctionPlotSpec, ctx: Context, space: ParentSpace) -> Drawn:
    color = palette.color(spec.color)
    numbers = ctx.numbers(spec.name)
    x0, x1 = geometry.plot_range(spec, space, numbers)
    curve = made.copied(("curve", color), lambda: VMobject(stroke_color=color, stroke_width=STROKE - 0.5))
    curve.points = np.array(_curve(graph(spec.function, numbers, x0, x1, space)))
    group = made.group(VGroup, curve)
    if spec.label and ctx.labelled(spec.name):
        group.add(_legend_entry(spec, ctx, space))
    return Drawn(group, ink=curve)


@lru_cache(maxsize=256)
def _curve(key: Graph | None) -> np.ndarray:
    """A graph's points as a curve, each piece smoothed on its own (none across a step or past a
    clamp's edge), the pieces one after another as `VMobject.append_points` puts them: worked out
    once for a graph, the numbers it follows and its space, as its samples are, since a graph that
    follows no ticking number is built again on every frame its legend entry settles anew.
    Read-only: each curve is given a copy."""
    count("graph curves")
    points = np.concatenate([np.zeros((0, 3)), *(smoothly(piece) for piece in pieces(key))])
    points.flags.writeable = False
    return points


#: What Manim's VMobject uses: points per cubic curve, where on a segment its corners' handles
#: sit (`VMobject._bezier_t_values`), and how close two ends must be to meet.
CUBIC = 4
_CORNER_T = np.linspace(0, 1, CUBIC)
_MEET = 1e-6


def smoothly(samples: ArrayLike) -> np.ndarray:
    """The points of `VMobject().set_points_smoothly(samples)`, the same numbers, with no VMobject
    made on the way (a graph rebuilt on every frame as its numbers tick is made of dozens of
    pieces): Manim's corners (`set_points_as_corners`), then the ends of every two curves compared
    all at once where Manim compares them with `np.allclose`, one pair at a time."""
    corners = np.array(samples, dtype=float).reshape(-1, 3)
    start, end = corners[:-1], corners[1:]
    points = np.empty((CUBIC * len(start), 3))
    for index, t in enumerate(_CORNER_T):  # Manim's `interpolate`, term for term
        points[index::CUBIC] = (1 - t) * start + t * end
    starts = np.arange(CUBIC, len(points), CUBIC)
    meet = np.isclose(points[starts - 1], points[starts], atol=_MEET).all(axis=1)
    bounds = [0, *starts[~meet].tolist(), len(points)]
    pieces = []
    for first, last in itertools.pairwise(bounds):
        if last - first < CUBIC:
            continue
        subpath = points[first:last]
        h1, h2 = get_smooth_cubic_bezier_handle_points(np.append(subpath[::CUBIC], subpath[-1:], 0))
        smooth = np.array(subpath)
        smooth[1::CUBIC], smooth[2::CUBIC] = h1, h2
        pieces.append(smooth)
    return np.concatenate(pieces) if pieces else np.zeros((0, 3))


def _legend_entry(spec: FunctionPlotSpec, ctx: Context, space: ParentSpace) -> VMobject:
    """A graph's label where the plan settles its legend entry (in its row where that is clear), in
    the graph's colour, its swatch before it."""
    _, _, scale = space.legend[spec.name]
    typeset = ctx.plan.texts[spec.name + LABEL]
    middle, y, _ = ctx.spot(spec.name, 0, space)
    x = middle - (typeset.width * scale - geometry.SWATCH) / 2  # the entry's box runs from its swatch
    glyphs = label_mobject(typeset, palette.color(spec.color), ctx, (spec.name, LABEL), scale)
    swatch = made.line(np.array([x - geometry.SWATCH, 0, 0]), np.array([x - 0.08, 0, 0]), palette.color(spec.color),
                       STROKE)
    glyphs.move_to(np.array([x + typeset.width * scale / 2, y, 0.0]))
    return made.group(VGroup, swatch.move_to(np.array([x - 0.2, y, 0.0])), glyphs)


def plot_point(spec: PlotPointSpec, ctx: Context, space: ParentSpace) -> Drawn:
    at = geometry.plot_point(spec, ctx.spec(spec.target), space, ctx.numbers(spec.name))
    dot = made.dot(at, geometry.plot_dot(at, space), palette.color(spec.color))
    return Drawn(made.group(VGroup, dot), ink=dot)


def child_math(spec: Spec, ctx: Context, space: ParentSpace) -> Drawn:
    """A label drawn in a figure, on the spot the plan settles it on."""
    typeset = ctx.plan.texts[spec.name]
    glyphs = label_mobject(typeset, palette.color(spec.color if spec.color != "text" else None), ctx, (spec.name,))
    glyphs.move_to(ctx.spot(spec.name, -1, space))
    return Drawn(glyphs, ink=glyphs)


def _attach_label(group: VGroup, spec: Spec, ctx: Context, space: ParentSpace) -> None:
    """A mark's own label, on the spot the plan settles it on (a point's on a free side, a
    segment's past its tip where that is clear)."""
    typeset = ctx.plan.texts.get(spec.name + LABEL)
    if typeset is None:
        return
    glyphs = label_mobject(typeset, palette.color(spec.color), ctx, (spec.name, LABEL))
    group.add(glyphs.move_to(ctx.spot(spec.name, 0, space)))
