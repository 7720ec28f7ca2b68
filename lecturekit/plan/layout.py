"""Where top-level objects go: a heading band, a title card, and a content area shared between
visuals (Figure, Axes, Image, Table) and text (Panel, Block, Math, Derivation, Text).

Rules: nothing overlaps; everything stays in the safe area; text is never typeset below
`Sizes.minimum`; visuals keep their aspect ratio. When text cannot fit even at the minimum size,
staying on the board wins: it is set smaller and the arrangement carries a warning.
Visuals and text sit side by side, or stacked (visuals on top) when that gives the visuals more
room; texts run top-down in arrival order, so a newcomer does not push the ones above it, except
on a board of texts alone without a heading, whose column is centred on the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from lecturekit.plan.geometry import Box
from lecturekit.theme import Theme

#: width in units, font size -> (width, height) in units
TextSize = Callable[[float, float], tuple[float, float]]
#: Longest comfortable line for paragraphs, in units.
MAX_MEASURE = 10.5
#: Rounds of shrinking below the minimum size before giving up (sizes are not quite linear).
SHRINK_ROUNDS = 8


class Role(StrEnum):
    TITLE = "title"
    HEADING = "heading"
    VISUAL = "visual"
    TEXT = "text"


@dataclass(frozen=True)
class Item:
    """Something to place. A text gives `size`; a visual its `aspect` and scale limits, where
    `natural` is its size at scale 1 (tables: typeset at the body size)."""

    name: str
    role: Role
    font: float = 0.0
    size: TextSize | None = None
    aspect: float = 1.0
    natural: tuple[float, float] | None = None
    min_scale: float = 0.0
    max_scale: float = float("inf")
    #: A text already on the board keeps its size: (width, height).
    fixed: tuple[float, float] | None = None


@dataclass(frozen=True)
class Placed:
    box: Box
    #: Font size and wrap width (units) for texts; None for visuals.
    font: float | None = None
    wrap: float | None = None


@dataclass(frozen=True)
class Arrangement:
    places: dict[str, Placed]
    warnings: tuple[str, ...] = ()


def arrange(items: list[Item], theme: Theme) -> Arrangement:
    f = theme.frame
    sx0, sy0, sx1, sy1 = f.safe
    places: dict[str, Placed] = {}
    warnings: list[str] = []
    headings = [i for i in items if i.role is Role.HEADING]
    titles = [i for i in items if i.role is Role.TITLE]
    content = [i for i in items if i.role in (Role.VISUAL, Role.TEXT)]
    top = sy1
    for heading in headings:  # one heading band: a newer heading replaces the old (resolve hides it)
        w, h, font = _text_fit(heading, sx1 - sx0, f.heading_band, theme)
        places[heading.name] = Placed(Box.around(0.0, sy1 - f.heading_band / 2, w, h), font, sx1 - sx0)
        warnings += _small(heading, font, theme)
        top = sy1 - f.heading_band - f.gap * 0.5
    area = Box(sx0, sy0, sx1, top)
    for title in titles:
        w, h, font = _text_fit(title, min(area.width, 11.5), area.height, theme)
        places[title.name] = Placed(Box.around(*area.center, w, h), font, min(area.width, 11.5))
        warnings += _small(title, font, theme)
        area = Box(area.x0, area.y0, area.x1, area.center[1] - h / 2 - f.gap)
    if content:
        chosen = _arrange_content(content, area, theme, centred=not headings and not titles)
        places.update(chosen.places)
        warnings += chosen.warnings
    return Arrangement(places, tuple(warnings))


def _text_fit(item: Item, width: float, height: float, theme: Theme) -> tuple[float, float, float]:
    """Size of a text at the largest font (down to the minimum) that fits width x height; below
    the minimum only when nothing else fits (the caller warns)."""
    if item.fixed is not None:
        return (*item.fixed, item.font)
    assert item.size is not None
    font = item.font
    while True:
        w, h = item.size(min(width, MAX_MEASURE), font)
        if (w <= width + 1e-6 and h <= height + 1e-6) or font <= theme.sizes.minimum:
            break
        font = max(theme.sizes.minimum, font - 2)
    for _ in range(SHRINK_ROUNDS):
        if (w <= width + 1e-6 and h <= height + 1e-6) or min(w, h, width, height) <= 0:
            break
        font *= min(width / w, height / h) * 0.99
        w, h = item.size(min(width, MAX_MEASURE), font)
    return w, h, font


def _small(item: Item, font: float, theme: Theme) -> list[str]:
    if item.fixed is None and font < theme.sizes.minimum - 1e-9:
        return [f"{item.name} is set below the smallest legible size ({font:.1f} < {theme.sizes.minimum:g})"]
    return []


def _arrange_content(items: list[Item], area: Box, theme: Theme, centred: bool) -> Arrangement:
    visuals = [i for i in items if i.role is Role.VISUAL]
    texts = [i for i in items if i.role is Role.TEXT]
    gap = theme.frame.gap
    if not visuals:
        return _text_column(texts, area, theme, centred=centred)
    if not texts:
        return _visual_block(visuals, area, theme)
    options = []
    # side by side: visuals left, texts right
    split = area.x0 + (area.width - gap) * 0.56
    for share in (0.56, 0.5, 0.62):
        split = area.x0 + (area.width - gap) * share
        column = _text_column(texts, Box(split + gap, area.y0, area.x1, area.y1), theme)
        if _fits(column, area):
            visual = _visual_block(visuals, Box(area.x0, area.y0, split, area.y1), theme)
            options.append(_merge(visual, column))
            break
    # stacked: texts below the visuals, as wide as the area allows
    column = _text_column(texts, area, theme, from_bottom=True)
    if _fits(column, area):
        used = max(p.box.y1 for p in column.places.values())
        room = Box(area.x0, used + gap, area.x1, area.y1)
        if room.height > area.height * 0.3:
            options.append(_merge(_visual_block(visuals, room, theme), column))
    if not options:
        column = _text_column(texts, Box(split + gap, area.y0, area.x1, area.y1), theme)
        visual = _visual_block(visuals, Box(area.x0, area.y0, split, area.y1), theme)
        merged = _merge(visual, column)
        return Arrangement(merged.places, (*merged.warnings, "the board is too full to lay out well"))
    return max(options, key=lambda o: _score(o, visuals))


def _fits(column: Arrangement, area: Box) -> bool:
    return not column.warnings and all(p.box.inside(area) for p in column.places.values())


def _merge(a: Arrangement, b: Arrangement) -> Arrangement:
    return Arrangement({**a.places, **b.places}, a.warnings + b.warnings)


def _score(option: Arrangement, visuals: list[Item]) -> float:
    """Bigger visuals are better; any warning is worse than any size."""
    return _visual_area(option, visuals) - 100 * len(option.warnings)


def _visual_area(option: Arrangement, visuals: list[Item]) -> float:
    return sum(option.places[v.name].box.width * option.places[v.name].box.height for v in visuals)


def _text_column(texts: list[Item], area: Box, theme: Theme, from_bottom: bool = False,
                 centred: bool = False) -> Arrangement:
    """Texts one under another in arrival order, shrinking all of them if they do not fit; from
    the top of the area, from its bottom, or `centred` in it (a board of texts alone)."""
    gap = theme.frame.gap
    width = min(area.width, MAX_MEASURE) if not from_bottom else min(area.width, 11.5)
    scale_font = 0
    while True:
        sizes = []
        for item in texts:
            shrunk = Item(**{**item.__dict__, "font": max(theme.sizes.minimum, item.font - scale_font)})
            sizes.append(_text_fit(shrunk, width, area.height, theme))
        total = sum(h for _, h, _ in sizes) + gap * (len(sizes) - 1)
        smallest = min(f for _, _, f in sizes)
        if total <= area.height or smallest <= theme.sizes.minimum:
            break
        scale_font += 2
    warnings: list[str] = []
    if total > area.height + 1e-6:
        warnings.append(f"text does not fit at the smallest legible size: {total:.2f} > {area.height:.2f}")
        # staying on the board wins: shrink every text that can shrink until the column fits
        fonts = [f for _, _, f in sizes]
        shrink = 1.0
        for _ in range(SHRINK_ROUNDS):
            loose = sum(h for item, (_, h, _) in zip(texts, sizes, strict=True) if item.fixed is None)
            room = area.height - (total - loose)
            if total <= area.height + 1e-6 or loose <= 0 or room <= 0:
                break
            shrink *= room / loose * 0.99
            sizes = [_text_fit(replace(item, font=font * shrink) if item.fixed is None else item,
                               width, area.height, theme)
                     for item, font in zip(texts, fonts, strict=True)]
            total = sum(h for _, h, _ in sizes) + gap * (len(sizes) - 1)
    places: dict[str, Placed] = {}
    cx = area.center[0]
    y = area.y0 + total if from_bottom else area.y1
    if centred:
        y = min(area.y1, area.center[1] + total / 2)
    for item, (w, h, font) in zip(texts, sizes, strict=True):
        places[item.name] = Placed(Box.around(cx, y - h / 2, w, h), font, width)
        warnings += _small(item, font, theme)
        y -= h + gap
    return Arrangement(places, tuple(warnings))


def _visual_block(visuals: list[Item], area: Box, theme: Theme) -> Arrangement:
    """Visuals in a row or a column, whichever shows them larger."""
    gap = theme.frame.gap
    best: Arrangement | None = None
    for direction in ("row", "column"):
        n = len(visuals)
        places: dict[str, Placed] = {}
        warnings: list[str] = []
        if direction == "row":
            weights = [v.aspect for v in visuals]
            x = area.x0
            avail = area.width - gap * (n - 1)
            cells = []
            for w in weights:
                cw = avail * w / sum(weights)
                cells.append(Box(x, area.y0, x + cw, area.y1))
                x += cw + gap
        else:
            weights = [1 / v.aspect for v in visuals]
            y = area.y1
            avail = area.height - gap * (n - 1)
            cells = []
            for w in weights:
                ch = avail * w / sum(weights)
                cells.append(Box(area.x0, y - ch, area.x1, y))
                y -= ch + gap
        for visual, cell in zip(visuals, cells, strict=True):
            box = cell.fit(visual.aspect)
            if visual.natural is not None:
                scale = box.width / visual.natural[0]
                if scale > visual.max_scale:
                    width, height = visual.natural
                    box = Box.around(*box.center, width * visual.max_scale, height * visual.max_scale)
                elif scale < visual.min_scale:
                    warnings.append(f"{visual.name} is typeset below the smallest legible size")
            places[visual.name] = Placed(box)
        option = Arrangement(places, tuple(warnings))
        if best is None or _score(option, visuals) > _score(best, visuals):
            best = option
    assert best is not None
    return best
