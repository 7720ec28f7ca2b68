"""Pictures of a rendered video at chosen frames, decoded with PyAV: each from the keyframe at or
before it, not from the start, so a handout of a long lecture decodes a few seconds a beat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import av
import numpy as np

#: Decode on rather than seek when the next frame wanted is at most this many frames ahead
#: (x264's default keyframe interval).
DECODE_ON = 250


def frames_at(video: Path, wanted: list[int]) -> list[np.ndarray]:
    """The RGB pictures of `video` at the frame numbers `wanted` (in increasing order; a number
    past the last frame gives the last)."""
    pictures: list[np.ndarray] = []
    with av.open(str(video)) as container:
        stream = container.streams.video[0]
        fps, base = stream.average_rate, stream.time_base
        assert fps is not None and base is not None

        def decoded_from(index: int) -> Iterator[tuple[int, av.VideoFrame]]:
            container.seek(int(index / fps / base), stream=stream, backward=True)
            for frame in container.decode(stream):
                assert frame.time is not None
                yield round(frame.time * fps), frame

        run: Iterator[tuple[int, av.VideoFrame]] | None = None
        at, last = -1, None
        for index in wanted:
            if run is None or index < at or index - at > DECODE_ON:
                run, at, last = decoded_from(index), -1, None
            while at < index:
                found = next(run, None)
                if found is None:
                    break
                at, last = found
            assert last is not None, f"{video} holds no frame"
            pictures.append(last.to_ndarray(format="rgb24"))
    return pictures
