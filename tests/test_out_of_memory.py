"""Running out of memory ends a command with one line and exit code 3, never a traceback; a
render worker keeps within the memory it is given."""

from __future__ import annotations

import resource
import subprocess
import sys

from typer.testing import CliRunner

import lecturekit.requests
from lecturekit.cli import app
from lecturekit.workers import WORKER_MEMORY
from tests.conftest import DEMO, ROOT


def test_a_memory_error_while_rendering_is_one_line_and_exit_3(monkeypatch, tmp_path) -> None:
    def exhausted(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(lecturekit.requests, "read", exhausted)
    result = CliRunner().invoke(app, ["render", str(DEMO), "-q", "l", "--out", str(tmp_path), "--quiet"])
    assert result.exit_code == 3, result.output
    assert result.output.strip().splitlines() == [
        "error: lecture: ran out of memory (render fewer scenes at once (--jobs), or give the process more memory)"]


def test_a_memory_error_anywhere_else_is_one_line_and_exit_3() -> None:
    code = ("import lecturekit.cli as cli, sys\n"
            "def exhausted(): raise MemoryError\n"
            "cli.app = exhausted\nsys.argv = ['lecturekit', 'check']\ncli.main()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 3 and "Traceback" not in out.stderr
    assert out.stderr.strip() == "error: lecture: ran out of memory (give the process more memory)"


def test_a_render_worker_takes_the_stated_memory_limit() -> None:
    code = ("import multiprocessing, resource\n"
            "from lecturekit import workers\n"
            "workers._start_worker(multiprocessing.get_context('spawn').Queue())\n"
            "print(resource.getrlimit(resource.RLIMIT_AS)[0])\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]  # what this test runs under, if anything
    assert int(out.stdout) == (WORKER_MEMORY if hard == resource.RLIM_INFINITY else min(WORKER_MEMORY, hard))
    lower = WORKER_MEMORY // 2
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60,
                         preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (lower, lower)))
    assert int(out.stdout) == lower, out.stderr  # a lower limit it was given stands
