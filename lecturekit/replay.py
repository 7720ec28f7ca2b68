"""One replay of the board: which objects are on it as the shows and hides happen. Every stage
that follows the board through a scene does it with this (resolve's checks, placement's arrivals
and departures, the plan's boards, the render's departures)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from lecturekit.syntax.nodes import Action, Hide, Show


@dataclass(frozen=True)
class Step:
    """What one action did to the board."""

    #: A show of an object that was not on the board.
    arrived: bool = False
    #: A show of an object already on it (a stepped object's next line, or a repeat).
    repeated: bool = False
    #: What a hide took off: the object, and its children when the replay takes them along.
    left: tuple[str, ...] = ()
    #: A hide of an object that was not on the board.
    missing: bool = False


class Replay:
    """The board as actions are applied in time order. With `children`, an object leaving takes
    what is drawn in it along."""

    def __init__(self, children: Callable[[str], Iterable[str]] | None = None):
        self.on: dict[str, None] = {}  # in the order they arrived
        self.children = children

    def apply(self, action: Action) -> Step:
        name = action.object
        if isinstance(action, Show):
            repeated = name in self.on
            self.on[name] = None
            return Step(arrived=not repeated, repeated=repeated)
        if isinstance(action, Hide):
            missing = name not in self.on
            leaving = (name, *self.children(name)) if self.children is not None else (name,)
            for gone in leaving:
                self.on.pop(gone, None)
            return Step(left=leaving, missing=missing)
        return Step()

    def shown(self) -> set[str]:
        return set(self.on)
