"""Benchmark: `lecturekit studio`, as a reviewer meets it.

    .venv/bin/python bench/studio.py [--transformer LECTURE] [--screenshot assets/studio.png]

Each run starts the studio on an empty output folder and prints: studio started to page served;
to the first scene playable (the demo's scene 1, then the transformer's scene 1); a warm
full-quality still (median and slowest of 12, at times spread over the scene in a shuffled
order); and, in Debian's chromium, the page updated after a one-action edit of the lecture (the
timeline, then the re-rendered video). Not part of the tests.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEMO = ROOT / "scenes" / "demo" / "lecture.json"
TRANSFORMER = ROOT.parent / "shared" / "lectures" / "transformer" / "lecture.json"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def _request(url: str, token: str, body: dict | None = None) -> bytes:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data, {"X-Studio-Token": token, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as response:
        return response.read()


class Running:
    """A studio started on `lecture` with an empty output folder."""

    def __init__(self, lecture: Path, out: Path):
        self.started = time.perf_counter()
        self.process = subprocess.Popen([sys.executable, "-m", "lecturekit", "studio", str(lecture), "--out",
                                         str(out)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.url = self.process.stdout.readline().split(": ", 1)[1].strip()
        self.base, self.token = self.url.split("/?token=")
        _request(self.url, self.token)
        self.served = time.perf_counter() - self.started

    def playable(self, scene: int) -> float:
        """Seconds from the start until scene `scene`'s video is served."""
        data = json.loads(_request(f"{self.base}/api/lecture", self.token))
        chosen = data["scenes"][scene - 1]
        _request(f"{self.base}/api/open", self.token, {"scene": scene})
        name = f"{scene:02d}-{chosen['slug']}.mp4"
        while True:
            try:
                _request(f"{self.base}/media/{name}", self.token)
                return time.perf_counter() - self.started
            except urllib.error.HTTPError:
                time.sleep(0.1)

    def stills(self, scene: int, count: int = 12) -> list[float]:
        data = json.loads(_request(f"{self.base}/api/lecture", self.token))
        duration = data["scenes"][scene - 1]["duration"]
        times = [duration * (k + 0.5) / count for k in range(count)]
        random.Random(14).shuffle(times)
        _request(f"{self.base}/api/still", self.token, {"scene": scene, "seconds": 0.0})  # the first, warming
        spent = []
        for seconds in times:
            start = time.perf_counter()
            _request(f"{self.base}/api/still", self.token, {"scene": scene, "seconds": seconds})
            spent.append(time.perf_counter() - start)
        return spent

    def stop(self) -> None:
        self.process.send_signal(2)
        self.process.wait(30)


def edit_in_browser(running: Running, lecture: Path, screenshot: Path | None) -> tuple[float, float]:
    """Seconds from a one-action edit on disk to the timeline updated, and to the new video shown."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path="/usr/bin/chromium", args=ARGS, headless=True,
            viewport={"width": 1500, "height": 950}, bypass_csp=True)
        page = context.new_page()
        page.goto(running.url)
        page.click("button.scene[data-scene='1']")
        page.wait_for_function("video.readyState >= 2", timeout=300_000)
        cues = page.evaluate("studio.state.data.scenes[0].cues")
        chosen = next(k for k, c in enumerate(cues) if c["form"] == "emphasize")
        page.click(f".cue[data-index='{chosen}']")
        page.wait_for_timeout(500)
        if screenshot is not None:
            page.screenshot(path=screenshot)
        url = page.evaluate("video.dataset.url")
        data = json.loads(lecture.read_text(encoding="utf-8"))
        beats = data["publication"]["watch"]["scenes"][0]["beats"]
        moved = next(beat for beat in reversed(beats) if beat["does"])["does"][-1]
        moved[0] = round(moved[0] - 0.4, 3)
        frame = round(moved[0] * 15)
        start = time.perf_counter()
        lecture.write_text(json.dumps(data), encoding="utf-8")
        page.wait_for_function(f"studio.state.data.scenes[0].cues.some(c => c.frame === {frame})", timeout=60_000)
        timeline = time.perf_counter() - start
        page.wait_for_function(f"video.dataset.url !== {json.dumps(url)} && video.readyState >= 2",
                               timeout=300_000)
        video = time.perf_counter() - start
        context.close()
    return timeline, video


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--transformer", type=Path, default=TRANSFORMER)
    parser.add_argument("--screenshot", type=Path, default=None)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        shutil.copytree(DEMO.parent, folder / "demo")
        lecture = folder / "demo" / "lecture.json"
        demo = Running(lecture, folder / "media-demo")
        try:
            first = demo.playable(1)
            spent = demo.stills(1)
            timeline, video = edit_in_browser(demo, lecture, options.screenshot)
        finally:
            demo.stop()
        transformer = Running(options.transformer, folder / "media-transformer")
        try:
            big = transformer.playable(1)
            big_stills = transformer.stills(1)
        finally:
            transformer.stop()
    print(f"demo: studio started to page served {demo.served:.2f} s; to scene 1 playable (empty cache) {first:.1f} s")
    print(f"transformer: page served {transformer.served:.2f} s; to scene 1 playable (empty cache) {big:.1f} s")
    for name, times in (("demo scene 1", spent), ("transformer scene 1", big_stills)):
        print(f"warm -q h still, {name}: median {statistics.median(times) * 1000:.0f} ms, "
              f"slowest {max(times) * 1000:.0f} ms of {len(times)}")
    print(f"one-action edit: timeline updated {timeline:.2f} s, re-rendered video shown {video:.1f} s")


if __name__ == "__main__":
    main()
