"""Which boards two `plan --json` outputs of one lecture place differently: for every scene, the
boards (by time) whose top-level items moved, grew or shrank by more than a hundredth of the frame,
with the largest change, and the boards only one of them has.

usage: python bench/board_changes.py BEFORE.json AFTER.json
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def _top(board: dict) -> dict[str, list[float]]:
    return {i["name"]: i["bbox"] for i in board["items"] if i.get("parent") is None}


def _at(scene: dict, time: float) -> dict[str, list[float]]:
    """The top-level boxes standing at `time`: the last board at or before it."""
    found: dict[str, list[float]] = {}
    for board in scene["boards"]:
        if board["time"] > time + 1e-9:
            break
        found = _top(board)
    return found


def main(before_path: str, after_path: str) -> int:
    before, after = (json.loads(Path(p).read_text(encoding="utf-8")) for p in (before_path, after_path))
    changed = total = 0
    for old, new in zip(before["scenes"], after["scenes"], strict=True):
        times = sorted({b["time"] for b in old["boards"]} | {b["time"] for b in new["boards"]})
        for time in times:
            a, b = _at(old, time), _at(new, time)
            total += 1
            names = sorted(set(a) | set(b))
            steps = {n: max(abs(p - q) for p, q in zip(a[n], b[n], strict=True)) for n in names if n in a and n in b}
            moved = {n: s for n, s in steps.items() if s > 0.01}
            if moved or set(a) != set(b):
                changed += 1
                what = ", ".join(f"{n} {s:.2f}" for n, s in sorted(moved.items(), key=lambda kv: -kv[1]))
                print(f"scene {old['index']} t={time:7.2f}: {what or 'membership differs'}")
    print(f"{changed} of {total} board moments place their top-level items differently")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
