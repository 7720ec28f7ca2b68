"""Captions from the beats' narration: readable cues, timed inside each beat by its words.

A cue holds at most two lines of about 42 characters; a beat's time is shared among its cues in
proportion to their words, so no cue overlaps the next beat's speech.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

LINE = 42
LINES = 2


@dataclass(frozen=True)
class Caption:
    start: float
    end: float
    lines: tuple[str, ...]


def split(say: str) -> list[tuple[str, ...]]:
    """The narration in cues of at most two lines: sentences are kept together when they fit,
    and a long sentence is cut into two-line pieces."""
    sentences = re.split(r"(?<=[.?!])\s+", " ".join(say.split()))
    cues: list[tuple[str, ...]] = []
    current = ""
    for sentence in filter(None, sentences):
        joined = f"{current} {sentence}".strip()
        if len(_wrap(joined)) <= LINES:
            current = joined
            continue
        if current:
            cues.append(tuple(_wrap(current)))
        lines = _wrap(sentence)
        while len(lines) > LINES:
            cues.append(tuple(lines[:LINES]))
            lines = lines[LINES:]
        current = " ".join(lines)
    if current:
        cues.append(tuple(_wrap(current)))
    return cues


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, LINE, break_long_words=False, break_on_hyphens=False)


def captions(beats: list[tuple[float, float, str]], lang: str = "en") -> list[Caption]:
    """Cues for (start, end, narration) beats in the language `lang`, in seconds from the video's start."""
    out: list[Caption] = []
    for start, end, say in beats:
        start = max(start, 0.0)
        if end <= start:
            continue  # nothing can be shown in no time (resolve orders beats and keeps them in the scene)
        cues = split(say)
        words = [sum(len(line.split()) for line in cue) for cue in cues]
        total = sum(words) or 1
        t = start
        for cue, count in zip(cues, words, strict=True):
            length = (end - start) * count / total
            out.append(Caption(round(t, 3), round(min(end, t + length), 3), cue))
            t += length
    return out


def _stamp(seconds: float, separator: str) -> str:
    ms = round(seconds * 1000)
    h, rest = divmod(ms, 3_600_000)
    m, rest = divmod(rest, 60_000)
    s, ms = divmod(rest, 1000)
    return f"{h:02d}:{m:02d}:{s:02d}{separator}{ms:03d}"


def srt(cues: list[Caption]) -> str:
    blocks = [f"{i}\n{_stamp(c.start, ',')} --> {_stamp(c.end, ',')}\n" + "\n".join(c.lines)
              for i, c in enumerate(cues, 1)]
    return "\n\n".join(blocks) + "\n"


def vtt(cues: list[Caption]) -> str:
    blocks = [f"{_stamp(c.start, '.')} --> {_stamp(c.end, '.')}\n" + "\n".join(c.lines) for c in cues]
    return "WEBVTT\n\n" + "\n\n".join(blocks) + "\n"


def write_captions(video: Path, cues: list[Caption]) -> tuple[Path, Path]:
    """`video`'s captions beside it as .srt and .vtt, each written whole or not at all."""
    paths = []
    for suffix, text in ((".srt", srt(cues)), (".vtt", vtt(cues))):
        path = video.with_suffix(suffix)
        tmp = path.with_name(f".{path.name}.part")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
        paths.append(path)
    return paths[0], paths[1]
