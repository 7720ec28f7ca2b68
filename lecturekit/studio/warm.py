"""A renderer kept warm: one process that has imported Manim, keeps the lecture read and its
scenes planned, and draws the exact frame asked for, as `lecturekit still` draws it."""

from __future__ import annotations

import io
import multiprocessing
import signal
import threading
from pathlib import Path
from typing import TYPE_CHECKING

from lecturekit.diagnostics import LectureError, Place, RenderError, error
from lecturekit.settings import Quality, RenderSettings
from lecturekit.translate import Language
from lecturekit.workers import unwind_on_sigterm

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from lecturekit.plan.scene_plan import ScenePlan
    from lecturekit.resolve import ResolvedLecture

#: Boards kept built for each scene, to carry on from.
KEPT = 4


class WarmStills:
    """Full-quality stills from a worker process started once (spawned: Manim's global state is
    its own). Requests are served one at a time; each names the lecture's version, and the
    worker reads the lecture again when that changes."""

    def __init__(self, lecture: Path, overrides: Path | None, out: Path, quality: Quality = Quality.h,
                 language: Language | None = None):
        self.settings = RenderSettings(quality, out)
        context = multiprocessing.get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(target=_serve, args=(child, lecture, overrides, self.settings, language),
                                        name="lecturekit-stills", daemon=True)
        self._process.start()
        child.close()
        self._lock = threading.Lock()

    @property
    def fps(self) -> int:
        return self.settings.frame_rate

    def still(self, version: int, scene: int, seconds: float) -> bytes:
        """The picture of scene `scene` (1-based) at `seconds` from its start, as a BMP (lossless,
        and quick to write). Blocks; call it off the event loop."""
        with self._lock:
            try:
                self._conn.send((version, scene, seconds))
                status, payload = self._conn.recv()
            except (EOFError, OSError, BrokenPipeError):
                raise RenderError(error(Place(), "the still renderer stopped")) from None
        if status == "error":
            raise LectureError(payload)
        return payload

    def close(self) -> None:
        if self._process.is_alive():
            self._process.terminate()
        self._process.join(5)
        self._conn.close()


def _serve(conn: Connection, lecture: Path, overrides: Path | None, settings: RenderSettings,
           language: Language | None = None) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops this process itself
    unwind_on_sigterm()
    import numpy as np
    from PIL import Image

    from lecturekit.pipeline import ensure_renderable, plan_scenes
    from lecturekit.render import Painter, manim_config
    from lecturekit.sources import read

    with manim_config(settings.preset, settings.frame_rate, settings.cache):
        from lecturekit.render.stage import Stage

        resolved: ResolvedLecture | None = None
        version: object = None
        plans: dict[int, ScenePlan] = {}
        #: Boards kept by scene, with their painters.
        stages: dict[int, list[tuple[Stage, Painter]]] = {}

        def draw(resolved: ResolvedLecture, scene: int, seconds: float) -> bytes:
            if scene not in plans:
                [plans[scene]] = plan_scenes(resolved, [resolved.scenes[scene - 1]], settings.frame_rate)
                stages[scene] = []
            plan = plans[scene]
            frame = min(plan.frames - 1, max(0, round(seconds * plan.fps)))
            # a board already built up to an earlier frame is carried on from there, as a render
            # carries it; otherwise it is built straight to its frame, as `still` builds it
            kept = [held for held in stages[scene] if held[0].frame <= frame]
            stage, painter = max(kept, key=lambda held: held[0].frame) if kept else (Stage(plan), None)
            painter = painter or Painter(stage)
            stage.advance(frame)
            others = [held for held in stages[scene] if held[0] is not stage]
            stages[scene] = [*others[-(KEPT - 1):], (stage, painter)]
            buffer = io.BytesIO()
            Image.fromarray(np.ascontiguousarray(painter.paint()[:, :, :3])).save(buffer, format="BMP")
            return buffer.getvalue()

        while True:
            try:
                wanted, scene, seconds = conn.recv()
            except EOFError:
                return
            try:
                if wanted != version or resolved is None:
                    resolved, version, plans, stages = read(lecture, overrides, language), wanted, {}, {}
                    ensure_renderable(resolved)
                if not 1 <= scene <= len(resolved.scenes):
                    raise LectureError(error(Place(), f"no scene {scene}"))
                conn.send(("ok", draw(resolved, scene, seconds)))
            except LectureError as exc:
                resolved = None
                conn.send(("error", exc.diagnostics))
            except Exception as exc:  # a fault in drawing: one line for the page, the worker goes on
                conn.send(("error", [error(Place(), f"the still failed: {exc}")]))
