"""Text that Typst cannot typeset is found while the lecture is read: the object is left out with
a warning that names it and carries Typst's reason, and everything else still renders. Two slips
are repaired instead, with a note: LaTeX's `\\` line break, and a label that is a word."""

from __future__ import annotations

import pytest

from lecturekit.kinds import KINDS
from lecturekit.resolve.typesetting import untypesettable
from lecturekit.syntax.nodes import Kind
from lecturekit.syntax.parser import parse_description
from lecturekit.typst.compiler import compile_svg
from lecturekit.typst.source import body_for, label_spec

GOOD = {"ok": 'a Panel that says "Fine text with $x^2$ in it."'}
SHOW = "{} is shown on the screen, written out."


@pytest.mark.parametrize(("name", "description"), [
    ("m", 'a Math that says "$frac(a, b$"'),
    ("d", 'a Derivation that says "$x &= frac(1 \\ &= 2$"'),
    ("p", 'a Panel that says "Unclosed $sqrt(x$ in prose."'),
    ("t", "a Table that says \"a b\" (rows=(('$frac(x$', 'b'),), header=False)"),
    ("v", 'a Vector labelled "frac(1" drawn in f (end=(1, 1))'),
])
def test_an_untypesettable_text_is_left_out_with_typsts_reason(resolve_scene, name: str, description: str):
    objects = {**GOOD, "f": "a Figure (x_range=(0, 2), y_range=(0, 2))", name: description}
    resolved = resolve_scene(objects, [(0.0, SHOW.format("ok")), (0.0, SHOW.format("f")),
                                       (0.5, SHOW.format(name)), (1.0, f"{name} is emphasized.")])
    scene = resolved.scenes[0]
    assert scene.broken == {name}
    [line] = [d.line() for d in resolved.diagnostics if "Typst" in d.line()]
    assert line.startswith(f"warning: scene 'Scene One', object '{name}': Typst cannot typeset it: ")
    assert line.endswith("; it is left out (fix the text)")
    assert [a.action.object for a in scene.actions if a.action.object not in scene.broken] == ["ok", "f"]


def test_texts_that_compile_are_not_compiled_one_by_one(monkeypatch: pytest.MonkeyPatch):
    import lecturekit.resolve.typesetting as typesetting

    compiled: list[str] = []
    real = typesetting.compile_svg
    monkeypatch.setattr(typesetting, "compile_svg", lambda body: compiled.append(body) or real(body))
    objects = {f"m{i}": parse_description(KINDS, f'a Math that says "$x_{i}$"', f"m{i}")[0] for i in range(20)}
    assert untypesettable(objects, {}) == ({}, {})
    assert len(compiled) == 1  # the whole scene at once
    objects["bad"] = parse_description(KINDS, 'a Math that says "$frac(a$"', "bad")[0]
    assert list(untypesettable(objects, {})[0]) == ["bad"]


def test_latexs_double_backslash_breaks_a_derivations_line(resolve_scene):
    resolved = resolve_scene({"d": 'a Derivation that says "$x &= (1 + 1) \\\\ &= 2$"'},
                             [(0.0, SHOW.format("d")), (0.5, SHOW.format("d")),
                              (1.0, 'd (the "= 2" part) is emphasized.')])
    scene = resolved.scenes[0]
    assert scene.broken == frozenset()
    assert scene.objects["d"].text == "$x &= (1 + 1)  \\ &= 2$"  # the same length: parts keep their offsets
    assert [d.line() for d in resolved.diagnostics] == [
        "inferred: scene 'Scene One', object 'd': reads LaTeX's '\\\\' as a line break (Typst writes '\\')"]
    assert compile_svg(body_for(scene.objects["d"], [], None)[0])


def test_a_label_that_is_not_math_is_set_as_plain_text(resolve_scene):
    resolved = resolve_scene({"f": "a Figure (x_range=(0, 2), y_range=(0, 2))",
                              "p": 'a Point labelled "origin" drawn in f (location=(0, 0))',
                              "v": 'a Vector labelled "v_1" drawn in f (end=(1, 1))'},
                             [(0.0, SHOW.format("f")), (0.5, SHOW.format("p")), (0.5, SHOW.format("v"))])
    scene = resolved.scenes[0]
    assert scene.broken == frozenset()
    assert [d.line() for d in resolved.diagnostics] == [
        "inferred: scene 'Scene One', object 'p': label 'origin' is not Typst math; it is set as plain text"]
    assert label_spec(scene.objects["p"]).kind is Kind.TEXT
    assert label_spec(scene.objects["v"]).kind is Kind.MATH
    assert '"origin"' in body_for(label_spec(scene.objects["p"]), [], None)[0]  # a string, never markup


def test_a_text_that_typesets_only_without_its_parts_is_emphasised_whole(resolve_scene, monkeypatch):
    """The safety net under the grouping of parts (`lecturekit.typst.source._whole`): should a marked body
    still not compile, the object is kept and its parts are let go, with one warning."""
    import lecturekit.resolve.typesetting as typesetting

    real = typesetting.body_for
    monkeypatch.setattr(typesetting, "body_for", lambda spec, parts, wrap: (
        ("$frac(a$", (), 0) if parts else real(spec, parts, wrap)))
    resolved = resolve_scene({"m": 'a Math that says "$a^2 + b^2 = c^2$"'},
                             [(0.0, SHOW.format("m")), (0.5, 'm (the "b^2" part) is emphasized.'),
                              (1.0, 'm (the "c^2" part) is indicated — a transient flash.')])
    scene = resolved.scenes[0]
    assert scene.broken == frozenset()
    [line] = [d.line() for d in resolved.diagnostics]
    assert line.startswith("warning: scene 'Scene One', object 'm': its parts cannot be marked in it (Typst cannot")
    assert [getattr(a.action, "part", "none") for a in scene.actions] == ["none", None, None]
