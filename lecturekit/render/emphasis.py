"""Emphasis on the board: which parts of an object are emphasised (with the soft highlight behind
them, or over a picture, which has no ink to colour) and the colours everything goes back to."""

from __future__ import annotations

from manim import ImageMobject, ManimColor, Mobject, VMobject

from lecturekit.boxes import Box
from lecturekit.forms import ColumnPart, Part, RowPart, TextPart
from lecturekit.plan.typeset import Typeset
from lecturekit.render import effects as fx
from lecturekit.render.builders import Drawn


def colors(mobject: Mobject) -> dict[int, ManimColor | None]:
    """Each drawn member's own colour, by id."""
    return {id(m): fx.own_color(m) for m in mobject.family_members_with_points() if isinstance(m, VMobject)}


def targets(drawn: Drawn, part: Part | None, typeset: Typeset | None) -> Mobject:
    """What an action on `part` of a drawn object acts on: the part's glyphs or cells, or the
    whole object's ink where the part is not found."""
    parts = drawn.parts
    if isinstance(part, RowPart):
        found = parts.get(f"row={part.index}")
    elif isinstance(part, ColumnPart):
        found = parts.get(f"column={part.index}")
    elif isinstance(part, TextPart):
        label = typeset.label_of(part) if typeset is not None else None
        found = parts.get(label) if label else None
    else:
        found = None
    if found is None or (len(found.get_family()) <= 1 and not found.has_points()):
        return drawn.ink or drawn.mobject
    return found


def pictured(mobject: Mobject) -> bool:
    """Whether `mobject` is a picture (an Image's pixels), which emphasis cannot colour and which
    would hide what is drawn behind it."""
    return any(isinstance(m, ImageMobject) for m in mobject.get_family())


class Emphasis:
    def __init__(self) -> None:
        self.highlights: dict[tuple[str, str], VMobject] = {}
        #: The part each highlight is behind.
        self.parts: dict[tuple[str, str], Part | None] = {}
        #: Each object's own colours, which emphasis eases back to.
        self.base: dict[str, dict[int, ManimColor | None]] = {}

    def remember(self, name: str, mobject: Mobject) -> None:
        self.base[name] = colors(mobject)

    def add(self, name: str, mobject: Mobject) -> None:
        """Remember the colours of a newly revealed line or row too."""
        self.base[name].update(colors(mobject))

    def change(self, name: str, holder: Mobject, found: Mobject, part: Part | None, on: bool, within: Box | None
               ) -> fx.Effect:
        """Emphasis of `found` (in `holder`) on or off; its highlight, inside the object's box
        `within`, is made the first time (a mark in a figure, with no box of its own, has none)."""
        key = (name, repr(part))
        highlight = self.highlights.get(key)
        if on and highlight is None and within is not None:
            highlight = fx.highlight_for(found, within)
            if pictured(found):  # no ink to colour: the highlight washes over the picture, not hidden behind it
                holder.add(highlight)
            else:
                holder.add_to_back(highlight)
            self.highlights[key] = highlight
            self.parts[key] = part
        return fx.Recolor(found, highlight, on, self.base.get(name, {}))

    def carry(self, name: str, drawn: Drawn, typeset: Typeset | None, within: Box) -> None:
        """Emphasis of a paragraph set again (a reflow): each highlight goes behind its part where
        the new lines put it, and a part emphasised is in the emphasis colour again."""
        for key, highlight in self.highlights.items():
            if key[0] != name:
                continue
            found = targets(drawn, self.parts[key], typeset)
            opacity = highlight.get_fill_opacity()
            highlight.become(fx.highlight_for(found, within)).set_fill(opacity=opacity)
            if opacity > 0:
                for m in found.family_members_with_points():
                    if isinstance(m, VMobject) and (own := fx.own_color(m)) is not None:
                        m.set_color(fx.emphasised(own), family=False)

    def of(self, name: str) -> list[VMobject]:
        """The highlights of `name`'s parts."""
        return [h for (n, _), h in self.highlights.items() if n == name]

    def forget(self, name: str) -> None:
        for key in [k for k in self.highlights if k[0] == name]:
            del self.highlights[key], self.parts[key]
