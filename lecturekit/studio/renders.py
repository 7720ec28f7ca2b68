"""The studio's background work: a queue of `-q l` renders run by one worker process through the
render pipeline (its scene and chunk caches included), and a watch on the lecture's files."""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
import threading
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lecturekit.settings import Quality, RenderSettings
from lecturekit.translate import Language
from lecturekit.workers import unwind_on_sigterm

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from lecturekit.pipeline import RenderedScene

Event = dict[str, Any]
#: The whole lecture joined, in place of a scene index.
LECTURE = 0
#: The quality the page's videos are rendered at.
VIDEO = Quality.l


@dataclass(frozen=True)
class Task:
    """`what` is "video" (a scene, or LECTURE for the joined lecture) or "storyboard"."""

    what: str
    scene: int


class RenderQueue:
    """Renders asked for by the page, one at a time, the latest asked first. Every event the
    worker sends (progress, a video ready, a failure) goes to `publish`, from a thread of its own."""

    def __init__(self, lecture: Path, overrides: Path | None, out: Path, jobs: int,
                 publish: Callable[[Event], object], language: Language | None = None):
        self.settings = RenderSettings(VIDEO, out)
        self._publish = publish
        self._pending: list[Task] = []
        self._wake = threading.Condition()
        self._stopped = False
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_work, args=(child, lecture, overrides, self.settings, jobs, language),
                                        name="lecturekit-renders")  # not a daemon: it starts workers
        self._process.start()
        child.close()
        self._thread = threading.Thread(target=self._dispatch, name="studio-renders", daemon=True)
        self._thread.start()

    def ask(self, task: Task) -> None:
        with self._wake:
            if task in self._pending:
                self._pending.remove(task)
            self._pending.insert(0, task)
            self._wake.notify()

    def _dispatch(self) -> None:
        while True:
            with self._wake:
                while not self._pending and not self._stopped:
                    self._wake.wait()
                if self._stopped:
                    return
                task = self._pending.pop(0)
            try:
                self._conn.send(task)
                while (event := self._conn.recv())["type"] != "idle":
                    self._publish(event)
            except (EOFError, OSError):
                if not self._stopped:
                    self._publish({"type": "failed", "what": task.what, "scene": task.scene,
                                   "lines": ["error: the render worker stopped; start the studio again"]})
                return

    def close(self) -> None:
        """Stop the worker where it stands: it removes what it had not finished."""
        with self._wake:
            self._stopped = True
            self._wake.notify()
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(10)
        self._conn.close()
        self._thread.join(5)


def _work(conn: Connection, lecture: Path, overrides: Path | None, settings: RenderSettings, jobs: int,
          language: Language | None) -> None:
    """The worker: each task renders through the pipeline, which reuses what is unchanged."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops this process itself
    unwind_on_sigterm()
    from lecturekit.diagnostics import LectureError
    from lecturekit.pipeline import render_lecture, render_scenes, write_storyboards

    def progress_for(frames: dict[int, int]) -> Callable[[int, int], None]:
        def report(scene: int, done: int) -> None:
            conn.send({"type": "progress", "scene": scene, "done": done, "total": frames.get(scene, 0)})
        return report

    def ready(rendered: RenderedScene) -> None:
        conn.send({"type": "ready", "scene": rendered.index, "path": rendered.path.name, "frames": rendered.frames,
                   "version": rendered.path.stat().st_mtime_ns})

    while True:
        try:
            task: Task = conn.recv()
        except EOFError:
            return
        try:
            if task.what == "storyboard":
                [path] = write_storyboards(lecture, overrides, [str(task.scene)], settings.out, language)
                conn.send({"type": "storyboard", "scene": task.scene, "path": path.name,
                           "version": path.stat().st_mtime_ns})
            elif task.scene == LECTURE:
                ready(render_lecture(lecture, overrides, settings, jobs, ready, progress_for, language=language))
            else:
                render_scenes(lecture, overrides, [str(task.scene)], settings, jobs, ready, progress_for,
                              language=language)
        except LectureError as exc:
            conn.send({"type": "failed", "what": task.what, "scene": task.scene,
                       "lines": [d.line() for d in exc.diagnostics]})
        except Exception as exc:  # a fault of ours: one line on the page, and the worker goes on
            conn.send({"type": "failed", "what": task.what, "scene": task.scene,
                       "lines": [f"error: rendering failed: {exc}"]})
        conn.send({"type": "idle"})


async def watch(paths: Sequence[Path], changed: Callable[[], Awaitable[None]], every: float = 0.3) -> None:
    """Call `changed` whenever any of `paths` changes on disk (written, replaced or removed),
    once the writing has settled. Runs until cancelled."""
    def stamps() -> list[tuple[int, int, int] | None]:
        found: list[tuple[int, int, int] | None] = []
        for path in paths:
            try:
                status = path.stat()
                found.append((status.st_mtime_ns, status.st_size, status.st_ino))
            except OSError:
                found.append(None)
        return found

    seen = stamps()
    while True:
        await asyncio.sleep(every)
        now = stamps()
        if now != seen:
            await asyncio.sleep(every)  # an editor that writes in steps has finished
            seen = stamps()
            await changed()
