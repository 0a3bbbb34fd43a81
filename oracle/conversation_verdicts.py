"""Conversation cases judged: the battery's tests and SWAN over a run's conversations, and a verdict per case.

``judge_conversations`` rebuilds each conversation from its transcript (runner/converse.py),
audits them together (oracle/battery/: injected and passive tests, nuggets, SWAN) and gives each
case one ``JudgedReply``: ``passed`` when every test judged on it passed, ``failed`` otherwise,
``unjudged`` while it is incomplete (a reply failed in transport, or the partner system failed).
The audit itself is kept in the run's ``battery/`` folder (verdicts.jsonl, nuggets.jsonl,
swan.json), which the report's battery section reads.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from kgtest.generator.case import TestCase
from kgtest.oracle.battery.audit import Auditor, BatteryResult
from kgtest.oracle.battery.verdicts import TestVerdict
from kgtest.oracle.judge import READ_LIMIT
from kgtest.oracle.outcomes import FAILED, NO_REPLY, PASSED, UNJUDGED, JudgedReply
from kgtest.runner.converse import SCRIPTED, ChatRecord, chat_record
from kgtest.runner.run import converse_settings_of
from kgtest.runner.sut import Sampling
from kgtest.runner.transcript import SUT, Transcript


def conversation_records(
    pairs: Sequence[tuple[TestCase, Transcript]], manifest: dict[str, Any]
) -> list[ChatRecord]:
    """The complete conversations of ``pairs`` as the battery oracle reads them."""
    settings = converse_settings_of(manifest)
    sampling = Sampling(**manifest["sampling"])
    partner = str((manifest.get("plan") or {}).get("partner", SCRIPTED))
    system = str(manifest.get("name") or manifest["system"])
    return [
        chat_record(case, t, system, sampling, settings, partner) for case, t in pairs if _complete(t) == ""
    ]


def judge_conversations(
    pairs: Sequence[tuple[TestCase, Transcript]], manifest: dict[str, Any], auditor: Auditor
) -> tuple[BatteryResult, dict[str, JudgedReply]]:
    """Audit every complete conversation of ``pairs``; a verdict per case, by case id.

    The audit reads each turn to its first ``READ_LIMIT`` characters (oracle/battery/audit.py), as
    a fact case's reply is read; the case's reasons say when a reply was cut."""
    records = conversation_records(pairs, manifest)
    result = auditor.audit(records)
    by_conversation: dict[str, list[TestVerdict]] = defaultdict(list)
    for v in result.verdicts:
        by_conversation[v.conversation].append(v)
    swan = {s.scope: s.value for s in result.conversations}
    verdicts: dict[str, JudgedReply] = {}
    for case, transcript in pairs:
        system = transcript.reply.system if transcript.exchanges else ""
        why = _complete(transcript)
        mine = [v for v in by_conversation.get(case.id, []) if v.passed is not None]
        failed = [v for v in mine if not v.passed]
        answered = any(e.reply.ok for e in transcript.exchanges if e.speaker == SUT)
        if why or not answered or not mine:
            outcome = NO_REPLY if not answered else UNJUDGED
            reasons: tuple[str, ...] = (why or ("no reply came back" if not answered else "no test judged"),)
        else:
            outcome = FAILED if failed else PASSED
            score = swan.get(case.id)
            reasons = (
                *(f"{v.code.value} failed in round {v.turn}: {v.reason or v.read}"[:300] for v in failed),
                f"SWAN {'n/a' if score is None else f'{score:.3f}'}; "
                f"{len(mine) - len(failed)} of {len(mine)} tests passed",
            )
        cut = sum(len(e.reply.text) > READ_LIMIT for e in transcript.exchanges)
        if cut and not why:
            reasons = (*reasons, f"{cut} replies cut: only their first {READ_LIMIT:,} characters were judged")
        verdicts[case.id] = JudgedReply(
            case_id=case.id, system=system, outcome=outcome,
            hallucination=False, abstained=outcome in (UNJUDGED, NO_REPLY), reply=_summary(transcript),
            verdict=None, kind=case.kind, reasons=reasons, checks=len(mine),
            passed_checks=len(mine) - len(failed),
        )  # fmt: skip
    return result, verdicts


def _complete(t: Transcript) -> str:
    """Why a conversation cannot be judged yet; empty when it can."""
    if t.stopped:
        return t.stopped
    broken = next((e for e in t.exchanges if e.reply.transient), None)
    if broken is not None:
        return f"incomplete, run it again: round {broken.position}: {broken.reply.error}"
    return "" if t.exchanges else "never asked"


SUMMARY_LIMIT = 2_000
"""Characters of each turn in a verdict's summary: the transcript holds the rest."""


def _summary(transcript: Transcript) -> str:
    return "\n".join(
        f"{e.position} {'system' if e.speaker == SUT else 'partner'}: "
        + _short(e.reply.text if e.reply.ok else f"(no reply: {e.reply.error})")
        for e in transcript.exchanges
    )


def _short(text: str) -> str:
    return text if len(text) <= SUMMARY_LIMIT else f"{text[:SUMMARY_LIMIT]} ... ({len(text):,} characters)"
