"""Text that Typst cannot typeset is found while the lecture is read: the object is left out with
a warning that names it and carries Typst's reason, and everything else still renders."""

from __future__ import annotations

import pytest

from lecturekit.resolve.typesetting import untypesettable
from lecturekit.syntax.parser import parse_description

GOOD = {"ok": 'a Panel that says "Fine text with $x^2$ in it."'}
SHOW = "{} is shown on the screen, written out."


@pytest.mark.parametrize(("name", "description"), [
    ("m", 'a Math that says "$frac(a, b$"'),
    ("d", 'a Derivation that says "$x &= (1 + \\\\ &= 2$"'),
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
    objects = {f"m{i}": parse_description(f'a Math that says "$x_{i}$"', f"m{i}")[0] for i in range(20)}
    assert untypesettable(objects) == {}
    assert len(compiled) == 1  # the whole scene at once
    objects["bad"] = parse_description('a Math that says "$frac(a$"', "bad")[0]
    assert list(untypesettable(objects)) == ["bad"]
