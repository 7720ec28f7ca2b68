"""The demo as it ships in German, Japanese and Arabic: every text its boards typeset and every
beat's narration is in the language, no English left but the product's name (and what is on
purpose the same word in both), every action on its frame, and one render decoded."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.pipeline import plan_scenes
from lecturekit.sources import read
from lecturekit.translate import Language
from tests.conftest import DEMO
from tests.translate.frames import cues_on_their_frames, shown_texts, words

#: Words the translation keeps as the English has them, on purpose: the product's name, and
#: German words spelt as the English ones are.
KEPT = {"de": {"lecturekit", "Demo", "Phase"}, "ja": {"lecturekit"}, "ar": {"lecturekit"}}
SCRIPT = {"ja": re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]"), "ar": re.compile(r"[\u0600-\u06ff]")}


@pytest.fixture(scope="module")
def english():
    resolved = read(DEMO)
    return resolved, set().union(*(words(t) for p in plan_scenes(resolved, resolved.scenes, 15)
                                   for t in shown_texts(p)))


@pytest.mark.parametrize("code", ["de", "ja", "ar"])
def test_the_demo_is_wholly_in_each_language_it_ships(code, english):
    original, vocabulary = english
    resolved = read(DEMO, language=Language(code))
    report = resolved.translation
    assert report.file.endswith(f"demo/locale/{code}.po")
    assert (report.translated, report.fuzzy, report.untranslated, report.unused) == (report.texts, (), (), 0)
    assert resolved.diagnostics == original.diagnostics  # nothing lost: every part found in its translation
    for plan in plan_scenes(resolved, resolved.scenes, 15):
        for text in shown_texts(plan):
            left = words(text) & vocabulary
            assert left <= KEPT[code], (text, left)
            if code in SCRIPT and words(text) - KEPT[code]:
                assert SCRIPT[code].search(text), text
    for before, after in zip(original.scenes, resolved.scenes, strict=True):
        assert after.title != before.title
        for a, b in zip(before.beats, after.beats, strict=True):
            assert b.say != a.say and (code not in SCRIPT or SCRIPT[code].search(b.say))
    result = CliRunner().invoke(app, ["plan", "--lang", code, "--fps", "15", "--json"])
    assert result.exit_code == 0
    cues_on_their_frames(json.loads(result.stdout), DEMO, [s.broken for s in original.scenes])


@pytest.mark.slow
def test_the_german_demo_renders_in_german(tmp_path):
    """Rendered at -q l and decoded: its frames are those of the German plan (the board at 0:40
    is the German still's, not the English one's), its chapters and its caption track German."""
    import av
    import numpy as np
    from PIL import Image

    from tests.render.test_formats import decode, psnr

    media = tmp_path / "media"
    rendered = CliRunner().invoke(app, ["render", "--lang", "de", "-q", "l", "--jobs", "1", "--quiet",
                                        "--out", str(media)])
    assert rendered.exit_code == 0, rendered.output
    joined = media / "lecturekit-demo.de" / "lecturekit-demo.de.mp4"
    frames = decode(joined)
    assert len(frames) == 62 * 15  # every scene as long as the lecture says, so every cue on its frame
    with av.open(str(joined)) as container:
        chapters = [c["metadata"]["title"] for c in container.chapters()]
        [subtitles] = container.streams.subtitles
        # a sample is its length (2 bytes) and its text; the muxer opens with an empty one
        cues = [bytes(p)[2:].decode() for p in container.demux(subtitles) if p.size > 2]
    assert chapters == ["Eine Welle und ihre Phase", "Pfeile addieren"]
    assert cues[0] == "Willkommen zur lecturekit-Demo." and any("Spitze" in c for c in cues)
    stills = {}
    for code in ("de", None):
        out = tmp_path / f"{code}.png"
        args = ["still", "--at", "40", "-q", "l", "--out", str(out), *(["--lang", code] if code else [])]
        assert CliRunner().invoke(app, args).exit_code == 0
        stills[code] = np.asarray(Image.open(out).convert("RGB"))
    assert psnr(frames[40 * 15], stills["de"]) >= 35
    assert psnr(frames[40 * 15], stills[None]) < psnr(frames[40 * 15], stills["de"]) - 5
