"""Paths a lecture names stay inside the lecture's folder."""

from __future__ import annotations

import os
import stat
from pathlib import Path


class NotReadable(Exception):
    """A file that is not read: not a regular file, or larger than its limit. The message says which."""


def read_regular(path: Path, limit: int) -> bytes:
    """The bytes of `path` if it is a regular file of at most `limit` bytes. Opened without
    blocking and checked on the open file, so a named pipe, device or socket is refused at once
    (and cannot be swapped in between a check and the read), and a growing file is cut off."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError(21, "Is a directory", str(path))
        if not stat.S_ISREG(info.st_mode):
            raise NotReadable("is not a regular file (a pipe, device or socket)")
        if info.st_size > limit:
            raise NotReadable(f"is larger than {_size(limit)}")
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:
        raise NotReadable(f"is larger than {_size(limit)}")
    return data


def _size(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit} bytes"


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
