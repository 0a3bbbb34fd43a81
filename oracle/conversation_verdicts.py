"""Conversation cases judged: the battery's tests and SWAN over a run's conversations, and a verdict per case.

``judge_conversations`` rebuilds each conversation from its transcript (runner/conversation.py),
audits them together (oracle/conversation/: injected and passive tests, nuggets, SWAN) and gives each
case one ``JudgedReply``: ``passed`` when every test judged on it passed, ``failed`` otherwise,
``unjudged`` while it is incomplete (a reply failed in transport, or the partner system failed).
The audit itself is kept in the run's ``battery/`` folder (verdicts.jsonl, nuggets.jsonl,
swan.json), which the report's battery section reads.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from kgtest.core.workspace import RunFiles
from kgtest.generator.case import TestCase
from kgtest.oracle.conversation.audit import Auditor, BatteryResult, read_result, write_result
from kgtest.oracle.conversation.verdicts import TestVerdict
from kgtest.oracle.judge import READ_LIMIT
from kgtest.oracle.kind_judge import Credit, JudgeContext, KindVerdicts, OracleKit
from kgtest.oracle.outcomes import FAILED, NO_REPLY, PASSED, UNJUDGED, JudgedReply
from kgtest.runner.conversation import ChatRecord, chat_record
from kgtest.runner.manifest import RunManifest
from kgtest.runner.plan import converse_settings_of
from kgtest.runner.transcript import SUT, Transcript


class ConversationJudge:
    """The battery's tests and SWAN over a run's conversations, the audit kept in ``battery/``."""

    def judge(self, pairs: Sequence[tuple[TestCase, Transcript]], context: JudgeContext) -> KindVerdicts:
        progress = context.progress
        if progress:
            progress("conversations", 0, len(pairs))
        result, found = judge_conversations(
            pairs, context.manifest, context.kit.once("auditor", lambda: auditor(context.kit))
        )
        if progress:
            progress("conversations", len(pairs), len(pairs))
        return KindVerdicts(found, result)

    def keep(self, run: RunFiles, detail: object | None) -> None:
        assert isinstance(detail, BatteryResult)
        files = run.battery
        files.folder.mkdir(parents=True, exist_ok=True)
        write_result(files, detail)

    def detail(self, run: RunFiles) -> BatteryResult:
        return read_result(run.battery)

    def credit(self, records: Sequence[JudgedReply], detail: object | None) -> Credit:
        """SWAN, the audit score of the system's replies over every conversation; a conversation's
        own SWAN is its unit. A partner system's side is not the system's."""
        assert isinstance(detail, BatteryResult)
        units = {s.scope: s.value for s in detail.conversations if s.value is not None}
        value = next((s.value for s in detail.systems), None)
        return Credit("SWAN", units, value)


def auditor(kit: OracleKit) -> Auditor:
    """The battery's oracle: its tests and SWAN with the kit's sentence model, claims against the KB."""
    from kgtest.kg.extract.spacy_triples import SpacyExtractor
    from kgtest.oracle.conversation.verdicts import BatteryJudge

    return Auditor(BatteryJudge(kit.settings.battery, embedder=kit.embedder()), SpacyExtractor(), kit.view())


def conversation_records(
    pairs: Sequence[tuple[TestCase, Transcript]], manifest: RunManifest
) -> list[ChatRecord]:
    """The complete conversations of ``pairs`` as the battery oracle reads them."""
    settings = converse_settings_of(manifest)
    partner = manifest.plan.partner
    return [
        chat_record(case, t, manifest.name, manifest.sampling, settings, partner)
        for case, t in pairs
        if _complete(t) == ""
    ]


def judge_conversations(
    pairs: Sequence[tuple[TestCase, Transcript]], manifest: RunManifest, auditor: Auditor
) -> tuple[BatteryResult, dict[str, JudgedReply]]:
    """Audit every complete conversation of ``pairs``; a verdict per case, by case id.

    The audit reads each turn to its first ``READ_LIMIT`` characters (oracle/conversation/audit.py), as
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
                *(f"{v.code.value} failed in round {v.turn}: {_why(v)}"[:300] for v in failed),
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


def _why(v: TestVerdict) -> str:
    """A failed test in words: its reason, what was read, else what was measured against what."""
    if v.reason or v.read:
        return v.reason or v.read
    if v.score is not None and v.threshold is not None:
        return f"measured {v.score:.2f} against its threshold {v.threshold:g}"
    return "no reason recorded by its check"


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
