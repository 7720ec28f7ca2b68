"""A corpus of broken and hostile lectures, each checked and rendered at -q l: the expected exit
code, one line naming the place, nothing read outside the lecture's folder, nothing written
outside the output folder, nothing run."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from lecturekit.cli import app
from tests.conftest import lecture_data

SHOW = "{} is shown on the screen, written out."
FIG = "a Figure (x_range=(0.0, 1.0), y_range=(0.0, 1.0))"
#: Every case also holds this good object, shown last: what is left of a scene must still render.
GOOD = {"ok": 'a Panel that says "still here"'}
FRAMES = 30  # 2 s at -q l


def corpus(objects: dict[str, str], does: list[tuple[float, str]]) -> dict:
    return lecture_data({**objects, **GOOD}, [*does, (0.1, SHOW.format("ok"))], end=2.0)


def retyped(change: Callable[[dict], None]) -> dict:
    data = corpus({}, [])
    change(data["publication"]["watch"]["scenes"][0])
    return data


#: (case, lecture data, exit code, a line the output must hold)
CASES = [
    ("wrong type of a scene's start", retyped(lambda scene: scene.update(start="soon")), 1,
     "error: scenes[0].start: start must be a number"),
    ("wrong type of a scene's objects", retyped(lambda scene: scene.update(objects=["a Text"])), 1,
     "error: scenes[0].objects: objects must be an object"),
    ("unknown kind", corpus({"h": 'a Hologram that says "hi"'}, [(0.5, SHOW.format("h"))]), 0,
     "warning: scene 'Scene One', object 'h': unknown kind 'Hologram'"),
    ("unknown action", corpus({"t": 'a Text that says "hi"'}, [(0.5, "t dances across the board.")]), 0,
     "warning: scene 'Scene One', action #1 at 0.500 s: 'dances across the board' is not an action"),
    ("unknown name", corpus({"t": 'a Text that says "hi"'}, [(0.5, SHOW.format("ghost"))]), 0,
     "warning: scene 'Scene One', object 'ghost', action #1 at 0.500 s: names an object this scene does not have; "
     "it is left out"),
    ("child of a broken parent", corpus({"f": "a Figure (x_range=(0.0, 1 / 0))", "p": "a Point drawn in f"},
                                        [(0.2, SHOW.format("f")), (0.5, SHOW.format("p"))]), 0,
     "warning: scene 'Scene One', object 'p': is drawn in 'f', which is left out: its x_range cannot be evaluated"),
    ("action after the end",
     corpus({"t": 'a Text that says "hi"'}, [(0.5, SHOW.format("t")), (99.0, SHOW.format("t"))]), 0,
     "warning: scene 'Scene One', object 't', action #2 at 99.000 s: is outside the scene"),
    ("missing image", corpus({"i": "an Image (path='figures/none.png', aspect=(4, 3))"}, [(0.5, SHOW.format("i"))]), 0,
     "warning: scene 'Scene One', object 'i': image 'figures/none.png' is missing, unreadable or outside"),
    ("escaping image path", corpus({"i": "an Image (path='../../../../etc/passwd', aspect=(4, 3))"},
                                   [(0.5, SHOW.format("i"))]),
     0, "warning: scene 'Scene One', object 'i': image '../../../../etc/passwd' is"),
    ("absolute image path", corpus({"i": "an Image (path='/etc/passwd', aspect=(4, 3))"}, [(0.5, SHOW.format("i"))]),
     0, "warning: scene 'Scene One', object 'i': image '/etc/passwd' is missing"),
    ("typst in prose",
     corpus({"p": 'a Panel that says "#read(\\"/etc/passwd\\") #import \\"@preview/cetz:0.2.0\\" *x*"'},
            [(0.5, SHOW.format("p"))]), 0, "0 errors, 0 warnings"),
    ("typst in math", corpus({"m": 'a Math that says "$#read(\\"/etc/passwd\\")$"'}, [(0.5, SHOW.format("m"))]), 0,
     "warning: scene 'Scene One', object 'm': math rewritten: '#' is shown as the character, not read as Typst code"),
    ("std in math", corpus({"m": 'a Math that says "$std.read(\\"/etc/passwd\\")$"'}, [(0.5, SHOW.format("m"))]), 0,
     "warning: scene 'Scene One', object 'm': math rewritten: names Typst does not know are shown as text: 'std'"),
    ("code in an expression",
     corpus({"f": FIG, "p": "a Point drawn in f (location=(__import__('os').system('touch PWNED'), 0.5))"},
            [(0.2, SHOW.format("f")), (0.5, SHOW.format("p"))]), 0,
     "warning: scene 'Scene One', object 'p': only numbers and variables can take part in arithmetic"),
    ("huge exponent", corpus({"f": FIG, "p": "a Point drawn in f (location=((9 ** (9 ** 9)), 0.5))"},
                             [(0.2, SHOW.format("f")), (0.5, SHOW.format("p"))]), 0,
     "warning: scene 'Scene One', object 'p': location cannot be evaluated: a result is larger than 1e+15; "
     "it is left out"),
    ("deep nesting",
     corpus({"f": FIG, "p": "a Point drawn in f (location=(" + "(" * 1000 + "1" + ")" * 1000 + ", 0.5))"},
            [(0.2, SHOW.format("f")), (0.5, SHOW.format("p"))]), 0,
     "warning: scene 'Scene One', object 'p': nested more than 64 levels deep"),
    ("a description of 30,000 characters", corpus({"p": 'a Panel that says "' + "x" * 30_000 + '"'},
                                                  [(0.5, SHOW.format("p"))]), 0,
     "warning: scene 'Scene One', object 'p': description is longer than 20000 characters"),
    ("thousands of objects", corpus({f"t{i}": 'a Text that says "x"' for i in range(5000)}, []), 1,
     "error: scene 'Scene One': has 5001 objects; at most 5000 are allowed"),
]


@pytest.fixture
def opened() -> list[str]:
    """Every file the process opens while the test runs (Python's audit hook)."""
    seen: list[str] = []
    _ACTIVE.append(seen)
    yield seen
    _ACTIVE.remove(seen)


_ACTIVE: list[list[str]] = []


def _audit(event: str, args: tuple) -> None:
    if event == "open" and _ACTIVE and isinstance(args[0], str | bytes | Path):
        _ACTIVE[-1].append(str(args[0]))


sys.addaudithook(_audit)


@pytest.mark.slow
@pytest.mark.parametrize(("case", "data", "code", "line"), CASES, ids=[c[0] for c in CASES])
def test_a_hostile_lecture_is_refused_or_rendered_safely(
    tmp_path: Path, opened: list[str], case: str, data: dict, code: int, line: str
) -> None:
    folder = tmp_path / "lecture"
    folder.mkdir()
    lecture = folder / "lecture.json"
    lecture.write_text(json.dumps(data))
    out = tmp_path / "media"
    check = CliRunner().invoke(app, ["check", str(lecture)])
    result = CliRunner().invoke(app, ["render", str(lecture), "-q", "l", "--jobs", "1", "--quiet", "--out", str(out)])
    assert check.exit_code == result.exit_code == code, (case, check.output, result.output)
    said = check.output + result.output
    assert any(one.startswith(line) for one in said.splitlines()), said  # on one line of its own
    assert "Traceback" not in said
    assert not [p for p in opened if "passwd" in p], "a file outside the lecture's folder was read"
    assert not (Path.cwd() / "PWNED").exists() and not (folder / "PWNED").exists()
    written = {p.relative_to(tmp_path).parts[0] for p in tmp_path.rglob("*") if p.is_file()}
    assert written <= {"lecture", "media"} and sorted(folder.iterdir()) == [lecture]
    if code == 0:
        frames, ink = rendered(out / "tiny" / "01-scene-one.mp4")
        assert frames == FRAMES
        assert "ok" in shown_in(lecture) and ink > 0.001  # the good object is still drawn
    else:
        assert not out.exists()


def rendered(video: Path) -> tuple[int, float]:
    """A video's frame count, and the share of its last frame that is not background."""
    import av
    import numpy as np

    with av.open(str(video)) as container:
        frames = [f.to_ndarray(format="rgb24").astype(int) for f in container.decode(video=0)]
    last = frames[-1]
    return len(frames), float(np.mean(np.abs(last - last[0, 0]).max(axis=-1) > 24))


def shown_in(lecture: Path) -> set[str]:
    """Names the plan still draws once everything broken is left out."""
    from lecturekit.plan import plan_scene
    from lecturekit.sources import read

    resolved = read(lecture)
    scene = plan_scene(resolved.scenes[0], 15, lecture.parent)
    return scene.shown_at(scene.frames - 1)


@pytest.mark.slow
def test_a_two_hour_scene_renders_in_bounded_time_and_space(tmp_path: Path) -> None:
    import av

    lecture = tmp_path / "lecture.json"
    lecture.write_text(json.dumps(lecture_data({"t": 'a Text that says "still here"'},
                                               [(1.0, SHOW.format("t"))], end=7200.0)))
    result = CliRunner().invoke(app, ["render", str(lecture), "-q", "l", "--quiet", "--out", str(tmp_path / "m")])
    assert result.exit_code == 0, result.output
    video = tmp_path / "m" / "tiny" / "01-scene-one.mp4"
    with av.open(str(video)) as container:
        assert container.streams.video[0].frames == 7200 * 15
    assert video.stat().st_size < 4_000_000  # a held board is a few bytes a frame


@pytest.mark.parametrize(("case", "data", "line"), [
    ("a scene of thirteen hours", lecture_data({}, [], end=13 * 3600.0),
     "error: scenes[0]: a scene may last at most 12 hours"),
    ("twenty thousand and one actions", lecture_data({"t": 'a Text that says "x"'}, [(0.5, SHOW.format("t"))] * 20_001),
     "error: scene 'Scene One': has 20001 actions; at most 20000 are allowed"),
])
def test_oversized_input_is_refused_with_its_limit(tmp_path: Path, case: str, data: dict, line: str) -> None:
    lecture = tmp_path / "lecture.json"
    lecture.write_text(json.dumps(data))
    result = CliRunner().invoke(app, ["render", str(lecture), "-q", "l", "--out", str(tmp_path / "m")])
    assert result.exit_code == 1, case
    assert any(out.startswith(line) for out in result.output.splitlines()), result.output


def test_malformed_json_is_one_line_with_its_position(tmp_path: Path) -> None:
    lecture = tmp_path / "lecture.json"
    lecture.write_text('{"version": 1, "publication": {')
    result = CliRunner().invoke(app, ["render", str(lecture), "-q", "l", "--out", str(tmp_path / "media")])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [
        f"error: {lecture}: is not valid JSON: Expecting property name enclosed in double quotes at line 1 column 32"]
    assert not (tmp_path / "media").exists()
