"""The action forms: one entry per form with its grammar, its checks and its duration. Its effect
on the board is the render stage's (`render/stage.py` has one effect a form and fails at import
when one is missing).

A form's phrases are the fixed English the format says it in, after the object's name and the
part it names, if any (`x (the "a" part) is emphasized.`); `accepts` refuses the objects it cannot
act on (the action is left out), and `check` yields what is wrong with one action in its scene.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from lecturekit.diagnostics import quote
from lecturekit.kinds import Role, Spec, TableSpec, depends_on, kind_def, registered, rows_of
from lecturekit.syntax.errors import GrammarError
from lecturekit.syntax.nodes import (
    Action,
    BoxAround,
    ColumnPart,
    Emphasize,
    Flash,
    Hide,
    Move,
    Part,
    Redraw,
    RowPart,
    Show,
    ShowStyle,
    StyleHint,
    TextPart,
    Tick,
    TimedAction,
)
from lecturekit.typst.source import occurrences

_NAME = r"[A-Za-z_]\w*"
_DASH = r"\s*[—–-]{1,2}\s*"
#: Seconds an action takes with nothing in its way (a show takes as long as its kind enters).
LEAVE = 0.5
MOVE = 0.8
EMPHASIS = 0.4
FLASH = 0.9
BOX = 0.8
TICK = 2.0


@dataclass(frozen=True)
class Phrase:
    """One way the format says an action: `pattern` matches what follows the object's name (or,
    for a phrase that is `whole`, the action entire, its name inside), and `make` builds it."""

    name: str
    pattern: re.Pattern[str]
    make: Callable[[str, Part | None, re.Match[str], str], Action]
    whole: bool = False


@dataclass(frozen=True)
class Scene:
    """What an action's check may look at: the scene's objects and when its numbers tick."""

    objects: Mapping[str, Spec]
    #: (time rounded to the microsecond, VariableNumber) for every tick.
    ticks: frozenset[tuple[float, str]]


@dataclass(frozen=True)
class Form:
    """Everything one action form means; every part must be given."""

    action: type
    phrases: tuple[Phrase, ...]
    #: Whether it may name a part of its object.
    takes_part: bool
    #: Seconds it would like; None: as long as its object's kind takes to enter.
    seconds: float | None
    #: (warning, hint) when it cannot act on this object at all (the action is left out).
    accepts: Callable[[Spec], tuple[str, str] | None]
    #: The warnings for one action on its object.
    check: Callable[[TimedAction, Spec, Scene], Iterator[str]]


def _any(spec: Spec) -> None:
    return None


def _nothing(timed: TimedAction, spec: Spec, scene: Scene) -> Iterator[str]:
    yield from ()


def _hint(name: str, part: Part | None, m: re.Match[str], source: str) -> Action:
    hint = m.group(2).strip()
    if not re.fullmatch(r"[a-z]+(?::[a-z0-9-]+)*", hint):
        raise GrammarError(f"{hint!r} is not a style hint like enter:write-left-to-right", source, len(name))
    return StyleHint(m.group(1), hint)


def _tick(name: str, part: Part | None, m: re.Match[str], source: str) -> Action:
    value = float(m.group(1))
    if not math.isfinite(value):
        raise GrammarError(f"{m.group(1)[:20]!r} is too large to tick to", source, 0)
    return Tick(name, value)


def _only_variables(spec: Spec) -> tuple[str, str] | None:
    if kind_def(spec.kind).role is Role.VARIABLE:
        return None
    return "only a VariableNumber ticks; it is left out", "name a VariableNumber"


def _check_redraw(timed: TimedAction, spec: Spec, scene: Scene) -> Iterator[str]:
    depends = depends_on(spec, scene.objects)  # a dot on a graph follows the graph's numbers too
    if depends and not any((round(timed.time, 6), v) in scene.ticks for v in depends):
        yield "is redrawn but none of its numbers ticks at that time"


def _check_hide(timed: TimedAction, spec: Spec, scene: Scene) -> Iterator[str]:
    action = timed.action
    assert isinstance(action, Hide)  # `FORMS` hands each check its own form's actions
    cause = action.cause
    if cause not in (None, action.object, spec.parent):
        yield f"leaves because {quote(cause)} left, but it is not drawn in it"


def _check_hint(timed: TimedAction, spec: Spec, scene: Scene) -> Iterator[str]:
    assert isinstance(timed.action, StyleHint)  # the form's own action
    hint = timed.action.hint
    if hint not in kind_def(spec.kind).hints:
        takers = [d.kind.value for d in registered() if hint in d.hints]
        where = f"only on a {', '.join(takers)}" if takers else "on no kind"
        yield f"style hint {quote(hint)} is used {where}, not on a {spec.kind.value}"


def _check_part(timed: TimedAction, spec: Spec, scene: Scene) -> Iterator[str]:
    assert isinstance(timed.action, Emphasize | Flash)  # `FORMS` hands each check its own form's actions
    part = timed.action.part
    if isinstance(part, RowPart | ColumnPart):
        rows = rows_of(spec.rows) if isinstance(spec, TableSpec) else None
        if rows is None:
            if not isinstance(spec, TableSpec):
                yield "rows and columns are parts of a Table only"
            return
        size = len(rows) if isinstance(part, RowPart) else max(len(r) for r in rows)
        if part.index > size:
            what = "rows" if isinstance(part, RowPart) else "columns"
            yield f"names {what[:-1]} {part.index}, but the table has {size} {what}"
    elif isinstance(part, TextPart):
        found = len(occurrences(part_source(spec), part.text))
        if found < part.occurrence:
            which = f"occurrence {part.occurrence} of " if part.occurrence > 1 else ""
            yield f"{which}{quote(part.text)} is not in its text; the whole object is emphasised"


def part_source(spec: Spec) -> str:
    """The text a part of `spec` is looked for in: a Table's cells, else its text or label."""
    if isinstance(spec, TableSpec):
        rows = rows_of(spec.rows) or ()
        return " ".join(c for r in rows for c in r) or (spec.text or "")
    return spec.text or spec.label or ""


def _phrase(name: str, pattern: str, make: Callable[..., Action], whole: bool = False) -> Phrase:
    return Phrase(name, re.compile(pattern, re.DOTALL if whole else 0), make, whole)


FORMS: tuple[Form, ...] = (
    Form(BoxAround, (_phrase("box", rf"A box is drawn around\s+({_NAME})", lambda n, p, m, s: BoxAround(m.group(1)),
                       whole=True),),
         False, BOX, _any, _nothing),
    Form(StyleHint, (_phrase("hint", r"([A-Za-z_][A-Za-z0-9_]*):(.*)", _hint, whole=True),),
         False, 0.0, _any, _check_hint),
    Form(Show, (_phrase("show", r"is shown on the screen,\s*(written out|drawn|grown)",
                        lambda n, p, m, s: Show(n, ShowStyle(m.group(1)))),),
         False, None, _any, _nothing),
    Form(Hide, (_phrase("left", r"is hidden from the screen" + _DASH + r"left the board",
                        lambda n, p, m, s: Hide(n, n)),
                _phrase("taken", r"is hidden from the screen" + _DASH + rf"({_NAME}) left the board",
                        lambda n, p, m, s: Hide(n, m.group(1))),
                _phrase("hide", r"is hidden from the screen", lambda n, p, m, s: Hide(n, None))),
         False, LEAVE, _any, _check_hide),
    Form(Move, (_phrase("move", r"moves to a new place on the board", lambda n, p, m, s: Move(n)),),
         False, MOVE, _any, _nothing),
    Form(Emphasize, (_phrase("emphasize", r"is emphasi[sz]ed", lambda n, p, m, s: Emphasize(n, p, True)),
                     _phrase("unemphasize", r"is no longer emphasi[sz]ed",
                             lambda n, p, m, s: Emphasize(n, p, False))),
         True, EMPHASIS, _any, _check_part),
    Form(Flash, (_phrase("flash", r"is indicated" + _DASH + r"a transient flash", lambda n, p, m, s: Flash(n, p)),),
         True, FLASH, _any, _check_part),
    Form(Tick, (_phrase("tick", r"ticks to\s+(-?\d+(?:\.\d*)?(?:[eE][+-]?\d+)?)", _tick),),
         False, TICK, _only_variables, _nothing),
    Form(Redraw, (_phrase("redraw", r"is redrawn as the numbers it depends on change", lambda n, p, m, s: Redraw(n)),),
         False, TICK, _any, _check_redraw),
)
_BY_ACTION = {form.action: form for form in FORMS}


def form_of(action: Action) -> Form:
    return _BY_ACTION[type(action)]


#: The actions and parts are syntax's nodes; later stages take them from here.
__all__ = ["FORMS", "Action", "BoxAround", "ColumnPart", "Emphasize", "Flash", "Form", "Hide", "Move", "Part", "Phrase",
           "Redraw", "RowPart", "Scene", "Show", "ShowStyle", "StyleHint", "TextPart", "Tick", "TimedAction",
           "form_of", "part_source"]
