"""The studio in a real browser: Debian's chromium driven by Playwright (it never downloads a
browser of its own). One studio serves a copy of the demo whose title holds markup; the tests play,
scrub, step, click a cue and compare the frames the page shows with `lecturekit still`, edit the
lecture and watch the page follow, try the safety rules, and stop the studio with Ctrl-C."""

from __future__ import annotations

import base64
import io
import json
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from tests.conftest import DEMO, ROOT

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TITLE = "<script>window.pwned = 1</script> & <b>Demo</b>"
SHOTS = ROOT / "media" / "studio-test-shots"
FPS = 15


@pytest.fixture(scope="module")
def studio(tmp_path_factory):
    """`lecturekit studio` on a copy of the demo: (url, lecture file, output folder, process)."""
    folder = tmp_path_factory.mktemp("studio")
    shutil.copytree(DEMO.parent, folder / "demo")
    lecture = folder / "demo" / "lecture.json"
    data = json.loads(lecture.read_text(encoding="utf-8"))
    data["publication"]["title"] = TITLE
    lecture.write_text(json.dumps(data), encoding="utf-8")
    out = folder / "media"
    process = subprocess.Popen([sys.executable, "-m", "lecturekit", "studio", str(lecture), "--out", str(out),
                                "--jobs", "1"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    assert line.startswith("lecturekit studio: http://127.0.0.1:"), line + process.stderr.read()
    yield line.split(": ", 1)[1].strip(), lecture, out, process
    if process.poll() is None:
        process.kill()
        process.wait()


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("profile")), executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": 1500, "height": 950},
            bypass_csp=True)  # so tests can wait on expressions; and markup is kept out by textContent alone
        yield context
        context.close()


@pytest.fixture(scope="module")
def page(studio, browser):
    url = studio[0]
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(url)
    page.click("button.scene[data-scene='1']")
    page.wait_for_selector("#waiting", state="hidden", timeout=240_000)
    page.wait_for_function("video.readyState >= 2")
    yield page
    assert errors == []


def _picture(data: bytes) -> np.ndarray:
    return np.asarray(Image.open(io.BytesIO(data)).convert("RGB")).astype(float)


def _psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = float(np.mean((a - b) ** 2))
    return 99.0 if mse == 0 else 10 * np.log10(255**2 / mse)


def _still(lecture: Path, at: float, quality: str, path: Path) -> np.ndarray:
    subprocess.run([sys.executable, "-m", "lecturekit", "still", str(lecture), "--at", f"{at!r}", "-q", quality,
                    "--out", str(path)], check=True, capture_output=True)
    return _picture(path.read_bytes())


def _frame(page) -> int:
    return page.evaluate("studio.state.frame")


def test_markup_in_the_title_is_shown_as_text(page):
    assert page.text_content("#title") == TITLE
    assert page.evaluate("window.pwned") is None
    assert page.locator("h1 b, h1 script").count() == 0
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SHOTS / "studio-opened.png")


def test_play_scrub_and_step(page):
    page.click("#play")
    page.wait_for_function("video.currentTime > 1.0", timeout=20_000)
    page.click("#play")
    assert page.evaluate("video.paused") and _frame(page) >= FPS
    track = page.locator("#row-cues-track").bounding_box()
    page.mouse.click(track["x"] + track["width"] * 0.5, track["y"] + track["height"] / 2)
    frames = page.evaluate("studio.state.data.scenes[0].frames")
    assert abs(_frame(page) - frames / 2) <= 2
    before = _frame(page)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert _frame(page) == before + 1
    page.wait_for_function("Math.abs(video.currentTime - (studio.state.frame + 0.5) / 15) < 1e-6")
    # the board at the playhead with its audit (`lecturekit audit -q l`)
    audit = page.evaluate("studio.state.data.scenes[0].audit.filter((b) => Math.round(b.time * 15) <= "
                          "studio.state.frame).pop()")
    shown = page.locator("#board-audit").inner_text()
    small = audit["smallest"]
    assert f"{small['name']}: {small['font']:g} ({small['pixels']:g} px)" in shown
    assert f"{round(100 * audit['fill'])}%" in shown and "no rule" in shown


def test_a_cue_shows_its_frame_its_object_and_its_box(page, studio, tmp_path):
    lecture = studio[1]
    cues = page.evaluate("studio.state.data.scenes[0].cues")
    k, cue = next((k, c) for k, c in enumerate(cues) if c["object"] == "law" and c["form"] == "emphasize")
    page.click(f".cue[data-index='{k}']")
    assert _frame(page) == cue["frame"]
    details = page.text_content("#cue-details")
    assert cue["action"] in details and 'a Math [text] that says "$y = sin(x + phi)$"' in details
    assert page.locator("#boxes rect.chosen").count() == 1
    page.wait_for_function("video.readyState >= 2 && !video.seeking")
    page.wait_for_timeout(300)
    shown = base64.b64decode(page.evaluate("studio.grabFrame()").split(",", 1)[1])
    at = cue["frame"] / FPS  # the demo's first scene starts at 0
    draft = _still(lecture, at, "l", tmp_path / "draft.png")
    assert _psnr(_picture(shown), draft) > 30  # the video's frame, through H.264
    page.click("#still-button")
    page.wait_for_selector("#still:not([hidden])")
    still = page.evaluate("""async () => {
        const blob = await (await fetch(document.getElementById('still').src)).blob();
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = ''; for (const b of bytes) text += String.fromCharCode(b);
        return btoa(text); }""")
    full = _still(lecture, at, "h", tmp_path / "full.png")
    assert _psnr(_picture(base64.b64decode(still)), full) == 99.0  # the same frame, pixel for pixel
    page.screenshot(path=SHOTS / "studio-cue.png")


def test_the_wave_shows_its_override(page):
    cues = page.evaluate("studio.state.data.scenes[0].cues")
    k = next(k for k, c in enumerate(cues) if c["object"] == "wave" and c["form"] == "show")
    page.click(f".cue[data-index='{k}']")
    assert "function = sin(x + phase)" in page.text_content("#cue-details")


def test_an_edit_on_disk_updates_the_page_and_keeps_the_playhead(page, studio):
    lecture = studio[1]
    page.keyboard.press("ArrowRight")
    kept = _frame(page)
    url = page.evaluate("video.dataset.url")
    data = json.loads(lecture.read_text(encoding="utf-8"))
    beats = data["publication"]["watch"]["scenes"][0]["beats"]
    last = next(beat for beat in reversed(beats) if beat["does"])
    moved = last["does"][-1]
    moved[0] = round(moved[0] - 0.4, 3)  # one action, 0.4 s earlier
    lecture.write_text(json.dumps(data), encoding="utf-8")
    frame = round(moved[0] * FPS)
    page.wait_for_function(f"studio.state.data.scenes[0].cues.some(c => c.frame === {frame} "
                           f"&& c.action === {json.dumps(moved[1])})", timeout=30_000)
    page.wait_for_function(f"video.dataset.url !== {json.dumps(url)} && video.readyState >= 2", timeout=240_000)
    page.wait_for_function(f"studio.state.frame === {kept}")
    assert page.locator(f".cue[data-frame='{frame}']").count() >= 1


def test_the_storyboard_sheet(page):
    page.click("#storyboard-button")
    page.wait_for_selector("#storyboard:not([hidden])", timeout=120_000)
    page.wait_for_function("document.getElementById('storyboard-image').naturalWidth > 0")
    width, height = page.evaluate("[studio.sheet.naturalWidth, studio.sheet.naturalHeight]")
    assert width == 3 * 640 and height > 360  # three tiles a row, a tile per beat


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_the_safety_rules(studio, page):
    url = studio[0]
    base, token = url.split("/?token=")
    assert _status(f"{base}/") == 401
    assert _status(f"{base}/?token=wrong") == 403
    assert _status(f"{base}/api/events") == 401
    assert _status(f"{base}/api/events?token=wrong") == 403
    assert _status(f"{base}/media/01-a-wave-and-its-phase.mp4") == 401
    assert _status(f"{base}/media/01-a-wave-and-its-phase.mp4?token={token}") == 200
    assert _status(f"{base}/media/..%2F..%2Fdemo%2Flecture.json?token={token}") == 404
    assert _status(f"{base}/media/%2e%2e/%2e%2e/demo/lecture.json?token={token}") == 404
    assert _status(f"{base}/api/open?token={token}") == 405  # GET changes nothing
    assert page.evaluate("fetch('/api/lecture').then(r => r.status)") == 401  # the page's own origin too


def test_ctrl_c_stops_the_renders_and_leaves_nothing_half_written(studio, page):
    url, _, out, process = studio
    page.evaluate("studio.openScene(2)")
    page.wait_for_function("studio.state.progress[2] > 0", timeout=120_000)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=30)
    time.sleep(0.5)
    left = [p for p in out.rglob("*") if ".part" in p.name or p.name.startswith(".job-")]
    assert left == []
    assert not (out / "lecturekit-demo" / "02-adding-arrows.mp4").exists()
    assert _status_or_refused(url) == "refused"


def _status_or_refused(url: str) -> int | str:
    try:
        return _status(url)
    except urllib.error.URLError:
        return "refused"
