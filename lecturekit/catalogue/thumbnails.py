"""A lecture's thumbnail in the catalogue's report: one small still decoded from its video."""

from __future__ import annotations

from pathlib import Path

import av

from lecturekit.files import atomic

#: Wide enough to read a board on a report row (shown at half that on a 2x screen).
WIDTH = 320
#: Where the still is taken, as a fraction of the video: past the title card's fade from black, on
#: a board that holds something.
AT = 1 / 3


def thumbnail(video: Path, out: Path, width: int = WIDTH) -> Path:
    """The frame a third of the way into `video`, scaled to `width` pixels wide, written whole to
    `out` (a .jpg or .png: the suffix says which). Raises `av.error.FFmpegError` or `ValueError`
    for a file that holds no picture."""
    with av.open(str(video)) as container:
        if not container.streams.video:
            raise ValueError(f"{video} holds no video stream")
        stream = container.streams.video[0]
        target = _duration(container, stream) * AT
        if target > 0 and stream.time_base is not None:
            container.seek(int(target / stream.time_base), stream=stream, backward=True)
        frame = None
        for frame in container.decode(stream):
            if frame.time is None or frame.time >= target:
                break
        if frame is None:
            raise ValueError(f"{video} holds no picture")
        height = max(2, round(frame.height * width / frame.width / 2) * 2)
        picture = frame.to_image().resize((width, height))
    with atomic(out) as tmp:
        picture.save(tmp, format="JPEG" if out.suffix.lower() in (".jpg", ".jpeg") else "PNG")
    return out


def _duration(container: av.container.InputContainer, stream: av.video.stream.VideoStream) -> float:
    """Seconds of the video: its stream's duration, or the container's where the stream has none."""
    if stream.duration is not None and stream.time_base is not None:
        return float(stream.duration * stream.time_base)
    return container.duration / av.time_base if container.duration else 0.0
