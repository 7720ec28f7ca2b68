"""The studio's web server: a Starlette app on 127.0.0.1 that serves the review page, the lecture's
data, its rendered files and a stream of events.

Safe by design: every request carries the token (a query parameter, or the X-Studio-Token header)
or gets 401 (none) / 403 (wrong); the Host must be the loopback; GET never changes anything
(renders, stills and storyboards are POSTs); only files under the lecture's output folder are
served, each path resolved and confined first; the page shows lecture text only as text, under a
Content-Security-Policy that runs no script but the page's own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from lecturekit.diagnostics import LectureError
from lecturekit.paths import confined
from lecturekit.settings import PRESETS
from lecturekit.sources import read
from lecturekit.studio.renders import LECTURE, VIDEO, Event, RenderQueue, Task, watch
from lecturekit.studio.review import review
from lecturekit.studio.warm import WarmStills
from lecturekit.translate import Language

STATIC = files("lecturekit.studio") / "static"
PAGE_FILES = {"studio.css": "text/css", "studio.js": "text/javascript"}
#: What is served from the output folder: videos, captions, stills and sheets, never a temporary.
SERVED = {".mp4": "video/mp4", ".vtt": "text/vtt", ".srt": "text/plain", ".png": "image/png"}
HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
                               "media-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}
HEARTBEAT = 10.0


class TokenGate:
    """ASGI middleware: a request without the token gets 401, one with a wrong token 403."""

    def __init__(self, app: ASGIApp, token: str):
        self.app, self.token = app, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        given = request.headers.get("x-studio-token") or request.query_params.get("token")
        if not given:
            response: Response = PlainTextResponse("a token is needed", 401, headers=HEADERS)
        elif not secrets.compare_digest(given.encode(), self.token.encode()):
            response = PlainTextResponse("wrong token", 403, headers=HEADERS)
        else:
            async def send_with_headers(message: Message) -> None:
                if message["type"] == "http.response.start":
                    message["headers"] = [*message.get("headers", []),
                                          *((k.lower().encode(), v.encode()) for k, v in HEADERS.items())]
                await send(message)

            await self.app(scope, receive, send_with_headers)
            return
        await response(scope, receive, send)


@dataclass
class Studio:
    """What one studio holds: the lecture's paths, the page's data, the workers, the listeners."""

    lecture: Path
    overrides: Path | None
    out: Path
    jobs: int
    #: The language the page shows the lecture in (None: as recorded).
    language: Language | None = None
    data: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    version: int = 0
    listeners: set[asyncio.Queue] = field(default_factory=set)
    #: What the page has opened, asked again when the lecture changes.
    opened: set[Task] = field(default_factory=set)
    renders: RenderQueue | None = None
    stills: WarmStills | None = None
    stopping: Callable[[], bool] = lambda: False
    #: The lecture file as read (the demo's, or a folder's lecture.json), and its overrides file.
    source: Path | None = None
    overrides_read: Path | None = None
    #: The translation read, watched like the lecture.
    translation_read: Path | None = None

    @property
    def folder(self) -> Path:
        """The lecture's output folder: the only place files are served from."""
        return self.out / self.data.get("slug", "")

    def load(self) -> None:
        """Read and plan the lecture again; on a fault keep the last good data and say why."""
        try:
            resolved = read(self.lecture, self.overrides, self.language)
            data = review(resolved, resolved.overrides_file, PRESETS[VIDEO])
        except LectureError as exc:
            self.problems = [d.line() for d in exc.diagnostics]
            if self.source is None:  # watched all the same, so a fix is picked up
                self.source = self.lecture if self.lecture.suffix == ".json" else self.lecture / "lecture.json"
            return
        self.source, self.overrides_read = Path(resolved.source), resolved.overrides_file
        self.translation_read = Path(resolved.translation.file) if resolved.translation and \
            resolved.translation.file else None
        self.version += 1
        self.data, self.problems = {**data, "version": self.version}, []

    def publish(self, event: Event) -> None:
        for queue in list(self.listeners):
            queue.put_nowait(event)


def create_app(studio: Studio, token: str, start_workers: bool = True) -> Starlette:
    """The app; with `start_workers` its lifespan starts and stops the render and still workers
    and the watch (off for tests of the routes alone)."""

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        loop = asyncio.get_running_loop()
        await asyncio.to_thread(studio.load)
        if not start_workers:
            yield
            return
        studio.renders = RenderQueue(studio.lecture, studio.overrides, studio.out, studio.jobs,
                                     lambda event: loop.call_soon_threadsafe(studio.publish, event), studio.language)
        studio.stills = WarmStills(studio.lecture, studio.overrides, studio.out, language=studio.language)
        if studio.data:  # the first still drawn now, so the page's first is warm
            warming = asyncio.create_task(asyncio.to_thread(_quietly, studio.stills.still, studio.version, 1, 0.0))
        watching = asyncio.create_task(watch(_watched(studio), lambda: _changed(studio)))
        try:
            yield
        finally:
            watching.cancel()
            if studio.data:
                warming.cancel()
            await asyncio.to_thread(studio.renders.close)
            await asyncio.to_thread(studio.stills.close)

    async def page(request: Request) -> Response:
        html = (STATIC / "index.html").read_text(encoding="utf-8")
        return Response(html.replace("{{token}}", token), media_type="text/html")

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in PAGE_FILES:
            return PlainTextResponse("not found", 404)
        return Response((STATIC / name).read_bytes(), media_type=PAGE_FILES[name])

    async def lecture(request: Request) -> Response:
        return JSONResponse({**studio.data, "problems": studio.problems, "version": studio.version})

    async def media(request: Request) -> Response:
        relative = request.path_params["path"]
        found = confined(studio.folder, relative) if studio.data else None
        if found is None or found.suffix not in SERVED or any(p.startswith(".") for p in Path(relative).parts):
            return PlainTextResponse("not found", 404)
        return FileResponse(found, media_type=SERVED[found.suffix])

    async def open_video(request: Request) -> Response:
        scene = await _scene_of(request, studio, whole=True)
        if isinstance(scene, Response):
            return scene
        task = Task("video", scene)
        studio.opened.add(task)
        if studio.renders is not None:
            studio.renders.ask(task)
        return JSONResponse({"asked": True})

    async def storyboard(request: Request) -> Response:
        scene = await _scene_of(request, studio)
        if isinstance(scene, Response):
            return scene
        if studio.renders is not None:
            studio.renders.ask(Task("storyboard", scene))
        return JSONResponse({"asked": True})

    async def still(request: Request) -> Response:
        scene = await _scene_of(request, studio)
        if isinstance(scene, Response):
            return scene
        body = await request.json()
        seconds = body.get("seconds")
        if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not 0 <= seconds < 1e6:
            return PlainTextResponse("seconds: a number of seconds from the scene's start", 400)
        if studio.stills is None:
            return PlainTextResponse("no still renderer", 503)
        try:
            picture = await asyncio.to_thread(studio.stills.still, studio.version, scene, float(seconds))
        except LectureError as exc:
            return PlainTextResponse("\n".join(d.line() for d in exc.diagnostics), 422)
        return Response(picture, media_type="image/bmp")

    async def events(request: Request) -> Response:
        queue: asyncio.Queue = asyncio.Queue()
        studio.listeners.add(queue)

        async def stream() -> AsyncIterator[str]:
            try:
                yield _sse({"type": "hello", "version": studio.version})
                quiet = 0.0
                while not studio.stopping():  # looked at twice a second, so stopping ends the stream
                    try:
                        event = await asyncio.wait_for(queue.get(), timeout=0.5)
                    except TimeoutError:
                        quiet += 0.5
                        if quiet >= HEARTBEAT:
                            quiet = 0.0
                            yield ": still here\n\n"
                        continue
                    quiet = 0.0
                    yield _sse(event)
            finally:
                studio.listeners.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream")

    routes = [
        Route("/", page),
        Route("/static/{name}", static),
        Route("/api/lecture", lecture),
        Route("/api/events", events),
        Route("/media/{path:path}", media),
        Route("/api/open", open_video, methods=["POST"]),
        Route("/api/still", still, methods=["POST"]),
        Route("/api/storyboard", storyboard, methods=["POST"]),
    ]
    middleware = [Middleware(TokenGate, token=token),
                  Middleware(TrustedHostMiddleware, allowed_hosts=["127.0.0.1", "localhost"])]
    return Starlette(routes=routes, middleware=middleware, lifespan=lifespan)


async def _scene_of(request: Request, studio: Studio, whole: bool = False) -> int | Response:
    """The scene a POST names ({"scene": N}; 0 for the whole lecture where `whole`)."""
    try:
        body = await request.json()
    except ValueError:
        return PlainTextResponse("the body must be JSON", 400)
    scene = body.get("scene") if isinstance(body, dict) else None
    count = len(studio.data.get("scenes", ()))
    if not isinstance(scene, int) or isinstance(scene, bool) or not (LECTURE if whole else 1) <= scene <= count:
        return PlainTextResponse(f"scene: 1 to {count}" + (", or 0 for the whole lecture" if whole else ""), 400)
    return scene


def _watched(studio: Studio) -> list[Path]:
    return [path for path in (studio.source, studio.overrides_read or studio.overrides, studio.translation_read)
            if path is not None]


async def _changed(studio: Studio) -> None:
    """The lecture or its overrides changed: check again, tell the page, render what it opened
    (the caches keep what did not change)."""
    before = studio.version
    await asyncio.to_thread(studio.load)
    if studio.version == before:
        studio.publish({"type": "invalid", "lines": studio.problems})
        return
    studio.publish({"type": "lecture", "version": studio.version})
    if studio.renders is not None:
        for task in sorted(studio.opened, key=lambda t: t.scene):
            studio.renders.ask(task)


def _quietly(call: Callable[..., Any], *args: Any) -> None:
    with contextlib.suppress(LectureError):
        call(*args)


def _sse(event: Event) -> str:
    return f"data: {json.dumps(event)}\n\n"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def serve(lecture: Path, overrides: Path | None, out: Path, port: int, jobs: int,
          announce: Callable[[str], None], language: Language | None = None) -> None:
    """Run the studio until Ctrl-C (or SIGTERM): `announce` hears its URL once it is listening.
    Stopping ends the renders (they remove what they had not finished) and the workers."""
    import socket

    import uvicorn

    token = new_token()
    studio = Studio(lecture, overrides, out, jobs, language)
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))  # the loopback only
    url = f"http://127.0.0.1:{listener.getsockname()[1]}/?token={token}"

    class Server(uvicorn.Server):
        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets)
            if self.started:
                announce(url)

    config = uvicorn.Config(create_app(studio, token), log_level="warning", lifespan="on",
                            timeout_graceful_shutdown=3)
    server = Server(config)
    studio.stopping = lambda: server.should_exit
    server.run(sockets=[listener])
