"""Checks shared by the translation tests: every action of a printed plan on its frame, and the
words a plan's Typst bodies show."""

from __future__ import annotations

import json
import re
from pathlib import Path

from lecturekit.plan.scene_plan import ScenePlan
from lecturekit.plan.timeline import RELAYOUT

#: A Typst string literal; the colours and group labels the source builder writes are not text.
_STRING = re.compile(r'rgb\("[^"]*"\)|lkgrp\("[^"]*"|"((?:[^"\\]|\\.)*)"')


def cues_on_their_frames(plan: dict, lecture: Path, broken: list[frozenset[str]], fps: int = 15) -> None:
    """Every action of the lecture (but those of objects left out) is a cue on the frame its time names."""
    scenes = json.loads(lecture.read_text(encoding="utf-8"))["publication"]["watch"]["scenes"]
    for planned in plan["scenes"]:
        scene, left_out = scenes[planned["index"] - 1], broken[planned["index"] - 1]
        last = planned["frames"] - 1
        actions = sorted((min(round((t - scene["start"]) * fps), last), a) for b in scene["beats"]
                         for t, a in b["does"] if ": enter:" not in a and a.split(" ", 1)[0] not in left_out)
        cues = sorted((c["frame"], c["action"]) for c in planned["cues"]
                      if ": enter:" not in c["action"] and RELAYOUT not in c["action"])
        assert cues == actions


def shown_texts(plan: ScenePlan) -> list[str]:
    """What every text, label and table cell the plan typesets shows as text (its strings)."""
    bodies = [t.body for t in plan.texts.values()]
    bodies += [cell for table in plan.tables.values() for row in table.cells for cell in row]
    return ["".join(m.group(1).replace('\\"', '"').replace("\\\\", "\\") for m in _STRING.finditer(b)
                    if m.group(1) is not None) for b in bodies]


def words(text: str) -> set[str]:
    return set(re.findall(r"[^\W\d_]{2,}", text))
