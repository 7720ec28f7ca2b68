"""Real formulas (Typst's math reference and its own math test suite, `tests/data/
typst_math_corpus.txt`) drawn by the rebuild exactly as Typst draws them as written: for each
formula, lecturekit's rebuilt source and the raw source compile in the same template to
pixel-identical PNGs; a formula that holds code is refused instead, `#` shown as the character,
with its one note."""

from __future__ import annotations

from pathlib import Path

import pytest

from lecturekit.syntax.nodes import Kind, Spec
from lecturekit.typst.math_syntax import CODE, notes
from lecturekit.typst.source import rewrites
from tests.typst.pictures import failure, pages, raw, rebuilt
from tests.typst.test_injection import code_outside_strings

CORPUS = Path(__file__).parents[1] / "data" / "typst_math_corpus.txt"
REFUSED_GROUP = "Formulas that hold code"


def corpus() -> list[tuple[str, str]]:
    """(group, formula) for every formula of the corpus, in order."""
    found: list[tuple[str, str]] = []
    group: str | None = None
    lines: list[str] = []
    for line in [*CORPUS.read_text(encoding="utf-8").splitlines(), ""]:
        if line.startswith("## "):
            group = line[3:]
        elif group is not None and line.strip():
            lines.append(line)
        elif lines:
            found.append((group, "\n".join(lines)))
            lines = []
    return found


FORMULAS = corpus()
DRAWN = [math for group, math in FORMULAS if not group.startswith(REFUSED_GROUP)]
REFUSED = [math for group, math in FORMULAS if group.startswith(REFUSED_GROUP)]


def test_the_corpus_is_large_and_names_its_sources() -> None:
    assert len(DRAWN) >= 200 and len(REFUSED) >= 10
    assert len(set(DRAWN)) == len(DRAWN)
    groups = {group for group, _ in FORMULAS}
    assert any(g.startswith("typst/typst tests/suite/math/") for g in groups)
    assert any("typst.app/docs/reference/math" in g for g in groups)


def test_every_formula_is_drawn_as_typst_draws_it_as_written() -> None:
    try:
        originals = pages([raw(math) for math in DRAWN])
    except Exception:  # name the formula Typst cannot draw as written: it does not belong here
        broken = [(math, reason) for math in DRAWN if (reason := failure(raw(math))) is not None]
        pytest.fail(f"formulas Typst cannot draw as written: {broken}")
    try:
        ours = pages([rebuilt(math) for math in DRAWN])
    except Exception:
        broken = [(math, rebuilt(math), reason) for math in DRAWN if (reason := failure(rebuilt(math))) is not None]
        pytest.fail(f"rebuilt formulas Typst cannot draw: {broken}")
    assert len(originals) == len(ours) == len(DRAWN)
    differ = [math for math, a, b in zip(DRAWN, originals, ours, strict=True) if a != b]
    assert differ == []
    assert [math for math in DRAWN if notes(math)] == []  # and so no warning on any of them


@pytest.mark.parametrize("math", REFUSED)
def test_a_formula_that_holds_code_is_refused_with_its_note(math: str) -> None:
    assert CODE in notes(math)
    assert code_outside_strings(rebuilt(math)) == []
    spec = Spec(name="m", kind=Kind.MATH, text=f"${math}$")
    assert CODE in (rewrites(spec) or "")  # the one "math rewritten" warning the object gets says so
