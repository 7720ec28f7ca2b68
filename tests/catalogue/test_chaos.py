"""A catalogue that never loses a lecture, however it is killed.

Ten small lectures (two with one slug, two attempts of one lectureId, one invalid, one that runs
past its budget) are rendered at -q l on two local workers, and the command or one of its workers
and then the command are SIGKILLed at random moments, at least ten times, one lecture changed
between most runs; then the catalogue is run to its end. Then the same on a real `dask scheduler`
with two worker processes, one killed mid-run. After each kill, every lecture folder a reader
finds is whole and of one version; after the last run, every good lecture's files are byte for
byte those of a render of it alone, each row's paths are its own lecture's, nothing temporary is
left, and a further run draws nothing.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

from lecturekit.pipeline import render_lecture
from lecturekit.settings import Quality, RenderSettings
from tests.catalogue.kit import (
    BURN,
    burner,
    children,
    command,
    dask_cluster,
    descendants,
    gone,
    kill,
    landed,
    report_rows,
    scene,
    wait_for_rows,
    write,
)

pytestmark = pytest.mark.slow

#: SIGKILLs of the command the local part must survive, and the seed of its moments.
KILLS = 10
SEED = int(os.environ.get("CHAOS_SEED", "44"))
#: What each lecture folder comes to.
KINDS = {"good-0": "done", "good-1": "done", "good-2": "done", "good-3": "done", "twin-a": "conflict",
         "twin-b": "conflict", "take-1": "superseded", "take-2": "done", "invalid": "invalid", "burn": "failed"}


def _lecture(lecture_id: str, slug: str, say: str, attempt: int = 1, scenes: int = 1,
             title: str = "Opening") -> dict[str, Any]:
    watch = [scene(title if n == 0 else f"Part {n}", float(n), n + 1.0,
                   {"t": f'a Title that says "{slug} {n}"'}, f"{say} part {n}.") for n in range(scenes)]
    return {"version": 1, "lectureId": lecture_id, "attempt": attempt,
            "publication": {"slug": slug, "title": f"Lecture {slug}", "watch": {"scenes": watch}}}


def _catalogue(root: Path, version: dict[str, int]) -> dict[str, str]:
    """The lectures, each good one's narration marked with its version; the marks by slug folder."""
    marks = {}
    for n in range(4):
        mark = f"good {n} v{version.get(f'good-{n}', 0):03d}"
        write(root / f"good-{n}" / "lecture.json", _lecture(f"good-{n}", f"good-{n}", mark, scenes=2 if n == 0 else 1))
        marks[f"good-{n}"] = mark
    write(root / "twin-a" / "lecture.json", _lecture("twin-a", "twin", "twin a"))
    write(root / "twin-b" / "lecture.json", _lecture("twin-b", "twin", "twin b"))
    write(root / "take-1" / "lecture.json", _lecture("take", "take", "take one", attempt=1))
    write(root / "take-2" / "lecture.json", _lecture("take", "take", "take two", attempt=2))
    marks["take"] = "take two"
    broken = _lecture("broken", "broken", "broken")
    broken["publication"]["watch"]["scenes"][0]["end"] = -1.0
    write(root / "invalid" / "lecture.json", broken)
    write(root / "burn" / "lecture.json", _lecture("burn", "burn", "hot", title=BURN))
    return marks


def _folders_whole(out: Path, versions: dict[str, set[str]]) -> None:
    """What a reader finds while a run goes on, or after it was killed: every lecture folder holds
    only files its render.json names, every one of them there, of one version of its lecture (each
    caption file carries that version's narration), the joined video as long as its scenes."""
    for manifest in out.glob("*/render.json"):
        folder = manifest.parent
        assert folder.name in versions, f"{folder}: a folder of a lecture that is never rendered"
        data = json.loads(manifest.read_text())
        files = {f["path"]: f for f in data["files"]}
        assert {p.name for p in folder.iterdir()} == {*files, "render.json"}, f"{folder}: a file of another render"
        marks = [m for m in versions[folder.name] if all(m in p.read_text() for p in folder.glob("*.vtt"))]
        assert marks, f"{folder}: captions of two versions side by side"
        scenes = [f["frames"] for name, f in files.items() if f["scene"] and name.endswith(".mp4")]
        joined = files.get(f"{folder.name}.mp4")
        assert joined is None or joined["frames"] == sum(scenes), f"{folder}: a joined video of other scenes"


def _settled(source: Path, out: Path, alone: Path) -> None:
    """After the last run: the report's rows, each row's paths its own, the good lectures' files
    byte for byte those rendered alone, nothing temporary left."""
    rows = {Path(row["source"]).parent.name: row for row in report_rows(out)}
    assert {name: row["status"] for name, row in rows.items()} == KINDS
    assert "twin-b/lecture.json" in rows["twin-a"]["reason"] and "twin-a/lecture.json" in rows["twin-b"]["reason"]
    assert "superseded by attempt 2" in rows["take-1"]["reason"] and "take-2/lecture.json" in rows["take-1"]["reason"]
    assert not (out / "twin").exists()
    for name, row in rows.items():
        if row["status"] != "done":
            assert [row[k] for k in ("video", "captions", "manifest")] == [None] * 3, name
            continue
        manifest = json.loads((out / row["manifest"]).read_text())
        slug = manifest["slug"]
        assert row["video"] == f"{slug}/{slug}.mp4" and row["captions"] == f"{slug}/{slug}.vtt"
        assert manifest["lecture"]["path"] == str((out / row["source"]).resolve())
        assert (manifest["lectureId"], manifest["attempt"]) == (row["lecture_id"], row["attempt"])
        mine = sorted(p.name for p in (out / slug).iterdir() if p.suffix in (".mp4", ".vtt", ".srt"))
        assert mine == sorted(p.name for p in (alone / slug).iterdir() if p.suffix in (".mp4", ".vtt", ".srt"))
        for name_ in mine:
            assert (out / slug / name_).read_bytes() == (alone / slug / name_).read_bytes(), f"{slug}/{name_}"
    left = [p for p in out.rglob("*") if ".part" in p.name or p.name.startswith(".job-") or ".building" in p.name
            or ".stage" in p.parts]
    assert not left, f"temporary files left: {left}"


def _further_run_draws_nothing(source: Path, out: Path, env: dict[str, str], *extra: str) -> None:
    again = command(source, out, env, *extra)
    output, _ = again.communicate(timeout=300)
    assert again.returncode == 1 and "Traceback" not in output, output
    report = json.loads((out / "catalogue.json").read_text())
    assert landed(report) == 0 and report["totals"]["rerendered"] == 0


def _render_alone(source: Path, alone: Path) -> None:
    """Each good lecture rendered by itself, one process, nothing shared with the catalogue."""
    for folder in ("good-0", "good-1", "good-2", "good-3", "take-2"):
        render_lecture(source / folder / "lecture.json", None, RenderSettings(Quality.l, alone))


def test_a_catalogue_killed_at_random_moments_loses_no_lecture(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    source, out, alone = tmp_path / "lectures", tmp_path / "media", tmp_path / "alone"
    env = burner(tmp_path / "site")
    version: dict[str, int] = {}
    versions: dict[str, set[str]] = {}

    def remember(marks: dict[str, str]) -> None:
        for folder, mark in marks.items():
            versions.setdefault(folder, set()).add(mark)

    remember(_catalogue(source, version))
    began, kills, runs = time.monotonic(), 0, 0
    while kills < KILLS:
        runs += 1
        assert runs < 3 * KILLS, f"only {kills} kills landed while a run was going on (seed {SEED})"
        process = command(source, out, env, "--jobs", "2")
        time.sleep(rng.uniform(0.5, 8.0))
        if process.poll() is None:
            workers = [c for c in children(process.pid) if b"spawn_main" in Path(f"/proc/{c}/cmdline").read_bytes()]
            if workers and rng.random() < 0.5:
                kill(workers[:1])
                time.sleep(rng.uniform(0.0, 2.0))
            left = descendants(process.pid)
            process.kill()
            kills += process.wait() == -9
            assert gone(left), "a worker outlived the command killed outright"
        else:
            process.communicate()
        _folders_whole(out, versions)
        changed = f"good-{rng.randrange(4)}"  # a lecture changed between runs: rendered again, replaced whole
        version[changed] = version.get(changed, 0) + 1
        remember(_catalogue(source, version))
    existed = (out / changed / "render.json").is_file()
    last = command(source, out, env, "--jobs", "2")
    output, _ = last.communicate(timeout=300)
    assert last.returncode == 1 and "Traceback" not in output, output
    rows = {Path(row["source"]).parent.name: row for row in report_rows(out)}
    assert rows[changed]["changed"] == ("the lecture file changed" if existed else None)
    local = time.monotonic() - began
    _render_alone(source, alone)
    _settled(source, out, alone)
    _further_run_draws_nothing(source, out, env, "--jobs", "2")

    dask_out = tmp_path / "on-dask"
    with dask_cluster(env) as (address, workers):
        first = command(source, dask_out, env, "--cluster", address)
        wait_for_rows(first, dask_out, 1)
        kill(workers[:1])
        output, _ = first.communicate(timeout=300)
        assert first.returncode == 1 and "Traceback" not in output, output
        _folders_whole(dask_out, versions)
        _settled(source, dask_out, alone)
        _further_run_draws_nothing(source, dask_out, env, "--cluster", address)
    print(f"chaos (seed {SEED}): {kills} kills in {runs} runs, local part {local:.0f} s, "
          f"all {time.monotonic() - began:.0f} s")
