"""The boards a lecture puts more on than they can hold legibly, as `check` warnings."""

from __future__ import annotations

from pathlib import Path

from lecturekit.diagnostics import Diagnostic, Place, warning
from lecturekit.plan.placement import CROWDED_HINT, clock, crowded_message
from lecturekit.plan.planning import placement_of
from lecturekit.resolve import ResolvedLecture
from lecturekit.theme import THEME, Theme

#: Objects a board warning names; the rest are counted.
_NAMED = 10


def layout_warnings(resolved: ResolvedLecture, theme: Theme = THEME) -> tuple[Diagnostic, ...]:
    """One warning for every board that cannot hold what the lecture puts on it legibly (what
    `check` adds to its report): the scene, the time on the lecture's clock, the objects. Boards
    of one scene at one second of the clock are one warning, placed (`Place.at`) at the first. A
    board the least-area test does not prove too small (`Crowded.proven`), where the layout's
    search still set a text small, is warned of in other words: the layout missed, not the lecture."""
    folder = Path(resolved.folder)
    found = []
    for scene in resolved.scenes:
        unfit: dict[tuple[str, bool], dict[str, None]] = {}  # by clock time and proof, the names in order
        first: dict[str, float] = {}  # by clock time, the first board's lecture time
        for crowded in placement_of(scene, theme, folder).crowded:
            unfit.setdefault((clock(crowded.at), crowded.proven), {}).update(dict.fromkeys(crowded.unfit))
            first.setdefault(clock(crowded.at), crowded.at)
        for (at, proven), names in unfit.items():
            listed = list(names)[:_NAMED]
            more = f" and {len(names) - _NAMED} more" if len(names) > _NAMED else ""
            found.append(warning(Place(scene=scene.title, action=f"board at {at}", at=first[at]),
                                 crowded_message(", ".join(listed) + more, proven), CROWDED_HINT))
    return tuple(found)
