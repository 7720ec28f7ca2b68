"""Benchmark: one `lecturekit catalogue` against one `lecturekit render` per lecture, in a loop.

    .venv/bin/python bench/catalogue.py [--lectures 20] [--runs 3] [-q l] [--cost-only]

The catalogue is the demo copied N times, each copy its own lecture (its own slug, title and
`lectureId`, so nothing is shared through the chunk cache), in a fresh tree for every run. The two
ways run in turn, A B A B ..., each from an empty output folder, and the script prints every run's
wall and CPU seconds (the whole process tree, from the operating system's accounting), the medians
and the ratio of the medians.

It then prints what the README's cost table is made of: CPU seconds per minute of video at the
quality asked, from the same runs, and the catalogue's parallel efficiency (its wall time on one
worker against two).
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


def _tree(root: Path, lectures: int) -> list[Path]:
    """N copies of the demo, each a lecture of its own."""
    demo = ROOT / "lecturekit" / "demo"
    paths = []
    for n in range(lectures):
        folder = root / f"lecture-{n:02d}"
        shutil.copytree(demo, folder, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
        data = json.loads((folder / "lecture.json").read_text(encoding="utf-8"))
        data["lectureId"] = f"bench-{n:02d}"
        data["publication"]["slug"] = f"demo-{n:02d}"
        data["publication"]["title"] += f" ({n + 1})"
        (folder / "lecture.json").write_text(json.dumps(data), encoding="utf-8")
        paths.append(folder / "lecture.json")
    return paths


def _video_seconds(out: Path) -> float:
    report = json.loads((out / "catalogue.json").read_text(encoding="utf-8"))
    assert report["totals"]["done"] == len(report["rows"]), "every lecture of the bench renders"
    return report["totals"]["video_seconds"]


def _catalogue(work: Path, lectures: int, quality: str, jobs: int | None = None) -> tuple[Run, float]:
    tree = work / "tree"
    _tree(tree, lectures)
    extra = ["--jobs", str(jobs)] if jobs else []
    run = _measure([[str(LECTUREKIT), "catalogue", str(tree), "-q", quality, "--out", str(work / "out"), "--quiet",
                     *extra]], work)
    seconds = _video_seconds(work / "out")
    shutil.rmtree(work / "tree")
    shutil.rmtree(work / "out")
    return run, seconds


def _loop(work: Path, lectures: int, quality: str) -> Run:
    paths = _tree(work / "tree", lectures)
    run = _measure([[str(LECTUREKIT), "render", str(p), "-q", quality, "--out", str(work / "out")] for p in paths],
                   work)
    shutil.rmtree(work / "tree")
    shutil.rmtree(work / "out")
    return run


def _median(runs: list[Run]) -> Run:
    return Run(statistics.median(r.wall for r in runs), statistics.median(r.cpu for r in runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lectures", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("-q", "--quality", default="l", choices=list("lmhpk"))
    parser.add_argument("--cost-only", action="store_true",
                        help="skip the loop of render commands: only the catalogue's cost and efficiency")
    args = parser.parse_args()
    print(f"{args.lectures} copies of the demo at -q {args.quality}, {os.cpu_count()} cores", flush=True)

    with tempfile.TemporaryDirectory(prefix="lecturekit-bench-") as tmp:
        work = Path(tmp)
        catalogues: list[Run] = []
        loops: list[Run] = []
        seconds = 0.0
        for n in range(args.runs):
            run, seconds = _catalogue(work, args.lectures, args.quality)
            catalogues.append(run)
            print(f"run {n + 1}: catalogue {run.wall:7.1f} s wall {run.cpu:7.1f} s CPU", flush=True)
            if not args.cost_only:
                loops.append(_loop(work, args.lectures, args.quality))
                print(f"run {n + 1}: render x{args.lectures} {loops[-1].wall:7.1f} s wall {loops[-1].cpu:7.1f} s CPU",
                      flush=True)
        one, _ = _catalogue(work, args.lectures, args.quality, jobs=1)

    catalogue = _median(catalogues)
    print(f"\nmedian of {args.runs}: catalogue {catalogue.wall:.1f} s wall, {catalogue.cpu:.1f} s CPU")
    if loops:
        loop = _median(loops)
        print(f"median of {args.runs}: {args.lectures} render commands {loop.wall:.1f} s wall, {loop.cpu:.1f} s CPU")
        print(f"the catalogue is {loop.wall / catalogue.wall:.2f}x faster (wall), "
              f"{loop.cpu / catalogue.cpu:.2f}x less CPU")
    minutes = seconds / 60
    print(f"\nvideo: {seconds:.1f} s; catalogue CPU per minute of video at -q {args.quality}: "
          f"{catalogue.cpu / minutes:.1f} s")
    workers = min(os.cpu_count() or 1, 2)
    print(f"one worker: {one.wall:.1f} s wall; parallel efficiency on {workers}: "
          f"{one.wall / (workers * catalogue.wall):.2f}")


if __name__ == "__main__":
    main()
