"""The lecture page `publish` writes, in a real browser: Debian's chromium driven by Playwright, the
page opened from `file://` as a learner opens it offline. axe-core (vendored, `vendor/`) checks it
against WCAG 2.1 A and AA; a keyboard alone works it; its board text at ten moments is what the plan
has on the board then; and its SCORM 1.2 package, served as an LMS serves it, reports to scorm-again's
SCORM 1.2 API (vendored too) and resumes where the learner left off."""

from __future__ import annotations

import functools
import http.server
import io
import json
import math
import re
import threading
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import av
import numpy as np
import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.describe import spoken
from lecturekit.kinds import TableSpec
from lecturekit.manifest import recorded
from lecturekit.pipeline import plan_scenes
from lecturekit.sources import read
from lecturekit.syntax.nodes import Show
from lecturekit.typst.source import inline_math
from tests.conftest import DEMO

pytestmark = pytest.mark.slow

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--autoplay-policy=no-user-gesture-required"]
VENDOR = Path(__file__).parent / "vendor"
AXE = VENDOR / "axe-core-4.14.1" / "axe.min.js"
SCORM_AGAIN = VENDOR / "scorm-again-3.4.3" / "scorm12.min.js"
SLUG = "lecturekit-demo"
FPS = 15


@pytest.fixture(scope="module")
def published(tmp_path_factory) -> Path:
    """The demo published at -q l with its SCORM package: the folder with the page."""
    out = tmp_path_factory.mktemp("web")
    result = CliRunner().invoke(app, ["publish", str(DEMO), "-q", "l", "--out", str(out), "--quiet", "--jobs", "2",
                                      "--scorm"])
    assert result.exit_code == 0, result.output
    return out / SLUG


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield launched
        launched.close()


@pytest.fixture
def page(browser, published):
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)  # to inject axe
    opened = context.new_page()
    errors: list[str] = []
    opened.on("pageerror", lambda exc: errors.append(str(exc)))
    opened.goto((published / "index.html").as_uri())
    opened.wait_for_function("window.lecturePage && video.readyState >= 1")
    yield opened
    context.close()
    assert errors == []


def _at(page, time: float) -> None:
    page.evaluate(f"lecturePage.seek({time!r})")
    page.wait_for_function(f"!video.seeking && Math.abs(video.currentTime - {time!r}) < 1e-3")


def _axe(page) -> list[dict]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate("""async () => (await axe.run(document, {runOnly: {type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}})).violations.map(
        (v) => ({id: v.id, nodes: v.nodes.map((n) => n.target.join(' '))}))""")


def test_the_page_passes_axe_with_wcag_21_a_and_aa(page):
    assert _axe(page) == []
    _at(page, 45.0)  # a table on the board
    page.check("#describe")
    page.fill("#query", "sin")
    page.press("#query", "Enter")
    page.wait_for_selector("#results li")
    page.click("#transcript .sentence >> nth=3")
    assert page.locator("#board table").count() + page.locator("#board math").count() >= 1
    assert _axe(page) == []


def _focused(page) -> str:
    return page.evaluate("""() => { const e = document.activeElement;
        return e.id ? '#' + e.id : e.tagName.toLowerCase() + ':' + e.textContent.trim().slice(0, 30); }""")


def _tab_to(page, stop: str) -> None:
    for _ in range(100):
        page.keyboard.press("Tab")
        if _focused(page) == stop:
            return
    raise AssertionError(f"Tab never reaches {stop}")


def test_the_keyboard_alone_works_the_page(page):
    seen = []
    for _ in range(90):
        page.keyboard.press("Tab")
        seen.append(_focused(page))
    for stop in ("a:Skip to the board as text", "#video", "#play", "#back", "#forward", "#speed", "#captions",
                 "#describe", "#keys-heading", "#query", "button:Search", "button:0:00 A Wave and Its Phase",
                 "button:0:30 Adding Arrows", "#follow", "button:Welcome to the lecturekit demo"):
        assert stop in seen, (stop, " | ".join(dict.fromkeys(seen)))
    order = [seen.index(s) for s in ("#video", "#play", "#query", "button:0:30 Adding Arrows", "#follow")]
    assert order == sorted(order)
    # the Play button, reached by Tab, by Enter; then a chapter, reached by Tab, by Enter
    _tab_to(page, "#play")
    page.keyboard.press("Enter")
    page.wait_for_function("!video.paused")
    page.keyboard.press("Enter")
    page.wait_for_function("video.paused")
    _tab_to(page, "button:0:30 Adding Arrows")
    page.keyboard.press("Enter")
    page.wait_for_function("Math.abs(video.currentTime - lecturePage.data.chapters[1].start) < 1e-3")
    # play and pause with the page's own keys, from wherever the focus is
    page.keyboard.press("k")
    page.wait_for_function("!video.paused && video.currentTime > lecturePage.data.chapters[1].start + 0.3")
    page.keyboard.press("k")
    page.wait_for_function("video.paused")
    before = page.evaluate("video.currentTime")
    page.keyboard.press("j")
    assert abs(page.evaluate("video.currentTime") - (before - 5)) < 1e-3
    page.keyboard.press(">")
    assert page.evaluate("[video.playbackRate, document.getElementById('speed').value]") == [1.25, "1.25"]
    page.keyboard.press("c")
    assert page.evaluate("[...video.textTracks].filter((t) => t.mode === 'showing').length") == 0
    page.keyboard.press("c")
    assert page.evaluate("[...video.textTracks].filter((t) => t.kind === 'captions' && t.mode === 'showing')"
                         ".map((t) => t.language)") == ["en"]
    page.keyboard.press("d")
    page.wait_for_function("!document.getElementById('description').hidden")
    # search by keyboard: / to the field, a formula, Enter, Tab to the first moment, Enter
    page.keyboard.press("/")
    assert _focused(page) == "#query"
    page.keyboard.type("sin(x+phi)")
    page.keyboard.press("Enter")
    page.wait_for_selector("#results li")
    assert page.text_content("#found") == "On the board at 3 moments."
    assert page.locator("#results li").all_inner_texts() == [
        "0:05–0:29: A blue graph of sin(x + phase), labelled sin(x + phi).", "0:07–0:29: y = sin(x + phi)",
        "0:21–0:29: y(x) = sin(x + phi); y(x - phi) = sin(x)"]
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert _focused(page).startswith("button:0:07–0:29")
    page.keyboard.press("Enter")
    assert _focused(page) == "#board-heading"
    assert "y = sin(x + phi)" in page.inner_text("#board")
    # the transcript: t goes to the current sentence, Enter on another seeks to it
    page.keyboard.press("t")
    assert page.evaluate("document.activeElement.getAttribute('aria-current')") == "true"
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement.getAttribute('aria-current') === 'true'")


def test_captions_in_every_language_are_offered(browser, published, tmp_path):
    """A page of several languages (as `publish --lang` writes one) offers each language's
    captions by its own name, its own first and shown, and switches between them."""
    import shutil

    from lecturekit.captions import Caption
    from lecturekit.page.write import PageData, Track, language_name, write_page

    shutil.copy(published / f"{SLUG}.mp4", tmp_path / "v.mp4")
    tracks = [Track("de", language_name("de"), [Caption(0.0, 4.0, ("Willkommen.",))]),
              Track("en", language_name("en"), [Caption(0.0, 4.0, ("Welcome.",))])]
    write_page(tmp_path, PageData("T", "de", "v.mp4", None, 62.0, FPS, [(0.0, "Eins")], tracks, [], []))
    context = browser.new_context(bypass_csp=True)
    opened = context.new_page()
    opened.goto((tmp_path / "index.html").as_uri())
    opened.wait_for_function("window.lecturePage && video.readyState >= 1")
    assert opened.locator("#captions option").all_inner_texts() == ["Aus", "Deutsch", "English"]  # its words German
    showing = "[...video.textTracks].filter((t) => t.mode === 'showing').map((t) => t.language)"
    assert opened.evaluate(showing) == ["de"]
    opened.select_option("#captions", "en")
    assert opened.evaluate(showing) == ["en"]
    assert opened.inner_text("#transcript") == "Eins\n\nWillkommen."  # the page's own language
    assert opened.inner_text("#board") == "Die Tafel ist leer."
    context.close()


@pytest.mark.parametrize("code", ["en", "ja", "de", "fr", "es"])
def test_the_pages_own_words_are_in_the_lectures_language(browser, tmp_path, code):
    """A lecture in one of lecturekit's page languages gets the page's controls, labels and
    headings in it, `<html lang>` saying so, and axe still finds nothing to fault."""
    from lecturekit.page.words import WORDS
    from lecturekit.page.write import PageData, write_page

    boards = [{"time": 0.0, "frame": 0, "scene": 1, "items": [{"object": "t", "kind": "Text", "text": "x = 1"}]},
              {"time": 5.0, "frame": 75, "scene": 1, "items": []}]
    write_page(tmp_path, PageData("T", code, "v.mp4", None, 10.0, FPS, [(0.0, "Eins")], [], [], boards))
    words = WORDS[code]
    context = browser.new_context(bypass_csp=True)  # to inject axe
    opened = context.new_page()
    opened.goto((tmp_path / "index.html").as_uri())
    opened.wait_for_function("window.lecturePage !== undefined")
    assert opened.evaluate("document.documentElement.lang") == code
    shown = {"skip": "a.skip", "play": "#play", "back": "#back", "forward": "#forward", "speed": "label[for=speed]",
             "captions": "label[for=captions]", "off": "#captions option", "describe": "label.check >> nth=0",
             "keyboard": "#keys-heading", "search_heading": "#search-heading", "query": "label[for=query]",
             "search": "#search button", "chapters": "#chapters-heading", "transcript": "#transcript-heading",
             "follow": "label.check >> nth=1"}
    assert {name: opened.locator(at).first.text_content().strip() for name, at in shown.items()} == {
        name: words[name] for name in shown}
    assert opened.evaluate("document.querySelector('.controls').getAttribute('aria-label')") == words["playback"]
    assert opened.locator(".keys li").count() == 4
    assert opened.inner_text("#board-heading").startswith(words["board"])
    opened.fill("#query", "x=1")
    opened.press("#query", "Enter")
    opened.wait_for_selector("#results li")
    assert opened.text_content("#found") == words["found_one"]
    assert _axe(opened) == []
    context.close()


def _board_is_the_plan(page, plans: list, offsets: list[int], start: int, fps: int) -> None:
    """At ten moments across the lecture (`offsets`: each scene's first frame in the video of
    `start` frames) the board region lists the objects the plan has on the board then, in its
    order, headings and texts in their words and tables with the rows shown."""
    for k in range(10):
        frame_in_video = (start * (2 * k + 1)) // 20
        s = max(i for i, o in enumerate(offsets) if o <= frame_in_video)
        plan, frame = plans[s], frame_in_video - offsets[s]
        _at(page, (frame_in_video + 0.5) / fps)
        names = list(dict.fromkeys(i.name for i in plan.items_at(frame) if i.of is None and i.kind != "box"))
        shown = page.evaluate("[...document.querySelectorAll('#board > [data-object]')].map((e) => e.dataset.object)"
                              ".filter((n) => n)")
        assert shown == names, (k, frame_in_video)
        for name in names:
            spec = plan.objects[name]
            element = page.locator(f"#board > [data-object='{name}']")
            formulas = [spec.text[a + 1:b] for a, b in inline_math(spec.text or "")]
            if spec.kind.value in ("Title", "Heading") or (spec.kind.value in ("Text", "Block", "Panel")
                                                            and not formulas):
                assert element.inner_text() == spoken(spec.text)
            elif spec.kind.value in ("Text", "Block", "Panel"):  # its inline formulas as MathML, in its words
                assert [m.get_attribute("alttext") for m in element.locator("math").all()] == [
                    spoken(f, math=True) for f in formulas]
                assert element.locator("math[display]").count() == 0
            if isinstance(spec, TableSpec):
                rows = sum(1 for c in plan.cues if c.object == name and isinstance(c.action, Show) and c.frame <= frame)
                assert [r.split("\t") for r in element.locator("tr").all_inner_texts()] == [
                    [spoken(cell) for cell in row] for row in spec.cells[:rows]]  # each cell in its words
            if spec.kind.value == "Math":
                assert element.locator("math").count() == 1  # MathML, from Typst
                assert element.locator("math").get_attribute("alttext") == spoken(spec.text, math=True)


def test_the_board_text_is_what_the_plan_shows(page, published):
    resolved = read(DEMO)
    plans = plan_scenes(resolved, resolved.scenes, FPS)
    entries = recorded(published)
    offsets, start = [], 0
    for plan in plans:
        offsets.append(start)
        start += entries[f"{plan.index:02d}-{plan.slug}.mp4"]["frames"]
    _board_is_the_plan(page, plans, offsets, start, FPS)


def _blank_video(path: Path, seconds: float) -> Path:
    """A black video `seconds` long at one frame a second, a few KB: what a page needs to seek in."""
    with av.open(str(path), "w") as container:
        stream = container.add_stream("libx264", rate=1)
        stream.width, stream.height, stream.pix_fmt = 16, 16, "yuv420p"
        black = av.VideoFrame.from_ndarray(np.zeros((16, 16, 3), np.uint8), format="rgb24")
        for _ in range(math.ceil(seconds)):
            container.mux(stream.encode(black))
        container.mux(stream.encode(None))
    return path


def test_the_transformers_board_text_is_what_the_plan_shows(browser, transformer_resolved, tmp_path):
    """The same at ten moments of the 22-minute transformer lecture, without rendering it: its page
    is written from its plans (the board states are made from them alone) over a black video as
    long as the lecture, which is all the page needs to seek."""
    from lecturekit.page.boards import board_states
    from lecturekit.page.write import PageData, write_page

    plans = plan_scenes(transformer_resolved, transformer_resolved.scenes, FPS)
    offsets = [sum(p.frames for p in plans[:i]) for i in range(len(plans))]
    start = sum(p.frames for p in plans)
    boards = [state for plan, offset in zip(plans, offsets, strict=True) for state in board_states(plan, offset / FPS)]
    chapters = [(o / FPS, p.scene.title) for o, p in zip(offsets, plans, strict=True)]
    write_page(tmp_path, PageData(transformer_resolved.title, "en", "black.mp4", None, start / FPS, FPS, chapters,
                                  [], [], boards))
    _blank_video(tmp_path / "black.mp4", start / FPS)
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)  # to wait on expressions
    opened = context.new_page()
    opened.goto((tmp_path / "index.html").as_uri())
    opened.wait_for_function(f"window.lecturePage && video.readyState >= 1 && video.duration >= {start / FPS - 1}")
    _board_is_the_plan(opened, plans, offsets, start, FPS)
    context.close()


def test_the_manifest_lists_every_file_of_the_package(published):
    with zipfile.ZipFile(published / f"{SLUG}.scorm.zip") as package:
        names = package.namelist()
        manifest = ET.fromstring(package.read("imsmanifest.xml"))  # well formed, or this raises
    assert names[0] == "imsmanifest.xml"
    cp, adlcp = "{http://www.imsproject.org/xsd/imscp_rootv1p1p2}", "{http://www.adlnet.org/xsd/adlcp_rootv1p2}"
    assert manifest.findtext(f"{cp}metadata/{cp}schemaversion") == "1.2"
    [resource] = manifest.findall(f"{cp}resources/{cp}resource")
    assert resource.get(f"{adlcp}scormtype") == "sco" and resource.get("href") == "index.html"
    [item] = manifest.findall(f"{cp}organizations/{cp}organization/{cp}item")
    assert item.get("identifierref") == resource.get("identifier")
    listed = [f.get("href") for f in resource.findall(f"{cp}file")]
    assert sorted(listed) == sorted(n for n in names if n != "imsmanifest.xml")
    assert {"index.html", "page.js", "page.css", f"{SLUG}.mp4"} <= set(listed)


class _Served(http.server.SimpleHTTPRequestHandler):
    """Files as an LMS serves them, with byte ranges, which a browser needs to seek in a video."""

    def send_head(self):
        found = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", ""))
        path = Path(self.translate_path(self.path))
        if found is None or not path.is_file():
            return super().send_head()
        size = path.stat().st_size
        first, last = int(found[1]), min(int(found[2] or size - 1), size - 1)
        self.send_response(206)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Range", f"bytes {first}-{last}/{size}")
        self.send_header("Content-Length", str(last - first + 1))
        self.send_header("Accept-Ranges", "bytes")
        self.end_headers()
        with path.open("rb") as file:
            file.seek(first)
            return io.BytesIO(file.read(last - first + 1))

    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def lms(published, tmp_path_factory):
    """The package unzipped and served over HTTP as an LMS serves it, beside a launch page that
    offers scorm-again's SCORM 1.2 API as `window.API` (starting from the JSON in the URL's hash)."""
    root = tmp_path_factory.mktemp("lms")
    with zipfile.ZipFile(published / f"{SLUG}.scorm.zip") as package:
        package.extractall(root / "sco")
    (root / "scorm12.min.js").write_bytes(SCORM_AGAIN.read_bytes())
    (root / "lms.html").write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>LMS</title>'
        '<script src="scorm12.min.js"></script><script>'
        'window.API = new Scorm12API({autocommit: false, logLevel: 5});'
        'const saved = decodeURIComponent(location.hash.slice(1));'
        'if (saved) window.API.loadFromJSON(JSON.parse(saved));'
        '</script></head><body><iframe id="sco" title="lecture" src="sco/index.html" width="1200" height="900">'
        '</iframe></body></html>', encoding="utf-8")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Served, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/lms.html"
    server.shutdown()
    server.server_close()


def _lms_page(browser, url: str):
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, bypass_csp=True)  # to wait on expressions
    page = context.new_page()
    page.goto(url)
    frame = page.frame_locator("#sco")
    page.wait_for_function("document.getElementById('sco').contentWindow.lecturePage !== undefined")
    sco = page.frames[1]
    sco.wait_for_function("video.readyState >= 1")
    return context, page, sco, frame


def test_the_package_reports_progress_and_completion_to_the_lms(browser, lms):
    context, page, sco, _ = _lms_page(browser, lms)
    assert page.evaluate("API.isInitialized()")
    assert page.evaluate("API.cmi.core.lesson_status") == "incomplete"
    sco.evaluate("video.muted = true; video.playbackRate = 16; video.play()")
    sco.wait_for_function("lecturePage.progress.seen >= 0.3", timeout=30_000)
    assert page.evaluate("API.cmi.core.lesson_status") == "incomplete"  # 30% seen is not yet complete
    assert 30 <= int(page.evaluate("API.cmi.core.score.raw")) < 80
    page.wait_for_function("API.cmi.core.lesson_status === 'completed'", timeout=30_000)
    assert int(page.evaluate("API.cmi.core.score.raw")) >= 80
    sco.evaluate("video.pause()")
    location = float(page.evaluate("API.cmi.core.lesson_location"))
    assert abs(location - sco.evaluate("video.currentTime")) < 0.2
    sco.evaluate("location.href = 'about:blank'")  # leaving the page finishes the session
    page.wait_for_function("API.isTerminated()")
    core = page.evaluate("API.renderCMIToJSONObject().cmi.core")  # exit and session_time are write-only
    assert core["exit"] == "" and core["lesson_status"] == "completed"
    assert re.fullmatch(r"\d{2,4}:\d\d:\d\d(\.\d{1,2})?", core["session_time"])  # CMITimespan
    context.close()


def test_the_package_resumes_where_the_learner_left_off(browser, lms):
    saved = {"core": {"lesson_location": "42.5", "lesson_status": "incomplete"}, "suspend_data": "0-9,20-29"}
    context, page, sco, _ = _lms_page(browser, lms + "#" + json.dumps(saved))
    sco.wait_for_function("Math.abs(video.currentTime - 42.5) < 1e-3 && !video.seeking")
    assert "the sum runs from the first tail to the last tip" in sco.inner_text("#board")  # the board at 0:42.5
    sco.evaluate("lecturePage.seek(12); video.muted = true; video.play()")  # a seek is not watching
    sco.wait_for_function("video.currentTime > 13.3")
    sco.evaluate("video.pause()")
    page.wait_for_function("API.cmi.suspend_data.includes(',12-')")
    seen = page.evaluate("API.cmi.suspend_data")
    assert re.fullmatch(r"0-9,12-1[34],20-29", seen), seen
    count = sum(int(b) - int(a) + 1 for a, b in (r.split("-") for r in seen.split(",")))
    seconds = sco.evaluate("Math.ceil(lecturePage.data.duration)")  # the seconds of the video, each begun
    assert page.evaluate("API.cmi.core.score.raw") == str(100 * count // seconds)
    context.close()
