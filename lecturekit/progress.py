"""One progress display for a whole render: scenes, frames, and an estimate of the time left.

On a terminal it is rich's progress bars (a bar for the whole render, one for each scene); into a
log file it is a plain line every tenth of the way, so logs stay readable.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, TaskID, TextColumn, TimeRemainingColumn
from rich.progress import Progress as Bars


class Progress:
    """Called with (scene, frames done so far) as a render goes; `close` when it has ended."""

    def __init__(self, frames: dict[int, int], stream: TextIO | None = None):
        self.frames_by_scene = dict(frames)
        self.total = sum(frames.values()) or 1
        self.done: dict[int, int] = dict.fromkeys(frames, 0)
        self.stream = stream or sys.stderr
        self.console = Console(file=self.stream)
        self.live = self.console.is_terminal
        self.started = time.monotonic()
        self.shown = -1.0
        self.bars: Bars | None = None
        self.tasks: dict[int, TaskID] = {}
        if self.live:
            self.bars = Bars(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                             TextColumn("frames"), TimeRemainingColumn(), console=self.console)
            self.whole = self.bars.add_task(self._scenes_line(), total=self.total)
            for scene, count in frames.items():
                self.tasks[scene] = self.bars.add_task(f"  scene {scene}", total=count or 1)
            self.bars.start()

    def __call__(self, scene: int, frames: int) -> None:
        self.done[scene] = frames
        if self.bars is not None:
            self.bars.update(self.tasks[scene], completed=frames)
            self.bars.update(self.whole, completed=sum(self.done.values()), description=self._scenes_line())
            return
        fraction = sum(self.done.values()) / self.total
        if fraction < self.shown + 0.1 and fraction < 1:
            return  # a log file gets a line every tenth
        self.shown = fraction
        elapsed = time.monotonic() - self.started
        left = elapsed / fraction * (1 - fraction) if fraction > 0.02 else None
        eta = f", about {_clock(left)} left" if left is not None else ""
        self.stream.write(f"{self._scenes_line()}, {sum(self.done.values())}/{self.total} frames "
                          f"({fraction:.0%}){eta}\n")
        self.stream.flush()

    def _scenes_line(self) -> str:
        finished = sum(1 for scene, count in self.done.items() if count and count >= self.frames_by_scene[scene])
        return f"rendering: {finished}/{len(self.frames_by_scene)} scenes"

    def close(self) -> None:
        if self.bars is not None:
            self.bars.stop()
            self.bars = None


class RenderDisplay:
    """The displays of one command (a render may report several times, once per batch of scenes)."""

    def __init__(self) -> None:
        self.shown: list[Progress] = []

    def echo(self, line: str) -> None:
        """A line of output: above the bars while they are drawn on the same terminal (written
        past them, it would be drawn over), else to standard output."""
        bars = self.shown[-1].bars if self.shown else None
        if bars is not None and sys.stdout.isatty():
            bars.console.print(line, markup=False, highlight=False, soft_wrap=True)
        else:
            print(line, flush=True)

    def start(self, frames: dict[int, int]) -> Progress:
        self.close()
        self.shown.append(Progress(frames))
        return self.shown[-1]

    def close(self) -> None:
        for display in self.shown:
            display.close()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


class Steps:
    """Progress of one long piece of work measured in any unit (`aligning`, in seconds of the
    recording): a rich bar on a terminal, else `aligning: 40% (25.0/62.0 s)` every tenth."""

    def __init__(self, what: str, unit: str = "", stream: TextIO | None = None):
        self.what, self.unit, self.stream = what, unit, stream or sys.stderr
        self.console = Console(file=self.stream)
        self.live = self.console.is_terminal
        self.shown = -1.0
        self.bars: Bars | None = None

    def __call__(self, done: float, total: float) -> None:
        fraction = done / total if total else 1.0
        if self.live:
            if self.bars is None:
                self.bars = Bars(TextColumn(f"{self.what}:"), BarColumn(), TextColumn(f"{{task.completed:g}}/"
                                 f"{{task.total:g}}{self.unit}"), TimeRemainingColumn(), console=self.console,
                                 auto_refresh=False)
                self.task = self.bars.add_task(self.what, total=total or 1)
                self.bars.start()
            self.bars.update(self.task, completed=done, total=total or 1, refresh=True)
            if fraction >= 1:  # the work is done: the bar stays as its last line
                self.bars.stop()
                self.bars = None
            return
        if fraction < self.shown + 0.1 and fraction < 1:
            return
        self.shown = fraction
        self.stream.write(f"{self.what}: {fraction:.0%} ({done:g}/{total:g}{self.unit})\n")
        self.stream.flush()


class CatalogueDisplay:
    """One line for a whole catalogue each time a lecture ends: lectures done of all, hours of
    video done, an estimate of the time left (from the video rendered so far in this run, not
    the video kept), and the lecture that failed last, if any."""

    def __init__(self, lectures: int, seconds: float, stream: TextIO | None = None):
        self.lectures, self.seconds = lectures, seconds
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.done = self.done_seconds = self.rendered_seconds = 0.0
        self.failing: str | None = None

    def ended(self, seconds: float, rendered: bool, failing: str | None = None) -> None:
        """A lecture ended: `seconds` of video (`rendered` in this run, or kept), or failed (`failing`)."""
        self.done += 1
        self.done_seconds += seconds
        self.rendered_seconds += seconds if rendered else 0.0
        self.failing = failing or self.failing
        left = self.seconds - self.done_seconds
        eta = ""
        if self.rendered_seconds > 0 and left > 0:
            eta = f", about {_clock((time.monotonic() - self.started) / self.rendered_seconds * left)} left"
        failed = f"; failing: {self.failing}" if self.failing else ""
        self.stream.write(f"catalogue: {int(self.done)}/{self.lectures} lectures, {self.done_seconds / 3600:.2f}/"
                          f"{self.seconds / 3600:.2f} h of video{eta}{failed}\n")
        self.stream.flush()
