"""The presentation `present` writes, in a real browser: Debian's chromium driven by Playwright,
the page opened from `file://` as a teacher opens it in a room. The keyboard steps through every
beat of a scene, each step ending on the frame the scene's MP4 has at that beat's end (its pixels
against the frame PyAV decodes, with a tolerance the nearest different frame fails) and showing no
later frame on the way; back and jump land on their beats' frames; the presenter view's previews
play; with auto a scene runs through on the video's own clock, each beat ending within a frame of
its time; axe-core finds nothing against WCAG 2.1 A and AA."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
from pathlib import Path

import av
import numpy as np
import pytest
from PIL import Image
from typer.testing import CliRunner

from lecturekit.cli import app
from tests.conftest import DEMO
from tests.page.test_page import ARGS, AXE, CHROMIUM

pytestmark = pytest.mark.slow
SLUG = "lecturekit-demo"
FPS = 15
#: Chromium's picture of a frame against PyAV's: no channel of any pixel further apart than this
#: (measured: 3); a frame of another board is hundreds of pixels further.
TOLERANCE = 12


@pytest.fixture(scope="module")
def presented(tmp_path_factory) -> Path:
    """The demo presented at -q l: the folder with the page and the scenes' videos."""
    out = tmp_path_factory.mktemp("room")
    result = CliRunner().invoke(app, ["present", str(DEMO), "-q", "l", "--out", str(out), "--quiet", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    return out / SLUG


@pytest.fixture(scope="module")
def decoded(presented) -> list[list[np.ndarray]]:
    """Every frame of every scene's video, as PyAV decodes it."""
    scenes = []
    for video in sorted(presented.glob("0*.mp4")):
        with av.open(str(video)) as container:
            scenes.append([frame.to_ndarray(format="rgb24") for frame in container.decode(video=0)])
    return scenes


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield launched
        launched.close()


def _open(browser, presented: Path, query: str = ""):
    # the -q l video (854x480) shown one pixel to one; bypass_csp to wait on expressions and inject axe
    context = browser.new_context(viewport={"width": 854, "height": 720}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto((presented / "present.html").as_uri() + query)
    page.wait_for_function("window.presentation && presentation.videos.every((v) => v.readyState >= 2)")
    return context, page, errors


@pytest.fixture
def room(browser, presented):
    context, page, errors = _open(browser, presented)
    yield page
    context.close()
    assert errors == []


def _steps(page) -> list[dict]:
    return page.evaluate("JSON.parse(document.getElementById('data').textContent).steps")


def _held(page, k: int) -> None:
    page.wait_for_function(f"presentation.state.at === {k} && presentation.state.playing === null", timeout=60_000)


def _difference(page, frame: np.ndarray) -> int:
    shot = Image.open(io.BytesIO(page.locator("#stage video.shown").screenshot())).convert("RGB")
    return int(np.abs(np.asarray(shot, dtype=int) - frame.astype(int)).max())


def _on_frame(page, decoded, step: dict) -> None:
    """The page holds the step's last frame: the video's time is that frame's middle, and what is
    shown is that frame's pixels, where the nearest frame of another picture would fail."""
    scene, last = step["scene"], step["last"]
    time, shown = page.evaluate("[presentation.videos[presentation.shown].currentTime, presentation.shown]")
    assert shown == scene
    assert abs(time - (last + 0.5) / FPS) < 1e-5
    frames = decoded[scene]
    assert _difference(page, frames[last]) <= TOLERANCE
    other = next(f for d in range(1, len(frames)) for f in (last + d, last - d)
                 if 0 <= f < len(frames) and np.abs(frames[f].astype(int) - frames[last]).max() > 3 * TOLERANCE)
    assert _difference(page, frames[other]) > TOLERANCE


#: Every frame each video presents, as (scene, frame), into `seen`.
WATCH = """() => { window.seen = []; presentation.videos.forEach((v, i) => v.requestVideoFrameCallback(
    function f(t, m) { seen.push([i, Math.round(m.mediaTime * FPS)]); v.requestVideoFrameCallback(f); })); }
""".replace("FPS", str(FPS))


def test_the_keyboard_steps_through_every_beat_each_ending_on_the_mp4s_frame(room, decoded):
    steps = _steps(room)
    scene = [k for k, s in enumerate(steps) if s["scene"] == 0]
    assert len(scene) == 4
    room.evaluate(WATCH)
    for k, key in zip(scene, ["ArrowRight", " ", "PageDown", "ArrowRight"], strict=True):
        room.keyboard.press(key)
        _held(room, k)
        _on_frame(room, decoded, steps[k])
        seen = room.evaluate("seen.splice(0)")
        played = [f for i, f in seen if i == 0]
        assert played and max(played) <= steps[k]["last"]  # no frame past the beat's end was shown
        assert min(played) >= steps[k]["first"]  # nor one before where it started
        assert room.inner_text("#where").startswith(f"Beat {k + 1} of {len(steps)}.")
    assert room.evaluate("presentation.videos.every((v) => !v.muted && v.volume === 1)")  # the narration heard
    # on into the next scene: its first beat, on its own video
    room.keyboard.press("ArrowRight")
    _held(room, scene[-1] + 1)
    _on_frame(room, decoded, steps[scene[-1] + 1])


def test_back_and_jump_land_on_their_beats_frames(room, decoded):
    steps = _steps(room)
    room.keyboard.press("End")
    _held(room, len(steps) - 1)
    _on_frame(room, decoded, steps[-1])
    room.keyboard.press("ArrowLeft")
    _held(room, len(steps) - 2)
    _on_frame(room, decoded, steps[-2])
    room.keyboard.press("PageUp")  # back over the scene's start: the last beat of the scene before
    room.keyboard.press("PageUp")
    room.keyboard.press("PageUp")
    _held(room, len(steps) - 5)
    _on_frame(room, decoded, steps[-5])
    room.keyboard.press("2")  # a number and Enter: that beat played from the board before it
    room.keyboard.press("Enter")
    room.wait_for_function("presentation.state.playing === 1")
    assert room.evaluate("presentation.shown") == 0
    _held(room, 1)
    _on_frame(room, decoded, steps[1])
    room.keyboard.press("Home")
    _held(room, -1)
    assert abs(room.evaluate("presentation.videos[0].currentTime") - 0.5 / FPS) < 1e-5


def _ink(page, selector: str) -> float:
    """The share of the element's pixels brighter than the board's background."""
    shot = np.asarray(Image.open(io.BytesIO(page.locator(selector).screenshot())).convert("L"), dtype=int)
    return float((shot > 80).mean())


def test_the_presenter_view_plays_the_current_and_the_next_board(room):
    steps = _steps(room)
    with room.context.expect_page() as popup:
        room.keyboard.press("p")
    presenter = popup.value
    presenter.wait_for_function("window.presenterView && presenterView.coming.readyState >= 2")
    assert presenter.inner_text("#next-say") == steps[0]["say"]
    # the next board plays its beat over and over while the room holds
    first = presenter.evaluate("presenterView.coming.currentTime")
    presenter.wait_for_function(f"presenterView.coming.currentTime > {first} + 0.5")
    assert presenter.evaluate("presenterView.coming.paused") is False
    # the presenter's keys drive the room; the current board plays as the room's does
    presenter.keyboard.press("ArrowRight")
    room.wait_for_function("presentation.state.playing === 0")
    presenter.wait_for_function("!presenterView.now.paused && presenterView.now.currentTime > 1")
    assert _ink(presenter, "#now") > 0.002
    _held(room, 0)
    presenter.wait_for_function("presenterView.now.paused")
    assert presenter.inner_text("#now-say") == steps[0]["say"]
    assert presenter.inner_text("#next-say") == steps[1]["say"]
    start = presenter.evaluate("presenterView.coming.currentTime")
    presenter.wait_for_function(f"presenterView.coming.currentTime > {start} + 0.5")
    assert _ink(presenter, "#coming") > 0.002
    assert _ink(presenter, "#now") > 0.002
    assert "elapsed" in presenter.inner_text(".clock")
    presenter.close()


#: Before the page's own script: every frame each video presents, as (scene, frame), into `seen`,
#: and each video's pauses counted, from its first play on.
WATCH_FROM_THE_START = """window.seen = []; window.pauses = [0, 0];
document.addEventListener('play', (e) => { const v = e.target; if (v.watched) return; v.watched = true;
  v.requestVideoFrameCallback(function f(t, m) {
    seen.push([Number(v.dataset.scene), Math.round(m.mediaTime * FPS)]); v.requestVideoFrameCallback(f); }); }, true);
document.addEventListener('pause', (e) => { pauses[Number(e.target.dataset.scene)] += 1; }, true);
""".replace("FPS", str(FPS))


def test_auto_runs_a_scene_through_on_its_own_clock(browser, presented, decoded, tmp_path):
    """`present --auto` (the render reused: its folder copied) opens running its first scene
    straight through, each beat ending within a frame of its own time; `a` switches it off."""
    shutil.copytree(presented.parent, tmp_path / "out", copy_function=os.link)
    result = CliRunner().invoke(app, ["present", str(DEMO), "-q", "l", "--out", str(tmp_path / "out"), "--quiet",
                                      "--auto"])
    assert result.exit_code == 0, result.output
    work = json.loads((tmp_path / "out" / SLUG / "render.json").read_text(encoding="utf-8"))["work"]
    assert "frames drawn" not in work and "frames held" not in work  # no frame drawn again
    context = browser.new_context(viewport={"width": 854, "height": 720}, bypass_csp=True)
    context.add_init_script(WATCH_FROM_THE_START)
    page = context.new_page()
    page.goto((tmp_path / "out" / SLUG / "present.html").as_uri())
    steps = _steps(page)
    scene = [k for k, s in enumerate(steps) if s["scene"] == 0]
    page.wait_for_function(f"presentation.state.at === {scene[-1]}", timeout=90_000)
    reached = page.evaluate("presentation.reached")[:len(scene)]
    assert [r["step"] for r in reached] == scene
    for r in reached:  # each beat ended within a frame of its own time in the video
        assert abs(int(r["time"] * FPS + 1e-6) - steps[r["step"]]["last"]) <= 1, r
    assert page.evaluate("pauses[0]") == 1  # played straight through: paused once, at its end
    played = sorted({f for i, f in page.evaluate("seen") if i == 0})
    assert played[0] <= 1 and played[-1] == steps[scene[-1]]["last"]
    assert len(played) >= 0.9 * steps[scene[-1]]["last"]  # every frame (nearly) shown, none skipped over
    page.wait_for_function(f"presentation.state.playing === {scene[-1] + 1}")  # and on into the next scene
    page.keyboard.press("a")
    assert page.get_attribute("#auto", "aria-pressed") == "false"
    page.keyboard.press("ArrowRight")  # the beat playing ends at once, and none follows
    _held(page, scene[-1] + 1)
    _on_frame(page, decoded, steps[scene[-1] + 1])
    context.close()


def _axe(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => (await axe.run(document, {runOnly: {type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})).violations.map(
        (v) => ({id: v.id, nodes: v.nodes.map((n) => n.target.join(' '))}))""")


def test_the_pages_pass_axe_and_the_keyboard_alone_works_them(room, presented):
    assert _axe(room) == []
    room.keyboard.press("c")  # the narration's captions, as the render's own captions have them
    assert room.evaluate("presentation.videos.map((v) => v.textTracks[0].mode)") == ["showing", "showing"]
    cues = room.evaluate("presentation.videos.map((v) => [...v.textTracks[0].cues].map((c) => c.startTime))")
    assert [len(c) for c in cues] == [(presented / f"{video.stem}.vtt").read_text(encoding="utf-8").count(" --> ")
                                      for video in sorted(presented.glob("0*.mp4"))]
    assert room.get_attribute("#captions", "aria-pressed") == "true"
    stops = []
    for _ in range(14):
        room.keyboard.press("Tab")
        stops.append(room.evaluate("document.activeElement.id || document.activeElement.tagName"))
    for stop in ("back", "next", "beat", "auto", "captions", "open-presenter", "full", "SUMMARY"):
        assert stop in stops, stops
    room.focus("#beat")
    room.keyboard.type("1")
    room.keyboard.press("Enter")
    room.wait_for_function("presentation.state.playing === 0")
    room.focus("#next")
    room.keyboard.press("Enter")  # while a beat plays: its end at once, then no further
    _held(room, 0)
    room.wait_for_timeout(300)
    assert room.evaluate("[presentation.state.at, presentation.state.playing]") == [0, None]
    with room.context.expect_page() as popup:
        room.focus("#open-presenter")
        room.keyboard.press("Enter")
    presenter = popup.value
    presenter.wait_for_function("window.presenterView")
    assert _axe(presenter) == []


def test_the_handout_lies_beside_the_page_a_page_a_beat(room, presented):
    """The PDF handout of the scenes presented is written with the page, which links to it, and
    render.json names it: a page for every step."""
    handout = presented / f"{SLUG}.handout.pdf"
    assert room.get_attribute("#handout", "href") == handout.name and room.is_visible("#handout")
    info = subprocess.run(["pdfinfo", str(handout)], capture_output=True, text=True, check=True).stdout
    pages = int(next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:")))
    assert pages == len(_steps(room)) == 8
    outputs = json.loads((presented / "render.json").read_text(encoding="utf-8"))
    assert handout.name in json.dumps(outputs)


@pytest.fixture(scope="module")
def transformer_room(browser, transformer, tmp_path_factory):
    """The transformer's first scene (8 beats, 2 min) presented at -q l, open in the browser."""
    out = tmp_path_factory.mktemp("transformer-room")
    result = CliRunner().invoke(app, ["present", str(transformer), "--scene", "1", "-q", "l", "--out", str(out),
                                      "--quiet", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    folder = out / "the-transformer-from-recurrence-failure-to-attention"
    context, page, errors = _open(browser, folder)
    yield page, next(folder.glob("01-*.mp4"))
    context.close()
    assert errors == []


def test_the_transformer_steps_beat_by_beat_each_ending_on_the_mp4s_frame(transformer_room):
    """The real lecture, stepped through by keyboard: each beat started (→), finished at once (→
    again: a presenter who talks faster than the recording), held on the frame its MP4 has at the
    beat's end (the time exact, the pixels those PyAV decodes); ← returns to the beat before's end."""
    from lecturekit.handout.frames import frames_at

    page, video = transformer_room
    steps = _steps(page)
    assert len(steps) == 8 and {s["scene"] for s in steps} == {0}
    ends = frames_at(video, [s["last"] for s in steps])
    for k, step in enumerate(steps):
        page.keyboard.press("ArrowRight")
        page.wait_for_function(f"presentation.state.playing === {k} || presentation.state.at === {k}")
        page.keyboard.press("ArrowRight")
        _held(page, k)
        time = page.evaluate("presentation.videos[presentation.shown].currentTime")
        assert abs(time - (step["last"] + 0.5) / FPS) < 1e-5, k
        assert _difference(page, ends[k]) <= TOLERANCE, k
        if k and np.abs(ends[k].astype(int) - ends[k - 1]).max() > 3 * TOLERANCE:
            assert _difference(page, ends[k - 1]) > TOLERANCE, k  # not the board of the beat before
    page.keyboard.press("ArrowLeft")
    _held(page, len(steps) - 2)
    assert _difference(page, ends[-2]) <= TOLERANCE
