"""A voice per language: the table holds every espeak-ng voice, a beat is spoken in its
language's voice, a Piper voice must speak the language asked for, and every stream of a
multi-language video carries its language."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import av
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from lecturekit.captions import Caption
from lecturekit.diagnostics import LectureError
from lecturekit.multilingual import language_list
from lecturekit.package import Dub, Part, join, multilingual
from lecturekit.voice import piper
from lecturekit.voice.espeak import speak
from lecturekit.voice.languages import ALIASES, LANGUAGES, spoken
from lecturekit.voice.speech import RATE
from lecturekit.voice.track import tts_track


def test_the_table_holds_every_voice_espeak_ng_lists_and_no_other() -> None:
    listed = subprocess.run(["espeak-ng", "--voices"], capture_output=True, text=True, check=True).stdout
    files = {line.split()[4] for line in listed.splitlines()[1:]}
    assert {e.espeak for e in LANGUAGES.values()} == files
    assert len(files) > 100
    for entry in LANGUAGES.values():
        assert len(entry.iso639_2) == 3 and entry.iso639_2.isascii() and entry.iso639_2.islower(), entry
    assert all(alias not in LANGUAGES and target in LANGUAGES for alias, target in ALIASES.items())


@pytest.mark.parametrize(("code", "voice", "iso"), [
    ("de", "gmw/de", "deu"), ("ja", "jpx/ja", "jpn"), ("ar", "sem/ar", "ara"), ("zh", "sit/cmn", "zho"),
    ("zh_Hant_TW", "sit/cmn", "zho"), ("zh-HK", "sit/yue", "zho"), ("ko", "ko", "kor"), ("hi", "inc/hi", "hin"),
    ("he", "sem/he", "heb"), ("ru", "zle/ru", "rus"), ("el", "grk/el", "ell"), ("fr", "roa/fr", "fra"),
    ("es", "roa/es", "spa"), ("pt_BR", "roa/pt-BR", "por"), ("de-AT", "gmw/de", "deu"), ("en", "gmw/en", "eng"),
    ("qps", "gmw/en", "qps"),
])
def test_a_language_code_finds_its_voice_and_its_iso_639_2_code(code: str, voice: str, iso: str) -> None:
    assert (spoken(code).espeak, spoken(code).iso639_2) == (voice, iso)


def test_matroska_is_tagged_with_the_bibliographic_code_and_mp4_with_the_terminological_one() -> None:
    assert (spoken("de").tag(".mp4"), spoken("de").tag(".webm"), spoken("ja").tag(".webm")) == ("deu", "ger", "jpn")
    assert spoken("ar").rtl and spoken("he").rtl and not spoken("de").rtl


@given(st.text(st.characters(codec="ascii", categories=["L", "N", "P"]), min_size=1, max_size=12))
def test_any_other_code_is_one_line_naming_it(code: str) -> None:
    try:
        found = spoken(code)
    except LectureError as exc:
        assert len(exc.diagnostics) == 1 and "\n" not in str(exc)
        assert repr(code[:60]) in str(exc) and "lecturekit voices" in str(exc)
    else:
        tag = code.strip().replace("_", "-").lower()
        assert tag == found.code or tag.startswith(found.code + "-") or ALIASES.get(tag.split("-")[0]) == found.code \
            or any(tag == a or tag.startswith(a + "-") for a in ALIASES)


def test_lang_lists_are_checked_whole() -> None:
    assert language_list("en,de,ar") == ["en", "de", "ar"]
    for bad, said in (("en,,de", "empty"), ("de,de-AT", "more than once"), ("en,xx", "'xx'")):
        with pytest.raises(LectureError, match=said):
            language_list(bad)


def test_a_beat_is_spoken_in_its_languages_voice() -> None:
    german = "Die Aufmerksamkeit ist alles, was man braucht."
    assert not np.array_equal(speak(german, 175, spoken("de").espeak), speak(german, 175))
    beats = [(0.0, 3.0, german), (3.0, 6.0, "Guten Tag.")]
    track = tts_track(beats, 6.0, lang="de")
    assert len(track) == 6 * RATE
    assert np.abs(track[: RATE // 10]).max() > 0.02 and np.abs(track[3 * RATE : 3 * RATE + RATE // 5]).max() > 0.02
    with pytest.raises(LectureError, match="'klingonish'"):
        tts_track(beats, 6.0, lang="klingonish")


def test_a_long_beat_in_another_language_is_sped_up_then_cut_with_a_warning(capsys: pytest.CaptureFixture) -> None:
    long = " ".join(["Die Aufmerksamkeit ist alles, was man braucht."] * 6)
    track = tts_track([(0.0, 2.0, long), (2.0, 3.0, "Ja.")], 3.0, lang="de")
    assert "runs" in capsys.readouterr().err
    assert np.abs(track[int(1.9 * RATE) : 2 * RATE]).max() > 0.0  # spoken to the end of its beat, cut there


def _voice_as(tmp_path: Path, code: str | None) -> Path:
    """The default Piper model beside a config that says it speaks `code` (or says nothing)."""
    model = piper.default_voice()
    fake = tmp_path / f"voice-{code}.onnx"
    fake.symlink_to(model)
    config = json.loads(model.with_name(model.name + ".json").read_text(encoding="utf-8"))
    if code is None:
        del config["language"]
    else:
        config["language"]["code"] = code
        config["espeak"]["voice"] = code.split("_")[0]
    fake.with_name(fake.name + ".json").write_text(json.dumps(config), encoding="utf-8")
    return fake


def test_a_piper_voice_must_speak_the_language_asked_for(tmp_path: Path) -> None:
    with pytest.raises(LectureError, match="no Piper voice for German"):
        piper.voice_for(spoken("de"), None)
    assert piper.voice_for(spoken("en-us"), None) == piper.default_voice()
    assert piper.voice_for(spoken("qps"), None) == piper.default_voice()
    with pytest.raises(LectureError, match="speaks 'en_US', not German"):
        piper.voice_for(spoken("de"), piper.default_voice())
    german = _voice_as(tmp_path, "de_DE")
    assert piper.voice_for(spoken("de-CH"), german) == german
    unsaid = _voice_as(tmp_path, None)
    assert piper.voice_for(spoken("ja"), unsaid) == unsaid  # a voice that names no language is taken at its word


def test_piper_speaks_a_beat_with_a_voice_for_the_language(tmp_path: Path) -> None:
    track = tts_track([(0.0, 3.0, "Guten Tag, wie geht es?")], 3.0, "piper", _voice_as(tmp_path, "de_DE"), "de")
    assert np.abs(track[: RATE // 10]).max() > 0.01


def _video(path: Path, frames: int = 30) -> Path:
    with av.open(str(path), "w") as container:
        stream = container.add_stream("libx264", rate=15)
        stream.width, stream.height, stream.pix_fmt = 64, 64, "yuv420p"
        for i in range(frames):
            frame = av.VideoFrame.from_ndarray(np.full((64, 64, 3), i * 8, np.uint8), format="rgb24")
            frame.pts = i
            container.mux(stream.encode(frame))
        container.mux(stream.encode(None))
    return path


def test_a_multilingual_mp4_has_a_narration_and_a_caption_track_per_language(tmp_path: Path) -> None:
    scene = _video(tmp_path / "scene.mp4")
    joined = tmp_path / "joined.mp4"
    join([Part(scene, "One"), Part(scene, "Two")], joined, 15, [Caption(0.0, 1.0, ("Hello",))])
    texts = {"en": "Hello", "de": "Grüß Gott", "ja": "こんにちは", "ar": "مرحبا بكم"}
    dubs = [Dub(code, (np.sin(np.arange(4 * RATE) * (k + 1) / 40) * 0.3).astype(np.float32),
                [Caption(0.5, 1.5, (text,)), Caption(2.0, 3.0, (text, text))], (f"{code} 1", f"{code} 2"))
            for k, (code, text) in enumerate(texts.items())]
    out = tmp_path / "lecture.en-de-ja-ar.mp4"
    multilingual(joined, dubs, out)
    with av.open(str(out)) as container:
        video, audio = container.streams.video, container.streams.audio
        subtitles = container.streams.subtitles
        assert len(video) == 1 and video[0].metadata["language"] == "eng"
        assert [s.metadata["language"] for s in audio] == ["eng", "deu", "jpn", "ara"]
        assert [s.metadata["language"] for s in subtitles] == ["eng", "deu", "jpn", "ara"]
        assert [bool(s.disposition & av.stream.Disposition.default) for s in audio] == [True, False, False, False]
        assert [c["metadata"]["title"] for c in container.chapters()] == ["en 1", "en 2"]
        rate = audio[0].rate
    read, heard = {}, []
    for n in range(len(texts)):
        with av.open(str(out)) as container:
            stream = container.streams.subtitles[n]
            read[stream.metadata["language"]] = [bytes(p)[2:].decode() for p in container.demux(stream) if p.size > 2]
        with av.open(str(out)) as container:
            heard.append(np.concatenate([f.to_ndarray()[0] for f in container.decode(container.streams.audio[n])]))
    assert read["jpn"][0] == "こんにちは" and read["ara"][1] == "مرحبا بكم\nمرحبا بكم"
    assert all(abs(len(h) / rate - 4.0) < 0.1 for h in heard)
    assert not np.allclose(heard[0][: len(heard[1])], heard[1])  # each language its own track


def test_every_stream_of_a_joined_video_carries_its_language(tmp_path: Path) -> None:
    scene = _video(tmp_path / "scene.mp4")
    for suffix, code, tag in ((".mp4", "de", "deu"), (".mp4", "en", "eng")):
        joined = tmp_path / f"joined-{code}{suffix}"
        join([Part(scene, "One")], joined, 15, [Caption(0.0, 1.0, ("Hallo",))], lang=code)
        with av.open(str(joined)) as container:
            assert {s.metadata.get("language") for s in container.streams if s.type in ("video", "subtitle")} == {tag}


def test_japanese_kanji_are_read_as_kana_not_named_chinese_letters() -> None:
    from lecturekit.voice.reading import for_espeak

    text = "注意力こそがすべてです。"
    assert for_espeak(text, spoken("ja")) == "ちゅういりょくこそがすべてです。"
    assert for_espeak(text, spoken("zh")) == text and for_espeak("すべて", spoken("ja")) == "すべて"
    named = speak(text, 175, spoken("ja").espeak)  # "Chinese letter" three times, in English
    read = speak(for_espeak(text, spoken("ja")), 175, spoken("ja").espeak)
    assert len(read) < len(named) * 0.6


def test_a_mov_is_tagged_in_quicktimes_own_spelling(tmp_path: Path) -> None:
    scene = tmp_path / "scene.mov"
    with av.open(str(scene), "w") as container:
        stream = container.add_stream("prores_ks", rate=15)
        stream.width, stream.height, stream.pix_fmt = 64, 64, "yuva444p10le"
        container.mux(stream.encode(av.VideoFrame.from_ndarray(np.zeros((64, 64, 3), np.uint8), format="rgb24")))
        container.mux(stream.encode(None))
    kept = {}
    for code in ("de", "fr", "zh", "ja", "ar", "cs", "nl", "ru", "el", "he", "hi", "ko"):
        joined = tmp_path / f"joined-{code}.mov"
        join([Part(scene, "One")], joined, 15, lang=code)
        with av.open(str(joined)) as container:
            kept[code] = container.streams.video[0].metadata.get("language")
    assert kept == {"de": "ger", "fr": "fra", "zh": "chi", "ja": "jpn", "ar": "ara", "cs": "ces", "nl": "dut",
                    "ru": "rus", "el": "gre", "he": "heb", "hi": "hin", "ko": "kor"}


def test_a_beat_espeak_cannot_finish_in_time_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from lecturekit.voice import espeak

    monkeypatch.setattr(espeak, "TIMEOUT", 0.001)
    with pytest.raises(LectureError, match=r"took over 0\.001 s to speak a beat of 2000 characters") as caught:
        speak("x " * 1000, 175)
    assert len(caught.value.diagnostics) == 1
