"""Adding a kind takes one module and one painter: `tests/kinds/star.py` adds a Star, which is not
one of the format's kinds, and it parses, is checked, is planned and is drawn with nothing else in
lecturekit changed."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np
import pytest

from lecturekit.kinds import KINDS, kind_def, register, unregister
from lecturekit.kinds.outline import ParentSpace
from lecturekit.plan import plan_scene
from lecturekit.resolve import ResolvedLecture
from lecturekit.syntax.parser import parse_description
from lecturekit.theme import PALETTE, THEME
from tests.kinds import star


@pytest.fixture
def with_star() -> Iterator[None]:
    from lecturekit.render import painters

    register(star.KIND)
    painters.painter(star.STAR, star.StarSpec, ParentSpace)(star.paint_star)
    yield
    unregister(star.STAR)
    painters.unregister(star.STAR)


def test_a_painter_is_registered_for_its_kinds_spec_in_each_place_the_kind_stands(with_star: None):
    from lecturekit.kinds import VectorSpec
    from lecturekit.render import painters

    with pytest.raises(TypeError, match="a Star is a StarSpec, not a VectorSpec"):
        painters.painter(star.STAR, VectorSpec, ParentSpace)
    assert star.STAR not in painters.missing()
    painters.unregister(star.STAR)
    assert star.STAR in painters.missing()


OBJECTS = {
    "f": "a Figure (x_range=(0, 1), y_range=(0, 1), aspect=(1, 1))",
    "s": "a Star [red] drawn in f (location=(0.5, 0.5), points=6)",
}
DOES = [(0.5, "f is shown on the screen, written out."), (1.0, "s is shown on the screen, written out.")]


def test_a_star_parses_to_its_own_spec(with_star: None):
    spec, unknown = parse_description(KINDS, "a Star [red] drawn in f (location=(0.2, 0.4), hollow=True, size=3)", "s")
    assert isinstance(spec, star.StarSpec) and spec.hollow is True and spec.parent == "f"
    assert unknown == ("size",)
    with pytest.raises(Exception, match="hollow must be True or False"):
        parse_description(KINDS, "a Star drawn in f (hollow=3)")


def test_a_star_is_checked_by_its_kinds_rules(with_star: None, resolve_scene: Callable[..., ResolvedLecture],
                                               write_toml):
    lone = resolve_scene({"s": "a Star (location=(0.5, 0.5))"}, [(0.5, "s is shown on the screen, written out.")])
    assert any("a Star must be drawn in a Figure or Axes" in d.message for d in lone.diagnostics)
    assert "s" in lone.scenes[0].broken
    bad = resolve_scene({**OBJECTS, "s": "a Star drawn in f (location=(0.5, nope))"}, DOES)
    assert any("uses 'nope'" in d.message for d in bad.diagnostics)
    overridden = resolve_scene(OBJECTS, DOES, overrides=write_toml('["1".s]\nhollow = true\npoints = 7\n'))
    spec = overridden.scenes[0].objects["s"]
    assert spec.hollow is True and spec.points.value == 7.0  # the override coerced by the Star's field table
    assert overridden.renderable


def test_a_star_is_planned_with_its_own_entrance_time(with_star: None,
                                                      resolve_scene: Callable[..., ResolvedLecture]):
    scene = resolve_scene(OBJECTS, DOES).scenes[0]
    assert not scene.broken
    plan = plan_scene(scene, 15)
    cue = next(c for c in plan.cues if c.object == "s")
    assert cue.frames == round(star.SECONDS * 15) and kind_def(star.STAR).seconds is not None
    board = plan.boards[-1]  # the plan lists it where its geometry says, inside its figure
    items = {i.name: i for i in board.items}
    assert items["s"].kind == "Star" and items["s"].parent == "f"
    figure, drawn = items["f"].box, items["s"].box
    assert figure.x0 <= drawn.x0 < drawn.x1 <= figure.x1 and figure.y0 <= drawn.y0 < drawn.y1 <= figure.y1
    assert drawn.center == pytest.approx(figure.center) and drawn.width == pytest.approx(2 * star.RADIUS)


@pytest.mark.slow
def test_a_star_is_drawn_where_its_figure_puts_it(with_star: None, resolve_scene: Callable[..., ResolvedLecture],
                                                  tmp_path):
    from lecturekit.render import stills
    from lecturekit.settings import PRESETS, Quality

    scene = resolve_scene(OBJECTS, DOES).scenes[0]
    plan = plan_scene(scene, 15)
    preset = PRESETS[Quality.l]
    before, after = stills(plan, [14, plan.frames - 1], preset, tmp_path)
    box = plan.stays["f"][0].place.box
    width, height = THEME.board.width, THEME.board.height
    column = round((box.center[0] + width / 2) / width * preset.width)
    row = round((height / 2 - box.center[1]) / height * preset.height)
    red = np.array([int(PALETTE["red"][i: i + 2], 16) for i in (1, 3, 5)])
    assert np.abs(after[row, column].astype(int) - red).max() < 40  # the star's middle, in its colour
    assert np.abs(before[row, column].astype(int) - red).max() > 40  # not there before it is shown
