"""The pseudo-locale: every text accented, 40% longer and bracketed; the boards of the transformer,
the demo and our own lectures hold it (the layout's rules on every board, every action on its
frame), and so do lectures the strategy writes."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.sources import read
from lecturekit.translate import Language, translate
from lecturekit.translate.pseudo import accented, pseudo
from lecturekit.translate.texts import Text, has_words
from tests.conftest import DEMO, ROOT, TRANSFORMER, TRANSFORMER_OVERRIDES
from tests.layout_rules import plan_faults
from tests.lecture_strategy import lectures, write
from tests.translate.frames import cues_on_their_frames

OWN = ROOT / "tests" / "lectures"
LECTURES = {
    "transformer": (TRANSFORMER, TRANSFORMER_OVERRIDES),
    "demo": (DEMO, None),
    "thales": (OWN / "thales" / "lecture.json", None),
    "moving-vectors": (OWN / "moving-vectors" / "lecture.json", None),
    "normal-curve": (OWN / "normal-curve" / "lecture.json", OWN / "normal-curve" / "overrides.toml"),
}


def test_a_pseudo_translation_is_accented_longer_and_bracketed():
    said = pseudo(Text("c", "The tip of $a + b$ is the sum, every time."))
    assert said.startswith("[Ŧĥé ŧîþ öƒ $a + b$ îš ŧĥé šûm, évéŕý ŧîmé. ") and said.endswith("]")
    assert 1.35 <= len(said) / len("The tip of $a + b$ is the sum, every time.") <= 1.45
    assert max(map(len, said.split())) <= 6  # the padding wraps like words
    assert pseudo(Text("c", "tip", part=True)) == accented("tip") == "ŧîþ"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.stdout


def planned_in_pseudo(lecture: Path, overrides: Path | None) -> tuple[dict, list[str]]:
    given_overrides = ["--overrides", str(overrides)] if overrides else []
    code, out = run("check", str(lecture), "--lang", "qps", "--json", *given_overrides)
    assert code == 0, out
    warnings = [e["message"] for e in json.loads(out)["warnings"]]
    code, out = run("plan", str(lecture), "--lang", "qps", "--fps", "15", "--json", *given_overrides)
    assert code == 0, out
    return json.loads(out), warnings


@pytest.mark.parametrize("name", sorted(LECTURES))
def test_every_board_holds_the_pseudo_locale(name):
    lecture, overrides = LECTURES[name]
    plan, warnings = planned_in_pseudo(lecture, overrides)
    original = read(lecture, overrides)
    resolved = translate(original, Language("qps"))
    # nothing the pseudo-locale brings is a warning: no board it cannot hold, no part it loses
    assert len(resolved.diagnostics) == len(original.diagnostics)
    assert not [w for w in warnings if "cannot hold" in w]
    assert plan_faults(plan, warnings) == []
    cues_on_their_frames(plan, lecture, [s.broken for s in original.scenes])
    # every text on every board is the pseudo-locale's
    for scene in resolved.scenes:
        for spec in scene.objects.values():
            if spec.text is not None and spec.kind in ("Title", "Heading", "Text", "Panel", "Block") and has_words(
                    spec.text):
                assert spec.text.startswith("[") and spec.text.endswith("]"), spec


@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(lectures(max_scenes=2))
def test_generated_lectures_hold_the_pseudo_locale(generated):
    with tempfile.TemporaryDirectory() as folder:
        lecture, overrides = write(generated, Path(folder))
        original = read(lecture, overrides)
        resolved = translate(original, Language("qps"))
        assert [d.line() for d in resolved.diagnostics[len(original.diagnostics):]] == []
        plan, warnings = planned_in_pseudo(lecture, overrides)
        assert plan_faults(plan, warnings) == []
        cues_on_their_frames(plan, lecture, [s.broken for s in original.scenes])
