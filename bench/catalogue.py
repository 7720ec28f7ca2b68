"""Benchmark: one `lecturekit catalogue` against one `lecturekit render` per lecture, in a loop.

    .venv/bin/python bench/catalogue.py [LECTURE] [--lectures 20] [--runs 3] [-q l] [--cost-only]
                                        [--no-single]

The catalogue is LECTURE's folder (default: the demo) copied N times into a temporary folder, each
copy its own lecture (its own lectureId, slug and title, so nothing is shared through the chunk
cache; the overrides the lecture is read with beside it), in a fresh tree for every run. The two
ways run in turn, A B A B ..., each from an empty output folder, and the script prints every run's
wall and CPU seconds (the whole process tree, from the operating system's accounting), the medians
and the ratio of the medians.

It then prints what the README's cost table is made of: CPU seconds per minute of video at the
quality asked, from the same runs, and the catalogue's parallel efficiency (its wall time on one
worker against two; --no-single leaves that run out).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LECTUREKIT = Path(sys.executable).parent / "lecturekit"

_MEASURE = """
import resource, subprocess, sys, time
start = time.perf_counter()
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(wall, usage.ru_utime + usage.ru_stime)
"""


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float


def _measure(commands: list[list[str]], cwd: Path) -> Run:
    """Wall and CPU seconds of the commands run one after another, with every process they started."""
    wall = cpu = 0.0
    for command in commands:
        out = subprocess.run([sys.executable, "-c", _MEASURE, *command], cwd=cwd, check=True, capture_output=True,
                             text=True)
        w, c = map(float, out.stdout.split())
        wall, cpu = wall + w, cpu + c
    return Run(wall, cpu)


def _tree(root: Path, lecture: Path, lectures: int) -> list[Path]:
    """N copies of the lecture's folder, each a lecture of its own."""
    from lecturekit.model import load
    from lecturekit.sources import find_overrides

    overrides = find_overrides(load(lecture), None).source
    paths = []
    for n in range(lectures):
        folder = root / f"lecture-{n:02d}"
        shutil.copytree(lecture.parent, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__", "media"))
        if lecture.name != "lecture.json":
            (folder / lecture.name).rename(folder / "lecture.json")
        data = json.loads((folder / "lecture.json").read_text(encoding="utf-8"))
        # a lecture of its own (one lectureId is one lecture, whose highest attempt alone a catalogue
        # renders), read with the overrides of the lecture it copies, put beside it
        data["lectureId"] = f"{data.get('lectureId') or 'lecture'}-copy-{n:02d}"
        if overrides is not None and not (folder / "overrides.toml").exists():
            shutil.copyfile(overrides, folder / "overrides.toml")
        data["publication"]["slug"] = f"demo-{n:02d}"
        data["publication"]["title"] += f" ({n + 1})"
        (folder / "lecture.json").write_text(json.dumps(data), encoding="utf-8")
        paths.append(folder / "lecture.json")
    return paths


def _video_seconds(out: Path) -> float:
    report = json.loads((out / "catalogue.json").read_text(encoding="utf-8"))
    assert report["totals"]["done"] == len(report["rows"]), "every lecture of the bench renders"
    return report["totals"]["video_seconds"]


def _catalogue(work: Path, lecture: Path, lectures: int, quality: str, jobs: int | None = None
               ) -> tuple[Run, float]:
    tree = work / "tree"
    _tree(tree, lecture, lectures)
    extra = ["--jobs", str(jobs)] if jobs else []
    run = _measure([[str(LECTUREKIT), "catalogue", str(tree), "-q", quality, "--out", str(work / "out"), "--quiet",
                     *extra]], work)
    seconds = _video_seconds(work / "out")
    shutil.rmtree(work / "tree")
    shutil.rmtree(work / "out")
    return run, seconds


def _loop(work: Path, lecture: Path, lectures: int, quality: str) -> Run:
    paths = _tree(work / "tree", lecture, lectures)
    run = _measure([[str(LECTUREKIT), "render", str(p), "-q", quality, "--out", str(work / "out")] for p in paths],
                   work)
    shutil.rmtree(work / "tree")
    shutil.rmtree(work / "out")
    return run


def _median(runs: list[Run]) -> Run:
    return Run(statistics.median(r.wall for r in runs), statistics.median(r.cpu for r in runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lecture", nargs="?", type=Path, default=ROOT / "lecturekit" / "demo" / "lecture.json")
    parser.add_argument("--lectures", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("-q", "--quality", default="l", choices=list("lmhpk"))
    parser.add_argument("--cost-only", action="store_true",
                        help="skip the loop of render commands: only the catalogue's cost and efficiency")
    parser.add_argument("--no-single", action="store_true", help="skip the run on one worker")
    args = parser.parse_args()
    lecture = args.lecture.resolve()
    if lecture.is_dir():
        lecture = lecture / "lecture.json"
    print(f"{args.lectures} copies of {lecture} at -q {args.quality}, {os.cpu_count()} cores", flush=True)

    workers = min(os.cpu_count() or 1, 2)
    catalogues: list[Run] = []
    loops: list[Run] = []
    singles: list[Run] = []
    seconds = 0.0
    with tempfile.TemporaryDirectory(prefix="lecturekit-bench-") as tmp:
        work = Path(tmp)
        for n in range(args.runs):  # in turn, so a machine that speeds up or slows down weighs on each alike
            run, seconds = _catalogue(work, lecture, args.lectures, args.quality)
            catalogues.append(run)
            print(f"run {n + 1}: catalogue {run.wall:7.1f} s wall {run.cpu:7.1f} s CPU", flush=True)
            if not args.cost_only:
                loops.append(_loop(work, lecture, args.lectures, args.quality))
                print(f"run {n + 1}: render x{args.lectures} {loops[-1].wall:7.1f} s wall {loops[-1].cpu:7.1f} s CPU",
                      flush=True)
            if not args.no_single:
                singles.append(_catalogue(work, lecture, args.lectures, args.quality, jobs=1)[0])
                print(f"run {n + 1}: catalogue on one worker {singles[-1].wall:7.1f} s wall", flush=True)

    catalogue = _median(catalogues)
    print(f"\nmedian of {args.runs}: catalogue {catalogue.wall:.1f} s wall, {catalogue.cpu:.1f} s CPU")
    if loops:
        loop = _median(loops)
        print(f"median of {args.runs}: {args.lectures} render commands {loop.wall:.1f} s wall, {loop.cpu:.1f} s CPU")
        faster = statistics.median(b.wall / a.wall for a, b in zip(catalogues, loops, strict=True))
        thrift = statistics.median(b.cpu / a.cpu for a, b in zip(catalogues, loops, strict=True))
        print(f"the catalogue is {faster:.2f}x faster (wall), {thrift:.2f}x less CPU (medians of the runs' ratios)")
    print(f"\nvideo: {seconds:.1f} s; catalogue CPU per minute of video at -q {args.quality}: "
          f"{catalogue.cpu / (seconds / 60):.1f} s")
    if singles:
        efficiency = statistics.median(c.wall / (workers * a.wall) for a, c in zip(catalogues, singles, strict=True))
        print(f"one worker: {_median(singles).wall:.1f} s wall; parallel efficiency on {workers} workers: "
              f"{efficiency:.2f} (median of the runs' ratios)")

if __name__ == "__main__":
    main()
