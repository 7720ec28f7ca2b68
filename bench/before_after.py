"""A before/after sheet of `lecturekit storyboard` contact sheets: each pair (the sheet a scene
had before a change, and after) side by side on one row, each cropped to its stills and
captions and headed by what it is, every row at one scale (the widest row fits the sheet).

usage: python bench/before_after.py OUT.jpg "HEAD BEFORE" BEFORE.png "HEAD AFTER" AFTER.png [...]
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

from lecturekit.sheet_type import Caption, draw_caption
from lecturekit.theme import PALETTE

#: The sheet's width in pixels, and the room round and between its pieces.
WIDTH, ROOM, HEAD = 2400, 24, 34


def cropped(path: Path) -> Image.Image:
    """A storyboard sheet cut to what is drawn on it (the sheet's background round it left out)."""
    sheet = Image.open(path).convert("RGB")
    background = Image.new("RGB", sheet.size, sheet.getpixel((sheet.width - 1, sheet.height - 1)))
    box = ImageChops.difference(sheet, background).getbbox()
    return sheet.crop(box) if box is not None else sheet


def row(pieces: list[tuple[str, Path]]) -> Image.Image:
    """The sheets side by side at one height, each under its head."""
    sheets = [cropped(path) for _, path in pieces]
    height = min(s.height for s in sheets)
    sheets = [s.resize((round(s.width * height / s.height), height)) for s in sheets]
    out = Image.new("RGB", (sum(s.width for s in sheets) + ROOM * (len(sheets) - 1), height + HEAD),
                    PALETTE["background"])
    draw, x = ImageDraw.Draw(out), 0
    for (head, _), sheet in zip(pieces, sheets, strict=True):
        draw_caption(draw, Caption((head,), False), (x, 4, sheet.width), PALETTE["text"])
        out.paste(sheet, (x, HEAD))
        x += sheet.width + ROOM
    return out


def main(out: str, *pairs: str) -> int:
    if len(pairs) % 4:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    rows = [row([(pairs[k], Path(pairs[k + 1])), (pairs[k + 2], Path(pairs[k + 3]))]) for k in range(0, len(pairs), 4)]
    scale = min(1.0, (WIDTH - 2 * ROOM) / max(r.width for r in rows))
    rows = [r.resize((round(r.width * scale), round(r.height * scale))) for r in rows]
    sheet = Image.new("RGB", (WIDTH, sum(r.height for r in rows) + ROOM * (len(rows) + 1)), PALETTE["background"])
    y = ROOM
    for r in rows:
        sheet.paste(r, (ROOM, y))
        y += r.height + ROOM
    sheet.save(out, quality=85)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(*sys.argv[1:]))
