"""The table of kinds: every kind is one module with every part given, and one painter; a kind
that lacks a part fails where it is made; the field tables the stages use come from the specs."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from dataclasses import dataclass

import pytest

from lecturekit.kinds import Entrance, Ink, KindDef, Parent, Role, Stands, kind_def, registered
from lecturekit.kinds.base import WRITTEN_HINTS, entering, timing
from lecturekit.syntax.nodes import FORMAT_KINDS, FieldType, Kind, ShowStyle, Spec, Value, attribute


def test_the_formats_kinds_are_registered_in_its_order():
    assert tuple(d.kind for d in registered())[: len(FORMAT_KINDS)] == FORMAT_KINDS
    assert all(kind_def(k).kind is k and kind_def(k).spec.__name__ == f"{k.value}Spec" for k in FORMAT_KINDS)


def test_every_kind_says_how_it_enters_and_how_long_for_every_show_style():
    for definition in registered():
        assert set(definition.enters) == set(ShowStyle) == set(definition.seconds)


def test_kinds_are_interned_and_survive_pickling():
    import pickle

    assert Kind("Vector") is Kind.VECTOR
    assert pickle.loads(pickle.dumps(Kind.AXES)) is Kind.AXES
    assert Kind.TITLE.value == "Title" == str(Kind.TITLE)


def test_the_field_table_is_the_specs():
    axes = kind_def(Kind.AXES).params
    assert axes == {"x_range": FieldType.PAIR, "y_range": FieldType.PAIR, "aspect": FieldType.PAIR,
                    "x_ticks_every": FieldType.NUMBER, "y_ticks_every": FieldType.NUMBER}
    assert kind_def(Kind.LINE).params["dashed"] is FieldType.FLAG
    assert kind_def(Kind.PLOT_POINT).params["target"] is FieldType.REF
    assert kind_def(Kind.TABLE).fields["color"] is FieldType.TEXT


@dataclass(frozen=True)
class _Shape(Spec):
    size: Value = attribute(FieldType.NUMBER)


PARTS = dict(kind=Kind("Shape"), spec=_Shape, role=Role.CHILD, parent=Parent.REQUIRED, container=False,
             stepped=False, reflows=False, text=None, inks=Ink.MARK, backing=None, fills=False,
             enters=entering(Entrance.CREATE),
             seconds=timing(1.0), label_rank=None, labelled=True, geometry=None, stands=Stands.ELSEWHERE,
             hints=frozenset(), least=None)


@pytest.mark.parametrize("part", sorted(PARTS))
def test_a_kind_that_lacks_a_part_cannot_be_made(part: str):
    with pytest.raises(TypeError):
        KindDef(**{k: v for k, v in PARTS.items() if k != part})


def test_a_kind_silent_on_a_show_style_or_with_an_untyped_attribute_cannot_be_made():
    with pytest.raises(TypeError, match="grown"):
        KindDef(**{**PARTS, "enters": {ShowStyle.WRITTEN: Entrance.CREATE, ShowStyle.DRAWN: Entrance.CREATE}})

    @dataclass(frozen=True)
    class Untyped(Spec):
        size: float = 1.0

    with pytest.raises(TypeError, match="size"):
        KindDef(**{**PARTS, "spec": Untyped})


@pytest.mark.parametrize(("stands", "missing"), [(Stands.BETWEEN, "start, end"), (Stands.AT, "location")])
def test_a_kind_that_stands_on_pairs_it_lacks_cannot_be_made(stands: Stands, missing: str):
    with pytest.raises(TypeError, match=f"Shape: it stands {stands.value} but has no pair {missing}"):
        KindDef(**{**PARTS, "stands": stands})


def test_where_the_format_kinds_stand_is_their_own_pairs():
    """Other stages ask the kind table where a child stands, not whether its spec has an `end`.
    A kind whose `location` may be left out (a Math, placed where the lecture says or beside what
    it labels) stands elsewhere: a label is never set around it."""
    for definition in registered():
        fields = definition.fields
        between = fields.get("start") is FieldType.PAIR and fields.get("end") is FieldType.PAIR
        defaults = {f.name: f.default for f in dataclasses.fields(definition.spec)}
        at = fields.get("location") is FieldType.PAIR and defaults["location"] is not None
        assert definition.stands is (Stands.BETWEEN if between else Stands.AT if at else Stands.ELSEWHERE)


def test_a_kind_without_a_painter_fails_when_the_painters_are_imported():
    program = (
        "from tests.kinds.test_kinds import PARTS\n"
        "from lecturekit.kinds import KindDef, register\n"
        "register(KindDef(**PARTS))\n"
        "import lecturekit.render.painters\n"
    )
    run = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "ImportError: no painter for Shape" in run.stderr


def test_a_kind_never_drawn_in_a_figure_is_left_out_with_a_warning_when_it_is(resolve_scene):
    resolved = resolve_scene({"f": "a Figure", "t": 'a Text that says "hi" drawn in f'},
                             [(0.5, "f is shown on the screen, written out."),
                              (1.0, "t is shown on the screen, written out.")])
    assert "t" in resolved.scenes[0].broken
    assert any("a Text is not drawn in a Figure or Axes; it is left out" in d.message for d in resolved.diagnostics)


@pytest.mark.parametrize("parts", [{}, {"stepped": True, "enters": entering(Entrance.WRITE)}])
def test_a_kind_that_takes_the_left_to_right_hint_must_be_written_whole(parts: dict):
    with pytest.raises(TypeError, match="Shape: it takes enter:write-left-to-right but is not written as it enters"):
        KindDef(**{**PARTS, **parts, "hints": WRITTEN_HINTS})
    assert KindDef(**{**PARTS, "enters": entering(Entrance.PANEL), "hints": WRITTEN_HINTS}).hints == WRITTEN_HINTS
