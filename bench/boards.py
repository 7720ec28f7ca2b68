"""How `check` and `plan` grow with the board: one generated scene putting n objects on the board
at once (`tests/crowded.py`: Titles, Headings, Panels, Figures with labelled children, Images and
Tables in the mix of issue 20), for n = 5, 10, 20, 40, 80, 160; then the boards of many marks
(`tests/crowded.py` `marks`: a Figure of 3,000 Points, an Axes of 300 labelled Points), each also
rendered whole at `-q l` with its counted work. Each command runs as its own process under a 4 GB
address-space limit and a timeout; printed are its wall time, its CPU time (the Typst compile
process's included) and the peak memory of its largest process, and the work it counted.

usage: python bench/boards.py [N ...] [--render] [--no-marks]
       (--render also renders the largest crowded board at -q l)
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.crowded import crowded, marks  # noqa: E402
from tests.lecture_strategy import write  # noqa: E402

SIZES = (5, 10, 20, 40, 80, 160)
#: The boards of many marks: how many Points, and whether each is labelled.
MARKS = {"3,000 marks in a Figure": (3000, False), "300 labelled points in an Axes": (300, True)}
COUNTED = ("disc tests", "halo pairs", "label spots", "overlap tests")
LIMIT = 4_000_000_000
TIMEOUT = 600
LECTUREKIT = [sys.executable, "-m", "lecturekit"]


def run(args: list[str]) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak MiB and exit code of one command in a process of its own."""

    def confine() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT))

    started = time.monotonic()
    process = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, preexec_fn=confine,
                               cwd=ROOT)
    timer = threading.Timer(TIMEOUT, process.kill)
    timer.start()
    _, status, usage = os.wait4(process.pid, 0)
    timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    return (time.monotonic() - started, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024,
            process.returncode)


def counted(lecture: Path) -> dict[str, int]:
    """The layout work `plan` counts for the lecture (in this process)."""
    code = ("import json, sys; from lecturekit.work import counting; from tests.lecture_strategy import plan_of\n"
            "from pathlib import Path\n"
            "with counting() as done:\n    plan = plan_of(Path(sys.argv[1]))\n    plan[0].boards\n"
            "print(json.dumps(dict(done)))")
    out = subprocess.run([sys.executable, "-c", code, str(lecture)], capture_output=True, text=True, cwd=ROOT,
                         preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (LIMIT, LIMIT)), timeout=TIMEOUT)
    return json.loads(out.stdout) if out.returncode == 0 else {}


def main(argv: list[str]) -> int:
    sizes = [int(a) for a in argv if a.isdigit()] or list(SIZES)
    print("| objects | `check` | `plan --json` | layout arrangements | label spots | overlap tests |")
    print("|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory(prefix="lecturekit-boards-") as tmp:
        for n in sizes:
            lecture, _ = write(crowded(n), Path(tmp) / f"board-{n}")
            cells = []
            for command in (["check"], ["plan", "--json"]):
                wall, cpu, peak, code = run([*LECTUREKIT, *command, str(lecture)])
                exit = "" if code <= 1 else f", exit {code}"
                cells.append(f"{wall:.1f} s ({cpu:.1f} CPU s), {peak:.0f} MiB{exit}")
            work = counted(lecture)
            print(f"| {n} | {cells[0]} | {cells[1]} | {work.get('layout arrangements', 0)} | "
                  f"{work.get('label spots', 0)} | {work.get('overlap tests', 0)} |", flush=True)
        if "--no-marks" not in argv:
            print()
            print("| board | `check` | `plan --json` | `render -q l --jobs 1` | " + " | ".join(COUNTED) + " |")
            print("|---|---|---|---|" + "---|" * len(COUNTED))
            for name, (n, labelled) in MARKS.items():
                lecture, _ = write(marks(n, labelled), Path(tmp) / f"marks-{n}")
                cells = []
                media = Path(tmp) / f"media-{n}"
                for command in (["check"], ["plan", "--json"],
                                ["render", "-q", "l", "--jobs", "1", "--quiet", "--out", str(media)]):
                    wall, cpu, peak, code = run([*LECTUREKIT, *command, str(lecture)])
                    exit = "" if code <= 1 else f", exit {code}"
                    cells.append(f"{wall:.1f} s ({cpu:.1f} CPU s), {peak:.0f} MiB{exit}")
                [manifest] = media.glob("*/render.json")
                work = json.loads(manifest.read_text())["work"]
                print(f"| {name} | " + " | ".join(cells) + " | "
                      + " | ".join(f"{work.get(c, 0):,}" for c in COUNTED) + " |", flush=True)
        if "--render" in argv:
            lecture = Path(tmp) / f"board-{sizes[-1]}" / "lecture.json"
            wall, cpu, peak, code = run([*LECTUREKIT, "render", str(lecture), "-q", "l", "--jobs", "1", "--quiet",
                                         "--out", str(Path(tmp) / "media")])
            print(f"render -q l of {sizes[-1]} objects: {wall:.1f} s ({cpu:.1f} CPU s), {peak:.0f} MiB, exit {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
