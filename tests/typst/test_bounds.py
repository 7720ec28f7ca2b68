"""Typst runs in a process of its own, bounded in time and memory, and a command stops at once on
SIGTERM or Ctrl-C even in the middle of a long compile, leaving no compile process or folder."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from lecturekit.typst.compiler import Compiler, TypstError
from lecturekit.typst.document import document
from lecturekit.typst.fonts import installed
from lecturekit.typst.source import prose
from tests.conftest import ROOT

#: A paragraph that takes Typst a while: 60 000 words.
LONG = "#block(width: 400pt)[" + prose("word " * 60_000) + "]"


def test_a_compile_that_overruns_its_time_is_stopped_and_the_next_one_runs() -> None:
    compiler = Compiler(time_limit=0.3)
    with pytest.raises(TypstError) as caught:
        compiler.run("svg", document(LONG))
    assert caught.value.message == "Typst took longer than 0.3 s, and was stopped"
    assert compiler.process is None  # stopped, and started again for the next compile
    assert b"<svg" in compiler.run("svg", document(prose("short")))
    compiler.stop()


def test_a_compile_that_needs_more_memory_than_allowed_is_stopped() -> None:
    compiler = Compiler(memory_limit=160 << 20)  # enough to start Typst, not to lay out the long text
    with pytest.raises(TypstError) as caught:
        compiler.run("svg", document(LONG + LONG + LONG))
    assert caught.value.message == "Typst stopped while typesetting it (it may need more than 160 MiB)"
    compiler.stop()


def test_a_stopped_compiler_leaves_no_process_and_no_folder() -> None:
    compiler = Compiler()
    compiler.run("svg", document(prose("x")))
    assert compiler.process is not None and compiler.folder is not None
    process, root = compiler.process, Path(compiler.folder)
    assert not any((root / "root").iterdir())  # Typst's root is an empty folder
    assert sorted(p.resolve() for p in (root / "fonts").iterdir()) == sorted(p.resolve() for _, p in installed())
    compiler.stop()
    assert process.poll() is not None and not root.exists()


# ---------------------------------------------------------------- whole commands stop within 2 s


@pytest.fixture(scope="module")
def slow_lecture(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A lecture whose texts take Typst seconds to check: 30 Panels of 3 800 words."""
    words = " ".join(["word"] * 3800)
    objects = {f"p{i}": f'a Panel that says "{words}"' for i in range(30)}
    scene = {"title": "Long", "start": 0, "end": 4, "objects": objects,
             "beats": [{"start": 0, "say": "hi", "does": [[0.5, "p0 is shown on the screen, written out."]]}]}
    path = tmp_path_factory.mktemp("slow") / "lecture.json"
    path.write_text(json.dumps({"publication": {"slug": "slow", "title": "Slow", "watch": {"scenes": [scene]}}}))
    return path


def _compile_children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid and b"lecturekit.typst.worker" in cmdline:
                found.append(int(entry.name))
    return found


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _interruptible() -> None:
    """The command hears SIGINT as a terminal's foreground command does, even when the suite was
    started in the background of a shell without job control, which leaves SIGINT ignored for
    everything it starts (and Python then keeps it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _wait_for_a_busy_compile(process: subprocess.Popen) -> int:
    """The compile process of `process`, once it has been compiling for half a second."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, process.communicate()
        for child in _compile_children(process.pid):
            try:
                if _cpu_seconds(child) > 0.5:
                    return child
            except OSError:
                continue
        time.sleep(0.02)
    raise AssertionError("no long compile was seen")


COMMANDS = {
    "check": ["check"],
    "plan": ["plan", "--json"],
    "still": ["still", "--at", "1.0", "--out", "{out}/still.png"],
    "storyboard": ["storyboard", "--out", "{out}"],
    "render": ["render", "-q", "l", "--out", "{out}"],
}


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_command_stops_within_two_seconds_during_a_long_compile(
    command: str, signum: int, slow_lecture: Path, tmp_path: Path
) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    args = [a.format(out=tmp_path / "out") for a in COMMANDS[command]]
    process = subprocess.Popen(
        [sys.executable, "-m", "lecturekit", args[0], str(slow_lecture), *args[1:]],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "TMPDIR": str(scratch)},
        preexec_fn=_interruptible,
    )
    child = _wait_for_a_busy_compile(process)
    sent = time.monotonic()
    process.send_signal(signum)
    try:
        process.wait(timeout=2)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError(f"{command} was still running 2 s after {signum.name}") from None
    took = time.monotonic() - sent
    _, err = process.communicate()
    assert process.returncode == 128 + signum, err
    assert "Traceback" not in err
    assert took < 2
    time.sleep(0.2)  # the kernel ends the compile process with its parent
    assert not Path(f"/proc/{child}").exists() or "Z" in Path(f"/proc/{child}/stat").read_text().split()[2]
    assert not list((tmp_path / "out").rglob("*.part")), "a partial file was left behind"
    assert not list(scratch.iterdir()), "a compile folder was left behind"
