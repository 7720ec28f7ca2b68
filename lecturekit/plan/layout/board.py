"""A board's layout: the heading band, a title card and the content area (`Content.arrange`)."""

from __future__ import annotations

from dataclasses import replace

from lecturekit.boxes import Box
from lecturekit.plan.layout.fallback import Fallback
from lecturekit.plan.layout.measuring import Measure, small_names, text_fit
from lecturekit.plan.layout.model import EPS, STEP, Arrangement, Item, Placed, Role, bounds_of, shifted
from lecturekit.plan.layout.pictures import EXHAUSTIVE
from lecturekit.plan.layout.search import GROUPED, SHARES_TRIED
from lecturekit.theme import Theme
from lecturekit.work import count

#: A title above content takes at most this share of the content area's height.
TITLE_SHARE = 0.35
#: A board of more content objects than this that cannot hold them legibly is laid out in a grid.
SEARCHED = 12


class Content(Fallback):
    """The content area's arrangement (see the package's rules)."""

    def arrange(self) -> Arrangement:
        if not self.texts:
            return self._visuals_alone()
        lone = self._lone_formula()
        if lone is not None:
            return lone
        steps = round((1.0 - self.floor) * self.theme.sizes.body / STEP + 0.4999)
        searched = len(self.texts) + len(self.visuals) <= SEARCHED
        holds = searched or not self.cannot_hold()
        grouped: bool | None = None  # whether the texts in two groups fit at the last step (or, so, at any)
        proven = not holds
        for step in range(max(steps, 0) + 1 if holds else 0):
            self.visuals = self._at(step)
            for columns in (1, 2):
                if columns > len(self.texts):
                    continue
                options = list(self._options(step, columns))
                if options:
                    return max(options, key=lambda o: self._score(o))
            if step == 0 and self.cannot_hold():
                proven = True
                break  # no smaller step can hold it either
            if grouped is None:
                grouped = len(self.items) <= GROUPED \
                    and any(True for _ in self._groups(max(steps, 0)))
            options = list(self._groups(step)) if grouped else []
            if options:
                return max(options, key=lambda o: self._score(o))
        rescued = self._unequal(max(steps, 0)) if searched and not proven else None
        if rescued is not None:
            return rescued
        self.visuals = self.given
        shrunk = self._pictures_shrunk(max(steps, 0)) if searched else None
        if shrunk is not None:
            return shrunk
        return self._overfull(steps) if searched else self._grid()


def most_arrangements(n: int) -> int:
    """The most arrangements one layout of n objects tries (`count("layout arrangements")`): at
    each of at most 18 font steps, 1 or 2 columns and `SHARES_TRIED` + 1 places for the texts, the visuals both
    in rows and in columns, each of at most max(2**(EXHAUSTIVE - 1), n) ways into rows, each way
    in rows of one depth (their tables free, and held at their full size: `_pinned`) and (where
    those do not show every visual) of unequal depths; on a board of up to `GROUPED` objects, as
    many again for each of the n - 1 ways to cut the texts in two groups, the second in 1 or 2
    columns beside or under the first (`Content._groups`)."""
    groups = 1 + 2 * 2 * (n - 1) if n <= GROUPED else 1
    return 18 * 2 * (SHARES_TRIED + 1) * 2 * 3 * max(2 ** (EXHAUSTIVE - 1), n) * groups


def arrange(items: list[Item], theme: Theme) -> Arrangement:
    """Where every item goes. A diagram drawn at least as tall as its labels stacked
    (`Item.least_height`) yields that height only on a board that cannot hold its texts legibly
    and every visual at its least: laid out again with each visual at its `Item.crowded_height`,
    that layout wins where it names fewer items it could not set legibly (a diagram drawn at its
    visible size beside legible texts, not a speck beside them)."""
    first = _arranged(items, theme)
    if not first.unfit or all(i.crowded_height >= i.least_height for i in items):
        return first
    relaxed = _arranged([replace(i, least_height=min(i.least_height, i.crowded_height)) for i in items], theme)
    return relaxed if len(relaxed.unfit) < len(first.unfit) else first


def _arranged(items: list[Item], theme: Theme) -> Arrangement:
    count("board layouts")
    f = theme.board
    sx0, _, sx1, sy1 = f.safe
    places: dict[str, Placed] = {}
    unfit: list[str] = []
    measure = Measure(theme)
    headings = [i for i in items if i.role is Role.HEADING]
    titles = [i for i in items if i.role is Role.TITLE]
    content = [i for i in items if i.role in (Role.VISUAL, Role.TEXT)]
    for heading in headings:  # one heading band: a newer heading replaces the old (resolve hides it)
        w, h, font = text_fit(heading, sx1 - sx0, f.heading_band, theme)
        places[heading.name] = Placed(Box.around(0.0, sy1 - f.heading_band / 2, w, h), font, sx1 - sx0)
        unfit += small_names(heading, font, theme)
    area = content_area(theme, bool(headings))
    for title in titles:  # a title card alone is centred; above content it takes a band at the top
        room = area.height * (TITLE_SHARE if content else 1.0)
        w, h, font = text_fit(title, min(area.width, 11.5), room, theme)
        cy = area.y1 - h / 2 if content else area.center[1]
        places[title.name] = Placed(Box.around(area.center[0], cy, w, h), font, min(area.width, 11.5))
        unfit += small_names(title, font, theme)
        area = Box(area.x0, area.y0, area.x1, cy - h / 2 - f.gap)
    proven, overfull = bool(unfit), False
    if content:
        laid = Content(content, area, theme, measure)
        chosen = laid.arrange()
        places.update(seen_centred(chosen.places, content))
        unfit += chosen.unfit
        unfit += [i.name for i in content if i.role is Role.TEXT and i.fixed is None and not i.keeps_font
                  and (chosen.places[i.name].font or i.font) < theme.sizes.minimum - 1e-9]
        small = [i.name for i in content if i.role is Role.TEXT and i.name in unfit]
        overfull = bool(small) and laid.overfull()
        proven = proven or not small or overfull or laid.cannot_hold()
    return Arrangement(places, tuple(dict.fromkeys(n for n in (i.name for i in items) if n in unfit)), proven,
                       overfull)


def content_area(theme: Theme, headed: bool) -> Box:
    """The safe area less the heading band when the board has a heading: where titles, visuals
    and texts go."""
    sx0, sy0, sx1, sy1 = theme.board.safe
    return Box(sx0, sy0, sx1, sy1 - theme.board.heading_band - theme.board.gap * 0.5 if headed else sy1)


def seen_centred(places: dict[str, Placed], content: list[Item]) -> dict[str, Placed]:
    """The content where it is drawn (`Item.drawn`), moved as one so that what is seen (a ringed
    visual with its ring's room) is centred where its boxes were. A ringed picture's box keeps its
    aspect (`Item.grown`), so along its longer side the room beside it is more than the ring's:
    centred by boxes, a board with a wide ringed picture at one end stands off the middle."""
    drawn = {i.name: replace(places[i.name], box=i.drawn(places[i.name].box),
                             wrap=less(places[i.name].wrap, 2 * i.ring if i.role is Role.TEXT else 0.0))
             for i in content}
    seen = []
    for i in content:
        box, ink = places[i.name].box, drawn[i.name].box
        seen.append(Placed(Box(max(box.x0, ink.x0 - i.ring), max(box.y0, ink.y0 - i.ring),
                               min(box.x1, ink.x1 + i.ring), min(box.y1, ink.y1 + i.ring))))
    given, shown = bounds_of(places[i.name] for i in content), bounds_of(seen)
    dx, dy = (given.center[k] - shown.center[k] for k in (0, 1))
    return shifted(drawn, dx, dy) if abs(dx) > EPS or abs(dy) > EPS else drawn


def less(wrap: float | None, room: float) -> float | None:
    """A wrap width less the room a table set as text keeps for its ring (it is set in the rest)."""
    return wrap - room if wrap is not None and room > 0 else wrap
