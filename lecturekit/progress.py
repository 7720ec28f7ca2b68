"""One progress display for a whole render: scenes, frames, and an estimate of the time left."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, frames: dict[int, int], stream: TextIO = sys.stderr):
        self.frames_by_scene = dict(frames)
        self.total = sum(frames.values()) or 1
        self.scenes = len(frames)
        self.done: dict[int, int] = dict.fromkeys(frames, 0)
        self.stream = stream
        self.started = time.monotonic()
        self.shown = -1.0
        self.live = stream.isatty()

    def __call__(self, scene: int, frames: int) -> None:
        self.done[scene] = frames
        fraction = sum(self.done.values()) / self.total
        if not self.live and fraction < self.shown + 0.1 and fraction < 1:
            return  # a log file gets a line every tenth, a terminal one line kept up to date
        self.shown = fraction
        elapsed = time.monotonic() - self.started
        left = elapsed / fraction * (1 - fraction) if fraction > 0.02 else None
        finished = sum(1 for scene, count in self.done.items() if count and count >= self._frames_of(scene))
        eta = f", about {_clock(left)} left" if left is not None else ""
        line = (f"rendering: {finished}/{self.scenes} scenes, {sum(self.done.values())}/{self.total} frames "
                f"({fraction:.0%}){eta}")
        self.stream.write(("\r" + line + "\033[K") if self.live else line + "\n")
        self.stream.flush()

    def _frames_of(self, scene: int) -> int:
        return self.frames_by_scene.get(scene, 0)

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


class Steps:
    """Progress of one long piece of work measured in any unit: `aligning: 40% (25.0/62.0 s)`."""

    def __init__(self, what: str, unit: str = "", stream: TextIO = sys.stderr):
        self.what, self.unit, self.stream = what, unit, stream
        self.live = stream.isatty()
        self.shown = -1.0

    def __call__(self, done: float, total: float) -> None:
        fraction = done / total if total else 1.0
        if not self.live and fraction < self.shown + 0.1 and fraction < 1:
            return
        self.shown = fraction
        line = f"{self.what}: {fraction:.0%} ({done:g}/{total:g}{self.unit})"
        self.stream.write(("\r" + line + "\033[K") if self.live else line + "\n")
        if self.live and fraction >= 1:
            self.stream.write("\n")
        self.stream.flush()
