"""A catalogue of many tiny generated lectures, and the processes that render it (the command,
local workers, a real Dask cluster), for the catalogue's tests: bad lectures are reported and
skipped, a worker killed mid-way and the command killed mid-way cost nothing twice.

"Frames drawn" here is counted work: the frames (drawn and held) of the chunks that landed, that
is, were written to the chunk cache. A killed run's landed chunks are the chunk files it left in
the cache (a chunk is written whole or not at all); a finished run's are in its catalogue.json.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import av

from tests.conftest import ROOT

GOOD = 16
#: The scene title whose render burns CPU before drawing (see `burner`): it runs past its budget.
BURN = "Burn the budget"
SAY = "t is shown on the screen, written out."


def scene(title: str, start: float, end: float, objects: dict[str, str], say: str) -> dict[str, Any]:
    shows = [[start, f"{name} is shown on the screen, written out."] for name in objects]
    return {"title": title, "start": start, "end": end, "objects": objects,
            "beats": [{"start": start, "say": say, "live": None, "does": shows}]}


def lecture(number: int, scenes: list[dict[str, Any]]) -> dict[str, Any]:
    return {"version": 1, "lectureId": f"catalogue-{number}", "attempt": 2,
            "publication": {"slug": f"lecture-{number:02d}", "title": f"Lecture {number}", "watch": {"scenes": scenes}}}


def write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")


def catalogue(root: Path) -> dict[str, str]:
    """A tree of lectures, by folder: GOOD good ones of 1 to 2 s (the first with two scenes), three
    invalid, one whose image is missing (rendered, with its gap) and one that runs past its budget."""
    kinds = {}
    for n in range(GOOD):
        scenes = [scene("Opening", 0.0, 1.0 + (n % 3) / 3, {"t": f'a Title that says "Lecture {n}"'}, f"Lecture {n}.")]
        if n == 0:
            scenes.append(scene("Second", scenes[0]["end"], scenes[0]["end"] + 1.0,
                                 {"h": 'a Heading that says "More"'}, "And more."))
        write(root / f"good-{n:02d}" / "lecture.json", lecture(n, scenes))
        kinds[f"good-{n:02d}"] = "done"
    write(root / "bad-json" / "lecture.json", "{not json")
    broken = lecture(90, [scene("Opening", 0.0, 1.0, {"t": 'a Title that says "x"'}, "x")])
    del broken["publication"]["watch"]["scenes"][0]["title"]
    write(root / "bad-schema" / "lecture.json", broken)
    write(root / "bad-times" / "lecture.json", lecture(91, [scene("Opening", 0.0, -1.0, {"t": 'a Title that '
                                                                                            'says "x"'}, "x")]))
    write(root / "no-image" / "lecture.json", lecture(92, [scene(
        "Opening", 0.0, 1.0, {"i": "an Image (path='figures/none.png', aspect=(4, 3))"}, "A figure.")]))
    write(root / "burn" / "lecture.json", lecture(93, [scene(BURN, 0.0, 1.0, {"t": 'a Title that says "hot"'},
                                                                 "Hot.")]))
    kinds.update({"bad-json": "invalid", "bad-schema": "invalid", "bad-times": "invalid", "no-image": "done",
                  "burn": "failed"})
    write(root / "notes" / "render.json", {"publication": {}})  # never a lecture, whatever it holds
    return kinds


def burner(folder: Path) -> dict[str, str]:
    """An environment whose Python processes (the command's workers, Dask's) burn 3 CPU seconds
    before rendering a scene titled BURN: more than its budget of 2 s (--cpu-budget 1, and the
    floor of 2 s a chunk), which the good lectures' chunks keep well within."""
    write(folder / "sitecustomize.py", f'''
import time
import lecturekit.render as render
_draw = render.render_scene

def render_scene(plan, *args, **kwargs):
    if plan.title == {BURN!r}:
        start = time.thread_time()
        while time.thread_time() - start < 3.0:
            pass
    return _draw(plan, *args, **kwargs)

render.render_scene = render_scene
''')
    return {**os.environ, "PYTHONPATH": f"{folder}{os.pathsep}{ROOT}"}


def command(source: Path, out: Path, env: dict[str, str], *extra: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "lecturekit", "catalogue", str(source), "-q", "l", "--out", str(out),
         "--cpu-budget", "1", *extra],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)


def report_rows(out: Path) -> list[dict[str, Any]]:
    report = out / "catalogue.json"
    return json.loads(report.read_text())["rows"] if report.is_file() else []


def wait_for_rows(process: subprocess.Popen, out: Path, done: int) -> None:
    deadline = time.monotonic() + 600
    while sum(row["status"] == "done" for row in report_rows(out)) < done:
        assert process.poll() is None, f"the catalogue ended before it could be interrupted: {process.communicate()[0]}"
        assert time.monotonic() < deadline, "the catalogue never got going"
        time.sleep(0.2)


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def descendants(pid: int) -> list[int]:
    """Every process below `pid`: its workers, and the Typst processes they started."""
    found = []
    for child in children(pid):
        found += [child, *descendants(child)]
    return found


def gone(pids: list[int]) -> bool:
    """Whether every process of `pids` has ended (waiting a while for them to wind down)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if not [p for p in pids if _running(p)]:
            return True
        time.sleep(0.2)
    kill(pids)
    return False


def _running(pid: int) -> bool:
    """Whether `pid` is a process that has not ended (a zombie has: it waits only to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_bytes().rpartition(b")")[2].split()[0]
    except (OSError, IndexError):
        return False
    return state != b"Z"


def kill(pids: list[int]) -> None:
    for pid in pids:
        with suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def chunk_frames(out: Path) -> int:
    """Frames in the chunk files kept in the cache: the chunks that landed."""
    total = 0
    for chunk in [c for c in (out / ".lecturekit-cache").rglob("chunks/*.mp4") if ".part" not in c.name]:
        with av.open(str(chunk)) as container:
            total += container.streams.video[0].frames
    return total


def landed(report: dict[str, Any]) -> int:
    return report["work"].get("frames drawn", 0) + report["work"].get("frames held", 0)


def lecture_frames(out: Path, slug: str) -> dict[str, int]:
    """The frames of each scene video a lecture's render.json names."""
    manifest = json.loads((out / slug / "render.json").read_text())
    return {f["path"]: f["frames"] for f in manifest["files"] if f["scene"] and f["path"].endswith(".mp4")}


def everything_whole(source: Path, out: Path, kinds: dict[str, str]) -> int:
    """The report says what each lecture came to; every good one has its video, captions and
    render.json; nothing temporary is left. Returns the frames of all the good lectures' scenes."""
    rows = {Path(row["source"]).parent.name: row for row in report_rows(out)}
    assert {name: row["status"] for name, row in rows.items()} == kinds
    # which try of the writing system each lecture is, a broken one's too, where the file is JSON
    assert {name: row["attempt"] for name, row in rows.items()} == {name: None if name == "bad-json" else 2
                                                                    for name in kinds}
    assert not [p for p in out.rglob("*") if ".part" in p.name or p.name.startswith(".job-")], "a temporary was left"
    assert not [p for p in source.rglob("*") if ".part" in p.name]
    frames = 0
    for row in rows.values():
        if row["status"] == "done":
            video = out / row["video"]
            assert video.is_file() and (out / row["captions"]).is_file() and (out / row["manifest"]).is_file()
            frames += sum(lecture_frames(out, video.parent.name).values())
        else:
            assert row["reason"] and "\n" not in row["reason"]
    assert "is not valid JSON" in rows["bad-json"]["reason"]
    assert "title" in rows["bad-schema"]["reason"]
    assert "end must be after start" in rows["bad-times"]["reason"]
    assert "CPU budget" in rows["burn"]["reason"] and "after one retry" in rows["burn"]["reason"]
    assert "figures/none.png" in rows["no-image"]["reason"] and rows["no-image"]["warnings"]
    return frames


def interrupted_then_resumed(tmp_path: Path, kill_worker: list[int] | None, *extra: str) -> tuple[Path, Path, int]:
    """Run the catalogue, SIGKILL a worker (the local one the command started, or `kill_worker`)
    mid-way, then SIGKILL the command, and run it again; returns SOURCE, OUT and the frames the
    second run drew."""
    source, out = tmp_path / "lectures", tmp_path / "media"
    kinds = catalogue(source)
    env = burner(tmp_path / "site")
    first = command(source, out, env, *extra)
    left: list[int] = []
    try:
        wait_for_rows(first, out, 3)
        workers = [c for c in children(first.pid) if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]
        kill(kill_worker[:1] if kill_worker is not None else workers[:1])
        wait_for_rows(first, out, GOOD // 2)
        left = descendants(first.pid)
    finally:
        first.kill()
        first.wait()
    assert gone(left), "a worker outlived the command killed outright"
    landed_first = chunk_frames(out)
    assert sum(row["status"] == "done" for row in report_rows(out)) < GOOD, "the command finished before it was killed"
    # the job on the killed worker was run again: no good lecture failed for it
    assert {Path(row["source"]).parent.name for row in report_rows(out) if row["status"] == "failed"} <= {"burn"}
    again = command(source, out, env, *extra)
    output, _ = again.communicate(timeout=600)
    assert again.returncode == 1 and "Traceback" not in output, output  # some lectures are invalid or failed
    total = everything_whole(source, out, kinds)
    report = json.loads((out / "catalogue.json").read_text())
    assert 0 < landed(report) < total
    assert landed_first + landed(report) == total  # no chunk drawn twice, none lost
    return source, out, landed(report)


@contextmanager
def dask_cluster(env: dict[str, str]) -> Iterator[tuple[str, list[int]]]:
    """A `dask scheduler` and two `dask worker` processes (no nanny: a killed worker stays dead)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    dask = [sys.executable, "-m", "distributed.cli.dask_scheduler"]
    started = [subprocess.Popen([*dask, "--host", "127.0.0.1", "--port", str(port), "--dashboard-address", ":0"],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        started += [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker", address, "--nthreads", "1",
                                      "--no-nanny", "--dashboard-address", ":0", "--memory-limit", "0"],
                                     env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(2)]
        from distributed import Client

        with Client(address, timeout="60s") as client:
            client.wait_for_workers(2, timeout=120)
        yield address, [p.pid for p in started[1:]]
    finally:
        for process in started:
            process.kill()
            process.wait()


