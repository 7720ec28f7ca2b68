"""The studio's server without a browser: the token on every request, only the lecture's own
output files served, no state changed on GET, and the page's data taken from the plan and `check`."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from lecturekit.pipeline import plan_scenes
from lecturekit.plan.export import as_json
from lecturekit.plan.scene_plan import LecturePlan
from lecturekit.settings import PRESETS, Quality
from lecturekit.sources import read
from lecturekit.studio.review import review
from lecturekit.studio.server import Studio, create_app
from tests.conftest import DEMO, DEMO_OVERRIDES

TOKEN = "the-token"
TEXT = 'a Text that says "Hello"'


@pytest.fixture
def served(tmp_path: Path):
    """A studio on the demo (no workers), its output folder with a video, and a file beside it."""
    out = tmp_path / "media"
    folder = out / "lecturekit-demo"
    folder.mkdir(parents=True)
    (folder / "01-a-wave-and-its-phase.mp4").write_bytes(b"not really a video")
    (folder / ".01-a-wave.123.part.mp4").write_bytes(b"half written")
    (out / "secret.png").write_bytes(b"outside the lecture's folder")
    (folder / "link.png").symlink_to(out / "secret.png")
    studio = Studio(DEMO, None, out, jobs=1)
    with TestClient(create_app(studio, TOKEN, start_workers=False), base_url="http://127.0.0.1") as client:
        yield client, studio


def test_every_request_needs_the_token(served):
    client, _ = served
    for path in ("/", "/static/studio.js", "/api/lecture", "/api/events", "/media/01-a-wave-and-its-phase.mp4"):
        assert client.get(path).status_code == 401, path
        assert client.get(path, params={"token": "wrong"}).status_code == 403, path
        assert client.get(path, headers={"X-Studio-Token": "wrong"}).status_code == 403, path
    assert client.post("/api/open", json={"scene": 1}).status_code == 401
    assert client.post("/api/open", json={"scene": 1}, headers={"X-Studio-Token": "wrong"}).status_code == 403
    page = client.get("/", params={"token": TOKEN})
    assert page.status_code == 200 and f"/static/studio.js?token={TOKEN}" in page.text
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/api/lecture", headers={"X-Studio-Token": TOKEN}).status_code == 200


def test_only_the_loopback_host_is_answered(served):
    client, _ = served
    assert client.get("/", params={"token": TOKEN}, headers={"Host": "evil.example"}).status_code == 400
    assert client.get("/", params={"token": TOKEN}, headers={"Host": "localhost:8000"}).status_code == 200


@pytest.mark.parametrize("path", [
    "/media/..%2Fsecret.png", "/media/%2e%2e/secret.png", "/media/..%2F..%2F..%2Fetc%2Fpasswd",
    "/media/%2Fetc%2Fpasswd", "/media/link.png", "/media/render.json", "/media/.01-a-wave.123.part.mp4",
    "/media/missing.mp4", "/static/..%2Fserver.py", "/static/index.html%00.js",
])
def test_no_request_path_reaches_the_disk_unchecked(served, path):
    client, _ = served
    response = client.get(path, params={"token": TOKEN})
    assert response.status_code == 404, response.text
    assert b"outside" not in response.content


def test_the_lecture_output_is_served_with_ranges(served):
    client, _ = served
    whole = client.get("/media/01-a-wave-and-its-phase.mp4", params={"token": TOKEN})
    assert whole.status_code == 200 and whole.content == b"not really a video"
    assert whole.headers["content-type"] == "video/mp4"
    part = client.get("/media/01-a-wave-and-its-phase.mp4", params={"token": TOKEN}, headers={"Range": "bytes=4-9"})
    assert part.status_code == 206 and part.content == b"really"


def test_nothing_changes_on_get(served):
    client, studio = served
    for path in ("/api/open", "/api/still", "/api/storyboard"):
        assert client.get(path, params={"token": TOKEN}).status_code == 405
    assert studio.opened == set()
    asked = client.post("/api/open", json={"scene": 2}, headers={"X-Studio-Token": TOKEN})
    assert asked.status_code == 200 and [t.scene for t in studio.opened] == [2]
    for body in ({"scene": 3}, {"scene": "1"}, {"scene": True}, {}, []):
        assert client.post("/api/open", json=body, headers={"X-Studio-Token": TOKEN}).status_code == 400
    bad = client.post("/api/still", json={"scene": 1, "seconds": "x"}, headers={"X-Studio-Token": TOKEN})
    assert bad.status_code == 400


def test_the_page_data_is_the_plan_and_the_check():
    resolved = read(DEMO)
    data = review(resolved, DEMO_OVERRIDES, PRESETS[Quality.l])
    plans = plan_scenes(resolved, resolved.scenes, 15)
    planned = as_json(LecturePlan(resolved.slug, resolved.title, 15, tuple(plans)))["scenes"]
    for scene, plan, json in zip(data["scenes"], plans, planned, strict=True):
        assert [c["frame"] for c in scene["cues"]] == [c.frame for c in plan.cues]
        assert [c["action"] for c in scene["cues"]] == [c.text for c in plan.cues]
        assert scene["boards"] == json["boards"]  # every item a board lists, as `plan --json` gives it
        assert scene["beats"][0]["start"] == 0.0 and scene["beats"][-1]["end"] == pytest.approx(scene["duration"])
        assert scene["captions"] and all(c["text"] for c in scene["captions"])
    wave = data["scenes"][0]["objects"]["wave"]
    assert wave["description"].startswith("a FunctionPlot") and wave["override"] == {"function": "sin(x + phase)"}
    forms = {c["form"] for s in data["scenes"] for c in s["cues"]}
    assert {"show", "hide", "tick", "emphasize"} <= forms
    carried = [c for c in data["scenes"][0]["cues"] if c["form"] == "redraw"]
    assert carried and all(c["clipped_by"] == "runs with phase's animation" for c in carried)


def test_warnings_are_pinned_at_their_time(write_lecture):
    path = write_lecture({"t": TEXT, "s": 'a Text that says "Second"', "b": "a Blob"},
                         [(1.0, "t is shown on the screen, written out."), (2.5, "t dances."),
                          (3.0, "ghost is shown on the screen, written out."),
                          (4.0, "b is shown on the screen, written out."),
                          (5.0, "s is shown on the screen, written out."), (9.9, "s is hidden from the screen.")],
                         start=0.0, end=10.0)
    data = review(read(path), None, PRESETS[Quality.l])
    [scene] = data["scenes"]
    pinned = {(w["time"], w["object"]) for w in scene["warnings"]}
    # an action's warning at its time; an object's where it first acts, or at the scene's start
    assert pinned == {(2.5, None), (3.0, "ghost"), (0.0, "b")}
    assert all(w["line"].startswith("warning: scene 'Scene One'") for w in scene["warnings"])
    hide = next(c for c in scene["cues"] if c["form"] == "hide")
    assert hide["frames"] == 1 and hide["clipped_by"] == "the scene's end"


def test_a_lecture_with_markup_in_its_title_is_data_not_markup(write_json):
    from tests.conftest import lecture_data

    data = lecture_data({"t": TEXT}, [(1.0, "t is shown on the screen, written out.")], title="<b>bold</b>")
    data["publication"]["title"] = "<script>alert(1)</script>"
    page = review(read(write_json(data)), None, PRESETS[Quality.l])
    assert page["title"] == "<script>alert(1)</script>" and page["scenes"][0]["title"] == "<b>bold</b>"
    assert os.fspath(DEMO)  # the page itself sets these with textContent: see the browser tests


def test_a_board_finding_is_pinned_at_its_board(tmp_path):
    """A board `check` says cannot hold its texts, and a board failing a rule of the audit, are
    pinned at that board's time on the scene's timeline (they were all at 0:00.00)."""
    from dataclasses import replace

    from lecturekit.plan.legibility import layout_warnings
    from lecturekit.plan.placement import clock
    from tests.crowded import crowded
    from tests.lecture_strategy import write

    lecture, _ = write(crowded(20), tmp_path)  # twenty objects in the first second: past holding
    resolved = read(lecture)
    checked = replace(resolved, diagnostics=resolved.diagnostics + layout_warnings(resolved))
    page = review(checked, None, PRESETS[Quality.l])
    proof = page["scenes"][0]
    fps = page["fps"]
    frames = {round(board["time"] * fps) for board in proof["boards"]}
    crowded_lines = [w for w in proof["warnings"] if "cannot hold" in w["line"]]
    assert crowded_lines
    for found in crowded_lines:  # on a board's frame, which the line names on the lecture's clock
        assert round(found["time"] * fps) in frames and found["time"] > 0
        assert f"board at {clock(proof['start'] + found['time'])}" in found["line"]
    failing = [b for b in proof["audit"] if b["failures"]]
    audited = [w for w in proof["warnings"] if w["severity"] == "audit"]
    assert [w["time"] for w in audited] == [b["time"] for b in failing] and len(failing) > 0
    assert all(f"({proof['start'] + w['time']:.2f} s)" in w["line"] for w in audited)
