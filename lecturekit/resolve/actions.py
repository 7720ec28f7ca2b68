"""The actions over the board: each by its form's checks, a Heading replacing another, and one
replay of shows and hides against reveal counts, parents and the recorded `live` lists."""

from __future__ import annotations

from dataclasses import replace

from lecturekit import forms
from lecturekit.diagnostics import quote, warning
from lecturekit.kinds import (
    Role,
    kind_def,
    rows_of,
)
from lecturekit.replay import Replay
from lecturekit.resolve.findings import Findings
from lecturekit.syntax.nodes import (
    Action,
    Hide,
    Kind,
    Show,
    Spec,
    Tick,
    TimedAction,
)
from lecturekit.typst.source import line_count


def check_actions(found: Findings, objects: dict[str, Spec], actions: list[TimedAction]) -> None:
    """Each action by its form's checks."""
    facts = forms.Scene(objects, frozenset((round(a.time, 6), a.action.object) for a in actions
                                           if isinstance(a.action, Tick)))
    for timed in actions:
        if found.broken(timed.action.object):
            continue  # left out with its object
        action, spec = timed.action, objects[timed.action.object]
        place = found.place(action.object, f"#{timed.index} at {timed.time:.3f} s")
        if kind_def(spec.kind).role is Role.VARIABLE and not isinstance(action, Tick):
            found.report(warning(place, "a VariableNumber is never shown; this action does nothing"))
        for problem in forms.form_of(action).check(timed, spec, facts):
            found.report(warning(place, problem))


def replace_headings(found: Findings, objects: dict[str, Spec], actions: list[TimedAction]) -> list[TimedAction]:
    """A board has one heading band: a Heading shown while another is on the board replaces
    it, as though the earlier one were hidden at that moment."""
    out: list[TimedAction] = []
    heading: str | None = None
    hides = {(round(a.time, 6), a.action.object) for a in actions if isinstance(a.action, Hide)}
    for timed in actions:
        action, name = timed.action, timed.action.object
        if kind_def(objects[name].kind).role is Role.HEADING and not found.broken(name):
            if isinstance(action, Show):
                if heading not in (None, name) and (round(timed.time, 6), heading) not in hides:
                    found.report(warning(
                        found.place(name, f"#{timed.index} at {timed.time:.3f} s"),
                        f"is shown while the Heading {quote(heading)} is on the board; it replaces it",
                        f"hide {quote(heading)} first"))
                    out.append(replace(timed, action=Hide(heading), source=f"{heading} is hidden from the screen."))
                heading = name
            elif isinstance(action, Hide) and heading == name:
                heading = None
        out.append(timed)
    return out


def check_board(found: Findings, objects: dict[str, Spec], actions: list[TimedAction]) -> None:
    """Replay shows and hides: reveal counts, parents, and the recorded `live` lists."""
    board = Replay()
    reveals: dict[str, int] = {}
    pending = iter(actions)
    upcoming = next(pending, None)
    for b, beat in sorted(enumerate(found.scene.beats), key=lambda pair: pair[1].start):
        while upcoming is not None and upcoming.time < beat.start - 1e-9:
            step(found, objects, board, reveals, upcoming)
            upcoming = next(pending, None)
        if beat.live is not None:
            found.live_recorded += 1
            shown = {n for n in board.on if not kind_def(objects[n].kind).stepped}
            recorded = {n for n in beat.live if not found.unread(n)}  # their actions went with them
            if shown == recorded:
                found.live_agreeing += 1
            else:
                extra, missing = sorted(shown - recorded), sorted(recorded - shown)
                found.report(warning(
                    found.place(action=f"beat {b + 1} at {beat.start:.3f} s"),
                    f"the actions put {extra} on the board "
                    f"but the recorded live list has {missing}"
                    if extra and missing else
                    f"the recorded live list does not have {extra}" if extra else
                    f"the recorded live list has {missing}, which the actions do not show",
                ))
    while upcoming is not None:
        step(found, objects, board, reveals, upcoming)
        upcoming = next(pending, None)
    for name, spec in objects.items():
        if kind_def(spec.kind).stepped and name in reveals:
            check_reveals(found, name, spec, reveals[name])


def step(found: Findings, objects: dict[str, Spec], board: Replay, reveals: dict[str, int], timed: TimedAction) -> None:
    action: Action = timed.action
    name = action.object
    place = found.place(name, f"#{timed.index} at {timed.time:.3f} s")
    spec = objects[name]
    done = board.apply(action)
    if isinstance(action, Show):
        if kind_def(spec.kind).stepped:
            reveals[name] = reveals.get(name, 0) + 1
        elif done.repeated:
            found.report(warning(place, "is shown while already on the board"))
        if spec.parent in objects and spec.parent not in board.on:
            found.report(warning(place, f"is shown before its parent {quote(spec.parent)}"))
    elif done.missing:
        found.report(warning(place, "is hidden but is not on the board"))


def check_reveals(found: Findings, name: str, spec: Spec, count: int) -> None:
    if spec.kind is Kind.DERIVATION:
        lines = line_count(spec.text or "")
        if count != lines:
            found.report(warning(
                found.place(name), f"is shown {count} times but has {lines} lines"
            ))
    else:
        rows = rows_of(getattr(spec, "rows", None))
        if rows is not None and count != len(rows):
            found.report(warning(
                found.place(name), f"is shown {count} times but has {len(rows)} rows"
            ))
