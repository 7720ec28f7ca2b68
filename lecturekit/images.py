"""Pictures a lecture names, opened the way they are drawn: a file inside the lecture's folder, of
at most `MAX_IMAGE_BYTES` and `MAX_PIXELS`, in PNG, JPEG or WebP as its own bytes say. Pillow's
other readers (PostScript and PDF above all, which it hands to Ghostscript) are never tried."""

from __future__ import annotations

import hashlib
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
from PIL import Image, UnidentifiedImageError

from lecturekit.paths import NotReadable, confined, read_regular

FORMATS = ("PNG", "JPEG", "WEBP")
MAX_IMAGE_BYTES = 64 << 20
#: 40 megapixels: 160 MB decoded, which a worker can hold beside a scene.
MAX_PIXELS = 40_000_000


class ImageProblem(Exception):
    """Why an image is drawn as a placeholder."""

    @property
    def short(self) -> str:
        """The reason without the reader's details, short enough to be set on the placeholder."""
        return str(self).split(" (", 1)[0]


@contextmanager
def _opened(folder: Path, relative: str) -> Iterator[Image.Image]:
    path = confined(folder, relative)
    if path is None:
        raise ImageProblem("is missing, unreadable or outside the lecture's folder")
    size = path.stat().st_size
    if size > MAX_IMAGE_BYTES:
        raise ImageProblem(f"is larger than {MAX_IMAGE_BYTES >> 20} MiB")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)  # the limit below is ours
            image = Image.open(path, formats=FORMATS)
    except UnidentifiedImageError:
        raise ImageProblem("is not a PNG, JPEG or WebP image") from None
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise ImageProblem(f"cannot be read ({exc})") from None
    with image:
        width, height = image.size
        if width * height > MAX_PIXELS:
            raise ImageProblem(f"has {width}x{height} pixels; at most {MAX_PIXELS // 1_000_000} megapixels are drawn")
        yield image


def image_problem(folder: Path, relative: str) -> str | None:
    """Why the image cannot be drawn, decoding it completely; None when it can."""
    try:
        image_pixels(folder, relative)
    except ImageProblem as exc:
        return str(exc)
    return None


def image_size(folder: Path, relative: str) -> tuple[int, int] | None:
    """Pixel size from the image's header, or None when it would not be drawn."""
    try:
        with _opened(folder, relative) as image:
            return image.size
    except ImageProblem:
        return None


def image_pixels(folder: Path, relative: str) -> np.ndarray:
    """The picture as RGBA pixels, decoded completely (a truncated file is a problem, not half a
    picture)."""
    with _opened(folder, relative) as image:
        try:
            image.load()
            return np.array(image.convert("RGBA"))
        except (OSError, ValueError, SyntaxError, Image.DecompressionBombError) as exc:
            raise ImageProblem(f"cannot be decoded ({exc})") from None


def image_digest(folder: Path, relative: str) -> str:
    """The image file's sha256, streamed; a file that would not be drawn is named by why instead."""
    path = confined(folder, relative)
    if path is None:
        return f"missing:{relative}"
    if path.stat().st_size > MAX_IMAGE_BYTES:
        return f"too-large:{path.stat().st_size}"
    return file_digest(path)


def file_digest(path: Path) -> str:
    with path.open("rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest()


def image_bytes(folder: Path, relative: str) -> bytes | None:
    """The image file's bytes for a worker elsewhere, or None when it would not be drawn."""
    path = confined(folder, relative)
    try:
        return read_regular(path, MAX_IMAGE_BYTES) if path is not None else None
    except (NotReadable, OSError):
        return None
