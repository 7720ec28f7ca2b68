"""Benchmark: Manim's own CLI (the plain way) against `lecturekit render`, scene by scene.

    .venv/bin/python bench/run.py [LECTURE] [-q l|m|h] [--scene S ...] [--skip-plain]

For each scene it renders the scaffolded thin scene module with `manim` (caching off), then the
same scenes with `lecturekit render` (in parallel, as users run it; with no --scene, the whole
lecture joined), and prints wall time, realtime factor (video seconds per wall second), peak memory
per process and the ratio between the two; then an unchanged re-render and three stills.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


_MEASURE = """
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def _run(command: list[str], cwd: Path) -> tuple[float, float]:
    """Wall seconds, and the peak resident memory (MiB) of the largest process the command
    started (measured in a fresh process, so earlier runs do not count)."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURE, *command], cwd=cwd, check=True, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    return time.perf_counter() - start, int(done.stdout.split()[-1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lecture", nargs="?", default=str(ROOT / "lecturekit" / "demo" / "lecture.json"))
    parser.add_argument("-q", "--quality", default="l", choices=list("lmhpk"))
    parser.add_argument("--scene", action="append", default=[])
    parser.add_argument("--skip-plain", action="store_true", help="only time lecturekit")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    from lecturekit.pipeline import select
    from lecturekit.scaffold import scene_class_name
    from lecturekit.sources import read

    lecture = Path(args.lecture).resolve()
    resolved = read(lecture)
    scenes = select(resolved, args.scene)
    seconds = sum(s.end - s.start for s in scenes)
    with tempfile.TemporaryDirectory(prefix="lecturekit-bench-") as tmp:
        work = Path(tmp)
        module = work / "scenes_module.py"
        subprocess.run([str(BIN / "lecturekit"), "scaffold", str(lecture), "--out", str(module)], check=True,
                       stdout=subprocess.DEVNULL)
        print(f"{resolved.title}: {len(scenes)} scenes, {seconds:.1f} s of video, -q {args.quality}, "
              f"{os.cpu_count()} cores")
        plain_total = 0.0
        if not args.skip_plain:
            for scene in scenes:
                name = scene_class_name(scene.index, scene.title)
                wall, peak = _run([str(BIN / "manim"), f"-q{args.quality}", "--disable_caching",
                                   "--media_dir", str(work / "manim"), str(module), name], work)
                plain_total += wall
                print(f"  manim CLI   scene {scene.index}: {wall:8.1f} s  "
                      f"{(scene.end - scene.start) / wall:6.2f}x realtime  peak {peak:6.0f} MiB")
        selectors = [arg for s in scenes for arg in ("--scene", str(s.index))] if args.scene else []
        render = [str(BIN / "lecturekit"), "render", str(lecture), "-q", args.quality, "--out", str(work / "lk"),
                  "--quiet", *selectors]
        wall, peak = _run(render, work)
        what = f"{len(scenes)} scenes" if args.scene else "lecture"
        print(f"  lecturekit  {what}: {wall:8.1f} s  {seconds / wall:6.2f}x realtime  "
              f"peak {peak:6.0f} MiB per process")
        again, _ = _run(render, work)
        print(f"  lecturekit  again:   {again:8.1f} s  (unchanged lecture)")
        for at in (scenes[0].start + 1, (scenes[0].start + scenes[-1].end) / 2, scenes[-1].end - 1):
            still, _ = _run([str(BIN / "lecturekit"), "still", str(lecture), "--at", f"{at:.3f}", "-q", args.quality,
                             "--out", str(work / "still.png")], work)
            print(f"  lecturekit  still at {at:7.1f} s: {still:5.1f} s")
        if plain_total:
            print(f"  plain / lecturekit: {plain_total / wall:.1f}x faster")


if __name__ == "__main__":
    main()
