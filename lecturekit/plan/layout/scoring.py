"""Which of the arrangements that fit is best."""

from __future__ import annotations

from collections.abc import Iterable

from lecturekit.plan.layout.holding import Holding
from lecturekit.plan.layout.model import Arrangement, Placed, bounds_of, empty_bands


class Scoring(Holding):
    """The score of an arrangement, and which visuals it shows."""

    def _score(self, option: Arrangement) -> tuple[float, float, float, float]:
        """The smallest item's scale, then the sum of them, then (where the visuals are the same
        either way) the room the texts take, so they are not squeezed into a narrow column, then
        the narrower widest empty band of the area: where the sizes tie (texts already shown keep
        theirs), the board is filled rather than left with a band beside them (a small Table
        beside two texts set small left a band 0.28 of the area empty above and below them; over
        them, 0.18)."""
        scales = [self._scale(v.name, option.places[v.name].box) for v in self.visuals]
        scales += [(option.places[t.name].font or t.font) / t.font for t in self.texts if t.font > 0]
        texts = bounds_of(option.places[t.name] for t in self.texts)
        band = max(empty_bands([p.box for p in option.places.values()], self.area))
        return (round(min(scales), 4), round(sum(scales), 4), texts.width, -round(band, 4))

    def _seen(self, option: Arrangement) -> int:
        return sum(self._visible(v, option.places[v.name].box) for v in self.visuals)

    def _visible_only(self, places: dict[str, Placed], pictures_shrink: bool = False) -> Iterable[Arrangement]:
        if all(self._visible(v, places[v.name].box) for v in self.visuals
               if not (pictures_shrink and v.natural is None)):
            yield Arrangement(places)
