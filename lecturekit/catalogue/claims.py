"""Which lectures of a catalogue may have their output folder: one lecture, one folder.

A lecture is its `lectureId` (a file without one is a lecture of its own); its folder is
`OUT/<publication.slug>/`. Of several attempts of one lecture, the highest is rendered and the
others are superseded. Two files that would write one folder (two lectures with one slug, or two
files with one lectureId and one attempt) are a conflict: both are reported, neither is rendered
until one of them changes, so no run's outcome depends on which file it happened to read first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from lecturekit.catalogue.rows import Status
from lecturekit.diagnostics import quote
from lecturekit.outputs import Owner


@dataclass(frozen=True)
class Claim:
    """A lecture file of the catalogue: where it is (as the report shows it), whose, which folder."""

    source: str
    owner: Owner
    slug: str


@dataclass(frozen=True)
class Verdict:
    """Why a lecture is not rendered: superseded by a later attempt, or in conflict with another."""

    status: Status
    reason: str


def settle(claims: Sequence[Claim]) -> dict[int, Verdict]:
    """The claims (by position) that are not rendered, and why; every other one has its folder."""
    verdicts: dict[int, Verdict] = {}
    lectures: dict[str, list[int]] = {}
    for number, claim in enumerate(claims):
        key = f"id {claim.owner.lecture_id}" if claim.owner.lecture_id else f"file {claim.owner.source}"
        lectures.setdefault(key, []).append(number)
    standing = []
    for members in lectures.values():
        top = max(_rank(claims[n]) for n in members)
        best = [n for n in members if _rank(claims[n]) == top]
        for n in members:
            if _rank(claims[n]) < top:
                verdicts[n] = Verdict(Status.superseded, f"{_attempt(claims[n])} of {_lecture(claims[n])} is "
                                      f"superseded by {_attempt(claims[best[0]])} ({claims[best[0]].source})")
        if len(best) == 1:
            standing.append(best[0])
            continue
        for n in best:
            other = claims[next(m for m in best if m != n)]
            verdicts[n] = Verdict(Status.conflict, f"{other.source} is also {_attempt(other)} of {_lecture(other)}: "
                                  "neither is rendered until one is removed or given a later attempt")
    folders: dict[str, list[int]] = {}
    for n in standing:
        folders.setdefault(claims[n].slug, []).append(n)
    for slug, members in folders.items():
        for n in members if len(members) > 1 else ():
            other = claims[next(m for m in members if m != n)]
            verdicts[n] = Verdict(Status.conflict, f"{other.source} has the same publication.slug {slug!r}: neither "
                                  "is rendered until one of them changes its slug")
    return verdicts


def _rank(claim: Claim) -> int:
    return -1 if claim.owner.attempt is None else claim.owner.attempt


def _lecture(claim: Claim) -> str:
    return f"lectureId {quote(claim.owner.lecture_id or '')}"


def _attempt(claim: Claim) -> str:
    return "the file without an attempt" if claim.owner.attempt is None else f"attempt {claim.owner.attempt}"
