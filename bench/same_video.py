"""Whether two renders wrote the same video: every H.264 packet of every MP4 compared byte for byte.

    .venv/bin/python bench/same_video.py OUT_A OUT_B

OUT_A and OUT_B are two `--out` folders of the same lecture rendered at the same quality (by two
commits, say). Packets that are the same decode to the same frames, so this shows a change left the
pictures as they were, for a whole lecture at any quality, without decoding a frame. The exit
status is 1 when any file differs or is missing.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import av


def digest(path: Path) -> tuple[str, int]:
    """The sha256 of the video stream's packets, and how many there are."""
    found, count = hashlib.sha256(), 0
    with av.open(str(path)) as container:
        for packet in container.demux(video=0):
            if packet.size:
                found.update(bytes(packet))
                count += 1
    return found.hexdigest(), count


def main() -> int:
    first, second = (Path(a) for a in sys.argv[1:3])
    differ = 0
    for path in sorted(p for p in first.rglob("*.mp4") if ".lecturekit-cache" not in p.parts):
        other = second / path.relative_to(first)
        ours = digest(path)
        same = other.is_file() and digest(other) == ours
        differ += not same
        print(f"{path.relative_to(first)}: {ours[1]} packets, {'the same' if same else 'DIFFERENT'}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
