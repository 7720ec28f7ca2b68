"""Quality presets (Manim's own) and render settings, as frozen values passed where needed."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path


class Quality(StrEnum):
    l = "l"  # noqa: E741 (Manim's own flag letters)
    m = "m"
    h = "h"
    p = "p"
    k = "k"


@dataclass(frozen=True)
class Preset:
    width: int
    height: int
    fps: int
    crf: int


PRESETS = {
    Quality.l: Preset(854, 480, 15, 18),
    Quality.m: Preset(1280, 720, 30, 21),
    Quality.h: Preset(1920, 1080, 60, 20),
    Quality.p: Preset(2560, 1440, 60, 20),
    Quality.k: Preset(3840, 2160, 60, 20),
}


class Format(StrEnum):
    mp4 = "mp4"  # H.264 (and AAC narration)
    webm = "webm"  # VP9 and Opus
    gif = "gif"  # a scene or a clip, with a palette
    mov = "mov"  # ProRes 4444, with alpha when transparent (and AAC)

    @property
    def suffix(self) -> str:
        return f".{self.value}"

    @property
    def audio_codec(self) -> str:
        return "libopus" if self is Format.webm else "aac"


class Voice(StrEnum):
    """A voice speaking the narration text: espeak-ng (a draft) or Piper (natural)."""

    espeak = "espeak"
    piper = "piper"


@dataclass(frozen=True)
class RenderSettings:
    quality: Quality = Quality.h
    out: Path = Path("media")
    fps: int | None = None
    #: Narration under the video: a recording of the whole lecture, or a voice ("espeak", "piper").
    narration: Path | None = None
    tts: Voice | None = None
    #: A Piper voice (.onnx beside its .onnx.json); None for the default one.
    voice: Path | None = None
    #: The language the narration is spoken in and captioned in, and every video is tagged with (a
    #: --lang code); None for the lecture's own (`ResolvedLecture.own_language`, see `in_own_language`).
    language: str | None = None
    #: Let Manim's own log lines through.
    verbose: bool = False
    format: Format = Format.mp4
    #: No background: alpha is opaque exactly where the board has ink (MOV only).
    transparent: bool = False
    #: Where a lecture's folder is written while it renders (None: in `out` itself): a render
    #: writes into its staging folder and swaps it in whole when it ends (`lecturekit.outputs`).
    stage: Path | None = None

    def folder(self, slug: str) -> Path:
        """The folder the lecture `slug`'s files are written in."""
        return (self.stage or self.out) / slug

    @property
    def spoken(self) -> str:
        """`language`, which a render fills in with the lecture's own before it is read."""
        assert self.language is not None, "a render fills in the lecture's own language first"
        return self.language

    @property
    def cache(self) -> Path:
        return self.out / ".lecturekit-cache"

    @property
    def preset(self) -> Preset:
        return PRESETS[self.quality]

    @property
    def frame_rate(self) -> int:
        return self.fps or self.preset.fps
