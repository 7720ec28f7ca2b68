"""How long each animation runs, before the limits of what follows are applied.

One policy: writing takes longer for longer text; drawing and growing are brisk; leaving is
quicker than arriving; emphasis is a short colour change; a tick is slow enough to follow. How
long each form takes is its own (`lecturekit.forms`), and a show as long as its kind enters
(`KindDef.seconds`).
"""

from __future__ import annotations

from lecturekit.forms import BOX, EMPHASIS, FLASH, LEAVE, MOVE, TICK, form_of
from lecturekit.kinds import kind_def
from lecturekit.kinds.base import DRAW, FADE_IN, FRAME_IN, GROW, TITLE
from lecturekit.syntax.nodes import Action, Show, Spec

WRITE_BASE = 0.5
WRITE_PER_CHAR = 0.025
WRITE_MAX = 2.5
__all__ = ["BOX", "DRAW", "EMPHASIS", "FADE_IN", "FLASH", "FRAME_IN", "GROW", "LEAVE", "MOVE", "TICK", "TITLE",
           "natural", "writing"]


def writing(characters: int) -> float:
    return min(WRITE_MAX, WRITE_BASE + WRITE_PER_CHAR * characters)


def natural(action: Action, spec: Spec, characters: int) -> float:
    """Seconds the animation for `action` on `spec` would like, with nothing in its way: its
    form's, or for a show its kind's (None: as long as writing its text takes)."""
    seconds = form_of(action).seconds
    if seconds is None:
        assert isinstance(action, Show)  # the one form whose seconds are its kind's
        seconds = kind_def(spec.kind).seconds[action.style]
    return writing(characters) if seconds is None else seconds
