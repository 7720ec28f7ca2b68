"""The PDF handout (`lecturekit handout`): a page a beat, each page the frame the MP4 shows at the
beat's end (decoded, compared as pixels) above the beat's narration (read back by poppler's
pdftotext), hostile narration set as the text it is, Japanese in the board's CJK font; one
compile each."""

from __future__ import annotations

import json
import subprocess
from dataclasses import replace
from pathlib import Path

import av
import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from lecturekit import work
from lecturekit.cli import app
from lecturekit.handout import write_handout
from lecturekit.handout.document import language, source
from lecturekit.handout.frames import frames_at
from lecturekit.handout.write import beats
from lecturekit.resolve import ResolvedLecture
from lecturekit.sources import read

SLUG = "lecturekit-demo"
#: Narration no handout may read as Typst: markup, code, a file read, a package, math, escapes.
HOSTILE = ('#import "@preview/cetz:0.3.0": * #read("/etc/passwd")', '] } ) $x^2$ \\ \\\\ #{panic("no")} <l> @r',
           '*bold* _it_ `raw` // c /* d #set page(width: 1pt) #pagebreak()')
JAPANESE = "コンデンサの電圧は、時定数ごとに指数関数的に近づきます。直線ではありません。"


def _pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))


def _text(pdf: Path, page: int) -> str:
    found = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-layout", str(pdf), "-"],
                           capture_output=True, text=True, check=True).stdout
    return " ".join(found.split())


def _picture(pdf: Path, page: int, folder: Path) -> np.ndarray:
    subprocess.run(["pdfimages", "-png", "-f", str(page), "-l", str(page), str(pdf), str(folder / f"p{page}")],
                   check=True)
    [png] = folder.glob(f"p{page}-*.png")
    return np.asarray(Image.open(png).convert("RGB"))


def _alternative_texts(pdf: Path) -> list[str]:
    """The /Alt strings of the PDF's figures, in order: literal strings (ASCII) or hex (UTF-16),
    as Typst writes them."""
    data, found, at = pdf.read_bytes(), [], 0
    while (at := data.find(b"/Alt", at)) >= 0:
        at += 5
        if data[at - 1:at] == b"<":
            end = data.index(b">", at)
            found.append(bytes.fromhex(data[at:end].decode()).decode("utf-16"))
            continue
        depth, text = 1, bytearray()
        while True:
            char = data[at:at + 1]
            at += 1
            if char == b"\\":
                text += data[at:at + 1]
                at += 1
                continue
            depth += {b"(": 1, b")": -1}.get(char, 0)
            if depth == 0:
                break
            text += char
        found.append(text.decode("latin-1"))
    return found


def _fonts(pdf: Path) -> str:
    return subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout


def test_the_language_is_a_bare_code_or_left_out():
    assert [language(c) for c in ("en", "ja", "pt-BR", "zh_Hant", 'en"); #panic("', "")] == [
        "en", "ja", "pt", "zh", None, None]
    assert 'lang: "ja"' in source(("Noto Serif",), "ja") and "lang:" not in source(("Noto Serif",), "x y")


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> tuple[Path, dict[str, int]]:
    """The demo's handout by the command, at -q l: the folder, and the work the second run did
    (the render reused)."""
    out = tmp_path_factory.mktemp("handout")
    for _ in range(2):
        result = CliRunner().invoke(app, ["handout", "-q", "l", "--out", str(out), "--quiet", "--jobs", "2"])
        assert result.exit_code == 0, result.output
    assert result.output.strip() == f"wrote {out / SLUG / f'{SLUG}.handout.pdf'}"
    return out / SLUG, json.loads((out / SLUG / "render.json").read_text())["work"]


def _decoded(video: Path) -> list[np.ndarray]:
    with av.open(str(video)) as container:
        return [frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)]


@pytest.mark.slow
def test_a_page_a_beat_its_frame_above_its_narration(rendered, tmp_path):
    folder, again = rendered
    pdf, video = folder / f"{SLUG}.handout.pdf", folder / f"{SLUG}.mp4"
    resolved = read(None)
    ends = beats(resolved, 15)
    assert len(ends) == sum(len(s.beats) for s in resolved.scenes) == _pages(pdf) == 8
    frames = _decoded(video)
    assert [f.tobytes() for f in frames_at(video, [b.frame for b in ends])] == [frames[b.frame].tobytes() for b in ends]
    for page, beat in enumerate(ends, 1):
        text = _text(pdf, page)
        assert " ".join(beat.say.split()) in text and beat.scene in text and resolved.title in text
        picture = _picture(pdf, page, tmp_path).astype(np.int16)
        assert np.abs(picture - frames[beat.frame]).max() <= 1, page  # the MP4's frame, as decoded
        for other in ends:  # and no other beat's end
            if not np.array_equal(frames[other.frame], frames[beat.frame]):
                assert np.abs(picture - frames[other.frame]).max() > 40, (page, other.frame)
    # each picture's alternative text is the board as text then: the title card, the formula
    assert _alternative_texts(pdf) == [b.board or b.scene for b in ends]
    assert ends[0].board == "lecturekit Demo — Waves, Arrows and Tables"  # the title card
    assert "y = sin(x + phi); y(x) = sin(x + phi)" in ends[3].board and ends[6].board.startswith(
        "Lengths Do Not Add; Arrow, Length; a, 3.16")
    assert "NewCM" in _fonts(pdf)  # the board's font
    assert again.get("typst pdf compiles") == 1 and "frames drawn" not in again  # the render reused


def _narrated(resolved: ResolvedLecture, says: list[str], code: str) -> ResolvedLecture:
    """`resolved` with its beats' narration replaced by `says` in turn, as if recorded in `code`."""
    turn = iter(says * 8)
    scenes = tuple(replace(s, beats=tuple(replace(b, say=next(turn)) for b in s.beats)) for s in resolved.scenes)
    return replace(resolved, scenes=scenes, own_language=code)


@pytest.mark.slow
def test_hostile_and_japanese_narration_is_set_as_its_own_text(rendered, tmp_path):
    folder, _ = rendered
    long = " ".join(["Lange"] * 3000)  # past the smallest size: still one page
    resolved = replace(_narrated(read(None), [*HOSTILE, JAPANESE, long], "ja"), title=HOSTILE[1])
    with work.counting() as done:
        videos = [(scene, folder / f"{scene.index:02d}-{scene.slug}.mp4") for scene in resolved.scenes]
        pdf = write_handout(resolved, videos, tmp_path / "h.pdf")
    assert done["typst pdf compiles"] == 1
    assert _pages(pdf) == 8
    for page, say in enumerate([*HOSTILE, JAPANESE], 1):
        assert " ".join(say.split()) in _text(pdf, page), page
        assert _text(pdf, page).startswith(" ".join(HOSTILE[1].split())), page  # the title, as written
    assert _text(pdf, 5).count("Lange") == 3000
    assert "NotoSerifCJK" in _fonts(pdf)
