"""How long each animation runs, before the limits of what follows are applied.

One policy: writing takes longer for longer text; drawing and growing are brisk; leaving is
quicker than arriving; emphasis is a short colour change; a tick is slow enough to follow. How
long each kind takes to enter is its own (`KindDef.seconds`).
"""

from __future__ import annotations

from lecturekit.kinds import kind_def
from lecturekit.kinds.base import DRAW, FADE_IN, FRAME_IN, GROW, TITLE
from lecturekit.syntax.nodes import (
    Action,
    Box,
    Emphasize,
    Flash,
    Hide,
    Move,
    Redraw,
    Show,
    Spec,
    StyleHint,
    Tick,
)

WRITE_BASE = 0.5
WRITE_PER_CHAR = 0.025
WRITE_MAX = 2.5
LEAVE = 0.5
MOVE = 0.8
EMPHASIS = 0.4
FLASH = 0.9
BOX = 0.8
TICK = 2.0
__all__ = ["DRAW", "FADE_IN", "FRAME_IN", "GROW", "TITLE", "natural", "writing"]


def writing(characters: int) -> float:
    return min(WRITE_MAX, WRITE_BASE + WRITE_PER_CHAR * characters)


def natural(action: Action, spec: Spec, characters: int) -> float:
    """Seconds the animation for `action` on `spec` would like, with nothing in its way."""
    match action:
        case Show(style=style):
            seconds = kind_def(spec.kind).seconds[style]
            return writing(characters) if seconds is None else seconds
        case Hide():
            return LEAVE
        case Move():
            return MOVE
        case Emphasize():
            return EMPHASIS
        case Flash():
            return FLASH
        case Box():
            return BOX
        case Tick() | Redraw():
            return TICK
        case StyleHint():
            return 0.0
    return LEAVE
