"""Measuring texts (`plan/layout/measuring.py`)."""

from __future__ import annotations

from lecturekit.plan.layout import Item, Role
from lecturekit.plan.layout.measuring import Measure, halved, text_fit, wrap_in
from lecturekit.theme import THEME
from tests.plan.layout.rooms import MINIMUM, fake_size, text


def test_a_text_is_measured_once_per_wrap_and_font():
    calls = []
    size = fake_size(200)

    def counted(width, font):
        calls.append((width, font))
        return size(width, font)

    item = Item("t", Role.TEXT, font=32.0, size=counted)
    measure = Measure(THEME)
    first = measure.size(item, 5.0, 32.0)
    assert measure.size(item, 5.0, 32.0) == first
    measure.size(item, 4.0, 32.0)
    assert calls == [(5.0, 32.0), (4.0, 32.0)]


def test_a_text_already_shown_keeps_its_size():
    item = Item("t", Role.TEXT, font=32.0, fixed=(3.0, 1.0))
    assert Measure(THEME).size(item, 1.0, 10.0) == (3.0, 1.0)


def test_a_heading_too_long_for_its_band_steps_down_to_the_minimum_and_only_then_below():
    short = Item("h", Role.HEADING, font=48.0, size=fake_size(20))
    assert text_fit(short, 12.0, 1.0, THEME)[2] == 48.0
    long = Item("h", Role.HEADING, font=48.0, size=fake_size(2000))
    w, h, font = text_fit(long, 12.0, 1.0, THEME)
    assert font < MINIMUM and w <= 12.0 + 1e-6 and h <= 1.0 + 1e-6


def test_a_text_is_wrapped_at_its_measure_or_its_column_and_a_shown_one_at_its_own_wrap():
    assert wrap_in(text("t", 100), 3.0) == 3.0
    assert wrap_in(text("t", 100), 30.0) == text("t", 100).measure
    assert wrap_in(Item("t", Role.TEXT, font=32.0, fixed=(2.0, 1.0), measure=4.5), 3.0) == 4.5


def test_halving_finds_the_least_value_that_fits_to_its_precision():
    found = halved(lambda x: x >= 0.3, 0.0, 1.0, 10)
    assert 0.3 <= found <= 0.3 + 1 / 2**10
