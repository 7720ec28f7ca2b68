"""Math is checked before it is compiled: Typst's own names only, no code."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lecturekit.math_names import allowed_names, problem, problems_in


@pytest.mark.parametrize("math", [
    'h_t = f(h_(t-1), thin x_t)', 'op("softmax")(frac(Q K^T, sqrt(d_k))) V', "sum_(i=1)^(d_k) q_i k_i",
    'd_(upright("model")) = 512, quad d_(upright("ff")) = 2048', "checkmark", "-infinity", "dot.op",
    'upright("read(#1)")', "O(log_k (n))", "alpha_i = frac(e^(s_i), sum_j e^(s_j))",
])
def test_the_lectures_math_passes(math: str) -> None:
    assert problem(math) is None


@pytest.mark.parametrize(("math", "message"), [
    ('#read("/etc/passwd")', "math may not contain '#' (Typst code)"),
    ('std.read("/etc/passwd")', "math uses 'std', which is not a Typst math or symbol name"),
    ('read("/etc/passwd")', "math uses 'read', which is not a Typst math or symbol name"),
    ('x + eval("1")', "math uses 'eval', which is not a Typst math or symbol name"),
    ('plugin("a.wasm")', "math uses 'plugin', which is not a Typst math or symbol name"),
])
def test_code_in_math_is_refused_with_a_reason(math: str, message: str) -> None:
    assert problem(math) == message


def test_prose_is_checked_piece_by_piece() -> None:
    assert problems_in("Fine $x^2$ and $read(\"a\")$.", whole_formula=False) == (
        "math uses 'read', which is not a Typst math or symbol name")
    assert problems_in("Costs #read(\"a\") in prose are only text.", whole_formula=False) is None


def test_the_names_come_from_typst_and_leave_out_its_file_functions() -> None:
    names = allowed_names()
    assert {"frac", "sqrt", "upright", "op", "alpha", "arrow"} <= names
    assert not {"read", "eval", "plugin", "import", "include", "json", "std", "sys"} & names


@settings(max_examples=200, deadline=None)
@given(st.from_regex(r"[a-z]{2,10}", fullmatch=True))
def test_any_multi_letter_name_passes_only_if_typst_knows_it(name: str) -> None:
    assert (problem(f"{name}(x)") is None) == (name in allowed_names())


def test_an_object_with_code_in_its_math_is_left_out_with_a_warning(resolve_scene) -> None:
    resolved = resolve_scene({"m": 'a Math that says "$#read("/etc/passwd")$"'},
                             [(0.0, "m is shown on the screen, written out.")])
    assert "m" in resolved.scenes[0].broken
    assert [d.line() for d in resolved.diagnostics] == [
        "warning: scene 'Scene One', object 'm': math may not contain '#' (Typst code); it is left out "
        "(write the math with Typst's own names)"]
