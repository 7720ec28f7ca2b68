"""Files written whole or not at all, and what killed processes left half-written."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic(path: Path) -> Iterator[Path]:
    """A temporary name beside `path`, renamed onto it only when the block completes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.stem}.{os.getpid()}.part{path.suffix}")
    try:
        yield tmp
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


def sweep(folder: Path) -> list[Path]:
    """Remove what processes that no longer run left under `folder` (a killed worker cannot
    clean up after itself): `atomic` temporaries, and job folders named .job-PID-*, at any depth."""
    removed = []
    for tmp in folder.rglob(".*.part*") if folder.is_dir() else ():
        pid = tmp.name.split(".")[-3] if tmp.name.count(".") >= 3 else ""
        if pid.isdigit() and not _running(int(pid)):
            tmp.unlink(missing_ok=True)
            removed.append(tmp)
    for scratch in folder.rglob(".job-*-*") if folder.is_dir() else ():
        pid = scratch.name.split("-")[1]
        if scratch.is_dir() and pid.isdigit() and not _running(int(pid)):
            shutil.rmtree(scratch, ignore_errors=True)
            removed.append(scratch)
    return removed


def _running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
