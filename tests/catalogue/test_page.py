"""The catalogue's report: `catalogue.json` reads back as the model; `catalogue.html` carries the
same data whatever the lectures' texts hold, and in Debian's chromium (driven by Playwright, as the
studio's tests drive it) shows every row, sorts, filters, links to the files beside it and asks
nothing of the network."""

from __future__ import annotations

import json
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from lecturekit.catalogue.page import TEMPLATE, page, write_report
from lecturekit.catalogue.rows import Catalogue, LectureRow, Status
from lecturekit.contrast import ratio
from tests.studio.test_browser import ARGS, CHROMIUM

#: Texts that mean something to HTML, to a script or to a URL.
HOSTILE = ["</script>", "<script>window.pwned = 1</script>",
           '<img src="http://example.invalid/x" onerror="window.pwned = 1">', "<!--", "-->", "]]>", "&amp;",
           "&lt;", "\u2028", "\u2029", '"', "'", "`${window.pwned = 1}`", "\\u003c",
           "{{data}}", "{{title}}", "javascript:alert(1)", "//example.invalid/x", "\u202eevil", "\0", "\r\n"]
texts = st.lists(st.sampled_from(HOSTILE) | st.text(max_size=12), max_size=4).map("".join)
numbers = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False, allow_infinity=False)
counts = st.integers(min_value=0, max_value=10**12)
paths = st.none() | texts
rows = st.builds(
    LectureRow, source=texts, lecture_id=st.none() | texts, attempt=st.none() | counts, title=texts,
    language=st.none() | texts, status=st.sampled_from(Status), reason=st.none() | texts,
    changed=st.none() | texts, scenes=counts,
    seconds=numbers, warnings=st.dictionaries(texts, counts, max_size=4), frames_drawn=counts, cpu_seconds=numbers,
    wall_seconds=numbers, video=paths, captions=paths, storyboard=paths, manifest=paths, thumbnail=paths)
catalogues = st.builds(Catalogue, root=texts, quality=texts, languages=st.lists(texts, max_size=3), workers=counts,
                       cluster=texts, started=texts, wall_seconds=numbers, rows=st.lists(rows, max_size=5))


class _Reader(HTMLParser):
    """What an HTML parser makes of the page: its tags, its title, and the data element's text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[str] = []
        self.title = ""
        self.data: str | None = None
        self._in: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self._in = "data" if ("id", "data") in attrs else tag

    def handle_endtag(self, tag: str) -> None:
        self._in = None

    def handle_data(self, data: str) -> None:
        if self._in == "title":
            self.title += data
        elif self._in == "data":
            self.data = (self.data or "") + data


def _read(html: str) -> _Reader:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader


#: The elements of the page when no text of the catalogue is in it.
TAGS = _read(page(Catalogue(root="", quality="l", workers=1, started="", wall_seconds=0, rows=[]))).tags


@settings(max_examples=60)
@given(catalogues)
def test_the_page_and_catalogue_json_carry_the_catalogue_whatever_its_texts_hold(catalogue):
    reader = _read(page(catalogue))
    assert reader.data is not None and "<" not in reader.data
    assert Catalogue.model_validate_json(reader.data) == catalogue
    assert reader.title == f"Catalogue {catalogue.root}"
    assert reader.tags == TAGS  # no text of the catalogue made an element
    # catalogue.json holds the figures worked out (for its readers), and reads back without taking them
    written = json.loads(catalogue.model_dump_json())
    assert written["totals"]["lectures"] == len(catalogue.rows)
    written["totals"]["done"] = -1  # a figure in the file is never taken as it stands
    assert Catalogue.model_validate(written) == catalogue
    assert Catalogue.model_validate(written).totals.done == sum(r.status is Status.done for r in catalogue.rows)


def _row(i: int, status: Status, seconds: float, cpu: float, frames: int) -> LectureRow:
    return LectureRow(source=f"l{i}/lecture.json", title=f"lecture {i}", status=status, seconds=seconds,
                      cpu_seconds=cpu, frames_drawn=frames)


def test_the_totals_count_by_status_and_the_cost_is_over_the_lectures_this_run_drew():
    rows = [_row(0, Status.done, 600, 300, 9000), _row(1, Status.done, 1200, 900, 18000),
            _row(2, Status.done, 600, 2, 0),  # kept from an earlier run: its reading only
            _row(3, Status.failed, 0, 50, 100), _row(4, Status.invalid, 0, 1, 0)]
    totals = _catalogue(rows).totals
    assert (totals.lectures, totals.done, totals.invalid, totals.failed, totals.kept) == (5, 3, 1, 1, 1)
    assert totals.video_seconds == 2400 and totals.cpu_seconds == 1253 and totals.frames_drawn == 27100
    assert totals.cost == pytest.approx(1200 / 1800)
    assert _catalogue(rows[2:]).totals.cost is None
    more = [rows[0].model_copy(update={"changed": "the lecture file changed"}), _row(5, Status.superseded, 0, 1, 0),
            _row(6, Status.conflict, 0, 1, 0), _row(7, Status.conflict, 0, 1, 0)]
    totals = _catalogue(more).totals
    assert (totals.done, totals.superseded, totals.conflicts, totals.rerendered) == (1, 1, 2, 1)


def _catalogue(rows: list[LectureRow], root: str = "courses") -> Catalogue:
    return Catalogue(root=root, quality="l", languages=["en"], workers=2, started="2026-12-02T23:00:00Z",
                     wall_seconds=125.0, rows=rows)


def test_write_report_writes_both_whole_and_never_links_to_a_missing_file(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "a.mp4").write_bytes(b"video")
    row = _row(0, Status.done, 60, 30, 900).model_copy(update={"video": "a/a.mp4", "captions": "a/a.vtt"})
    data, html = write_report(_catalogue([row]), tmp_path)
    assert (data, html) == (tmp_path / "catalogue.json", tmp_path / "catalogue.html")
    written = Catalogue.model_validate_json(data.read_text(encoding="utf-8"))
    assert (written.rows[0].video, written.rows[0].captions) == ("a/a.mp4", None)
    assert Catalogue.model_validate_json(_read(html.read_text(encoding="utf-8")).data or "") == written
    assert data.read_text(encoding="utf-8").startswith('{\n  "root": "courses",')  # indented for a reader
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a", "catalogue.html", "catalogue.json"]


def test_every_text_colour_meets_wcag_aa_on_its_background():
    colours = dict(re.findall(r"--([a-z-]+): (#[0-9a-f]{6});", TEMPLATE.read_text(encoding="utf-8")))
    pairs = [("text", "page"), ("muted", "page"), ("link", "page"), ("text", "stripe"), ("muted", "stripe"),
             ("link", "stripe"), ("text", "failed-row"), ("muted", "failed-row"), ("link", "failed-row"),
             *((f"{s}-fg", f"{s}-bg") for s in Status)]
    assert {name: round(ratio(colours[a], colours[b]), 2) for a, b in pairs for name in [f"{a} on {b}"]
            if ratio(colours[a], colours[b]) < 4.5} == {}


# In the browser: a catalogue of 36 lectures with hostile titles and reasons, real files beside it
# for most links (one named as a URL scheme, one with spaces, # and ?), and a thumbnail.

FILES = {"video": "video.mp4", "captions": "captions.vtt", "storyboard": "storyboard.html", "manifest": "render.json"}
ODD = "odd name #1?.vtt"
SCHEME = "javascript:window.pwned=1"


def _browser_rows(folder: Path) -> list[LectureRow]:
    rng = random.Random(31)
    still = folder / "stills" / "still.png"
    still.parent.mkdir(parents=True)
    Image.new("RGB", (320, 180), (40, 90, 160)).save(still)
    rows = []
    for i in range(36):
        status = Status.failed if i % 9 == 4 else Status.invalid if i % 11 == 7 else Status.done
        done = status is Status.done
        outputs: dict[str, str | None] = {}
        for field, name in FILES.items():
            path = folder / f"lecture-{i:02d}" / name
            if field != "storyboard" or i % 3:  # a third have no storyboard
                path.parent.mkdir(exist_ok=True)
                path.write_text(f"{field} of lecture {i}\n", encoding="utf-8")
            outputs[field] = f"lecture-{i:02d}/{name}" if done or field == "manifest" else None
        if i == 1:
            outputs["video"] = "lecture-01/gone.mp4"  # named by the engine, not on disk
        if i == 2:
            (folder / "lecture-02" / ODD).write_text("odd", encoding="utf-8")
            (folder / "lecture-02" / SCHEME).write_text("scheme", encoding="utf-8")
            outputs.update(captions=f"lecture-02/{ODD}", storyboard=f"lecture-02/{SCHEME}")
        rows.append(LectureRow(
            source=f"lectures/{i:02d}/lecture.json", lecture_id=f"L{i:04d}", attempt=1 + i % 2,
            title=f"{HOSTILE[i % len(HOSTILE)]} lecture {i} " + "x" * (60 if i == 5 else 0), language="en",
            status=status, reason=None if done else f"{HOSTILE[(i + 3) % len(HOSTILE)]} reason {i}",
            scenes=rng.randint(1, 8), seconds=rng.uniform(60, 1800) if done else 0.0,
            warnings={"layout": rng.randint(0, 3), "<b>captions</b>": rng.randint(0, 2)} if i % 2 else {},
            frames_drawn=rng.randint(0, 100_000), cpu_seconds=round(rng.uniform(1, 900), 3),
            wall_seconds=rng.uniform(1, 400), thumbnail="stills/still.png" if done else None, **outputs))
    return rows


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> tuple[Path, Catalogue]:
    """The report's folder, and the catalogue as written (outputs not on disk left out)."""
    folder = tmp_path_factory.mktemp("report")
    data, _ = write_report(_catalogue(_browser_rows(folder), root="</title><script>window.pwned = 1</script>"),
                           folder)
    return folder, Catalogue.model_validate_json(data.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(tmp_path_factory.mktemp("profile")), executable_path=CHROMIUM, args=ARGS, headless=True,
            viewport={"width": 1280, "height": 900})
        yield context
        context.close()


@pytest.fixture(scope="module")
def opened(report, browser):
    """The report opened from disk: (page, every URL it asked for)."""
    asked: list[str] = []
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("request", lambda request: asked.append(request.url))
    page.goto((report[0] / "catalogue.html").as_uri())
    page.wait_for_load_state("load")
    yield page, asked
    assert errors == []


def _statuses(page) -> list[str]:
    return page.eval_on_selector_all("tbody tr:not([hidden]) .status", "els => els.map(e => e.textContent)")


def test_every_row_is_shown_as_text_and_the_page_fits_1280_px(opened, report):
    page, _ = opened
    catalogue = report[1]
    assert page.evaluate("JSON.parse(document.getElementById('data').textContent)") == json.loads(
        catalogue.model_dump_json())
    titles = page.eval_on_selector_all("tbody tr:not([hidden]) .title", "els => els.map(e => e.textContent)")
    assert sorted(titles) == sorted(r.title for r in catalogue.rows) and len(titles) == 36
    assert page.evaluate("window.pwned") is None
    assert page.locator("tbody script, tbody img:not([src^='./']), tbody b").count() == 0
    assert page.title() == f"Catalogue {catalogue.root}"
    assert page.text_content("#shown") == "36 of 36 lectures shown"
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    stills = page.eval_on_selector_all("tbody img", """els => Promise.race([
        Promise.all(els.map(e => { e.loading = "eager"; return e.decode().then(() => e.naturalWidth); })),
        new Promise((_, fail) => setTimeout(() => fail(new Error("a still never loaded")), 30000))])""")
    assert stills == [320] * sum(r.thumbnail is not None for r in catalogue.rows)


def test_the_totals_and_the_failures_come_first(opened, report):
    page, _ = opened
    totals = report[1].totals
    lectures = f"{totals.done} done of 36{totals.failed} failed, {totals.invalid} invalid"
    assert page.text_content("#totals dd") == lectures
    failures = page.eval_on_selector_all("#failures li", "els => els.map(e => e.textContent)")
    assert len(failures) == totals.failed + totals.invalid
    assert [f.split(" ")[0] for f in failures] == ["failed"] * totals.failed + ["invalid"] * totals.invalid


def test_sorting_by_status_puts_failures_first_and_any_column_sorts(opened, report):
    page, _ = opened
    rank = {"failed": 0, "invalid": 1, "done": 2}
    opened_with = _statuses(page)
    assert [rank[s] for s in opened_with] == sorted(rank[s] for s in opened_with) and opened_with[0] == "failed"
    page.click("th[data-key='status'] button")
    assert _statuses(page)[0] == "done" and page.get_attribute("th[data-key='status']", "aria-sort") == "descending"
    page.click("th[data-key='status'] button")
    assert _statuses(page) == opened_with
    page.click("th[data-key='cpu_seconds'] button")
    shown = page.eval_on_selector_all("tbody tr td:nth-child(8)", "els => els.map(e => e.textContent)")
    cpu = sorted(r.cpu_seconds for r in report[1].rows)
    assert [float(s.replace(",", "")) for s in shown] == [pytest.approx(c, abs=0.05) for c in cpu]
    page.click("th[data-key='status'] button")


def test_the_filters_hide_rows(opened, report):
    page, _ = opened
    page.fill("#filter", "L0013")
    assert page.eval_on_selector_all("tbody tr:not([hidden]) .source", "els => els.map(e => e.textContent)") == [
        "lectures/13/lecture.json · en · L0013 · attempt 2"]
    page.fill("#filter", "")
    page.select_option("#status-filter", "invalid")
    invalid = sum(r.status is Status.invalid for r in report[1].rows)
    assert _statuses(page) == ["invalid"] * invalid and page.text_content("#shown") == f"{invalid} of 36 lectures shown"
    page.fill("#filter", "</script>")  # a filter is text too
    assert len(_statuses(page)) == sum(r.status is Status.invalid and "</script>" in r.title + (r.reason or "")
                                       for r in report[1].rows) > 0
    page.fill("#filter", "")
    page.select_option("#status-filter", "")
    assert len(_statuses(page)) == 36


def test_every_link_opens_its_file_and_a_missing_one_is_shown_absent(opened, report, browser):
    page, _ = opened
    folder, catalogue = report
    links = page.eval_on_selector_all("tbody a", "els => els.map(e => [e.textContent, e.href])")
    named = [p for r in catalogue.rows for p in (r.video, r.captions, r.storyboard, r.manifest) if p is not None]
    assert len([href for text, href in links if text]) == len(named)  # the still links to the video too
    for _, href in links:
        url = urlparse(href)
        assert url.scheme == "file" and Path(unquote(url.path)).is_file(), href
        assert Path(unquote(url.path)).is_relative_to(folder)
    assert catalogue.rows[1].video is None  # its video was never written: no link, but a word
    absent = page.eval_on_selector_all("tbody tr", "rows => rows.map(r => r.querySelector('.title').textContent"
                                       " + '|' + [...r.querySelectorAll('.absent')].map(e => e.textContent))")
    assert f"{catalogue.rows[1].title}|no video" in absent
    assert f"{catalogue.rows[3].title}|no storyboard" in absent
    viewer = browser.new_page()
    for name in (ODD, SCHEME, "render.json"):
        href = next(h for _, h in links if unquote(urlparse(h).path).endswith(f"/{name}"))
        viewer.goto(href)
        shown = viewer.evaluate("document.body.innerText")
        assert shown.strip() == Path(unquote(urlparse(href).path)).read_text(encoding="utf-8").strip()
    viewer.close()
    assert page.evaluate("window.pwned") is None


def test_the_page_asks_nothing_of_the_network(opened, report):
    asked = opened[1]
    folder = report[0]
    assert asked and all(url.startswith(folder.as_uri()) for url in asked), asked
    assert {Path(unquote(urlparse(url).path)).name for url in asked} <= {"catalogue.html", "still.png"}


def test_conflicts_superseded_attempts_and_changed_lectures_are_shown_with_why(browser, tmp_path):
    changed = _row(0, Status.done, 60, 3, 90).model_copy(update={"changed": "a figure changed (figures/a.png)"})
    superseded = _row(1, Status.superseded, 0, 1, 0).model_copy(update={
        "reason": "attempt 1 of lectureId 'a' is superseded by attempt 2 (a2.json)"})
    conflicts = [_row(n, Status.conflict, 0, 1, 0).model_copy(update={
        "reason": f"l{5 - n}/lecture.json has the same publication.slug 'x': neither is rendered"}) for n in (2, 3)]
    write_report(_catalogue([changed, superseded, *conflicts]), tmp_path)
    page = browser.new_page()
    page.goto((tmp_path / "catalogue.html").as_uri())
    page.wait_for_load_state("load")
    assert _statuses(page) == ["conflict", "conflict", "superseded", "done"]
    failures = page.eval_on_selector_all("#failures li", "els => els.map(e => e.textContent)")
    assert [f.split(" ")[0] for f in failures] == ["conflict", "conflict"]
    assert "l3/lecture.json has the same publication.slug" in failures[0]
    shown = page.text_content("tbody")
    assert "rendered again: a figure changed (figures/a.png)" in shown and "superseded by attempt 2 (a2.json)" in shown
    totals = page.eval_on_selector_all("#totals dd", "els => els.map(e => e.textContent)")
    assert "2 in conflict; 1 superseded by a later attempt" in totals[0]
    assert "1 rendered again because they changed" in totals[1]
    page.close()
