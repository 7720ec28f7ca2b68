"""Every format renders the demo's first scene, and its decoded frames match the MP4's.

WebM (VP9) and MOV (ProRes 4444, transparent) are compared frame by frame with the MP4 at -q l;
the transparent MOV's alpha is checked against the board drawn straight from the plan; the GIF
is drawn at the MP4's size and rate for the comparison, and a 5 s clip at 480 px is kept small.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import av
import numpy as np
import pytest
from PIL import Image

from lecturekit.pipeline import plan_scenes, render_scenes, write_gif
from lecturekit.render import stills
from lecturekit.render.vp9 import refreshed_slot, show_existing
from lecturekit.settings import PRESETS, Format, Quality, RenderSettings
from lecturekit.sources import read
from tests.conformance import Expected, conforms
from tests.conftest import DEMO, named, written

pytestmark = pytest.mark.slow
#: The most a 5 s GIF of the demo at 480 px and 10 fps may take (the busiest 5 s take about 110 kB).
GIF_BYTES = 250_000


def psnr(a: np.ndarray, b: np.ndarray) -> float:
    mse = float(np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2))
    return 10 * np.log10(255**2 / max(mse, 1e-12))


def decode(path: Path, pixel_format: str = "rgb24") -> list[np.ndarray]:
    with av.open(str(path)) as container:
        return [frame.to_ndarray(format=pixel_format) for frame in container.decode(video=0)]


def packets(path: Path) -> list[bytes]:
    with av.open(str(path)) as container:
        return [bytes(p) for p in container.demux(video=0) if p.size]


@pytest.fixture(scope="module")
def videos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("media")
    made = {}
    for name, video_format, transparent in (("mp4", Format.mp4, False), ("webm", Format.webm, False),
                                            ("mov", Format.mov, True)):
        settings = RenderSettings(Quality.l, out, format=video_format, transparent=transparent,
                                  tts="espeak" if video_format is Format.webm else None)
        [scene] = render_scenes(DEMO, None, ["1"], settings)
        made[name] = scene.path
    return made


@pytest.mark.parametrize(("name", "codec", "audio"), [("mp4", "h264", 0), ("webm", "vp9", 1), ("mov", "prores", 0)])
def test_every_format_is_read_as_written_by_other_tools(videos, name, codec, audio, tmp_path):
    """ffprobe, ffmpeg, GStreamer and MediaInfo read the scene as written (`tests.conformance`)."""
    conforms(videos[name], Expected(codec, 854, 480, 450, 15, audio=audio), tmp_path)


def test_webm_is_vp9_with_opus_narration_and_matches_the_mp4(videos):
    with av.open(str(videos["webm"])) as container:
        assert container.streams.video[0].codec_context.name in ("vp9", "libvpx-vp9")
        assert container.streams.audio[0].codec_context.name == "opus"
    ours, reference = decode(videos["webm"]), decode(videos["mp4"])
    assert len(ours) == len(reference) == 450
    assert min(psnr(a, b) for a, b in zip(ours, reference, strict=True)) >= 40


def test_webm_holds_boards_with_one_byte_frames(videos):
    """Every frame the MP4 holds with an all-skip picture, the WebM holds with one byte."""
    held = sum(len(p) == 1 for p in packets(videos["webm"]))
    skipped = sum(len(p) < 16 for p in packets(videos["mp4"]))
    assert held == skipped > 100
    assert videos["webm"].stat().st_size < videos["mp4"].stat().st_size


def test_vp9_headers_are_read_and_written():
    assert show_existing(3) == b"\x8b"
    assert refreshed_slot(b"\x8b") is None  # showing a frame again stores nothing
    assert refreshed_slot(bytes([0b1000_0010, 0])) == 0  # a keyframe fills every slot
    # an inter frame (shown, not error resilient): reset_frame_context 00, refresh_frame_flags 0b00000100
    assert refreshed_slot(bytes([0b1000_0110, 0b0000_0001, 0b0000_0000])) == 2


def test_transparent_mov_is_prores_4444_and_composites_to_the_mp4(videos):
    with av.open(str(videos["mov"])) as container:
        stream = container.streams.video[0]
        assert stream.codec_context.name == "prores" and stream.codec_context.pix_fmt == "yuva444p10le"
    ours, reference = decode(videos["mov"], "rgba"), decode(videos["mp4"])
    assert len(ours) == len(reference)
    background = reference[0][0, 0].astype(np.float64)
    for rgba, mp4 in zip(ours[::15], reference[::15], strict=True):
        alpha = rgba[:, :, 3:4] / 255.0
        assert psnr(rgba[:, :, :3] * alpha + background * (1 - alpha), mp4) >= 40


def test_transparent_alpha_is_opaque_exactly_where_the_board_has_ink(videos, tmp_path):
    resolved = read(DEMO)
    [plan] = plan_scenes(resolved, [resolved.scenes[0]], 15)
    frames = [30, 225, 406]
    boards = stills(plan, frames, PRESETS[Quality.l], tmp_path / "cache")  # not in the render's folder
    decoded = decode(videos["mov"], "rgba")
    background = boards[0][0, 0]
    for frame, board in zip(frames, boards, strict=True):
        alpha = decoded[frame][:, :, 3]
        ink = (board != background).any(axis=2)
        assert ink.sum() > 2000
        assert (alpha[ink] > 0).all()
        assert (alpha[~ink] == 0).mean() > 0.9995  # a handful of faint edge pixels round to the background
        opaque = alpha[:, :, None] / 255.0
        composite = decoded[frame][:, :, :3] * opaque + background * (1 - opaque)
        assert psnr(composite, board) >= 55  # ProRes 4444 itself is all but lossless


def test_prores_holds_repeat_the_same_picture(videos):
    data = packets(videos["mov"])
    repeats = sum(a == b for a, b in pairwise(data))
    # every held frame, and the few drawn frames that come out the same as the one before
    assert repeats >= sum(len(p) < 16 for p in packets(videos["mp4"])) > 100


def test_render_json_names_every_file_of_every_format(videos):
    out = videos["mp4"].parents[1]
    assert {v.name for v in videos.values()} < written(out)[videos["mp4"].parent.name]
    assert written(out) == named(out)


def test_a_gif_of_the_scene_matches_the_mp4(videos, tmp_path):
    gif = write_gif(DEMO, None, ["1"], None, None, 854, 15, tmp_path)
    assert written(tmp_path) == named(tmp_path) == {gif.parent.name: {gif.name}}
    reference = decode(videos["mp4"])
    with av.open(str(gif)) as container:
        pictures = [(float(f.pts * f.time_base), f.to_ndarray(format="rgb24")) for f in container.decode(video=0)]
    assert pictures[0][1].shape == (480, 854, 3)
    assert len(pictures) < len(reference)  # held boards are one GIF frame each
    assert min(psnr(picture, reference[min(round(t * 15), len(reference) - 1)]) for t, picture in pictures) >= 40


def test_a_five_second_gif_clip_is_small_and_read_as_written(tmp_path):
    gif = write_gif(DEMO, None, [], 15.0, 20.0, 480, 10, tmp_path)  # the phase sliding: the busiest 5 s
    assert gif.stat().st_size < GIF_BYTES
    assert written(tmp_path) == named(tmp_path) == {gif.parent.name: {gif.name}}
    with Image.open(gif) as image:
        assert image.size == (480, 270)
        assert image.mode == "P" and len(image.getpalette()) <= 3 * 256
        durations = []
        for index in range(image.n_frames):
            image.seek(index)
            durations.append(image.info["duration"])
    assert sum(durations) == 5000
    conforms(gif, Expected("gif", 480, 270, len(durations)), tmp_path)


@pytest.mark.parametrize("quality", [Quality.h, Quality.p, Quality.k])
def test_each_high_preset_renders_a_stretch_of_a_scene(quality, tmp_path):
    """-q h, p and k: a stretch of the first scene (a reveal, then a held board) in each of the
    three video formats, at the preset's size and rate, matching the board drawn from the plan,
    and read as written by other tools (`tests.conformance`)."""
    from lecturekit.render import render_scene

    resolved = read(DEMO)
    preset = PRESETS[quality]
    [plan] = plan_scenes(resolved, [resolved.scenes[0]], preset.fps)
    last = next(b for a, b in plan.busy() if b - a >= 10 and b + 10 <= plan.frames)
    frames = range(last - 10, last + 10)  # the last 10 frames of a reveal, then 10 of the board it leaves
    [board] = stills(plan, [frames.stop - 1], preset, tmp_path / "cache")
    for video_format in (Format.mp4, Format.webm, Format.mov):
        path = tmp_path / f"stretch{video_format.suffix}"
        assert render_scene(plan, path, preset, tmp_path / "cache", frames=frames, video_format=video_format) == len(
            frames)
        with av.open(str(path)) as container:
            stream = container.streams.video[0]
            assert (stream.width, stream.height, stream.average_rate) == (preset.width, preset.height, preset.fps)
            pictures = [f.to_ndarray(format="rgb24") for f in container.decode(video=0)]
        assert len(pictures) == len(frames)
        assert np.array_equal(pictures[-1], pictures[-2])  # the held board
        assert psnr(pictures[-1], board) >= 40, video_format
        codec = {Format.mp4: "h264", Format.webm: "vp9", Format.mov: "prores"}[video_format]
        conforms(path, Expected(codec, preset.width, preset.height, len(frames), preset.fps), tmp_path)
