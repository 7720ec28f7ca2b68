"""Captions: readable cues, inside their beats, never overlapping."""

from __future__ import annotations

import itertools

from lecturekit.captions import LINE, captions, split, srt, vtt
from lecturekit.pipeline import scene_beats
from lecturekit.sources import read
from tests.conftest import TRANSFORMER


def test_every_cue_is_at_most_two_lines_of_about_42_characters() -> None:
    resolved = read(TRANSFORMER)
    for scene in resolved.scenes:
        for _, _, say in scene_beats(scene):
            cues = split(say)
            assert " ".join(" ".join(c) for c in cues).split() == say.split()  # every word, in order
            for cue in cues:
                assert 1 <= len(cue) <= 2
                assert all(len(line) <= LINE + 12 for line in cue), cue


def test_cues_stay_inside_their_beat_and_never_overlap() -> None:
    resolved = read(TRANSFORMER)
    for scene in resolved.scenes:
        beats = scene_beats(scene)
        cues = captions(beats)
        assert all(a.end <= b.start + 1e-9 for a, b in itertools.pairwise(cues))
        assert cues[0].start == 0.0
        assert abs(cues[-1].end - round(scene.end - scene.start, 3)) < 0.002
        for start, end, say in beats:
            inside = [c for c in cues if start - 0.002 <= c.start < end - 0.002]  # times are in ms
            assert inside and all(c.end <= end + 0.002 for c in inside)
            assert sum(len(" ".join(c.lines).split()) for c in inside) == len(say.split())


def test_srt_and_vtt_spell_their_timestamps_their_own_way() -> None:
    cues = captions([(0.0, 4.0, "One two. Three four five six."), (4.0, 3725.5, "Seven.")])
    text = srt(cues)
    assert text.startswith("1\n00:00:00,000 --> ")
    assert "\n2\n00:00:04,000 --> 01:02:05,500\nSeven.\n" in text
    web = vtt(cues)
    assert web.startswith("WEBVTT\n\n00:00:00.000 --> ")
    assert "00:00:04.000 --> 01:02:05.500\nSeven." in web
