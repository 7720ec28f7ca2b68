"""The presentation's page: `present.html` beside the scenes' videos, with `present.js` and
`present.css`. Its data (the scenes' videos and the steps, a few hundred bytes a beat) is embedded
in the page as JSON, since a page opened from `file://` may not fetch a file beside it; the same
page, opened with `#presenter`, is the presenter view."""

from __future__ import annotations

import html
import json
import shutil
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from string import Template
from typing import Any

from lecturekit.captions import Caption
from lecturekit.files import atomic
from lecturekit.present.steps import Step

PAGE = "present.html"
#: The page's own files beside it.
STATIC = ("present.js", "present.css")


@dataclass(frozen=True)
class SceneVideo:
    title: str
    #: The scene's video, by its name in the folder.
    video: str
    frames: int
    #: The narration's captions, in seconds of the video (a page from `file://` loads no `<track>`).
    captions: list[Caption]


@dataclass(frozen=True)
class Presentation:
    title: str
    lang: str
    fps: int
    scenes: list[SceneVideo]
    steps: list[Step]
    #: Run each beat on by itself when the page opens (the page's `a` key switches it).
    auto: bool = False
    #: The PDF handout beside the page, by its name, when there is one.
    handout: str | None = None


def as_json(data: Presentation) -> dict[str, Any]:
    """The data the page's script reads."""
    return {
        "title": data.title, "lang": data.lang, "fps": data.fps, "auto": data.auto, "handout": data.handout,
        "scenes": [{"title": s.title, "video": s.video, "frames": s.frames,
                    "captions": [{"start": c.start, "end": c.end, "text": "\n".join(c.lines)} for c in s.captions]}
                   for s in data.scenes],
        "steps": [{"scene": s.scene, "first": s.first, "last": s.last, "say": s.say} for s in data.steps],
    }


def _embedded(value: Any) -> str:
    """JSON that stays inside its `<script type="application/json">`: no `<` can close it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def page_html(data: Presentation) -> str:
    template = Template(files("lecturekit.present").joinpath(f"static/{PAGE}").read_text(encoding="utf-8"))
    return template.substitute(lang=html.escape(data.lang), title=html.escape(data.title),
                               data=_embedded(as_json(data)))


def write_presentation(folder: Path, data: Presentation) -> list[Path]:
    """`present.html` and its script and style in `folder`, each written whole or not at all."""
    static = files("lecturekit.present").joinpath("static")
    written = []
    for name in STATIC:
        with atomic(folder / name) as tmp, static.joinpath(name).open("rb") as source, tmp.open("wb") as out:
            shutil.copyfileobj(source, out)
        written.append(folder / name)
    with atomic(folder / PAGE) as tmp:
        tmp.write_text(page_html(data), encoding="utf-8")
    return [folder / PAGE, *written]
