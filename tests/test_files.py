"""`atomic` writes a file whole or not at all; `sweep` removes only what dead processes left."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from lecturekit.files import atomic, sweep


def test_a_file_appears_only_when_its_block_completes(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "scene.mp4"
    with atomic(target) as tmp:
        tmp.write_bytes(b"new")
        assert not target.exists()
    assert target.read_bytes() == b"new"
    assert list(target.parent.iterdir()) == [target]


def test_a_failed_block_leaves_the_old_file_and_nothing_else(tmp_path: Path) -> None:
    target = tmp_path / "scene.mp4"
    target.write_bytes(b"old")
    with pytest.raises(RuntimeError), atomic(target) as tmp:
        tmp.write_bytes(b"half")
        raise RuntimeError("killed")
    assert target.read_bytes() == b"old"
    assert list(tmp_path.iterdir()) == [target]


def _dead_pid() -> int:
    child = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(child.stdout)


def test_sweep_removes_what_dead_processes_left_and_keeps_the_living(tmp_path: Path) -> None:
    dead, alive = _dead_pid(), os.getpid()
    left = [tmp_path / "a" / f".scene.{dead}.part.mp4", tmp_path / f".job-{dead}-3",
            tmp_path / "cache" / f".job-{dead}-4"]
    kept = [tmp_path / "a" / f".scene.{alive}.part.mp4", tmp_path / f".job-{alive}-3", tmp_path / "scene.mp4"]
    for path in [*left, *kept]:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.name.startswith(".job-"):
            path.mkdir()
            (path / "chunk.mp4").write_bytes(b"x")
        else:
            path.write_bytes(b"x")
    assert sorted(sweep(tmp_path)) == sorted(left)
    assert [p.exists() for p in left] == [False, False, False]
    assert all(p.exists() for p in kept)
    assert sweep(tmp_path / "missing") == []
