"""Counts of the work a command does: frames drawn, Typst compiles, SVG imports, layout
arrangements and label spots tried, overlap tests.

Wall-clock time on a shared machine is noise; these counts are exact, so tests hold each one to a
recorded baseline and a change that does more work fails a test instead of going unnoticed. A
count is a name and a number; worker processes send theirs back with their results and the
command adds them up (`add`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

_counts: Counter[str] = Counter()


def count(what: str, n: int = 1) -> None:
    """Add `n` to the count named `what` (e.g. "typst compiles")."""
    _counts[what] += n


def counts() -> dict[str, int]:
    """Every count so far in this process."""
    return dict(_counts)


def since(before: Mapping[str, int]) -> dict[str, int]:
    """The counts made since `before` (what `counts()` gave then), leaving out those that did not grow."""
    return {name: n - before.get(name, 0) for name, n in sorted(_counts.items()) if n != before.get(name, 0)}


def add(other: Mapping[str, int]) -> None:
    """Add counts made elsewhere (a worker process) to this process's."""
    _counts.update(other)


@contextmanager
def counting() -> Iterator[Counter[str]]:
    """The work done inside the block, counted apart from what came before it."""
    before = Counter(_counts)
    done: Counter[str] = Counter()
    try:
        yield done
    finally:
        done.update(_counts)
        done.subtract(before)
        for name in [name for name, n in done.items() if n == 0]:
            del done[name]
