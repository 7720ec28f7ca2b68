"""Retime a lecture to its voice: every beat starts where its words are heard, and every action
keeps its place among the words it falls on.

The lecture's own timing spreads each beat's words evenly from its start to the next beat's.
Those times and the heard ones are the anchors of one increasing map from old lecture time to
new, linear between anchors (and with the old pace outside them): beat starts, actions, scene
starts and ends and chapter starts all go through it, so nothing changes order and an action a
third of the way from the 4th word to the 5th stays there. The result is the same file with new
times: an ordinary lecture.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import numpy as np

from lecturekit.diagnostics import LectureError, Place, error
from lecturekit.files import atomic
from lecturekit.model import Lecture, load
from lecturekit.resolve import ResolvedLecture
from lecturekit.voice import piper
from lecturekit.voice.align import Beat, lecture_beats
from lecturekit.voice.words import spread, words

#: Silence left between one beat's speech and the next when a voice lays out the narration.
PAUSE = 0.4
#: The last scene ends at least this long after its last word is heard.
TAIL = 1.0


def retimed(source: Path, heard: list[Beat], says: list[str] | None = None) -> dict:
    """The lecture file at `source` with every time moved to follow `heard`: the speech of each
    beat's narration, or of `says` in its place (the narration in another language)."""
    lecture = load(source)
    data = json.loads(source.read_text(encoding="utf-8"))
    beats = lecture_beats_of(lecture)
    if says is not None:
        beats = [(start, end, say) for (start, end, _), say in zip(beats, says, strict=True)]
    warp = _warp(beats, heard)
    scenes = data["publication"]["watch"]["scenes"]
    for scene in scenes:
        scene["start"], scene["end"] = warp(scene["start"]), warp(scene["end"])
        for beat in scene["beats"]:
            beat["start"] = warp(beat["start"])
            beat["does"] = [[warp(time), action] for time, action in beat["does"]]
    last = max((t for b in heard for t in b.words), default=scenes[-1]["end"])
    scenes[-1]["end"] = max(scenes[-1]["end"], round(last + TAIL, 3))
    publication = data["publication"]
    for chapter in publication.get("chapters", []):
        chapter["startSeconds"] = warp(chapter["startSeconds"])
    if publication.get("durationSeconds") is not None:
        publication["durationSeconds"] = scenes[-1]["end"]
    return data


def lecture_beats_of(lecture: Lecture) -> list[tuple[float, float, str]]:
    """(start, end, narration) of every beat in lecture time, each ending where the next starts."""
    beats = [b for s in lecture.scenes for b in s.beats]
    ends = [*(b.start for b in beats[1:]), lecture.scenes[-1].end]
    return [(b.start, end, b.say) for b, end in zip(beats, ends, strict=True)]


def _warp(beats: list[tuple[float, float, str]], heard: list[Beat]) -> Callable[[float], float]:
    old, new = [], []
    for (start, end, say), beat in zip(beats, heard, strict=True):
        old += spread(start, end, len(words(say)))
        new += list(beat.words)
    if not old:
        return lambda t: round(t, 3)
    olds, news = np.array(old), np.maximum.accumulate(np.array(new))

    def warp(t: float) -> float:
        if t <= olds[0]:
            return round(max(0.0, float(news[0] + t - olds[0])), 3)
        if t >= olds[-1]:
            return round(float(news[-1] + t - olds[-1]), 3)
        return round(float(np.interp(t, olds, news)), 3)

    return warp


def spoken_by_piper(resolved: ResolvedLecture, voice: Path | None,
                    progress: Callable[[float, float], None] | None = None) -> list[Beat]:
    """Where Piper's words fall when each beat's speech starts on its beat, or PAUSE after the
    previous beat's speech where that runs long (and every later beat moves with it)."""
    beats = lecture_beats(resolved)
    out: list[Beat] = []
    delay, free = 0.0, 0.0
    for n, (scene, number, start, say) in enumerate(beats):
        speech = piper.speak(say, voice)
        begin = max(start + delay, free)
        delay, free = begin - start, begin + speech.seconds + PAUSE
        out.append(Beat(scene, number, start, tuple(round(begin + w, 3) for w in speech.words)))
        if progress is not None:
            progress(n + 1, len(beats))
    return out


def write_lecture(data: dict, out: Path) -> None:
    """`data` as a lecture file at `out`, written whole or not at all."""
    try:
        with atomic(out) as tmp:
            tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise LectureError(error(Place(path=str(out)), f"cannot be written: {exc.strerror}")) from None
