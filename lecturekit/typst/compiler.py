"""The one way lecture text is compiled: Typst in a process of its own (`lecturekit.typst.worker`),
with an empty folder as its root, no packages, no fonts but lecturekit's chain and no network, bounded in time
and memory. A compile that overruns is stopped and its text left out; Ctrl-C or SIGTERM stop the
command at once, since lecturekit only ever waits on a pipe, never inside Typst."""

from __future__ import annotations

import atexit
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

from lecturekit.diagnostics import LectureError, Place, error
from lecturekit.typst.document import document
from lecturekit.work import count

#: Seconds one compile may take, and bytes of address space the compile process may use.
TIME_LIMIT = 5.0
MEMORY_LIMIT = 1 << 30
#: Seconds the compile process may take to start (load Typst and the font chain): lecturekit's
#: own work, the same whatever the lecture, so not held to a compile's limit.
START_LIMIT = 10.0


class TypstError(LectureError):
    def __init__(self, message: str):
        self.message = message
        super().__init__(error(Place(), message))


class Compiler:
    """A compile process, started on first use and again after one is stopped."""

    def __init__(self, time_limit: float = TIME_LIMIT, memory_limit: int = MEMORY_LIMIT) -> None:
        self.time_limit = time_limit
        self.memory_limit = memory_limit
        self.process: subprocess.Popen | None = None
        #: The compile process's folder: Typst's empty root and the links to the font chain.
        self.folder: str | None = None

    def run(self, op: str, source: str) -> bytes:
        data = source.encode("utf-8", errors="replace")
        count("typst compiles")
        try:
            process = self._process()
            assert process.stdin is not None
            process.stdin.write(f"{op} {len(data)}\n".encode() + data)
            process.stdin.flush()
            status, payload = self._answer(process)
        except TimeoutError:
            self.stop()
            raise TypstError(f"Typst took longer than {self.time_limit:g} s, and was stopped") from None
        except (OSError, ValueError, EOFError):
            self.stop()
            raise TypstError(
                f"Typst stopped while typesetting it (it may need more than {self.memory_limit >> 20} MiB)") from None
        if status == b"error":
            raise TypstError(f"Typst cannot typeset it: {_first_line(payload.decode(errors='replace'))}")
        return payload

    def _process(self) -> subprocess.Popen:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "lecturekit.typst.worker", str(self.memory_limit)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                env={k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")},
            )
            assert self.process.stdout is not None
            started = _read(self.process.stdout.fileno(), time.monotonic() + max(self.time_limit, START_LIMIT),
                            until_newline=True)
            self.folder = started.decode().strip()
        return self.process

    def _answer(self, process: subprocess.Popen) -> tuple[bytes, bytes]:
        assert process.stdout is not None
        deadline = time.monotonic() + self.time_limit
        fd = process.stdout.fileno()
        header = _read(fd, deadline, until_newline=True)
        status, length = header.split()
        return status, _read(fd, deadline, size=int(length))

    def stop(self) -> None:
        """Stop the compile process at once and remove its folder."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
            self.process = None
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None


def _read(fd: int, deadline: float, until_newline: bool = False, size: int = 0) -> bytes:
    """Bytes from `fd` (a line, or `size` bytes) before `deadline`, waiting in select, where a
    signal can interrupt."""
    data = bytearray()
    while (until_newline and not data.endswith(b"\n")) or (not until_newline and len(data) < size):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            raise TimeoutError
        chunk = os.read(fd, 1 if until_newline else min(size - len(data), 1 << 20))
        if not chunk:
            raise EOFError
        data += chunk
    return bytes(data)


def _first_line(message: str) -> str:
    lines = message.strip().splitlines()
    return (lines[0] if lines else "no reason given")[:200]


_compiler = Compiler()
atexit.register(_compiler.stop)


def _forget_in_child() -> None:
    """A forked child starts a compile process of its own."""
    _compiler.process = None
    _compiler.folder = None


os.register_at_fork(after_in_child=_forget_in_child)


def compile_svg(body: str, hidden: str | None = None) -> bytes:
    """The SVG of a body, compiled in the bounded compile process."""
    return _compiler.run("svg", document(body, hidden))


def compile_html(source: str) -> bytes:
    """Typst's HTML export of a whole source (no document around it): how a formula is written as
    MathML for the lecture page."""
    return _compiler.run("html", source)


def compile_png(body: str, ppi: float) -> bytes:
    """Typst's own PNG of a body at `ppi`, compiled the same way: what the SVG import is held to."""
    return _compiler.run("png", f"{ppi:.4f}\n{document(body)}")


def compile_pdf(source: str, data: Path, time_limit: float, memory_limit: int = MEMORY_LIMIT) -> bytes:
    """A PDF of lecturekit's own `source`, which reads only what is in the folder `data` (its root:
    pictures, and its texts as JSON, so no lecture text is ever Typst source), compiled in a bounded
    process of its own (`time_limit` seconds, `memory_limit` bytes), stopped when it is done."""
    assert "\n" not in str(data)
    count("typst pdf compiles")
    compiler = Compiler(time_limit, memory_limit)
    try:
        return compiler.run("pdf", f"{data}\n{source}")
    finally:
        compiler.stop()


def query(source: str, selector: str) -> str:
    """The `value` of what `selector` finds in a document of lecturekit's own (not lecture text)."""
    return _compiler.run("query", f"{selector}\n{source}").decode()
