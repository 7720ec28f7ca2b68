"""One lecture, one folder, in a catalogue: of several attempts of one lectureId the highest is
rendered and the others are superseded; two lectures that would write one folder are both
reported as a conflict and rendered by neither (`catalogue.claims.settle`; the whole command:
test_one_slug.py)."""

from __future__ import annotations

from lecturekit.catalogue.claims import Claim, settle
from lecturekit.catalogue.rows import Status
from lecturekit.outputs import Owner


def _claim(source: str, lecture_id: str | None, attempt: int | None, slug: str) -> Claim:
    return Claim(source, Owner(lecture_id, attempt, f"/lectures/{source}"), slug)


def test_the_highest_attempt_is_rendered_and_the_others_are_superseded() -> None:
    verdicts = settle([_claim("a1.json", "a", 1, "a"), _claim("a3.json", "a", 3, "a"),
                       _claim("a2.json", "a", 2, "a-retitled"), _claim("none.json", "a", None, "a")])
    assert {n: v.status for n, v in verdicts.items()} == {0: Status.superseded, 2: Status.superseded,
                                                          3: Status.superseded}
    assert verdicts[0].reason == "attempt 1 of lectureId 'a' is superseded by attempt 3 (a3.json)"
    assert verdicts[3].reason.startswith("the file without an attempt of lectureId 'a'")


def test_two_lectures_with_one_slug_are_both_a_conflict_rendered_by_neither() -> None:
    verdicts = settle([_claim("x.json", "x", 1, "same"), _claim("y.json", "y", 1, "same"),
                       _claim("z.json", None, None, "other"), _claim("w.json", None, None, "else")])
    assert {n: v.status for n, v in verdicts.items()} == {0: Status.conflict, 1: Status.conflict}
    assert "y.json" in verdicts[0].reason and "x.json" in verdicts[1].reason and "'same'" in verdicts[0].reason


def test_two_files_of_one_attempt_are_a_conflict_and_a_superseded_attempt_claims_no_slug() -> None:
    verdicts = settle([_claim("p.json", "p", 2, "p"), _claim("q.json", "p", 2, "p"), _claim("r.json", "r", 1, "r"),
                       _claim("r0.json", "r", 0, "p")])
    assert {n: v.status for n, v in verdicts.items()} == {0: Status.conflict, 1: Status.conflict,
                                                          3: Status.superseded}
    assert "q.json is also attempt 2 of lectureId 'p'" in verdicts[0].reason


def test_a_lecture_id_is_quoted_in_a_reason_whatever_it_holds() -> None:
    hostile = "\x1b[31m" + "x" * 500
    verdicts = settle([_claim("a.json", hostile, 1, "a"), _claim("b.json", hostile, 2, "b")])
    assert "\x1b" not in verdicts[0].reason and len(verdicts[0].reason) < 300
