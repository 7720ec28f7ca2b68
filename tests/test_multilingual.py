"""One lecture, every language: `render --lang en,de,ja --board original` writes one MP4 with a
narration and a caption track per language, each tagged, each beat's speech on its beat; without
--board original, a video per language, each tagged with its own."""

from __future__ import annotations

from pathlib import Path

import av
import numpy as np
import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.diagnostics import LectureError
from lecturekit.sources import read
from tests.conformance import Expected, conforms
from tests.conftest import DEMO, named, written
from tests.voice.test_narration import onsets

runner = CliRunner()


@pytest.fixture(scope="module")
def dubbed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dubbed")
    done = runner.invoke(app, ["render", str(DEMO), "--lang", "en,de,ja", "--board", "original", "--tts", "espeak",
                               "-q", "l", "--jobs", "2", "--quiet", "--out", str(out)])
    assert done.exit_code == 0, done.output
    slug = read(DEMO).slug
    return out / slug / f"{slug}.en-de-ja.mp4"


@pytest.mark.slow
def test_render_json_names_every_file_the_render_wrote_the_multilingual_one_too(dubbed: Path) -> None:
    out = dubbed.parents[1]
    assert dubbed.name in written(out)[dubbed.parent.name]
    assert written(out) == named(out)


@pytest.mark.slow
def test_the_joined_mp4_carries_a_narration_and_a_caption_track_per_language(dubbed: Path) -> None:
    resolved = read(DEMO)
    with av.open(str(dubbed)) as container:
        assert len(container.streams.video) == 1
        assert [s.metadata["language"] for s in container.streams.audio] == ["eng", "deu", "jpn"]
        assert [s.metadata["language"] for s in container.streams.subtitles] == ["eng", "deu", "jpn"]
        assert [bool(s.disposition & av.stream.Disposition.default) for s in container.streams.audio] == [
            True, False, False]
        assert [c["metadata"]["title"] for c in container.chapters()] == [s.title for s in resolved.scenes]
        seconds = container.duration / 1e6
    starts = [b.start for s in resolved.scenes for b in s.beats if b.say.strip()]
    heard = []
    for n in range(3):
        with av.open(str(dubbed)) as container:
            stream = container.streams.audio[n]
            samples = np.concatenate([f.to_ndarray()[0] for f in container.decode(stream)])
            heard.append(samples)
            assert abs(len(samples) / stream.rate - seconds) < 0.1
            late = onsets(samples, stream.rate, starts)
            assert max(late) <= 1 / 15, (n, list(zip(starts, late, strict=True)))  # every beat on its frame
        with av.open(str(dubbed)) as container:
            cues = [bytes(p)[2:].decode() for p in container.demux(container.streams.subtitles[n]) if p.size > 2]
            assert len(cues) >= len(starts)
    shortest = min(map(len, heard))
    assert not np.allclose(heard[0][:shortest], heard[1][:shortest])  # German's voice is not English's


@pytest.mark.slow
def test_the_file_with_a_track_per_language_is_read_as_written_by_other_tools(dubbed: Path, tmp_path: Path) -> None:
    conforms(dubbed, Expected("h264", 854, 480, 930, 15, chapters=2, audio=3, subtitles=3), tmp_path)


@pytest.mark.slow
def test_without_the_original_board_each_language_has_its_own_video(tmp_path: Path) -> None:
    done = runner.invoke(app, ["render", str(DEMO), "--lang", "en,ar", "--scene", "1", "-q", "l", "--jobs", "2",
                               "--quiet", "--out", str(tmp_path)])
    assert done.exit_code == 0, done.output
    slug = read(DEMO).slug
    for folder, tag in ((slug, "eng"), (f"{slug}.ar", "ara")):
        [video] = (tmp_path / folder).glob("01-*.mp4")
        with av.open(str(video)) as container:
            assert {s.metadata.get("language") for s in container.streams} == {tag}
    assert set(written(tmp_path)) == {slug, f"{slug}.ar"} and written(tmp_path) == named(tmp_path)


def test_board_original_needs_languages_and_a_voice_in_one_language_refuses_a_recording(tmp_path: Path) -> None:
    done = runner.invoke(app, ["render", str(DEMO), "--board", "original", "--out", str(tmp_path)])
    assert done.exit_code == 2 and "original needs --lang" in done.output
    done = runner.invoke(app, ["render", str(DEMO), "--lang", "en,xx", "--out", str(tmp_path)])
    assert done.exit_code == 2 and "'xx'" in done.output
    done = runner.invoke(app, ["render", str(DEMO), "--lang", "en,de", "--board", "original", "--fit", "retime",
                               "--tts", "piper", "--out", str(tmp_path)])
    assert done.exit_code == 2 and "cannot keep time with the others" in done.output
    done = runner.invoke(app, ["render", str(DEMO), "--lang", "de", "--fit", "retime", "--tts", "espeak",
                               "--out", str(tmp_path)])
    assert done.exit_code == 2 and "follows Piper's speech" in done.output
    assert not any(tmp_path.iterdir())


def test_publish_writes_a_bundle_per_language_from_the_lecture_in_it(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    from types import SimpleNamespace

    from lecturekit import publish
    from lecturekit.multilingual import as_recorded

    asked, pages = [], []

    def bundle(resolved, settings, *rest):
        asked.append((resolved.slug, settings.language))
        return SimpleNamespace(page=SimpleNamespace(tracks=[settings.language]))

    monkeypatch.setattr(publish, "_bundle", bundle)
    monkeypatch.setattr(publish, "_finished", lambda bundle, tracks, scorm: pages.append(tracks) or [])
    said = []

    def translate(resolved, code):
        said.append(code)
        return as_recorded(resolved, code)

    from lecturekit.settings import Quality, RenderSettings

    publish.publish_languages(DEMO, None, RenderSettings(Quality.l, tmp_path), ["en", "de", "ar"], translate)
    slug = read(DEMO).slug
    assert said == ["de", "ar"]  # the lecture is in English as recorded
    assert asked == [(slug, "en"), (f"{slug}.de", "de"), (f"{slug}.ar", "ar")]
    assert pages == [["en", "de", "ar"], ["de", "en", "ar"], ["ar", "en", "de"]]  # every language, its own first


@pytest.mark.slow  # Piper speaks the demo's eight beats: about 35 s of CPU
def test_fit_retime_in_a_language_follows_its_own_voice(tmp_path: Path) -> None:
    import shutil

    from lecturekit.model import load
    from lecturekit.multilingual import as_recorded, retimed_in
    from tests.voice.test_languages import _voice_as

    shutil.copytree(DEMO.parent, tmp_path / "demo", ignore=shutil.ignore_patterns("locale"))
    source = tmp_path / "demo" / DEMO.name
    german = _voice_as(tmp_path, "de_DE")
    out = retimed_in(read(source), "de", german, as_recorded)
    assert out == source.with_name(f"{source.stem}.retimed.de.json")
    before, after = load(source), load(out)
    starts = [b.start for s in after.scenes for b in s.beats]
    assert starts != [b.start for s in before.scenes for b in s.beats]  # moved to the German voice's pace
    assert starts == sorted(starts) and read(out).renderable
    with pytest.raises(LectureError, match="no Piper voice for German"):
        retimed_in(read(source), "de", None, as_recorded)
