"""The CI gate's arithmetic and the JUnit XML it writes, from verdict records."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from kgtest.api.kinds import KINDS
from kgtest.oracle.scores import KindScore
from kgtest.oracle.verdicts import JudgedReply
from kgtest.report.gate import KindGate, gate
from kgtest.report.junit import write_junit

from ..runner.suite_fixture import case

UNITS = KINDS.units()


def record(i: int, outcome: str, reply: str = "Yes.") -> JudgedReply:
    return JudgedReply(f"c{i}", "sys", outcome, outcome == "both", False, reply, None)


RECORDS = [
    record(0, "correct"),
    record(1, "both", "No \x01\x1b[31m <tag> & more"),
    record(2, "truncated"),
    record(3, "no_reply", "(no reply: timeout)"),
]


def test_only_correct_replies_count_toward_the_raw_gate() -> None:
    result = gate("r1", "name", "sys", RECORDS, units=UNITS, fail_under=0.25, gate_on="rate")
    assert (result.cases, result.correct, result.rate, result.passed) == (4, 1, 0.25, True)
    assert not gate("r1", "name", "sys", RECORDS, units=UNITS, fail_under=0.26, gate_on="rate").passed
    assert gate("r1", "name", "sys", [], units=UNITS, fail_under=0).passed  # no gate, nothing to fail
    # a gate and no replies: fail
    assert not gate("r1", "name", "sys", [], units=UNITS, fail_under=0.1).passed
    # a gate on the score (the default) with no score to compare (judged before scores): fail
    assert not gate("r1", "name", "sys", RECORDS, units=UNITS, fail_under=0.1).passed
    data = result.to_json()
    assert (data["truncated"], data["no_reply"], data["correct_rate_95"][0] > 0) == (1, 1, True)
    assert result.summary() == "1 of 4 replies correct, 25% (5-70%)"


def test_junit_holds_every_case_and_only_characters_xml_allows(tmp_path: Path) -> None:
    cases = [case(i, f"Is {i} <b>?") for i in range(4)]
    path = write_junit(tmp_path / "junit.xml", "r1", "name", cases, RECORDS)
    suite = ET.parse(path).getroot().find("testsuite")
    assert suite is not None
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("4", "2", "1")
    tests = suite.findall("testcase")
    assert [t.get("name") for t in tests] == [f"c{i}: Is {i} <b>?" for i in range(4)]
    assert tests[0].find("failure") is None and tests[0].find("error") is None
    failure = tests[1].find("failure")
    assert failure is not None and failure.get("type") == "both"
    assert "reply: No [31m <tag> & more" in (failure.text or "")  # control characters dropped
    assert tests[2].find("failure") is not None and tests[3].find("error") is not None


def _multi(i: int, kind: str, outcome: str, checks: int, passed: int) -> JudgedReply:
    return JudgedReply(f"{kind}{i}", "sys", outcome, False, False, "", None, kind=kind, checks=checks,
                       passed_checks=passed)  # fmt: skip


def test_the_json_correct_rate_counts_the_single_questions_the_text_counts() -> None:
    """Issue 41 item 3: dialogue checks once made `correct_rate` 2 of 24 while the text said 2 of 18."""
    records = [*RECORDS, *(_multi(i, "dialogue", "inconsistent", 3, 1) for i in range(2))]
    result = gate("r1", "name", "sys", records, units=UNITS, fail_under=0)
    data = result.to_json()
    assert (data["correct"], data["correct_rate"]) == (1, 0.25)
    assert result.summary().startswith("fact: 1 of 4 replies correct, 25%")
    assert data["kinds"]["dialogue"]["passed"] == 2 and data["kinds"]["dialogue"]["total"] == 6


def test_a_run_of_conversations_only_is_summed_up_in_words() -> None:
    """Issue 41 item 5: a conversation-only run's summary was empty, and judge printed a lone '.'."""
    records = [_multi(0, "conversation", "tests_failed", 5, 3)]
    summary = gate("r1", "name", "sys", records, units=UNITS, fail_under=0).summary()
    assert summary.startswith("conversation: 3 of 5 ") and "60%" in summary


def test_dialogues_that_never_got_a_reply_are_no_failed_checks() -> None:
    """Every round of 24 dialogues failed to come back (an empty reply): "raw 0 of 24 checks passed",
    the cases counted as failed checks; with one answered, they were left out (probe-15b)."""
    records = [_multi(i, "dialogue", "no_reply", 0, 0) for i in range(24)]
    summary = gate("r1", "name", "sys", records, units=UNITS, fail_under=0).summary()
    assert summary == "dialogue: 0 of 0 checks passed, n/a", summary
    records.append(_multi(24, "dialogue", "inconsistent", 3, 1))
    assert (
        gate("r1", "name", "sys", records, units=UNITS, fail_under=0)
        .summary()
        .startswith("dialogue: 1 of 3 checks passed")
    )


def test_a_reply_the_oracle_failed_on_leaves_the_raw_share_and_is_counted_beside_it() -> None:
    """A judge's failure says nothing of the system: it was counted a failed reply, so a run the
    oracle failed on read "0 of 36 replies correct" and failed a `--gate-on rate` gate."""
    records = [*RECORDS, record(4, "unjudged"), record(5, "unjudged")]
    result = gate("r1", "name", "sys", records, units=UNITS, fail_under=0.25, gate_on="rate")
    assert (result.correct, result.answered, result.unjudged, result.passed) == (1, (1, 4), 2, True)
    assert result.summary().startswith("1 of 4 replies correct, 25% (5-70%) (2 not judged")
    data = result.to_json()
    assert (data["correct_rate"], data["unjudged"], data["kinds"]["fact"]["unjudged"]) == (0.25, 2, 2)
    only_failed = gate(
        "r1", "name", "sys", [record(0, "unjudged")], units=UNITS, fail_under=0.1, gate_on="rate"
    )
    assert not only_failed.passed  # nothing judged: nothing to pass the gate on


def test_a_gate_on_a_score_of_na_says_why_not_under() -> None:
    # 60 of 60 correct on a suite of one answer read "score n/a ...: under --fail-under 1" (probe-14b)
    units = {str(i): 1.0 for i in range(60)}
    one_answer = KindScore("fact", "correct less wrong", 1.0, units, 1.0, "Yes", None, None, None, {}, {})
    kind = KindGate("fact", 60, 60, 1.0, scored=one_answer)
    assert not kind.ok
    said = kind.failed()
    assert "under --fail-under" not in said and "every case has the same answer" in said
    assert "--gate-on rate" in said
    assert KindGate("fact", 60, 60, 1.0, scored=one_answer, gate_on="rate").ok
    assert KindGate("fact", 1, 2, 0.9, gate_on="rate").failed().endswith(": under --fail-under 0.9")
