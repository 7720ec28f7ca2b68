"""Captions from the beats' narration: readable cues, timed inside each beat by its words.

A cue holds at most two lines of about 42 columns (a full-width character takes two, so about
21 of Chinese or Japanese); lines are cut where the language's own rules allow
(lecturekit.segmentation: at spaces, or between the words or phrases of a script written
without them). A beat's time is shared among its cues in proportion to their words, so no cue
overlaps the next beat's speech. Right-to-left text stays in its logical order, as SRT, WebVTT
and mov_text carry it; each of its lines starts with a right-to-left mark, so that a player
lays out a line opening with a Latin word or a number right to left too.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from lecturekit.files import atomic
from lecturekit.segmentation import sentences, words, wrap
from lecturekit.voice.languages import ORIGINAL, spoken

LINE = 42
LINES = 2
#: U+200F RIGHT-TO-LEFT MARK, at the start of each line of a right-to-left language's cue.
RLM = "\u200f"


@dataclass(frozen=True)
class Caption:
    start: float
    end: float
    lines: tuple[str, ...]


def split(say: str, lang: str = ORIGINAL) -> list[tuple[str, ...]]:
    """The narration in cues of at most two lines: sentences are kept together when they fit,
    and a long sentence is cut into two-line pieces."""
    text = " ".join(say.split())

    def lines(a: int, b: int) -> list[tuple[int, int]]:
        return [(a + x, a + y) for x, y in wrap(text[a:b], LINE, lang)]

    cues: list[list[tuple[int, int]]] = []
    start: int | None = None  # where the text not yet in a cue starts
    for a, b in sentences(text, lang):
        if start is not None and len(lines(start, b)) <= LINES:
            continue
        if start is not None:
            cues.append(lines(start, a))
        pieces = lines(a, b)
        while len(pieces) > LINES:
            cues.append(pieces[:LINES])
            pieces = pieces[LINES:]
        start = pieces[0][0] if pieces else None
    if start is not None:
        cues.append(lines(start, len(text)))
    mark = RLM if spoken(lang).rtl else ""
    return [tuple(mark + text[x:y] for x, y in cue) for cue in cues if cue]


def captions(beats: list[tuple[float, float, str]], lang: str = ORIGINAL) -> list[Caption]:
    """Cues for (start, end, narration) beats in the language `lang`, in seconds from the video's start."""
    out: list[Caption] = []
    for start, end, say in beats:
        start = max(start, 0.0)
        if end <= start:
            continue  # nothing can be shown in no time (resolve orders beats and keeps them in the scene)
        cues = split(say, lang)
        counts = [max(1, sum(len(words(line, lang)) for line in cue)) for cue in cues]
        total = sum(counts) or 1
        t = start
        for cue, count in zip(cues, counts, strict=True):
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
        with atomic(path) as tmp:
            tmp.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths[0], paths[1]
