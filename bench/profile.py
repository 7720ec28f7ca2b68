"""Where a render's time goes: a whole `render` in one process, split into timed sections.

    .venv/bin/python bench/profile.py [LECTURE] [-q l|m|h] [--scene S ...]

The render runs in this process with one worker (`--jobs 1`), so every section is seen; a render
with more workers does the same work spread over them (plus each worker's start-up). Each
section's own time excludes the sections inside it (an object's Typst compile inside the board
work counts as Typst), measured as this process's CPU time and as wall time; the compile process's
CPU time is its own row. Process start-up is the import of lecturekit's render stage (Manim, Cairo,
PyAV), timed in a fresh process, and paid once by every worker of a render. On a shared machine
the proportions of CPU time are the figures to read. For a function-by-function view of the same
run, `.venv/bin/python -m cProfile -o OUT.prof bench/profile.py ...` (it slows the Python parts more
than the C ones).
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TRANSFORMER = ROOT.parent / "shared" / "lectures" / "transformer" / "lecture.json"

#: Seconds of (CPU, wall) of each section's own time.
spent: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
_stack: list[list[float]] = []  # (CPU, wall) spent inside the sections nested in the open ones


def timed(label: str, function: Callable) -> Callable:
    def section(*args, **kwargs):
        cpu, wall = time.process_time(), time.perf_counter()
        _stack.append([0.0, 0.0])
        try:
            return function(*args, **kwargs)
        finally:
            inner = _stack.pop()
            took = [time.process_time() - cpu, time.perf_counter() - wall]
            own = spent[label]
            own[0] += took[0] - inner[0]
            own[1] += took[1] - inner[1]
            if _stack:
                _stack[-1][0] += took[0]
                _stack[-1][1] += took[1]

    return section


def instrument() -> None:
    """Wrap the functions each section is made of (where the pipeline looks them up)."""
    from lecturekit import package, pipeline
    from lecturekit.render import Painter, stage, video
    from lecturekit.render.typst_mobject import LabelledTypst
    from lecturekit.typst.compiler import Compiler

    def wrap(owner: object, name: str, label: str) -> None:
        setattr(owner, name, timed(label, getattr(owner, name)))

    wrap(pipeline, "read", "read, parse, resolve")
    wrap(pipeline, "plan_scenes", "layout and plan")
    wrap(Compiler, "run", "Typst (waiting on the compile process)")
    wrap(LabelledTypst, "generate_mobject", "SVG import")
    wrap(LabelledTypst, "__init__", "Typst mobjects (labels, frames)")
    wrap(stage.Stage, "advance", "board: building, effects, values")
    wrap(Painter, "paint", "drawing (Cairo)")
    for method in ("write", "hold", "close"):
        wrap(video.Encoder, method, "encoding (x264, skip pictures)")
    wrap(package, "join", "joining (stream copy)")
    wrap(pipeline, "finish_scene", "captions, scene files")


def startup() -> tuple[float, float]:
    """CPU and wall seconds of a fresh process importing the render stage."""
    code = ("import resource, time; t = time.perf_counter(); import lecturekit.render.stage; "
            "r = resource.getrusage(resource.RUSAGE_SELF); print(r.ru_utime + r.ru_stime, time.perf_counter() - t)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, cwd=ROOT).stdout
    cpu, wall = map(float, out.split())
    return cpu, wall


def _children_cpu() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("lecture", nargs="?", type=Path, default=TRANSFORMER)
    parser.add_argument("-q", "--quality", default="h", choices=list("lmhpk"))
    parser.add_argument("--scene", action="append", default=[])
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    from lecturekit import work
    from lecturekit.pipeline import render_lecture, render_scenes
    from lecturekit.settings import Quality, RenderSettings
    from lecturekit.typst import compiler

    start_cpu, start_wall = startup()
    before = _children_cpu()
    instrument()
    import lecturekit.render.stage  # noqa: F401  (imported before the clock starts, as a warm worker has it)

    with tempfile.TemporaryDirectory(prefix="lecturekit-profile-") as tmp:
        settings = RenderSettings(Quality(args.quality), Path(tmp))
        cpu, wall = time.process_time(), time.perf_counter()
        if args.scene:
            render_scenes(args.lecture, None, args.scene, settings, jobs=1)
        else:
            render_lecture(args.lecture, None, settings, jobs=1)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    compiler._compiler.stop()  # waited for, so its CPU time is counted among this process's children
    typst_cpu = _children_cpu() - before
    inside = [sum(c for c, _ in spent.values()), sum(w for _, w in spent.values())]
    spent["other (the command's own)"] = [cpu - inside[0], wall - inside[1]]
    spent["Typst (the compile process's CPU)"] = [typst_cpu, 0.0]
    spent["process start-up (importing Manim), once a process"] = [start_cpu, start_wall]
    total = sum(c for c, _ in spent.values())

    scenes = ", ".join(args.scene) or "all scenes, joined"
    print(f"| `bench/profile.py {args.lecture.name} -q {args.quality}` ({scenes}) | CPU s | share | wall s |")
    print("|---|---|---|---|")
    for label, (c, w) in sorted(spent.items(), key=lambda item: -item[1][0]):
        print(f"| {label} | {c:.1f} | {100 * c / total:.0f}% | {w:.1f} |")
    print(f"| total | {total:.1f} | | {wall + start_wall:.1f} |")
    print("work:", work.counts())


if __name__ == "__main__":
    main()
