"""`lecturekit scaffold`: a thin scene module that Manim's own CLI renders like `lecturekit render`."""

from __future__ import annotations

import os
from pathlib import Path

from lecturekit.resolve import ResolvedLecture
from lecturekit.sources import DEMO

TEMPLATE = '''"""Manim scenes for "{title}", written by `lecturekit scaffold`.

Render one with Manim's own CLI, e.g.:  manim -ql {module} {first}
"""

from pathlib import Path

from lecturekit.manim_scene import LectureScene

HERE = Path(__file__).resolve().parent
LECTURE = str((HERE / {lecture!r}).resolve())
OVERRIDES = {overrides}


{classes}'''


def write_module(resolved: ResolvedLecture, lecture: Path | None, overrides: Path | None, out: Path | None) -> Path:
    source = Path(lecture or DEMO).resolve()
    if source.is_dir():
        source = source / "lecture.json"
    target = (out or Path("scenes") / f"{resolved.slug.replace('-', '_')}.py").resolve()
    relative = os.path.relpath(source, target.parent)
    over = f"str((HERE / {os.path.relpath(overrides.resolve(), target.parent)!r}).resolve())" if overrides else "None"
    classes = "\n\n".join(
        f"class {scene_class_name(s.index, s.title)}(LectureScene):\n"
        f"    \"\"\"{s.index}. {s.title}\"\"\"\n\n"
        f"    lecture, index, overrides = LECTURE, {s.index}, OVERRIDES\n"
        for s in resolved.scenes
    )
    text = TEMPLATE.format(title=resolved.title, module=os.path.relpath(target), lecture=relative,
                           overrides=over, classes=classes,
                           first=scene_class_name(resolved.scenes[0].index, resolved.scenes[0].title))
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_suffix(".py.part")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(target)
    return target


def scene_class_name(index: int, title: str) -> str:
    """`Scene02QueriesKeysAndValues` for scene 2, "Queries, Keys and Values"."""
    words = "".join(c if c.isalnum() else " " for c in title).split()
    return f"Scene{index:02d}" + "".join(w[:1].upper() + w[1:] for w in words if w.isascii())
