"""What x264 costs a frame with lecturekit's own settings, and how little of it depends on the picture.

    .venv/bin/python bench/x264_floor.py SCENE.mp4 [-n 600] [-q h]

Decodes the first N pictures of a render that differ from the one before (a scene's busy frames),
then encodes them again with the encoder lecturekit writes with (`render.video.Encoder`, the
preset's CRF), and then the one picture in the middle of them N times over: a frame where nothing
changed. Prints CPU and wall milliseconds a frame for both. On the machine this is built on the
two are within a few percent of each other at 1080p: x264's cost is the frame's size (analysing,
filtering and writing every macroblock), not what moved, so it is a floor under `-q h` that only
fewer or smaller frames lower.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import av
import numpy as np

from lecturekit.render.video import Encoder
from lecturekit.settings import PRESETS, Quality


def distinct(path: Path, count: int) -> list[np.ndarray]:
    """The first `count` yuv420p pictures of `path` that differ from the one before them."""
    found: list[np.ndarray] = []
    with av.open(str(path)) as container:
        for frame in container.decode(video=0):
            picture = frame.to_ndarray(format="yuv420p")
            if not found or not np.array_equal(picture, found[-1]):
                found.append(picture)
            if len(found) >= count:
                break
    return found


def encode(pictures: list[np.ndarray], quality: Quality) -> tuple[float, float]:
    """CPU and wall milliseconds a picture, encoding `pictures` as lecturekit's encoder does."""
    preset = PRESETS[quality]
    with tempfile.TemporaryDirectory() as folder:
        session = Encoder(Path(folder) / "x.mp4", preset, preset.fps)._open()
        frames = [av.VideoFrame.from_ndarray(p, format="yuv420p") for p in pictures]
        cpu, wall = time.process_time(), time.perf_counter()
        for index, frame in enumerate(frames):
            frame.pts = index
            session.encode(frame)
        session.encode(None)
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return cpu * 1000 / len(pictures), wall * 1000 / len(pictures)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("video", type=Path)
    parser.add_argument("-n", type=int, default=600)
    parser.add_argument("-q", "--quality", default="h", choices=[q.value for q in Quality])
    args = parser.parse_args()
    pictures = distinct(args.video, args.n)
    preset = PRESETS[Quality(args.quality)]
    if pictures[0].shape != (preset.height * 3 // 2, preset.width):
        parser.error(f"{args.video.name} is not a -q {args.quality} render ({preset.width}x{preset.height})")
    print(f"{len(pictures)} distinct pictures of {preset.width}x{preset.height} from {args.video.name}")
    busy = encode(pictures, Quality(args.quality))
    still = encode([pictures[len(pictures) // 2]] * len(pictures), Quality(args.quality))
    print("| x264, lecturekit's settings | CPU ms a frame | wall ms a frame |\n|---|---|---|")
    print(f"| the scene's busy pictures | {busy[0]:.2f} | {busy[1]:.2f} |")
    print(f"| one of them, repeated (nothing changes) | {still[0]:.2f} | {still[1]:.2f} |")


if __name__ == "__main__":
    main()
