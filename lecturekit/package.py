"""Package: scene videos joined into the lecture's video by stream copy, one chapter per scene."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import av

from lecturekit.render.video import atomic


@dataclass(frozen=True)
class Part:
    path: Path
    title: str
    frames: int


def join(parts: list[Part], out: Path, fps: int) -> int:
    """Concatenate scene videos without re-encoding (each starts on a keyframe with its own
    headers) into `out`, with a chapter per scene; returns the number of frames."""
    frame_time = Fraction(1, fps)
    with atomic(out) as tmp:
        output = av.open(str(tmp), mode="w", format="mp4")
        try:
            with av.open(str(parts[0].path)) as first:
                stream = output.add_stream_from_template(first.streams.video[0])
            start = 0
            chapters = []
            for part in parts:
                with av.open(str(part.path)) as source:
                    video = source.streams.video[0]
                    shift = int(start * frame_time / video.time_base)
                    for packet in source.demux(video):
                        if packet.dts is None:
                            continue
                        packet.pts += shift
                        packet.dts += shift
                        packet.stream = stream
                        output.mux(packet)
                chapters.append({"id": len(chapters) + 1, "start": start, "end": start + part.frames,
                                 "time_base": frame_time, "metadata": {"title": part.title}})
                start += part.frames
            output.set_chapters(chapters)
        finally:
            output.close()
    return start
