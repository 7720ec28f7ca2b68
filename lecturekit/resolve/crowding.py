"""A board holds at most `MAX_ON_BOARD` top-level objects at once. Far fewer are legible (the
layout says so in `check` from about a dozen); past this many, the layout, the labels and the
drawing would grow with a board nobody can read, so each object that arrives on a full board is
left out with a warning of its own, with what is drawn in it, and the rest of the scene renders."""

from __future__ import annotations

from lecturekit.diagnostics import warning
from lecturekit.kinds import Role, kind_def
from lecturekit.replay import Replay
from lecturekit.resolve.findings import Findings
from lecturekit.syntax.nodes import Show, Spec, TimedAction

MAX_ON_BOARD = 40
_PLACED = (Role.TITLE, Role.HEADING, Role.TEXT, Role.VISUAL)


def limit_board(found: Findings, objects: dict[str, Spec], actions: list[TimedAction]) -> None:
    """Leave out every top-level object shown while `MAX_ON_BOARD` others stand on the board."""
    board = Replay()
    for timed in actions:
        name = timed.action.object
        spec = objects.get(name)
        if spec is None or found.broken(name) or spec.parent is not None or kind_def(spec.kind).role not in _PLACED:
            continue
        if isinstance(timed.action, Show) and kind_def(spec.kind).role is Role.HEADING:  # it replaces the one shown
            for other in [n for n in board.on if kind_def(objects[n].kind).role is Role.HEADING and n != name]:
                board.on.pop(other)
        if isinstance(timed.action, Show) and name not in board.on and len(board.on) >= MAX_ON_BOARD:
            reason = f"the board holds {MAX_ON_BOARD} objects already, the most it may hold"
            found.report(warning(found.place(name, f"#{timed.index} at {timed.time:.3f} s"),
                                 f"is shown while {reason}; it is left out",
                                 "hide some of them first, or show it in a later scene"))
            found.leave_out(name, reason=reason)
            continue
        board.apply(timed.action)
