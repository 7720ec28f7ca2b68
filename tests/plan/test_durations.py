"""The duration policy: how long each action's animation would like to run, before caps.

Writing takes longer for longer text (up to a cap); drawing and growing are brisk; leaving is
quicker than arriving; emphasis is a short colour change; a tick is slow enough to follow.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.forms import FORMS
from lecturekit.plan import durations
from lecturekit.plan.durations import natural, writing
from lecturekit.syntax.nodes import Hide, Kind, Redraw, Show, Spec, StyleHint, Tick
from lecturekit.syntax.parser import parse_action
from tests.plan.conftest import LEAVE, SHOW

TEXT = Spec(name="t", kind=Kind.TEXT, text="x")
FAST = settings(max_examples=200, deadline=None)


def spec(kind: Kind) -> Spec:
    return Spec(name="x", kind=kind)


# ---------------------------------------------------------------- writing


@FAST
@given(st.integers(0, 400), st.integers(0, 400))
def test_longer_text_never_writes_faster(a: int, b: int):
    short, long = sorted((a, b))
    assert natural(Show("t"), TEXT, short) <= natural(Show("t"), TEXT, long)


def test_longer_text_writes_longer_until_the_cap():
    assert natural(Show("t"), TEXT, 0) == pytest.approx(durations.WRITE_BASE)
    assert natural(Show("t"), TEXT, 10) < natural(Show("t"), TEXT, 40) < natural(Show("t"), TEXT, 70)
    assert natural(Show("t"), TEXT, 40) == pytest.approx(durations.WRITE_BASE + 40 * durations.WRITE_PER_CHAR)


@FAST
@given(st.integers(0, 100_000))
def test_writing_is_capped(characters: int):
    assert durations.WRITE_BASE <= writing(characters) <= durations.WRITE_MAX
    if characters >= 1000:
        assert writing(characters) == durations.WRITE_MAX


@pytest.mark.parametrize("kind", [Kind.TEXT, Kind.PANEL, Kind.BLOCK, Kind.MATH, Kind.DERIVATION,
                                  Kind.HEADING, Kind.TABLE])
def test_written_texts_follow_their_length(kind: Kind):
    assert natural(Show("x"), spec(kind), 30) == pytest.approx(writing(30))
    assert natural(Show("x"), spec(kind), 10_000) == durations.WRITE_MAX


def test_a_title_card_takes_its_own_time_whatever_its_length():
    assert natural(Show("x"), spec(Kind.TITLE), 5) == natural(Show("x"), spec(Kind.TITLE), 500) == durations.TITLE


# ---------------------------------------------------------------- every other form

ACTIONS = [
    # (action text, kind of its object, expected seconds)
    ("x is shown on the screen, drawn.", Kind.TEXT, durations.DRAW),
    ("x is shown on the screen, grown.", Kind.TEXT, durations.GROW),
    ("x is shown on the screen, drawn.", Kind.VECTOR, durations.DRAW),
    ("x is shown on the screen, grown.", Kind.POINT, durations.GROW),
    (SHOW.format("x"), Kind.VECTOR, durations.DRAW),
    (SHOW.format("x"), Kind.LINE, durations.DRAW),
    (SHOW.format("x"), Kind.POINT, durations.GROW),
    (SHOW.format("x"), Kind.PLOT_POINT, durations.GROW),
    (SHOW.format("x"), Kind.FIGURE, durations.FRAME_IN),
    (SHOW.format("x"), Kind.AXES, durations.FRAME_IN),
    (SHOW.format("x"), Kind.IMAGE, durations.FADE_IN),
    (LEAVE.format("x"), Kind.PANEL, durations.LEAVE),
    ("x is hidden from the screen — p left the board.", Kind.VECTOR, durations.LEAVE),
    ("x is hidden from the screen.", Kind.MATH, durations.LEAVE),
    ("x moves to a new place on the board.", Kind.FIGURE, durations.MOVE),
    ("x is emphasized.", Kind.MATH, durations.EMPHASIS),
    ('x (the "a" part) is no longer emphasized.', Kind.MATH, durations.EMPHASIS),
    ("x is indicated — a transient flash.", Kind.POINT, durations.FLASH),
    ('x (the "row=2" part) is indicated — a transient flash.', Kind.TABLE, durations.FLASH),
    ("A box is drawn around x.", Kind.MATH, durations.BOX),
    ("x ticks to 3.5.", Kind.VARIABLE_NUMBER, durations.TICK),
    ("x is redrawn as the numbers it depends on change.", Kind.VECTOR, durations.TICK),
    ("x: enter:write-left-to-right.", Kind.TITLE, 0.0),
]


@pytest.mark.parametrize(("text", "kind", "seconds"), ACTIONS, ids=[f"{a[1].value}: {a[0]}" for a in ACTIONS])
def test_each_form_has_its_duration(text: str, kind: Kind, seconds: float):
    assert natural(parse_action(FORMS, text), spec(kind), 12) == pytest.approx(seconds)


def test_the_policy_orders_the_forms():
    arrivals = [durations.DRAW, durations.GROW, durations.FADE_IN, durations.FRAME_IN, durations.TITLE]
    assert min(arrivals) > durations.LEAVE  # leaving is quicker than arriving
    assert writing(0) >= durations.LEAVE
    assert durations.EMPHASIS < durations.LEAVE  # a short colour change
    assert durations.GROW <= durations.DRAW <= 1.0  # brisk
    assert durations.TICK >= 1.5 * durations.MOVE  # slow enough to follow


def test_ticks_and_their_redraws_want_the_same_time():
    assert natural(Tick("k", 2.0), spec(Kind.VARIABLE_NUMBER), 0) == natural(Redraw("v"), spec(Kind.VECTOR), 0)


def test_a_style_hint_takes_no_time():
    assert natural(StyleHint("card", "enter:write-left-to-right"), spec(Kind.TITLE), 40) == 0.0


# ---------------------------------------------------------------- in frames, with nothing in the way


@pytest.mark.parametrize("fps", [15, 30, 60])
def test_uncapped_cues_run_their_natural_time_in_frames(plan_tiny, fps: int):
    objects = {
        "short": 'a Text that says "Hi"',
        "long": f'a Text that says "{"word " * 40}"',
        "fig": "a Figure (x_range=(0, 4), y_range=(0, 4))",
        "v": "a Vector drawn in fig (end=(1, 1))",
        "dot": "a Point drawn in fig (location=(2, 2))",
    }
    does = [
        (0.0, SHOW.format("short")),
        (0.0, SHOW.format("long")),
        (0.0, SHOW.format("fig")),
        (2.0, "v is shown on the screen, drawn."),
        (2.0, "dot is shown on the screen, grown."),
        (5.0, "dot is emphasized."),
        (6.0, "v is indicated — a transient flash."),
        (7.0, LEAVE.format("short")),
    ]
    plan = plan_tiny(objects, does, fps=fps)
    frames = {(c.object, type(c.action).__name__): c.frames for c in plan.cues}
    long_text = len(plan.objects["long"].text)
    assert frames["short", "Show"] == round(writing(2) * fps)
    assert frames["long", "Show"] == round(writing(long_text) * fps) == round(durations.WRITE_MAX * fps)
    assert frames["short", "Show"] < frames["long", "Show"]
    assert frames["fig", "Show"] == round(durations.FRAME_IN * fps)
    assert frames["v", "Show"] == round(durations.DRAW * fps)
    assert frames["dot", "Show"] == round(durations.GROW * fps)
    assert frames["dot", "Emphasize"] == round(durations.EMPHASIS * fps)
    assert frames["v", "Flash"] == round(durations.FLASH * fps)
    assert frames["short", "Hide"] == round(durations.LEAVE * fps)
    assert isinstance(next(c.action for c in plan.cues if c.object == "short" and c.frame > 0), Hide)
