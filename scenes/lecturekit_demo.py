"""Manim scenes for "lecturekit Demo: Waves, Arrows and Tables", written by `lecturekit scaffold`.

Render one with Manim's own CLI, e.g.:  manim -ql scenes/lecturekit_demo.py Scene01AWaveAndItsPhase
"""

from pathlib import Path

from lecturekit.manim_scene import LectureScene

HERE = Path(__file__).resolve().parent
LECTURE = str((HERE / '../lecturekit/demo/lecture.json').resolve())
OVERRIDES = None


class Scene01AWaveAndItsPhase(LectureScene):
    """1. A Wave and Its Phase"""

    lecture, index, overrides = LECTURE, 1, OVERRIDES


class Scene02AddingArrows(LectureScene):
    """2. Adding Arrows"""

    lecture, index, overrides = LECTURE, 2, OVERRIDES
