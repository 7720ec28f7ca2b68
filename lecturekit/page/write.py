"""The lecture page: `index.html` beside the joined video, with `page.js` and `page.css` beside it.
Everything the script needs (captions in every language, chapters, the audio-description track,
the board states) is embedded in the page as JSON, since a page opened from `file://` may not
fetch a file or load a `<track>` beside it; the script builds the text tracks from it."""

from __future__ import annotations

import html
import json
import shutil
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from string import Template
from typing import Any

import icu

from lecturekit.captions import Caption
from lecturekit.files import atomic
from lecturekit.page.words import SCRIPT, WORDS, page_language

#: The share of the video a learner must have seen for the lecture to count as completed.
COMPLETE_AT = 0.8
#: The page's own files beside index.html.
STATIC = ("page.js", "page.css")


@dataclass(frozen=True)
class Track:
    code: str
    label: str
    cues: list[Caption]


@dataclass(frozen=True)
class PageData:
    title: str
    lang: str
    video: str
    poster: str | None
    duration: float
    fps: int
    chapters: list[tuple[float, str]]
    tracks: list[Track]
    descriptions: list[Caption]
    boards: list[dict[str, Any]]


def language_name(code: str) -> str:
    """A language's name in that language (`de`: Deutsch), as a caption menu offers it."""
    name = icu.Locale(code.replace("-", "_")).getDisplayName(icu.Locale(code.replace("-", "_")))
    return name[:1].upper() + name[1:] if name else code


def _cues(cues: list[Caption]) -> list[dict[str, Any]]:
    return [{"start": c.start, "end": c.end, "text": " ".join(c.lines)} for c in cues]


def as_json(data: PageData) -> dict[str, Any]:
    """The data the page's script reads."""
    return {
        "title": data.title, "lang": data.lang, "duration": round(data.duration, 3), "fps": data.fps,
        "completeAt": COMPLETE_AT,
        "chapters": [{"start": round(start, 3), "title": title} for start, title in data.chapters],
        "tracks": [{"code": t.code, "label": t.label, "cues": _cues(t.cues)} for t in data.tracks],
        "descriptions": _cues(data.descriptions),
        "boards": data.boards,
        "pageLang": page_language(data.lang),
        "words": {name: WORDS[page_language(data.lang)][name] for name in SCRIPT},
    }


def _embedded(value: Any) -> str:
    """JSON that stays inside its `<script type="application/json">`: no `<` can close it."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def page_html(data: PageData) -> str:
    """The page: lecturekit's own words (its controls, labels and headings) in the lecture's
    language where lecturekit has them (`words`; the visuals' sentences in English, marked so), the
    lecture's (its title, board texts, chapters, transcript) marked as in its language."""
    template = Template(files("lecturekit.page").joinpath("static/index.html").read_text(encoding="utf-8"))
    poster = f' poster="{html.escape(data.poster)}"' if data.poster else ""
    own = page_language(data.lang)
    said = {f"w_{name}": html.escape(word) for name, word in WORDS[own].items() if isinstance(word, str)}
    keys = "\n".join(f"        <li>{item}</li>" for item in WORDS[own]["keys"])  # lecturekit's own HTML
    return template.substitute(said, w_keys=keys, page_lang=own, lang=html.escape(data.lang),
                               title=html.escape(data.title), video=html.escape(data.video), poster=poster,
                               data=_embedded(as_json(data)))


def write_page(folder: Path, data: PageData) -> list[Path]:
    """`index.html` and its script and style in `folder`, each written whole or not at all."""
    written = []
    for name in STATIC:
        with atomic(folder / name) as tmp, files("lecturekit.page").joinpath(f"static/{name}").open("rb") as source, \
                tmp.open("wb") as out:
            shutil.copyfileobj(source, out)
        written.append(folder / name)
    with atomic(folder / "index.html") as tmp:
        tmp.write_text(page_html(data), encoding="utf-8")
    return [folder / "index.html", *written]
