"""Typst bodies as Manim mobjects, compiled in the planner's sandbox, with glyphs grouped by label.

Manim's `Typst` compiles its own source with its cache folder as the file root. We compile the
identical document ourselves first (empty root, no packages) and leave the SVG where Manim's cache
looks for it, so lecture text is never compiled any other way. Labels (`lkgrp`) are mapped to
glyphs the way Manim's `MathTypst` does: re-compile with one label hidden and see what vanished.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterable
from pathlib import Path

import numpy as np
from manim import DEFAULT_FONT_SIZE, VGroup, VMobject, config
from manim.mobject.text.typst_mobject import Typst, _hidden_leaf_indices, _svg_leaf_signatures
from manim.utils.typst_file_writing import TYPST_COMPILATION_FONT_SIZE, _typst_hash

from lecturekit.boxes import Box
from lecturekit.render.typst_svg import Unsupported, typst_shapes
from lecturekit.typst.compiler import compile_svg
from lecturekit.typst.document import FRAME_COLOR, TEXT_SIZE, document, label_color, preamble
from lecturekit.typst.source import probed
from lecturekit.work import count


def _cached_svg(body: str) -> Path:
    """Put the sandboxed SVG where Manim's Typst will look for it, and say where that is."""
    source = document(body)
    folder = config.get_dir("tex_dir")
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{_typst_hash(source)}.svg"
    if not target.exists():
        tmp = target.with_suffix(".svg.part")
        tmp.write_bytes(compile_svg(body))
        tmp.replace(target)
    return target


def _leaf_labels(body: str, labels: list[str], visible_file: Path) -> dict[int, list[str]]:
    """Which glyphs (by index) each label's group holds: those that disappear when it is hidden.
    Where hiding a part moves the rest (an integral's limits set anew without their integral),
    the part cannot be told apart, and its group is the whole text."""
    visible = _svg_leaf_signatures(visible_file)
    with tempfile.TemporaryDirectory(prefix="lecturekit-probe-") as tmp:
        found: dict[int, list[str]] = {}
        for label in labels:
            probe = Path(tmp) / "probe.svg"
            probe.write_bytes(compile_svg(body, hidden=label))
            try:
                indices = sorted(_hidden_leaf_indices(visible, _svg_leaf_signatures(probe)))
            except ValueError:
                indices = list(range(len(visible)))
            for index in indices:
                found.setdefault(index, []).append(label)
    return found


class LabelledTypst(Typst):
    """A Typst body whose `lkgrp` labels can be selected; its frame is taken off after placing."""

    def __init__(self, body: str, labels: Iterable[str] = (), color: str | None = None):
        assert TYPST_COMPILATION_FONT_SIZE == TEXT_SIZE, "Manim's Typst template changed"
        wanted = list(dict.fromkeys(labels))
        probes = [label for label in wanted if probed(body, label)]
        svg = _cached_svg(body)
        if probes:
            self._svg_leaf_labels = _leaf_labels(body, probes, svg)
        # Manim's SVG cache would keep a deep copy of every body, which costs more than it saves:
        # the board builds each body once.
        super().__init__(body, typst_preamble=preamble(), color=color, use_svg_cache=False)
        for label in probes:
            self._label_aliases.setdefault(label, [])
        self.coloured = {label: self._by_colour(label) for label in wanted if label not in probes}
        self.frame = self._take_frame()

    def generate_mobject(self) -> LabelledTypst:
        """Manim's import of the SVG, done by `typst_shapes`, which converts each glyph once."""
        count("svg imports")
        try:
            leaves = typst_shapes(self.get_file_path().read_bytes(), self.color)
        except Unsupported:
            return super().generate_mobject()
        groups: dict[str, VGroup] = {"root": VGroup()}
        for index, shapes in enumerate(leaves):
            self.add(*shapes)
            for label in self._svg_leaf_labels.get(index, []):
                groups.setdefault(label, VGroup()).add(*shapes)
            for shape in shapes:
                self._track_stroke(shape)
        self.id_to_vgroup_dict = groups
        return self

    def _track_stroke(self, shape: VMobject) -> None:
        """What Manim's `Typst.get_mob_from_shape_element` records of a stroked shape, so that
        its stroke keeps its weight when the body is scaled."""
        if not shape.stroke_width:
            return
        size = max(shape.width, shape.height)
        if size > 0:
            shape._typst_reference_size = size  # type: ignore[attr-defined]  # Manim's Typst reads these
            shape._typst_source_stroke_width = shape.stroke_width  # type: ignore[attr-defined]  # as above
            self._stroke_width_tracked_submobjects.append(shape)

    def _by_colour(self, label: str) -> VGroup:
        """Glyphs drawn in the label's marker colour, given back the object's own colour."""
        marker = label_color(label)
        found = VGroup(*[m for m in self.family_members_with_points()
                         if isinstance(m, VMobject) and m.get_fill_color().to_hex().lower() == marker])
        found.set_fill(self.color)
        return found

    def _take_frame(self) -> VMobject | None:
        for sub in self.family_members_with_points():
            stroke = sub.get_stroke_color() if isinstance(sub, VMobject) else None
            if isinstance(sub, VMobject) and stroke is not None and stroke.to_hex().lower() == FRAME_COLOR:
                return sub
        return None

    def group(self, label: str) -> VGroup:
        """The glyphs carrying `label` (empty when the label matched nothing)."""
        if label in self.coloured:
            return self.coloured[label]
        try:
            return self.select(label)
        except (KeyError, IndexError):
            return VGroup()

    def fit_frame(self, box: Box) -> LabelledTypst:
        """Scale and move so the frame fills `box`, then drop the frame."""
        frame = self.frame
        if frame is not None and frame.width > 0:
            self.scale(box.width / frame.width)
            self.shift(np.array([*box.center, 0.0]) - frame.get_center())
            self.remove_frame()
        else:
            self.move_to(np.array([*box.center, 0.0]))
        return self

    def at_font(self, font: float) -> LabelledTypst:
        """Scale to Manim font size `font` (Typst builds at the default size) and drop the frame."""
        self.scale(font / DEFAULT_FONT_SIZE)
        self.remove_frame()
        return self

    def at_corner(self, font: float, point: np.ndarray, corner: np.ndarray) -> LabelledTypst:
        """Scale to Manim font size `font`, move the frame's `corner` (UL: its top left) to `point`,
        and drop the frame."""
        self.scale(font / DEFAULT_FONT_SIZE)
        frame = self.frame
        if frame is not None:
            self.shift(point - frame.get_corner(corner))
        elif self.has_points() or self.submobjects:
            self.move_to(point, aligned_edge=corner)
        self.remove_frame()
        return self

    def remove_frame(self) -> None:
        frame = self.frame
        if frame is None:
            return
        for parent in [self, *self.get_family()]:
            if frame in parent.submobjects:
                parent.remove(frame)
        self.frame = None
