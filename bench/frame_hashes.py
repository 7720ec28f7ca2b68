"""Decoded-frame hashes of rendered scenes, to show a change left the pictures as they were.

    .venv/bin/python bench/frame_hashes.py OUT.json              # demo 1, 2; transformer 1, 4 at -q l
    .venv/bin/python bench/frame_hashes.py OUT.json --compare OLD.json

Each scene is rendered with `lecturekit render -q l` into a temporary folder; every decoded frame
(RGB) is hashed. `--compare` prints, per scene, how many frames differ (keep the videos with `--keep DIR` to
measure PSNR).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import av

ROOT = Path(__file__).resolve().parents[1]
TRANSFORMER = ROOT.parent / "shared" / "lectures" / "transformer" / "lecture.json"
DEMO = ROOT / "lecturekit" / "demo" / "lecture.json"
SCENES = [(DEMO, 1), (DEMO, 2), (TRANSFORMER, 1), (TRANSFORMER, 4)]


def frames(path: Path):
    with av.open(str(path)) as container:
        for frame in container.decode(video=0):
            yield frame.to_ndarray(format="rgb24")


def render(lecture: Path, scene: int, out: Path) -> Path:
    subprocess.run([str(ROOT / ".venv/bin/lecturekit"), "render", str(lecture), "--scene", str(scene),
                    "-q", "l", "--out", str(out), "--quiet"], check=True)
    # the scene's own video, not one of the chunks kept under the cache
    return next(p for p in out.rglob(f"{scene:02d}-*.mp4") if ".lecturekit-cache" not in p.parts)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--compare", type=Path)
    parser.add_argument("--keep", type=Path, help="keep the videos in this folder")
    args = parser.parse_args()
    result: dict[str, list[str]] = {}
    videos: dict[str, Path] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for lecture, scene in SCENES:
            key = f"{lecture.parent.name}:{scene}"
            out = (args.keep or Path(tmp)) / lecture.parent.name
            video = render(lecture, scene, out)
            videos[key] = video
            result[key] = [hashlib.sha256(f.tobytes()).hexdigest()[:16] for f in frames(video)]
            print(f"{key}: {len(result[key])} frames", flush=True)
        args.out.write_text(json.dumps(result, indent=0))
        if args.compare:
            old = json.loads(args.compare.read_text())
            for key, hashes in result.items():
                before = old.get(key, [])
                differing = [i for i, (a, b) in enumerate(zip(hashes, before, strict=False)) if a != b]
                print(f"{key}: {len(hashes)} frames (before {len(before)}), {len(differing)} differ"
                      + (f", first at frame {differing[0]}" if differing else ""))
    sys.exit(0)


if __name__ == "__main__":
    main()
