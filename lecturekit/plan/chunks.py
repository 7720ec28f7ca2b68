"""Cutting a scene into chunks that render on their own and join by stream copy.

A cut falls only where the board stands still (the first held frame after an animation), so
each chunk opens on a still picture that the board can be built to directly, and the chunks'
pictures are those of one pass through the whole scene.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

Spans = tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Chunk:
    """Frames [first, last) of a scene, and how many of them are drawn one by one."""

    first: int
    last: int
    busy: int

    @property
    def frames(self) -> int:
        return self.last - self.first


def busy_in(spans: Spans, first: int, last: int) -> Spans:
    """The busy spans clipped to frames [first, last)."""
    return tuple((max(a, first), min(b, last)) for a, b in spans if a < last and b > first)


def drawn(spans: Spans) -> int:
    """How many frames the spans draw one by one."""
    return sum(b - a for a, b in spans)


def split(spans: Spans, total: int, parts: int) -> tuple[Chunk, ...]:
    """At most `parts` chunks of about equal drawing work, cut at held boards."""
    work, before = drawn(spans), 0
    cuts: list[tuple[int, int]] = []  # (frame, frames drawn before it)
    for a, b in spans:
        before += b - a
        if b < total and before < work:
            cuts.append((b, before))
    chosen: list[int] = []
    for k in range(1, parts):
        if not cuts:
            break
        frame, _ = min(cuts, key=lambda cut: abs(cut[1] - work * k / parts))
        if not chosen or frame > chosen[-1]:
            chosen.append(frame)
    edges = [0, *chosen, total]
    return tuple(Chunk(a, b, drawn(busy_in(spans, a, b))) for a, b in pairwise(edges))


def parts_for(busy: int, share: int) -> int:
    """How many chunks a scene with `busy` drawn frames needs so none has much more than `share`."""
    return max(1, round(busy / share)) if share > 0 else 1


__all__ = ["Chunk", "busy_in", "drawn", "parts_for", "split"]
