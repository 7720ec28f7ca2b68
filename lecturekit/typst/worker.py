"""The compile process: Typst runs here, never in a lecturekit process, so a compile can be bounded
and stopped. Started by `lecturekit.typst.compiler`; speaks a small framed protocol on its standard
input and output.

Before it reads anything it limits its own address space (its one argument, in bytes), asks the
kernel to end it when its parent ends, leaves the network (a network namespace of its own, where
the kernel allows it), and makes a folder of its own: an empty `root` for Typst's root, so Typst
can read no file and fetch no package, and `fonts`, links to lecturekit's font chain
(`lecturekit.typst.fonts`), loaded once for every compile; no system font is looked at. It writes
that folder's path as its first line and removes the folder when its input closes.

A request is a line `OP LENGTH` (`svg`, `png`, `html`, `pdf` or `query`) followed by LENGTH bytes of UTF-8 Typst
source; the answer is a line `ok LENGTH` or `error LENGTH` followed by LENGTH bytes. A `pdf` request's
source starts with a line naming the folder the parent filled with the document's data (pictures, a
JSON file of its texts): that folder is its root, the one place it may read.
"""

from __future__ import annotations

import ctypes
import os
import resource
import shutil
import signal
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO

from lecturekit.orphans import end_with_parent

_CLONE_NEWUSER = 0x10000000
_CLONE_NEWNET = 0x40000000


def _confine(memory: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it stops us
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    try:
        libc = ctypes.CDLL(None, use_errno=True)
    except OSError:
        return
    end_with_parent(signal.SIGKILL)
    # without the network: a namespace of our own (as root), else inside a user namespace
    if libc.unshare(_CLONE_NEWNET) != 0:
        libc.unshare(_CLONE_NEWUSER | _CLONE_NEWNET)


def _answer(out: BinaryIO, status: str, payload: bytes) -> None:
    out.write(f"{status} {len(payload)}\n".encode() + payload)
    out.flush()


def _serve(folder: str) -> None:
    import typst

    from lecturekit.typst.fonts import link_fonts

    root = os.path.join(folder, "root")
    os.mkdir(root)
    fonts = typst.Fonts(include_system_fonts=False, include_embedded_fonts=True,
                        font_paths=[str(link_fonts(Path(folder)))])
    source_in, answers = sys.stdin.buffer, sys.stdout.buffer
    answers.write(folder.encode() + b"\n")
    answers.flush()
    while header := source_in.readline():
        op, length = header.split()
        source = source_in.read(int(length))
        # typst's stubs want the root of the source's type; the binding takes a str root for bytes
        try:
            if op == b"svg":
                result = typst.compile(source, format="svg", root=root, package_path=root,  # type: ignore[call-overload]  # str root, bytes source
                                       package_cache_path=root, font_paths=fonts, ignore_system_fonts=True)
            elif op == b"html":  # a formula as MathML, for the lecture page
                result = typst.compile(source, format="html", root=root, package_path=root,  # type: ignore[call-overload]  # str root, bytes source
                                       package_cache_path=root, font_paths=fonts, ignore_system_fonts=True)
            elif op == b"pdf":  # a handout: its pictures and texts in the folder named first
                data, _, document = source.partition(b"\n")
                result = typst.compile(
                    document, format="pdf", root=data.decode(), package_path=root, package_cache_path=root,
                    font_paths=fonts, ignore_system_fonts=True, timestamp=0)
            elif op == b"png":
                ppi, _, document = source.partition(b"\n")
                result = typst.compile(  # type: ignore[call-overload]  # str root, bytes source
                    document, format="png", ppi=float(ppi), root=root, package_path=root, package_cache_path=root,
                    font_paths=fonts, ignore_system_fonts=True)
            else:
                selector, _, document = source.partition(b"\n")
                result = typst.query(document, selector.decode(), field="value", root=root,  # type: ignore[type-var]  # str root, bytes source
                                     package_path=root, package_cache_path=root, font_paths=fonts,
                                     ignore_system_fonts=True).encode()
        except Exception as exc:  # the binding raises its own errors, and Rust panics as exceptions
            _answer(answers, "error", (str(exc).strip() or type(exc).__name__).encode(errors="replace"))
            continue
        _answer(answers, "ok", result)


def main() -> None:
    _confine(memory=int(sys.argv[1]))
    folder = tempfile.mkdtemp(prefix="lecturekit-typst-")
    try:
        _serve(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
