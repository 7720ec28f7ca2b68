"""One builder per kind: a spec, the plan's decisions and the current numbers in, mobjects out."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from contextlib import suppress
from dataclasses import dataclass, field

import numpy as np
from manim import (
    DashedLine,
    Dot,
    Group,
    ImageMobject,
    Line,
    Mobject,
    Rectangle,
    RoundedRectangle,
    VGroup,
    VMobject,
)

from lecturekit import theme as palette
from lecturekit.images import ImageProblem, image_pixels
from lecturekit.kinds import (
    AxesSpec,
    FigureSpec,
    FunctionPlotSpec,
    ImageSpec,
    LineSpec,
    PlotPointSpec,
    PointSpec,
    TableSpec,
    VectorSpec,
)
from lecturekit.plan import LABEL, ScenePlan
from lecturekit.plan.geometry import Box
from lecturekit.plan.placement import children_box
from lecturekit.plan.texts import TableMetrics, Typeset
from lecturekit.plan.timeline import Values
from lecturekit.render.frames import ParentFrame, nice_step, ticks
from lecturekit.render.typst_mobject import LabelledTypst
from lecturekit.resolve.labels import Anchor
from lecturekit.syntax.evaluate import (
    EvaluationError,
    evaluate_number,
    evaluate_point,
    function_of,
)
from lecturekit.syntax.nodes import FunctionValue, Kind, Spec
from lecturekit.typst_source import prose

STROKE = 5.0
DOT_RADIUS = 0.09
#: An Axes' numbers are centred this far under its plot, in units.
NUMBER_DROP = 0.28
#: Space between those numbers' centres and a label hung beneath them, in units.
CAPTION_GAP = 0.17


@dataclass
class Drawn:
    """A built object: what goes on the board and the pieces actions address."""

    mobject: Mobject
    #: Lines of a Derivation or rows of a Table, revealed one by one.
    steps: list[Mobject] = field(default_factory=list)
    #: Part label -> glyphs; for tables "row=3" / "column=2" -> cells.
    parts: dict[str, Mobject] = field(default_factory=dict)
    #: For Figures and Axes: where their children go.
    frame: ParentFrame | None = None
    #: The object's body (glyphs, stroke) without panel backgrounds, for emphasis of the whole.
    ink: Mobject | None = None


@dataclass
class Context:
    plan: ScenePlan
    values: dict[str, float]
    frames: dict[str, ParentFrame]
    #: Glyphs kept between builds of the same object: rebuilding a moving or ticking object
    #: moves its labels instead of typesetting them again.
    glyphs: dict[tuple, Mobject] = field(default_factory=dict)
    #: Paragraphs typeset anew for the layout they move into, by name.
    retypeset: Mapping[str, Typeset] = field(default_factory=dict)

    def spec(self, name: str) -> Spec:
        return self.plan.objects[name]

    def typeset(self, name: str) -> Typeset | None:
        """How a text object is set here: as the plan typeset it, or anew where it reflows."""
        return self.retypeset.get(name) or self.plan.texts.get(name)

    def numbers(self, name: str) -> Mapping[str, float]:
        """The numbers `name` is drawn with: this frame's, or the last ones its values evaluated
        with where they cannot be evaluated with these (the plan's holds)."""
        return self.values.of(name) if isinstance(self.values, Values) else self.values

    def glyph(self, key: tuple, make: Callable[[], Mobject]) -> Mobject:
        if key not in self.glyphs:
            self.glyphs[key] = make()
        return self.glyphs[key]


def _values_point(value, numbers: Mapping[str, float], fallback=(0.0, 0.0)) -> tuple[float, float]:
    try:
        return evaluate_point(value, numbers)
    except EvaluationError:
        return fallback


def _range(value, fallback: tuple[float, float], numbers: Mapping[str, float] | None = None) -> tuple[float, float]:
    try:
        lo, hi = evaluate_point(value, numbers or {})
    except EvaluationError:
        return fallback
    return (lo, hi) if hi > lo else fallback


# ---------------------------------------------------------------- text


def text_object(typeset: Typeset, box: Box, color: str, backing: Callable[[Box], list[Mobject]] | None = None
                ) -> Drawn:
    """A text's glyphs fitted into its box, on its backing (a panel's) if it has one."""
    glyphs = LabelledTypst(typeset.body, typeset.labels, color=color)
    pad = typeset.padding
    glyphs.fit_frame(Box(box.x0 + pad, box.y0 + pad, box.x1 - pad, box.y1 - pad))
    parts = {label: glyphs.group(label) for _, label in typeset.parts}
    steps: list[Mobject] = []
    if typeset.lines:
        steps = [glyphs.group(label) for label in typeset.line_labels]
        leftover = [m for m in glyphs.submobjects if not any(m in s.submobjects for s in steps)]
        if leftover and steps:
            steps[0].add(*leftover)
    if backing is not None:
        return Drawn(VGroup(*backing(box), glyphs), steps, parts, ink=glyphs)
    if steps:
        return Drawn(VGroup(*steps), steps, parts, ink=glyphs)
    return Drawn(glyphs, steps, parts, ink=glyphs)


def panel_backing(box: Box) -> list[Mobject]:
    """A Panel's rounded card."""
    back = RoundedRectangle(width=box.width, height=box.height, corner_radius=0.12,
                            fill_color=palette.PANEL_FILL, fill_opacity=1.0,
                            stroke_color=palette.PANEL_STROKE, stroke_width=2)
    return [back.move_to(np.array([*box.center, 0.0]))]


def block_backing(box: Box) -> list[Mobject]:
    """A Block's flat backing with its accent bar down the left."""
    back = Rectangle(width=box.width, height=box.height, fill_color=palette.PANEL_FILL,
                     fill_opacity=0.55, stroke_width=0)
    back.move_to(np.array([*box.center, 0.0]))
    bar = Line([box.x0, box.y0, 0], [box.x0, box.y1, 0], color=palette.BLOCK_ACCENT, stroke_width=6)
    return [back, bar]


def label_mobject(typeset: Typeset, color: str, ctx: Context, key: tuple) -> Mobject:
    def make() -> Mobject:
        return LabelledTypst(typeset.body, color=color).fit_frame(
            Box.around(0.0, 0.0, typeset.width, typeset.height))

    return ctx.glyph((*key, typeset.body, color), make)


# ---------------------------------------------------------------- visuals


def figure(spec: FigureSpec, box: Box) -> Drawn:
    back = RoundedRectangle(width=box.width, height=box.height, corner_radius=0.15,
                            fill_color=palette.PANEL_FILL, fill_opacity=0.6, stroke_width=0)
    back.move_to(np.array([*box.center, 0.0]))
    frame = ParentFrame(box, _range(spec.x_range, (0.0, 1.0)), _range(spec.y_range, (0.0, 1.0)))
    return Drawn(VGroup(back), frame=frame)


def axes(spec: AxesSpec, box: Box, ctx: Context) -> Drawn:
    plan = ctx.plan
    inner = children_box(box, spec, legend=bool(legend_of(ctx, spec.name)), captions=_has_captions(ctx, spec.name))
    frame = ParentFrame(inner, _range(spec.x_range, (0.0, 1.0)), _range(spec.y_range, (0.0, 1.0)))
    (x0, x1), (y0, y1) = frame.x_range, frame.y_range
    ax_y = 0.0 if y0 <= 0 <= y1 else y0
    ax_x = 0.0 if x0 <= 0 <= x1 else x0
    color = palette.AXIS
    parts: list[Mobject] = [
        Line(frame.point(x0, ax_y), frame.point(x1, ax_y), color=color, stroke_width=3),
        Line(frame.point(ax_x, y0), frame.point(ax_x, y1), color=color, stroke_width=3),
    ]
    x_step = _number(spec.x_ticks_every) or nice_step(x1 - x0, 6)
    y_step = _number(spec.y_ticks_every) or nice_step(y1 - y0, 4)
    label_font = plan.theme.sizes.minimum
    for x in ticks(x0, x1, x_step):
        p = frame.point(x, ax_y)
        parts.append(Line(p + np.array([0, -0.07, 0]), p + np.array([0, 0.07, 0]), color=color, stroke_width=2))
        if abs(x - ax_x) > 1e-9 or ax_y != 0.0:
            # numbers run under the plot, where no graph can cross them
            under = frame.point(x, y0) + np.array([0, -NUMBER_DROP, 0])
            parts.append(_number_label(ctx, (spec.name, "x", x), x, label_font).move_to(under))
    for y in ticks(y0, y1, y_step):
        p = frame.point(ax_x, y)
        parts.append(Line(p + np.array([-0.07, 0, 0]), p + np.array([0.07, 0, 0]), color=color, stroke_width=2))
        if abs(y - ax_y) > 1e-9:
            parts.append(_number_label(ctx, (spec.name, "y", y), y, label_font).move_to(p + np.array([-0.3, 0, 0])))
    return Drawn(VGroup(*parts), frame=frame)


def _number(value) -> float | None:
    if value is None:
        return None
    try:
        step = evaluate_number(value, {})
    except EvaluationError:
        return None
    return step if step > 0 else None


def _number_label(ctx: Context, key: tuple, value: float, font: float) -> Mobject:
    text = f"{value:g}".replace("-", "\N{MINUS SIGN}")
    return ctx.glyph((*key, font), lambda: LabelledTypst(prose(text), color=palette.AXIS).at_font(font))


def image(spec: ImageSpec, box: Box, plan: ScenePlan) -> Drawn:
    from pathlib import Path

    try:
        if not plan.folder:
            raise ImageProblem("has no folder")
        pixels = image_pixels(Path(plan.folder), spec.path)
    except ImageProblem:  # reported by `check`
        pixels = None
    if pixels is not None:
        picture = ImageMobject(pixels)
        picture.height = box.height
        if picture.width > box.width:
            picture.width = box.width
        picture.move_to(np.array([*box.center, 0.0]))
        return Drawn(Group(picture))
    return Drawn(placeholder(box, f"missing image: {spec.path}"))


def placeholder(box: Box, message: str) -> VGroup:
    frame = Rectangle(width=box.width, height=box.height, stroke_color=palette.PLACEHOLDER, stroke_width=3)
    frame.move_to(np.array([*box.center, 0.0]))
    cross = VGroup(
        Line([box.x0, box.y0, 0], [box.x1, box.y1, 0], color=palette.PLACEHOLDER, stroke_width=1.5),
        Line([box.x0, box.y1, 0], [box.x1, box.y0, 0], color=palette.PLACEHOLDER, stroke_width=1.5),
    )
    note = LabelledTypst(prose(message), color=palette.PLACEHOLDER).at_font(24)
    if note.width > box.width * 0.9:
        note.scale_to_fit_width(box.width * 0.9)
    backing = Rectangle(width=note.width + 0.3, height=note.height + 0.2, fill_color=palette.PALETTE["background"],
                        fill_opacity=1, stroke_width=0).move_to(np.array([*box.center, 0.0]))
    note.move_to(np.array([*box.center, 0.0]))
    return VGroup(frame, cross, backing, note)


def table(spec: TableSpec, metrics: TableMetrics, box: Box) -> Drawn:
    scale = box.width / metrics.width if metrics.width > 0 else 1.0
    color = palette.color(spec.color if spec.color != "text" else None)
    rows: list[Mobject] = []
    parts: dict[str, Mobject] = {}
    columns: dict[int, list[Mobject]] = {}
    y = box.y1
    for r, cells in enumerate(metrics.cells):
        height = (metrics.rows[r] + 2 * metrics.pad_y) * scale
        x = box.x0
        row = VGroup()
        row_cells = VGroup()
        for c, body in enumerate(cells):
            width = (metrics.columns[c] + 2 * metrics.pad_x) * scale
            cell = LabelledTypst(body, color=color).at_font(metrics.font * scale)
            left = c == 0 and r > 0
            anchor = np.array([x + metrics.pad_x * scale, y - height / 2, 0.0]) if left else np.array(
                [x + width / 2, y - height / 2, 0.0])
            if cell.has_points() or cell.submobjects:
                if left:
                    cell.move_to(anchor, aligned_edge=np.array([-1, 0, 0]))
                else:
                    cell.move_to(anchor)
            row_cells.add(cell)
            columns.setdefault(c + 1, []).append(cell)
            x += width
        row.add(row_cells)
        if r == 0 and spec.header:
            row.add(Line([box.x0, y - height, 0], [box.x1, y - height, 0], color=palette.AXIS, stroke_width=2.5))
        parts[f"row={r + 1}"] = row_cells
        rows.append(row)
        y -= height
    for c, cells in columns.items():
        parts[f"column={c}"] = VGroup(*cells)
    return Drawn(VGroup(*rows), steps=rows, parts=parts)


# ---------------------------------------------------------------- children


class LightArrow(VGroup):
    """A shaft and a filled tip as long as it is wide: what Manim's `Arrow` draws, at a fifth of
    the cost, which counts because a moving or ticking figure builds its vectors every frame."""

    def __init__(self, start: np.ndarray, end: np.ndarray, color: str, tip: float):
        along = (end - start) / np.linalg.norm(end - start)
        across = np.array([-along[1], along[0], 0.0]) * tip / 2
        base = end - along * tip
        shaft = Line(start, base, color=color, stroke_width=STROKE)
        head = VMobject(stroke_width=0, fill_color=color, fill_opacity=1.0)
        head.set_points_as_corners([end, base + across, base - across, end])
        super().__init__(shaft, head)

    def get_start(self) -> np.ndarray:
        return self.submobjects[0].get_start()

    def get_end(self) -> np.ndarray:
        return self.submobjects[1].points[0]


def vector(spec: VectorSpec, ctx: Context, frame: ParentFrame) -> Drawn:
    numbers = ctx.numbers(spec.name)
    start = frame.point(*_values_point(spec.start, numbers))
    end = frame.point(*_values_point(spec.end, numbers, (1.0, 0.0)))
    color = palette.color(spec.color)
    length = float(np.linalg.norm(end - start))
    if length < 1e-4:
        arrow: VMobject = Dot(start, radius=0.001, color=color)
    else:
        arrow = LightArrow(start, end, color, min(0.24, length * 0.35))
    group = VGroup(arrow)
    _attach_label(group, spec, ctx, end, end - start)
    return Drawn(group, ink=arrow)


def line(spec: LineSpec, ctx: Context, frame: ParentFrame) -> Drawn:
    numbers = ctx.numbers(spec.name)
    start = frame.point(*_values_point(spec.start, numbers))
    end = frame.point(*_values_point(spec.end, numbers, (1.0, 0.0)))
    color = palette.color(spec.color)
    if np.linalg.norm(end - start) < 1e-4:
        end = start + np.array([1e-3, 0, 0])
    drawn = (DashedLine(start, end, color=color, stroke_width=STROKE - 1, dash_length=0.12)
             if spec.dashed else Line(start, end, color=color, stroke_width=STROKE - 1))
    group = VGroup(drawn)
    _attach_label(group, spec, ctx, end, end - start)
    return Drawn(group, ink=drawn)


def point(spec: PointSpec, ctx: Context, frame: ParentFrame) -> Drawn:
    numbers = ctx.numbers(spec.name)
    location = _values_point(spec.location, numbers)
    at = frame.point(*location)
    radius = DOT_RADIUS
    if spec.marker_radius is not None:
        with suppress(EvaluationError):
            radius = max(0.03, min(0.6, evaluate_number(spec.marker_radius, numbers) * frame.unit * 0.8))
    dot = Dot(at, radius=radius, color=palette.color(spec.color))
    group = VGroup(dot)
    if spec.label:
        side = _free_side(at, [frame.point(*other) for other, _ in _meeting(location, spec.parent, ctx)])
        _attach_label(group, spec, ctx, at + side * radius, side)
    return Drawn(group, ink=dot)


def plot(spec: FunctionPlotSpec, ctx: Context, frame: ParentFrame) -> Drawn:
    color = palette.color(spec.color)
    numbers = ctx.numbers(spec.name)
    x0, x1 = frame.x_range
    if spec.x_range is not None:
        x0, x1 = _range(spec.x_range, (x0, x1), numbers)
    curve = VMobject(stroke_color=color, stroke_width=STROKE - 0.5)
    pieces = _samples(spec.function, numbers, x0, x1, frame)
    if pieces:
        curve.start_new_path(pieces[0][0])
        for i, piece in enumerate(pieces):
            if i:
                curve.start_new_path(piece[0])
            curve.add_points_as_corners(piece[1:])
        curve.make_smooth()
    group = VGroup(curve)
    if spec.label and spec.name + LABEL in ctx.plan.texts:
        group.add(_legend_entry(spec, ctx, frame))
    return Drawn(group, ink=curve)


def _has_captions(ctx: Context, axes: str) -> bool:
    """Whether a label in `axes` is anchored to one of its lines (it may hang from its foot)."""
    anchors = ctx.plan.scene.anchors
    return any(hasattr(ctx.spec(anchors[n].sibling), "start")
               for n in ctx.plan.scene.children(axes) if n in anchors)


def legend_of(ctx: Context, axes: str) -> list[str]:
    """The labelled graphs drawn in `axes`, in the order the lecture declares them."""
    return [n for n in ctx.plan.scene.children(axes)
            if ctx.spec(n).kind is Kind.FUNCTION_PLOT and n + LABEL in ctx.plan.texts]


def _legend_entry(spec: FunctionPlotSpec, ctx: Context, frame: ParentFrame) -> Mobject:
    """A graph's label in a row above the plot, right-aligned, in the graph's colour."""
    entries = legend_of(ctx, spec.parent or "")
    gap = 0.45
    widths = [ctx.plan.texts[n + LABEL].width for n in entries]
    x = frame.box.x1 - sum(widths) - gap * (len(widths) - 1)
    for name, width in zip(entries, widths, strict=True):
        if name == spec.name:
            glyphs = label_mobject(ctx.plan.texts[name + LABEL], palette.color(spec.color), ctx, (name, LABEL))
            swatch = Line(np.array([x - 0.32, 0, 0]), np.array([x - 0.08, 0, 0]),
                          color=palette.color(spec.color), stroke_width=STROKE)
            y = frame.box.y1 + 0.3
            glyphs.move_to(np.array([x + width / 2, y, 0.0]))
            return VGroup(swatch.move_to(np.array([x - 0.2, y, 0.0])), glyphs)
        x += width + gap
    return VGroup()


def _samples(function: FunctionValue, numbers: Mapping[str, float], x0: float, x1: float,
             frame: ParentFrame) -> list[list]:
    if not isinstance(function, FunctionValue) or function.body is None:
        return []
    f = function_of(function, numbers)
    y0, y1 = frame.y_range
    pieces: list[list] = []
    current: list = []
    for x in np.linspace(x0, x1, 241):
        try:
            y = f(float(x))
        except EvaluationError:
            y = None
        if y is None or not (y0 - 1e-9 <= y <= y1 + 1e-9):
            if len(current) > 1:
                pieces.append(current)
            current = []
            continue
        current.append(frame.point(float(x), y))
    if len(current) > 1:
        pieces.append(current)
    return pieces


def plot_point(spec: PlotPointSpec, ctx: Context, frame: ParentFrame) -> Drawn:
    target = ctx.spec(spec.target)
    numbers = ctx.numbers(spec.name)
    try:
        x = evaluate_number(spec.x, numbers)
        y = function_of(target.function, numbers)(x)  # type: ignore[attr-defined]
    except (EvaluationError, AttributeError):
        x, y = frame.x_range[0], frame.y_range[0]
    dot = Dot(frame.point(x, y), radius=DOT_RADIUS * 1.3, color=palette.color(spec.color))
    return Drawn(VGroup(dot), ink=dot)


def child_math(spec: Spec, ctx: Context, frame: ParentFrame, anchors: dict[str, Anchor]) -> Drawn:
    typeset = ctx.plan.texts[spec.name]
    glyphs = label_mobject(typeset, palette.color(spec.color if spec.color != "text" else None), ctx, (spec.name,))
    anchor = anchors.get(spec.name)
    sibling = ctx.spec(anchor.sibling) if anchor else None
    if sibling is not None and hasattr(sibling, "start"):
        numbers = ctx.numbers(sibling.name)  # the label stays beside its sibling where it is held
        foot = _values_point(sibling.start, numbers)
        start, end = frame.point(*foot), frame.point(*_values_point(sibling.end, numbers, (1.0, 0.0)))
        glyphs.move_to(_beside_segment(start, end, glyphs, foot_free=not _tip_at(foot, sibling, ctx)))
        if isinstance(ctx.spec(spec.parent), AxesSpec) and glyphs.get_top()[1] < frame.box.y0:
            # hung under the plot: below the Axes' numbers, in the band kept for it
            glyphs.shift(np.array([0.0, frame.box.y0 - NUMBER_DROP - CAPTION_GAP - glyphs.get_top()[1], 0.0]))
    elif sibling is not None and hasattr(sibling, "location"):
        at = frame.point(*_values_point(sibling.location, ctx.numbers(sibling.name)))
        glyphs.move_to(at + np.array([0, -0.35, 0]))
    else:
        glyphs.move_to(frame.point(sum(frame.x_range) / 2, frame.y_range[0]) + np.array([0, 0.3, 0]))
    return Drawn(glyphs, ink=glyphs)


def _meeting(point: tuple[float, float], parent: str | None, ctx: Context, skip: Spec | None = None
             ) -> list[tuple[tuple[float, float], bool]]:
    """Segments drawn in `parent` that touch `point`: for each end reached from it, (that end,
    whether `point` is the segment's tip). A segment passing through gives both its ends.
    Plain floats: a moving point asks this on every frame."""
    px, py = point
    found = []
    for other in ctx.plan.objects.values():
        if other is skip or other.parent != parent or not hasattr(other, "end"):
            continue
        numbers = ctx.numbers(other.name)
        start = _values_point(other.start, numbers)
        end = _values_point(other.end, numbers, (math.nan, 0.0))
        if abs(end[0] - px) <= 1e-6 and abs(end[1] - py) <= 1e-6:
            found.append((start, True))
        elif abs(start[0] - px) <= 1e-6 and abs(start[1] - py) <= 1e-6:
            found.append((end, False))
        else:
            dx, dy = end[0] - start[0], end[1] - start[1]
            span = math.hypot(dx, dy)
            if span > 0:
                t = ((px - start[0]) * dx + (py - start[1]) * dy) / span**2
                off = abs((px - start[0]) * dy - (py - start[1]) * dx) / span
                if 0 < t < 1 and off < 1e-6 * max(1.0, span):
                    found += [(start, False), (end, False)]
    return found


def _tip_at(point: tuple[float, float], segment: Spec, ctx: Context) -> bool:
    """Whether another segment drawn in the same parent ends at `point` (arrows tip to tail)."""
    return any(is_tip for _, is_tip in _meeting(point, segment.parent, ctx, skip=segment))


#: Sides a point's label may take, in order of preference.
_SIDES = [np.array(side, dtype=float) / np.linalg.norm(side)
          for side in ((0, 1, 0), (1, 1, 0), (-1, 1, 0), (1, 0, 0), (-1, 0, 0), (0, -1, 0), (1, -1, 0), (-1, -1, 0))]


def _free_side(at: np.ndarray, others: list[np.ndarray]) -> np.ndarray:
    """The side of a point farthest in angle from the segments that leave it (up when none do)."""
    leaving = [(o - at) / n for o in others if (n := float(np.linalg.norm(o - at))) > 1e-9]
    if not leaving:
        return _SIDES[0]
    return max(_SIDES, key=lambda side: min(float(np.arccos(np.clip(side @ d, -1.0, 1.0))) for d in leaving))


def _beside_segment(start: np.ndarray, end: np.ndarray, glyphs: Mobject, foot_free: bool = True) -> np.ndarray:
    """Where a label of a segment goes: under the foot of an upright one (a bar, an arrow
    feeding upward) unless another arrow's tip is there, else beside its middle, on the
    right-hand side of its direction."""
    direction = end - start
    norm = float(np.linalg.norm(direction)) or 1.0
    unit = direction / norm
    half = np.array([glyphs.width / 2, glyphs.height / 2, 0.0])
    if foot_free and abs(unit[1]) > abs(unit[0]):
        away = -unit
        return start + away * (0.12 + float(np.abs(away) @ half))
    side = np.array([unit[1], -unit[0], 0.0])
    return (start + end) / 2 + side * (0.12 + float(np.abs(side) @ half))


def _attach_label(group: VGroup, spec: Spec, ctx: Context, at: np.ndarray, direction: np.ndarray) -> None:
    typeset = ctx.plan.texts.get(spec.name + LABEL)
    if typeset is None:
        return
    glyphs = label_mobject(typeset, palette.color(spec.color), ctx, (spec.name, LABEL))
    norm = float(np.linalg.norm(direction)) or 1.0
    unit = direction / norm
    if spec.kind is Kind.POINT:
        glyphs.next_to(at, unit, buff=0.1)
    elif spec.kind is Kind.FUNCTION_PLOT:
        glyphs.next_to(at, np.array([0.0, 1.0, 0.0]), buff=0.12).shift(np.array([-glyphs.width / 2, 0, 0]))
    else:
        side = np.array([-unit[1], unit[0], 0.0])
        glyphs.move_to(at + unit * 0.1 + side * (0.1 + max(glyphs.width, glyphs.height) * 0.6))
    group.add(glyphs)

