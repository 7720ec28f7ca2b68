"""Package: scene videos joined into the lecture's video by stream copy, one chapter per scene."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import av

from lecturekit.captions import Caption
from lecturekit.render.video import atomic


@dataclass(frozen=True)
class Part:
    path: Path
    title: str


def join(parts: list[Part], out: Path, fps: int, cues: list[Caption] = (), chapters: bool = True) -> int:
    """Concatenate videos without re-encoding (each starts on a keyframe with its own headers)
    into `out` (a file of the parts' kind), with a chapter per part and `cues` as a soft subtitle
    track (MP4 and MOV; a WebM has its captions beside it); returns the number of frames."""
    frame_time = Fraction(1, fps)
    with atomic(out) as tmp:
        output = av.open(str(tmp), mode="w")  # the muxer named by the suffix
        try:
            with av.open(str(parts[0].path)) as first:
                stream = output.add_stream_from_template(first.streams.video[0])
            subtitles = caption_stream(output) if cues and out.suffix in (".mp4", ".mov") else None
            start = 0
            marks = []
            for part in parts:
                frames = 0
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
                        frames += 1  # one picture a packet: the encoder makes no B-frames
                marks.append({"id": len(marks) + 1, "start": start, "end": start + frames,
                              "time_base": frame_time, "metadata": {"title": part.title}})
                start += frames
            if chapters:
                output.set_chapters(marks)
            if subtitles is not None:
                mux_captions(output, subtitles, cues)
        finally:
            output.close()
    return start


#: mov_text (MP4's own subtitles) is written from an ASS header; this one is a plain style.
_ASS_HEADER = (
    b"[Script Info]\nScriptType: v4.00+\nPlayResX: 384\nPlayResY: 288\n\n[V4+ Styles]\n"
    b"Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, "
    b"Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, "
    b"MarginL, MarginR, MarginV, Encoding\n"
    b"Style: Default,Sans,16,&Hffffff,&Hffffff,&H0,&H0,0,0,0,0,100,100,0,0,1,1,0,2,10,10,10,0\n\n"
    b"[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"
)


def caption_stream(output: av.container.OutputContainer) -> av.stream.Stream:
    """A soft subtitle track, added before anything is written (as the container requires)."""
    stream = output.add_stream("mov_text")
    stream.codec_context.subtitle_header = _ASS_HEADER
    stream.time_base = Fraction(1, 1000)
    return stream


def mux_captions(output: av.container.OutputContainer, stream: av.stream.Stream, cues: list[Caption]) -> None:
    """The captions into the subtitle track: one mov_text sample (length, then UTF-8) a cue."""
    for cue in cues:
        text = "\n".join(cue.lines).encode("utf-8")[:65535]
        packet = av.Packet(len(text).to_bytes(2, "big") + text)
        packet.pts = packet.dts = round(cue.start * 1000)
        packet.duration = max(1, round((cue.end - cue.start) * 1000))
        packet.time_base = Fraction(1, 1000)
        packet.stream = stream
        output.mux(packet)
