"""Package: scene videos joined into the lecture's video by stream copy, one chapter per scene;
the joined video with a narration and a caption track per language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import av
import numpy as np

from lecturekit.captions import Caption
from lecturekit.diagnostics import Place, RenderError, error, quote
from lecturekit.files import atomic
from lecturekit.muxing import open_output
from lecturekit.voice.languages import ORIGINAL, tag_streams
from lecturekit.voice.track import add_track, mux_track

if TYPE_CHECKING:
    from av.container.core import Chapter  # the stubs' only (no such class at run time)


@dataclass(frozen=True)
class Part:
    path: Path
    title: str


def join(parts: list[Part], out: Path, fps: int, cues: Sequence[Caption] = (), chapters: bool = True,
         lang: str = ORIGINAL) -> int:
    """Concatenate videos without re-encoding (each starts on a keyframe with its own headers)
    into `out` (a file of the parts' kind), with a chapter per part and `cues` as a soft subtitle
    track (MP4 and MOV; a WebM has its captions beside it), its streams tagged with the language
    `lang`; returns the number of frames. The joined file's header is the first part's: every
    part must have been encoded with the same (`Configuration`)."""
    frame_time = Fraction(1, fps)
    with atomic(out) as tmp:
        output = open_output(tmp)
        try:
            with av.open(str(parts[0].path)) as first:
                stream = output.add_stream_from_template(first.streams.video[0])
                header = Configuration(parts[0].path, first.streams.video[0])
            subtitles = caption_stream(output) if cues and out.suffix in (".mp4", ".mov") else None
            tag_streams([s for s in (stream, subtitles) if s is not None], lang, out.suffix)
            start = 0
            marks: list[Chapter] = []
            for part in parts:
                frames = 0
                with av.open(str(part.path)) as source:
                    video = source.streams.video[0]
                    header.check(part.path, video)
                    assert video.time_base is not None  # a stream read from a file has one
                    shift = int(start * frame_time / video.time_base)
                    for packet in source.demux(video):
                        if packet.dts is None:
                            continue
                        header.check_keyframe(part.path, packet)
                        assert packet.pts is not None  # the parts are our own encodes: every picture has one
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


class Configuration:
    """A video stream's codec configuration (an MP4's sample entry, a WebM's CodecPrivate), which
    parts joined by stream copy must share: the joined file has one, and its pictures are decoded
    with it. An H.264 keyframe's own SPS and PPS must be those of the sample entry too."""

    def __init__(self, path: Path, video: av.video.stream.VideoStream):
        from lecturekit.render.h264 import SampleEntry  # lecturekit.render: not for every import of package

        self.path, self.extradata = path, video.codec_context.extradata or b""
        self.entry = SampleEntry.parse(self.extradata) if video.codec_context.name == "h264" else None

    def check(self, path: Path, video: av.video.stream.VideoStream) -> None:
        if (video.codec_context.extradata or b"") != self.extradata:
            self._differ(path, "its codec configuration differs from")

    def check_keyframe(self, path: Path, packet: av.Packet) -> None:
        from lecturekit.render.h264 import parameter_sets, sample_units

        if self.entry is not None and packet.is_keyframe:
            found = parameter_sets(sample_units(bytes(packet), self.entry.length_size))
            if found and found != self.entry.parameter_sets:
                self._differ(path, "a keyframe's SPS and PPS differ from the sample entry of")

    def _differ(self, path: Path, what: str) -> None:
        raise RenderError(error(Place(), f"{quote(path.name)} cannot be joined by stream copy: {what} "
                                         f"{quote(self.path.name)}",
                                "it was written by another version of lecturekit: delete it and the output "
                                "folder's .lecturekit-cache, and render again"))


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


def mux_captions(output: av.container.OutputContainer, stream: av.stream.Stream, cues: Sequence[Caption]) -> None:
    """The captions into the subtitle track: one mov_text sample (length, then UTF-8) a cue."""
    for cue in cues:
        text = "\n".join(cue.lines).encode("utf-8")[:65535]
        packet = av.Packet(len(text).to_bytes(2, "big") + text)
        packet.pts = packet.dts = round(cue.start * 1000)
        packet.duration = max(1, round((cue.end - cue.start) * 1000))
        packet.time_base = Fraction(1, 1000)
        packet.stream = stream
        output.mux(packet)


@dataclass(frozen=True)
class Dub:
    """One language of a multi-language video: what is heard and read beneath its pictures."""

    lang: str
    #: The narration, mono at voice.speech.RATE, as long as the video (None: nothing is heard).
    track: np.ndarray | None
    cues: list[Caption]
    #: A title for each of the video's chapters, in order.
    chapters: tuple[str, ...] = ()


def multilingual(video: Path, dubs: list[Dub], out: Path) -> None:
    """`video`'s pictures (copied, not re-encoded) with one narration track (AAC) and one caption
    track (mov_text) per language of `dubs`, each tagged with its ISO 639-2 code and the first
    language's the default, in the MP4 or MOV `out`. An MP4 holds one set of chapter names: the
    chapters of `video`, named in the first language."""
    with atomic(out) as tmp, av.open(str(video)) as source, open_output(tmp) as target:
        picture = target.add_stream_from_template(source.streams.video[0])
        tag_streams([picture], dubs[0].lang, out.suffix)
        sounds = [add_track(target) if dub.track is not None else None for dub in dubs]
        texts = [caption_stream(target) for _ in dubs]
        for n, (dub, sound, text) in enumerate(zip(dubs, sounds, texts, strict=True)):
            tag_streams([s for s in (sound, text) if s is not None], dub.lang, out.suffix)
            for stream in (sound, text):
                if stream is not None:
                    stream.disposition = av.stream.Disposition.default if n == 0 else av.stream.Disposition(0)
        for packet in source.demux(source.streams.video[0]):
            if packet.dts is not None:
                packet.stream = picture
                target.mux(packet)
        for dub, sound, text in zip(dubs, sounds, texts, strict=True):
            if sound is not None and dub.track is not None:  # a dub has a sound exactly when it has a track
                mux_track(target, sound, dub.track)
            mux_captions(target, text, dub.cues)
        chapters = source.chapters()
        titles = dubs[0].chapters
        if chapters:
            target.set_chapters([{**c, "metadata": {**c.get("metadata", {}), "title": titles[i]}}
                                 if i < len(titles) else c for i, c in enumerate(chapters)])
