"""Typst's own pictures of formulas, for comparing the rebuilt math with what the author wrote.

Both sources go through lecturekit's document template and frame, so the only difference between
two pages is the math itself. Typst runs in this process (the tests hold no lecture text from
strangers), in an empty temporary folder as its root, without system fonts, many formulas to one
document (one page each) so a corpus costs two compiles.
"""

from __future__ import annotations

import tempfile

import typst

from lecturekit.typst.document import document
from lecturekit.typst.source import formula, framed

PPI = 144.0


def raw(math: str) -> str:
    """The body of `math` exactly as the author wrote it (what Typst itself would draw)."""
    return framed(f"$ {math} $")


def rebuilt(math: str) -> str:
    """The body lecturekit writes for `math`."""
    return formula(math)


def pages(bodies: list[str]) -> list[bytes]:
    """One PNG for each body, compiled in one document; raises Typst's error if any fails."""
    source = document("\n#pagebreak()\n".join(bodies))
    with tempfile.TemporaryDirectory(prefix="lecturekit-pictures-") as root:
        found = typst.compile(source.encode(), format="png", ppi=PPI, root=root, ignore_system_fonts=True)
    return found if isinstance(found, list) else [found]


def failure(body: str) -> str | None:
    """Typst's first line of error for one body, or None when it compiles."""
    try:
        pages([body])
    except Exception as exc:  # the binding raises its own error types
        return str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return None
