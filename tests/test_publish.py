"""The publishing bundle: chapters as video sites read them, the description, the thumbnail, and
the audio-description track."""

from __future__ import annotations

import io
import itertools
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image
from typer.testing import CliRunner

from lecturekit.cli import app
from lecturekit.progress import Progress
from lecturekit.publish import Chapter, board_changes, chapter_marks, chapters_text, clock
from lecturekit.sources import read
from tests.conftest import DEMO, named, written

runner = CliRunner()
SHOW = "{} is shown on the screen, drawn."


def test_clock_writes_chapter_times_as_video_sites_do():
    assert [clock(s) for s in (0, 9.9, 65, 600, 3723)] == ["0:00", "0:09", "1:05", "10:00", "1:02:03"]


def test_chapters_too_close_are_folded_into_the_one_before():
    chapters = [Chapter(0.4, "Opening"), Chapter(6.0, "Too soon"), Chapter(30.2, "Middle"), Chapter(95.0, "Late")]
    marks = chapter_marks(chapters, duration=100.0)
    assert chapters_text(marks) == "0:00 Opening\n0:30 Middle\n"


@given(st.lists(st.floats(0, 3000), min_size=1, max_size=30), st.floats(0, 600))
def test_chapter_marks_keep_the_sites_rules(starts, tail):
    duration = max(starts) + tail
    marks = chapter_marks([Chapter(s, f"c{i}") for i, s in enumerate(sorted(starts))], duration)
    assert marks[0].start == 0
    assert all(b.start - a.start >= 10 and b.start == int(b.start) for a, b in itertools.pairwise(marks))
    assert all(duration - m.start >= 10 for m in marks[1:])


def test_a_board_change_says_what_appeared(write_lecture):
    path = write_lecture(
        {"f": "a Figure (x_range=(-1.0, 3.0), y_range=(-1.0, 3.0))",
         "q": 'a Vector labelled "q" drawn in f (end=(1.0, 2.0))',
         "p": "a Point [yellow] drawn in f (location=(2.0, 0.5))"},
        [(1.0, SHOW.format("f")), (1.1, SHOW.format("q")), (4.0, SHOW.format("p"))],
    )
    cues = board_changes(read(path).scenes[0], offset=100.0, end=110.0)
    assert [(c.start, c.end, c.lines) for c in cues] == [
        (101.0, 104.0, ("A figure with x from -1 to 3 and y from -1 to 3. "
                        "An arrow from the origin to (1, 2), labelled q.",)),
        (104.0, 110.0, ("A yellow point at (2, 0.5).",)),
    ]


def test_the_demo_is_described_reveal_by_reveal():
    scenes = read(DEMO).scenes
    said = " ".join(c.lines[0] for c in board_changes(scenes[1], 30.0, 62.0))
    assert "A green arrow from the origin to (3, 1)." in said
    assert "A yellow arrow from the origin to (4, 2.5), labelled a + b." in said
    assert "A table with the columns Arrow, Length. A table row: a, 3.16." in said
    first = board_changes(scenes[0], 0.0, 30.0)
    assert first[0].lines == ("The title card: lecturekit Demo — Waves, Arrows and Tables.",)
    assert "A blue graph of sin(x + phase), labelled sin(x + phi)." in " ".join(c.lines[0] for c in first)


def test_a_log_gets_a_progress_line_every_tenth():
    log = io.StringIO()
    progress = Progress({1: 100, 2: 100}, log)
    for done in range(0, 101, 5):
        progress(1, done)
    for done in range(0, 101, 5):
        progress(2, done)
    progress.close()
    lines = log.getvalue().splitlines()
    assert 9 <= len(lines) <= 12
    assert lines[-1].startswith("rendering: 2/2 scenes, 200/200 frames (100%)")


def test_a_terminal_gets_richs_progress_bars():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    screen = Terminal()
    progress = Progress({1: 40, 2: 60}, screen)
    assert progress.live
    progress(1, 40)
    progress(2, 30)
    progress.close()
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.getvalue())
    assert "rendering: 1/2 scenes" in text and "70/100" in text and "scene 2" in text and "━" in text


@pytest.mark.slow
def test_publish_writes_the_bundle_beside_the_joined_video(tmp_path):
    result = runner.invoke(app, ["publish", str(DEMO), "-q", "l", "--out", str(tmp_path), "--quiet", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    folder = tmp_path / "lecturekit-demo"
    assert (folder / "lecturekit-demo.mp4").is_file()
    assert (folder / "chapters.txt").read_text() == "0:00 A Wave and Its Phase\n0:30 Adding Arrows\n"
    description = (folder / "description.md").read_text()
    assert description.startswith("# lecturekit Demo: Waves, Arrows and Tables\n\nA one-minute lecture")
    assert "## Chapters\n\n0:00 A Wave and Its Phase\n0:30 Adding Arrows\n" in description
    with Image.open(folder / "thumbnail.png") as thumbnail:
        assert thumbnail.size == (1280, 720)
        light = sum(1 for v in thumbnail.convert("L").getdata() if v > 128)
    assert light > 2000  # the title card's words, not an empty board
    track = (folder / "descriptions.vtt").read_text()
    assert track.startswith("WEBVTT\n\n00:00:00.000 --> ")
    starts = re.findall(r"^(\d\d:\d\d:\d\d\.\d\d\d) --> (\d\d:\d\d:\d\d\.\d\d\d)$", track, re.M)
    assert len(starts) > 10 and all(a < b for a, b in starts)
    assert all(end <= next_start for (_, end), (next_start, _) in itertools.pairwise(starts))
    again = runner.invoke(app, ["publish", str(DEMO), "-q", "l", "--out", str(tmp_path), "--quiet",
                                "--thumbnail-at", "40"])
    assert again.exit_code == 0, again.output
    with Image.open(folder / "thumbnail.png") as thumbnail:
        assert thumbnail.size == (1280, 720)
    assert written(tmp_path) == named(tmp_path)  # render.json names the bundle too


def test_output_lines_go_to_standard_output_when_no_bars_are_drawn(capsys):
    from lecturekit.progress import RenderDisplay

    display = RenderDisplay()
    display.echo("wrote a.mp4 (3 frames)")
    display.start({1: 10})(1, 10)  # captured output is not a terminal: plain lines, no bars
    display.echo("wrote b.mp4 (10 frames)")
    display.close()
    captured = capsys.readouterr()
    assert captured.out == "wrote a.mp4 (3 frames)\nwrote b.mp4 (10 frames)\n"
    assert "rendering: 1/1 scenes, 10/10 frames (100%)" in captured.err


@pytest.mark.parametrize(("args", "message"), [
    (["-f", "gif"], "error: lecture: a GIF is of one scene (name it with --scene, or give --from and --to)"),
    (["-f", "gif", "--from", "25"], "error: lecture: a GIF clip needs both --from and --to"),
    (["-f", "gif", "--from", "25", "--to", "35"], "error: lecture: the clip 25-35 s is not inside one scene "
     "(choose --from and --to within a scene's start and end)"),
    (["--transparent"], "error: lecture: --transparent needs --format mov (ProRes 4444 keeps the alpha)"),
])
def test_format_options_that_cannot_be_met_are_one_line_and_exit_2(args, message, tmp_path):
    result = runner.invoke(app, ["render", str(DEMO), "--out", str(tmp_path), *args])
    assert result.exit_code == 2
    assert result.output.strip() == message


def test_steps_of_long_work_get_a_bar_or_a_line_every_tenth():
    from lecturekit.progress import Steps

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    log, screen = io.StringIO(), Terminal()
    for stream in (log, screen):
        steps = Steps("aligning", " s", stream)
        for done in range(0, 63):
            steps(float(done), 62.0)
    assert log.getvalue().splitlines()[-1] == "aligning: 100% (62/62 s)"
    assert 9 <= len(log.getvalue().splitlines()) <= 12
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.getvalue())
    assert "aligning:" in text and "62/62 s" in text and "━" in text
