"""The lecture's own recording: read once, mono at RATE, and cut under each scene."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import av
import numpy as np

from lecturekit.diagnostics import LectureError, Place, error
from lecturekit.voice.speech import RATE

#: A narration quieter than this throughout is taken for silence.
QUIET = 1e-3


def recording(path: Path, start: float, end: float) -> np.ndarray:
    """[start, end) seconds of a recording, mono at RATE, silence where it runs short."""
    audio = narration(path)
    first, last = round(start * RATE), round(end * RATE)
    out = np.zeros(last - first, np.float32)
    piece = audio[first:last]
    out[: len(piece)] = piece
    return out


@cache
def narration(path: Path, lecture_seconds: float = 0.0) -> np.ndarray:
    """A whole recording, mono at RATE. Refused with one line when it is not audio, holds no sound,
    or is shorter than half of `lecture_seconds` (the time its narration should fill)."""
    place = Place(path=str(path))
    try:
        with av.open(str(path)) as container:
            stream = container.streams.audio[0]
            resampler = av.AudioResampler(format="flt", layout="mono", rate=RATE)
            pieces = [frame.to_ndarray()[0] for packet in container.decode(stream)
                      for frame in resampler.resample(packet)]
    except IndexError:
        raise LectureError(error(place, "the narration holds no audio")) from None
    except (av.FFmpegError, OSError) as exc:
        reason = getattr(exc, "strerror", None) or exc
        raise LectureError(error(place, f"the narration is not audio that can be read ({reason})")) from None
    audio = np.concatenate(pieces) if pieces else np.zeros(0, np.float32)
    if not len(audio) or float(np.abs(audio).max()) < QUIET:
        raise LectureError(error(place, "the narration is empty or silent"))
    if len(audio) / RATE < lecture_seconds / 2:
        raise LectureError(error(place, f"the narration is {len(audio) / RATE:.1f} s long, far shorter than the "
                                        f"{lecture_seconds:.1f} s the lecture narrates", "is it the right file?"))
    return audio
