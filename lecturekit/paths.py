"""Paths a lecture names stay inside the lecture's folder."""

from __future__ import annotations

from pathlib import Path


def confined(folder: Path, relative: str) -> Path | None:
    """`folder / relative` if it is a file that resolves (links followed) inside `folder`."""
    if not relative or "\x00" in relative or Path(relative).is_absolute():
        return None
    root = folder.resolve()
    try:
        candidate = (root / relative).resolve(strict=True)
    except (OSError, RuntimeError):
        return None
    if not candidate.is_relative_to(root) or not candidate.is_file():
        return None
    return candidate


def image_size(folder: Path, relative: str) -> tuple[int, int] | None:
    """Pixel size of an image inside `folder`, or None when it is missing, unreadable or outside.
    Pillow's decompression-bomb limit stays on: a bomb counts as unreadable."""
    from PIL import Image

    path = confined(folder, relative)
    if path is None:
        return None
    try:
        with Image.open(path) as image:
            return image.size
    except (OSError, Image.DecompressionBombError, ValueError):
        return None
