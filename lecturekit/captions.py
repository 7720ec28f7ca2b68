"""Captions from the beats' narration: readable cues, timed inside each beat by its characters,
held to the guideline of `lecturekit.caption_rules` (Netflix's Timed Text Style Guide).

A beat's narration is cut into the fewest cues of one or two lines that hold it: sentences are
kept together when they fit, and a longer sentence is cut into cues as even as can be, never
after an article, a preposition or a conjunction where another cut fits (lines are cut where the
language's own rules allow: lecturekit.segmentation). A beat's time is shared among its cues in
proportion to their characters (so each is read at the beat's pace), each given 5/6 s where the
beat has that much; a cue ends 2 frames (at 24 fps) before the next starts, and at most 7 s after
it starts. A cue too short to read is held on into silence after it (a beat with nothing said),
up to the next cue; where there is none it is joined with the next cue (else the one before)
when the two fit in one cue. What still breaks the guideline (speech too fast to read, a beat
too short to show its words) is for `check` to report (`caption_warnings`). Right-to-left text
stays in its logical order, as SRT, WebVTT and mov_text carry it; each of its lines starts with a
right-to-left mark, so that a player lays out a line opening with a Latin word or a number right
to left too.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from lecturekit.caption_rules import (
    GAP_SECONDS,
    MAX_SECONDS,
    MIN_SECONDS,
    Violation,
    characters,
    guideline_violations,
    line_columns,
    speed,
    two_lines,
    weak_end,
)
from lecturekit.diagnostics import Diagnostic, Place, quote, warning
from lecturekit.files import atomic
from lecturekit.segmentation import columns, line_breaks, running_columns, sentences, unspaced, wrap
from lecturekit.voice.languages import ORIGINAL, spoken

if TYPE_CHECKING:
    from lecturekit.resolve import ResolvedLecture, ResolvedScene

#: U+200F RIGHT-TO-LEFT MARK, at the start of each line of a right-to-left language's cue.
RLM = "\u200f"


@dataclass(frozen=True)
class Caption:
    start: float
    end: float
    lines: tuple[str, ...]
    #: The beat (its place in the list captioned) whose words the cue starts with.
    beat: int = -1


#: A cue's lines.
Lines = tuple[str, ...]


def _tight(char: str) -> bool:
    """Whether `char` is of a script written without spaces, or full-width (as 。 and 「 are)."""
    return unspaced(char) or columns(char) == 2


def _joined(a: str, b: str) -> str:
    """Two narrations one after the other: with a space between, but between two characters of a
    script written without spaces."""
    return a + b if _tight(a[-1]) and _tight(b[0]) else f"{a} {b}"


def _sits(text: str, lang: str) -> bool:
    """Whether `text` fits in one cue without a line ending on a weak word."""
    lines = two_lines(text, lang)
    return lines is not None and not weak_end(lines[0] if len(lines) > 1 else "", lang)


def _divided(text: str, lang: str) -> list[tuple[str, Lines]]:
    """`text`, too long for one cue, in the fewest cues that hold it, as even as can be and none
    ending on a weak word where another cut fits; where no cues hold it (a piece no break can cut
    is wider than a line), in pairs of lines as wide as they can be."""
    cuts, at = [0, *line_breaks(text, lang), len(text)], running_columns(text)
    total, most = at[-1], 2 * line_columns(lang)
    piece: dict[tuple[int, int], str] = {}  # the pieces narrow enough for two lines, by their cuts
    for i in range(len(cuts)):
        for j in range(i + 1, len(cuts)):
            candidate = text[cuts[i]:cuts[j]].rstrip()  # a cut follows any space
            if at[cuts[i] + len(candidate)] - at[cuts[i]] > most:
                break
            piece[i, j] = candidate
    ends: dict[int, list[int]] = {}  # for each cut, where a cue ending there that fits may start
    fit: dict[tuple[int, int], Lines] = {}
    for (i, j), candidate in piece.items():
        start = cuts[i]
        inside = [cut - start for cut in cuts[i + 1:j]]
        running = [columns - at[start] for columns in at[start:start + len(candidate) + 1]]
        if (lines := two_lines(candidate, lang, inside, running)) is not None:
            ends.setdefault(j, []).append(i)
            fit[i, j] = lines
    fewest = {0: 0}
    for j in range(1, len(cuts)):
        if starts := [fewest[i] for i in ends.get(j, []) if i in fewest]:
            fewest[j] = min(starts) + 1
    last = len(cuts) - 1
    if last in fewest and len(cuts) <= EVEN_CUTS:
        target = total / fewest[last]
        # each cue's own cost, worked out once (not once a cue count: a long beat made that quadratic)
        own = {(i, j): weak_end(piece[i, j], lang) * (j < last) * 1e6
               + (at[cuts[i] + len(piece[i, j])] - at[cuts[i]] - target) ** 2 for (i, j) in fit}
        best: dict[int, tuple[float, list[int]]] = {0: (0.0, [0])}  # the best way to each cut in k cues
        for _ in range(fewest[last]):
            best = {j: min((cost + own[i, j], [*path, j])
                           for i in ends.get(j, []) if i in best for cost, path in [best[i]])
                    for j in range(1, len(cuts)) if any(i in best for i in ends.get(j, []))}
        return [(piece[i, j], fit[i, j]) for i, j in itertools.pairwise(best[last][1])]
    wrapped = wrap(text, line_columns(lang), lang)
    pairs = [wrapped[k:k + 2] for k in range(0, len(wrapped), 2)]
    return [(text[pair[0][0]:pair[-1][1]], tuple(text[a:b] for a, b in pair)) for pair in pairs]


#: The most places a sentence may be cut at for its cues to be made as even as possible; the
#: search is quadratic in them, so a longer sentence (thousands of characters, never a real beat's)
#: is cut where its lines wrap instead.
EVEN_CUTS = 400


def _pieces(say: str, lang: str) -> list[tuple[str, Lines]]:
    """The narration's cues, each its text and its lines: sentences together while they fit in
    one, a longer one divided."""
    text = " ".join(say.split())
    out: list[tuple[str, Lines]] = []
    held: tuple[str, Lines] | None = None  # the sentences of the cue not yet closed
    start = 0  # where they start
    for a, b in sentences(text, lang):
        if held is not None and _sits(together := text[start:b].strip(), lang):
            held = together, two_lines(together, lang) or (together,)
            continue
        if held is not None:
            out.append(held)
        sentence, start = text[a:b].strip(), a
        lines = two_lines(sentence, lang)
        held = None if lines is None else (sentence, lines)
        if lines is None:
            out += _divided(sentence, lang)
    if held is not None:
        out.append(held)
    return out


def _marked(lines: Lines, lang: str) -> Lines:
    mark = RLM if spoken(lang).rtl else ""
    return tuple(mark + line for line in lines)


def split(say: str, lang: str = ORIGINAL) -> list[tuple[str, ...]]:
    """The narration in cues of one or two lines."""
    return [_marked(lines, lang) for _, lines in _pieces(say, lang)]


def _shares(length: float, weights: list[float]) -> list[float]:
    """`length` shared in proportion to `weights`, each share at least 5/6 s and a gap where it
    has that much (else simply in proportion)."""
    floor = MIN_SECONDS + GAP_SECONDS
    if len(weights) * floor > length:
        return [length * w / sum(weights) for w in weights]
    fixed: set[int] = set()
    while True:
        free = length - floor * len(fixed)
        rest = sum(w for k, w in enumerate(weights) if k not in fixed)
        shares = [floor if k in fixed else free * w / rest for k, w in enumerate(weights)]
        low = {k for k, share in enumerate(shares) if share < floor} - fixed
        if not low:
            return shares
        fixed |= low


@dataclass
class _Cue:
    start: float
    end: float
    text: str
    lines: Lines
    beat: int


def _timed(beats: Sequence[tuple[float, float, str]], lang: str) -> list[_Cue]:
    """Each beat's cues, sharing its time in proportion to their characters."""
    out = []
    for k, (start, end, say) in enumerate(beats):
        start = max(start, 0.0)
        if end <= start:
            continue  # nothing can be shown in no time (resolve orders beats and keeps them in the scene)
        pieces = _pieces(say, lang)
        t = start
        for (text, lines), share in zip(pieces, _shares(end - start, [max(characters(p, lang), 1.0)
                                                                       for _, p in pieces]), strict=True):
            out.append(_Cue(t, min(end, t + share), text, lines, k))
            t += share
    return out


def _merged(cues: list[_Cue], last: float, lang: str) -> list[_Cue]:
    """A cue with less than 5/6 s before the next (or the end) joined with the next, else the one
    before, where the two fit in one cue."""
    k = 0
    while k < len(cues):
        cue = cues[k]
        room = (cues[k + 1].start - GAP_SECONDS if k + 1 < len(cues) else last) - cue.start
        if room >= MIN_SECONDS - 0.0005:
            k += 1
            continue
        for a, b in ((k, k + 1), (k - 1, k)):
            text = _joined(cues[a].text, cues[b].text) if a >= 0 and b < len(cues) else ""
            if text and (lines := two_lines(text, lang)) is not None:
                cues[a:b + 1] = [_Cue(cues[a].start, cues[b].end, text, lines, cues[a].beat)]
                k = max(a - 1, 0)
                break
        else:
            k += 1
    return cues


def captions(beats: Sequence[tuple[float, float, str]], lang: str = ORIGINAL, until: float | None = None
             ) -> list[Caption]:
    """Cues for (start, end, narration) beats in the language `lang`, in seconds from the video's
    start; with `until`, the video's length (its frames over its rate, which a scene's recorded end
    need not be a whole number of), none shown past it: the beats are cut there, and a cue's end is
    written no later than the millisecond it falls in."""
    if until is not None:
        beats = [(start, min(end, until), say) for start, end, say in beats]
    last = max((end for _, end, _ in beats), default=0.0)
    cues = _merged(_timed(beats, lang), last, lang)
    out = []
    for k, cue in enumerate(cues):
        limit = cues[k + 1].start - GAP_SECONDS if k + 1 < len(cues) else max(last, cue.end)
        if limit <= cue.start:  # too many words for the time: no gap can be kept
            limit = cue.end
        end = min(cue.end, limit)
        needed = max(MIN_SECONDS, characters(cue.lines, lang) / speed(lang))
        if end - cue.start < needed:  # held on into the silence after it, up to the next cue
            end = min(cue.start + needed, limit)
        end = min(end, cue.start + MAX_SECONDS)
        end = round(end, 3) if until is None else min(round(end, 3), math.floor(until * 1000 + 1e-6) / 1000)
        out.append(Caption(round(cue.start, 3), end, _marked(cue.lines, lang), cue.beat))
    return out


def scene_beats(scene: ResolvedScene) -> list[tuple[float, float, str]]:
    """(start, end, narration) of each beat, in seconds from the scene's start."""
    beats = scene.beats
    return [(b.start - scene.start, (beats[i + 1].start if i + 1 < len(beats) else scene.end) - scene.start, b.say)
            for i, b in enumerate(beats)]


def caption_warnings(resolved: ResolvedLecture) -> tuple[Diagnostic, ...]:
    """One warning for every beat whose captions cannot keep to the guideline (what `check` adds
    to its report): speech too fast to read, or a beat too short to show its words."""
    lang = resolved.language
    places, beats = [], []
    for scene in resolved.scenes:
        for n, (start, end, say) in enumerate(scene_beats(scene), 1):
            places.append((scene, n, say))
            beats.append((scene.start + start, scene.start + end, say))
    cues = captions(beats, lang)
    broken: dict[int, list[Violation]] = {}
    for found in guideline_violations(cues, lang):
        broken.setdefault(cues[found.cue].beat, []).append(found)
    return tuple(_warning(*places[beat], beats[beat], found, lang) for beat, found in sorted(broken.items()))


def _warning(scene: ResolvedScene, n: int, say: str, beat: tuple[float, float, str], found: list[Violation],
             lang: str) -> Diagnostic:
    place = Place(scene=scene.title, action=f"beat {n} at {beat[0]:.2f} s")
    rules = {v.rule for v in found}
    if "speed" in rules:
        count = characters((" ".join(say.split()),), lang)
        return warning(place, f"its narration ({count:g} characters) is too fast to read in captions: "
                              f"{count / speed(lang):.2f} s at {speed(lang):g} characters a second, "
                              f"and the beat is {beat[1] - beat[0]:.2f} s",
                       "shorten the narration, or start the next beat later")
    if "short" in rules:
        return warning(place, f"its caption {quote(say)} cannot stay on screen {MIN_SECONDS:.2f} s "
                              "before the next one", "start the next beat later, or say this with a neighbouring beat")
    return warning(place, f"its captions break the guideline: {'; '.join(v.detail for v in found)}",
                   "shorten or rephrase the narration")


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
