"""A storyboard's captions set in the board's font chain: each run of text in the first font
that has all its characters, shaped (Pillow with libraqm), wrapped by the language's line
breaks, and right to left where the text's first strong character says so."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

from lecturekit.segmentation import visual_runs, wrap
from lecturekit.typst.fonts import cmap, installed, visible

SIZE = 15
LEADING = 21


@cache
def face(path: Path) -> ImageFont.FreeTypeFont:
    """The font file at the caption's size, shaped by libraqm."""
    return ImageFont.truetype(str(path), SIZE, layout_engine=ImageFont.Layout.RAQM)


def runs(text: str) -> list[tuple[str, Path]]:
    """`text` cut into runs, each with the chain's font it is set in: a run keeps its font while
    that font has the next character, else the first font of the chain that has it takes over
    (so an Arabic run keeps its spaces and digits, and shapes whole)."""
    chain = [path for _, path in installed()]
    out: list[tuple[str, Path]] = []
    for ch in text:
        current = out[-1][1] if out else None
        if current is not None and (not visible(ch) or ord(ch) in cmap(current)):
            out[-1] = (out[-1][0] + ch, current)
            continue
        path = next((p for p in chain if ord(ch) in cmap(p)), chain[0])
        out.append((ch, path))
    return out


def right_to_left(text: str) -> bool:
    """Whether `text` reads right to left: its first strong character is Arabic or Hebrew."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("L", "R", "AL"):
            return kind != "L"
    return False




@dataclass(frozen=True)
class Caption:
    """A caption's lines (at most `rows`; the last ends in … when the text goes on) and its direction."""

    lines: tuple[str, ...]
    rtl: bool


def set_caption(text: str, lang: str, room: float, rows: int) -> Caption:
    """`text` cut into lines at most `room` pixels wide where `lang` allows a break."""
    rtl = right_to_left(text)

    def measure(line: str) -> float:
        return width(line, rtl)

    cut = [text[a:b] for a, b in wrap(text, room, lang, measure)]
    if len(cut) > rows:
        last = cut[rows - 1]
        while last and measure(last + " …") > room:
            last = last[:-1]
        cut = [*cut[:rows - 1], last.rstrip() + " …"]
    return Caption(tuple(cut), rtl)


def placed(line: str, rtl: bool) -> list[tuple[str, Path, bool]]:
    """A line's runs as they are drawn, left to right: (text, font, right to left), in the
    bidirectional algorithm's visual order, each cut again where the font changes."""
    out = []
    for piece, backwards in visual_runs(line, rtl):
        pieces = runs(piece)
        out += [(text, path, backwards) for text, path in (reversed(pieces) if backwards else pieces)]
    return out


def _direction(backwards: bool) -> str:
    return "rtl" if backwards else "ltr"


def width(line: str, rtl: bool) -> float:
    """How wide `line` is drawn, in pixels."""
    drawn = placed(line, rtl)
    return sum(face(path).getlength(text, direction=_direction(backwards)) for text, path, backwards in drawn)


def draw_caption(draw: ImageDraw.ImageDraw, caption: Caption, box: tuple[float, float, float], fill: str) -> None:
    """Draw `caption` from the top of `box` (left, top, width), each line from its start side:
    the right edge for Arabic and Hebrew."""
    left, top, room = box
    for k, line in enumerate(caption.lines):
        x = left + room - width(line, caption.rtl) if caption.rtl else left
        for text, path, backwards in placed(line, caption.rtl):
            draw.text((x, top + k * LEADING), text, font=face(path), fill=fill, direction=_direction(backwards))
            x += face(path).getlength(text, direction=_direction(backwards))
