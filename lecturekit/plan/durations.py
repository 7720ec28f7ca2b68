"""How long each animation runs, before the limits of what follows are applied.

One policy: writing takes longer for longer text; drawing and growing are brisk; leaving is
quicker than arriving; emphasis is a short colour change; a tick is slow enough to follow.
"""

from __future__ import annotations

from lecturekit.syntax.nodes import (
    Action,
    Box,
    Emphasize,
    Flash,
    Hide,
    Kind,
    Move,
    Redraw,
    Show,
    ShowStyle,
    Spec,
    StyleHint,
    Tick,
)

WRITE_BASE = 0.5
WRITE_PER_CHAR = 0.025
WRITE_MAX = 2.5
DRAW = 0.8
GROW = 0.6
FADE_IN = 0.8
FRAME_IN = 1.0
LEAVE = 0.5
MOVE = 0.8
EMPHASIS = 0.4
FLASH = 0.9
BOX = 0.8
TICK = 2.0
TITLE = 2.0


def writing(characters: int) -> float:
    return min(WRITE_MAX, WRITE_BASE + WRITE_PER_CHAR * characters)


def natural(action: Action, spec: Spec, characters: int) -> float:
    """Seconds the animation for `action` on `spec` would like, with nothing in its way."""
    match action:
        case Show(style=ShowStyle.DRAWN):
            return DRAW
        case Show(style=ShowStyle.GROWN):
            return GROW
        case Show():
            if spec.kind is Kind.TITLE:
                return TITLE
            if spec.kind in (Kind.FIGURE, Kind.AXES):
                return FRAME_IN
            if spec.kind is Kind.IMAGE:
                return FADE_IN
            if spec.kind in (Kind.VECTOR, Kind.LINE):
                return DRAW
            if spec.kind in (Kind.POINT, Kind.PLOT_POINT):
                return GROW
            return writing(characters)
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
