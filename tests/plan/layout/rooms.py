"""Items for the layout's rooms' tests: texts measured by a fake size (no Typst runs)."""

from __future__ import annotations

import math

from lecturekit.boxes import Box
from lecturekit.plan.layout import Item, Role, TextSize, content_area
from lecturekit.plan.layout.board import Content
from lecturekit.plan.layout.measuring import Measure
from lecturekit.theme import THEME

BODY = THEME.sizes.body
MINIMUM = THEME.sizes.minimum
AREA = content_area(THEME, True)


def fake_size(characters: int, leading: float = 1.2) -> TextSize:
    """A paragraph of `characters`, glyphs half an em wide, wrapped at the width it is given."""

    def size(width: float | None, font: float) -> tuple[float, float]:
        em = font / 96
        run = characters * 0.5 * em
        width = run if width is None else width
        return min(run, width), max(1, math.ceil(run / width)) * leading * em

    return size


def text(name: str, characters: int, font: float = BODY) -> Item:
    return Item(name, Role.TEXT, font=font, size=fake_size(characters), base=font)


def picture(name: str, aspect: float = 1.0, least_height: float = 0.0) -> Item:
    return Item(name, Role.VISUAL, aspect=aspect, least_height=least_height)


def content(items: list[Item], area: Box = AREA) -> Content:
    return Content(items, area, THEME, Measure(THEME))
