"""The rules the hostile corpus relies on, one at a time: quoting, special files, image formats,
beat order, captions and poison values."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import EpsImagePlugin, Image

from lecturekit.captions import captions
from lecturekit.diagnostics import QUOTE_LIMIT, Place, printable, quote, warning
from lecturekit.images import image_problem, image_size
from lecturekit.model import load
from lecturekit.paths import NotReadable, read_regular
from lecturekit.resolve import resolve
from lecturekit.resolve.overrides import load_overrides
from lecturekit.syntax.nodes import Show
from tests.conftest import lecture_data
from tests.hostile.test_corpus import SHOW, png, write


def test_a_line_quotes_at_most_120_characters_of_the_authors_text_with_controls_escaped() -> None:
    text = "\x1b[2J" + "x" * 10_000
    assert quote(text) == repr(text[:QUOTE_LIMIT]) + "…"
    line = warning(Place(scene=text, object="o\x07"), f"says {quote(text)}", "hint\x1b[0m").line()
    assert "\x1b" not in line and "\x07" not in line
    assert line.count("x") <= 2 * QUOTE_LIMIT
    assert "\\x1b[2J" in line and "\\x07" in line
    assert printable("a\ud800\u202eb\tc") == "a\\ud800\\u202eb c"
    assert quote("short") == "'short'"  # what repr gives when there is nothing to cut


@pytest.mark.parametrize("make", [os.mkfifo, lambda p: Path(p).symlink_to("/dev/null")], ids=["fifo", "device"])
def test_a_file_that_is_not_regular_is_refused_without_reading(tmp_path: Path, make) -> None:
    make(tmp_path / "f")
    with pytest.raises(NotReadable, match="is not a regular file"):
        read_regular(tmp_path / "f", 100)


def test_a_file_above_its_limit_is_refused(tmp_path: Path) -> None:
    (tmp_path / "f").write_bytes(b"x" * 101)
    with pytest.raises(NotReadable, match="is larger than 100 bytes"):
        read_regular(tmp_path / "f", 100)
    assert read_regular(tmp_path / "f", 101) == b"x" * 101


def test_postscript_never_reaches_pillows_eps_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self) -> None:
        raise AssertionError("the EPS reader was tried")

    monkeypatch.setattr(EpsImagePlugin.EpsImageFile, "_open", refuse)
    (tmp_path / "ps.png").write_text("%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n")
    assert image_problem(tmp_path, "ps.png") == "is not a PNG, JPEG or WebP image"
    assert image_size(tmp_path, "ps.png") is None
    with pytest.raises(AssertionError, match="EPS reader"):  # Pillow on its own would hand it over
        Image.open(tmp_path / "ps.png")


def test_webp_and_jpeg_are_drawn(tmp_path: Path) -> None:
    Image.new("RGB", (30, 20)).save(tmp_path / "a.webp", format="WEBP")
    Image.new("RGB", (30, 20)).save(tmp_path / "a.jpg", format="JPEG")
    assert image_problem(tmp_path, "a.webp") is None and image_size(tmp_path, "a.jpg") == (30, 20)


def test_a_bomb_is_refused_by_its_header_before_it_is_decoded(tmp_path: Path, recwarn) -> None:
    png(tmp_path / "big.png", (13_000, 13_000), mode="1")
    assert image_size(tmp_path, "big.png") is None
    assert "40 megapixels" in image_problem(tmp_path, "big.png")
    assert not [w for w in recwarn if issubclass(w.category, Image.DecompressionBombWarning)]


def test_captions_never_run_backwards_or_before_the_video() -> None:
    cues = captions([(-2.0, 1.0, "before the start."), (3.0, 2.0, "reversed."), (1.0, 1.0, "no time.")])
    assert [c.lines for c in cues] == [("before the start.",)]
    assert all(0 <= c.start < c.end for c in cues)


def test_beats_are_taken_in_time_order_and_actions_keep_their_beat(tmp_path: Path) -> None:
    beats = [{"start": 2.0, "say": "two", "does": [[2.5, SHOW.format("b")]]},
             {"start": 1.0, "say": "one", "does": [[1.5, SHOW.format("a")]]}]
    objects = {"a": 'a Text that says "a"', "b": 'a Text that says "b"'}
    scene = resolve(load(write(tmp_path, lecture_data(objects, end=3.0, beats=beats)))).scenes[0]
    assert [(b.start, b.say) for b in scene.beats] == [(1.0, "one"), (2.0, "two")]
    assert [(a.action.object, a.beat) for a in scene.actions if isinstance(a.action, Show)] == [("a", 0), ("b", 1)]


def test_a_poison_value_is_set_back_to_its_default(tmp_path: Path) -> None:
    objects = {"a": "an Axes (x_range=(0.0, 10.0), x_ticks_every=0.01, y_ticks_every=0.5)",
               "f": "a Figure (x_range=(0.0, 2.0), aspect=(1, 30))"}
    (tmp_path / "over.toml").write_text('["1".f]\ncolor = "#12ab3Z"\n')
    resolved = resolve(load(write(tmp_path, lecture_data(objects, [(0.5, SHOW.format("a"))], end=3.0))),
                       load_overrides(tmp_path / "over.toml"))
    axes, figure = resolved.scenes[0].objects["a"], resolved.scenes[0].objects["f"]
    assert axes.x_ticks_every is None and axes.y_ticks_every is not None  # 1000 ticks; 2 ticks
    assert figure.aspect is None and figure.x_range is not None and figure.color is None
    said = [d.line() for d in resolved.diagnostics]
    assert "warning: scene 'Scene One', object 'a': x_ticks_every 0.01 gives no ticks or more than 200; " \
           "the default is used (fix x_ticks_every)" in said
    assert any("'#12ab3Z' is not a colour name of the theme, Manim or CSS, nor #rgb, #rrggbb or #rrggbbaa"
               in line for line in said)


@pytest.mark.parametrize("hidden", [True, False], ids=["hidden at the same moment", "never hidden"])
def test_a_second_heading_replaces_the_first(tmp_path: Path, hidden: bool) -> None:
    from lecturekit.plan import plan_scene

    does = [(0.5, SHOW.format("h1")), (1.0, SHOW.format("h2"))] + [(1.0, "h1 is hidden from the screen.")] * hidden
    objects = {"h1": 'a Heading that says "one"', "h2": 'a Heading that says "two"'}
    resolved = resolve(load(write(tmp_path, lecture_data(objects, does, end=3.0))))
    warned = [d.message for d in resolved.diagnostics]
    assert warned == ([] if hidden else ["is shown while the Heading 'h1' is on the board; it replaces it"])
    plan = plan_scene(resolved.scenes[0], 15, tmp_path)
    assert plan.shown_at(10) == {"h1"} and plan.shown_at(40) == {"h2"}
