"""Single questions judged (fact and temporal cases): the fact oracle over each reply, in batches.

A judge is made only when some reply needs one (a run of failed replies loads nothing); with a
parallel ``OracleKit.spread`` the same batches go to worker processes (oracle/pool.py), so the
verdicts are the same byte for byte whatever the number of workers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from kgtest.core.workspace import RunFiles
from kgtest.generator.case import Answer, TestCase
from kgtest.oracle.judge import Outcome, Verdict
from kgtest.oracle.kind_judge import Credit, JudgeContext, KindVerdicts
from kgtest.oracle.outcomes import ABSTAINED, NO_REPLY, TRUNCATED, UNJUDGED, JudgedReply
from kgtest.oracle.pool import judge_batch, pool_size, verdict_batches
from kgtest.runner.sut import Reply
from kgtest.runner.transcript import Transcript

CORRECT = Outcome.CORRECT.value
MEASURE = "correct less wrong answers"
"""A single question's measure: the share of correct replies less the share of wrong Yes/No answers."""


class SingleTurnJudge:
    """Each reply's answer and claims against its case's proof (oracle/judge.py)."""

    def judge(self, pairs: Sequence[tuple[TestCase, Transcript]], context: JudgeContext) -> KindVerdicts:
        replies = [(case, transcript.reply) for case, transcript in pairs]
        answered = [(i, case, reply.text) for i, (case, reply) in enumerate(replies) if reply.ok]
        size = context.batch_size
        batches = [answered[start : start + size] for start in range(0, len(answered), size)]
        work = [[(c, t) for _, c, t in batch] for batch in batches]
        kit = context.kit
        if not batches:
            found: Iterable[list[Verdict | str]] = []
        elif kit.recipe is not None and (kit.spread.dask or pool_size(kit.spread, len(batches)) > 1):
            found = verdict_batches(kit.recipe(), work, kit.spread)
        else:
            judge = kit.fact_judge()
            found = (judge_batch(judge, batch) for batch in work)
        verdicts: dict[int, Verdict | str] = {}
        for batch, results in zip(batches, found, strict=True):
            for (i, _, _), verdict in zip(batch, results, strict=True):
                verdicts[i] = verdict
            if context.progress:
                context.progress("verdicts", len(verdicts), len(answered))
        return KindVerdicts(
            {case.id: judged(case, reply, verdicts.get(i)) for i, (case, reply) in enumerate(replies)}
        )

    def keep(self, run: RunFiles, detail: object | None) -> None:
        """Everything a single question's verdict rests on is in its own record."""

    def detail(self, run: RunFiles) -> None:
        return None

    def credit(self, records: Sequence[JudgedReply], detail: object | None) -> Credit:
        """A correct reply earns its case 1, a reply whose Yes or No is the wrong one -1, anything
        else 0 (abstaining, failing, running out of tokens, a right answer on wrong facts, a reply
        the oracle cannot read). So saying "I don't know" where it does not know costs a system
        nothing that guessing would earn it: on a Yes/No question a guess is right as often as wrong
        (an audit's system that knew 78 of 120 answers and said "I don't know" to the rest scored 0,
        the same knowledge guessing the rest 0.45). For a system that always answers the score is
        what counting correct replies alone gives. A reply the oracle failed to judge earns no
        credit either way: it is left out (``Credit.unjudged``)."""
        unjudged = frozenset(r.case_id for r in records if r.outcome == UNJUDGED)
        units = {r.case_id: _credit(r) for r in records if r.case_id not in unjudged}
        value = sum(units.values()) / len(units) if units else None
        return Credit(MEASURE, units, value, unjudged)


def judged(case: TestCase, reply: Reply, verdict: Verdict | str | None) -> JudgedReply:
    """The verdict record of one reply: the oracle's verdict, or why there is none."""
    error = verdict if isinstance(verdict, str) else None
    found = verdict if isinstance(verdict, Verdict) else None
    outcome = found.outcome.value if found else UNJUDGED if error else NO_REPLY
    truncated = found is not None and reply.truncated
    if truncated and found is not None:
        note = f"the reply stopped at max_tokens={reply.sampling.max_tokens}; read to there, it is {outcome}"
        found = replace(found, reasons=(note, *found.reasons))
    return JudgedReply(
        case_id=case.id,
        system=reply.system,
        outcome=TRUNCATED if truncated else outcome,
        hallucination=bool(found and found.hallucination and not truncated),
        abstained=outcome in ABSTAINED and not truncated,
        reply=reply.text if reply.ok else f"(no reply: {reply.error})",
        verdict=found,
        error=error,
        finish_reason=reply.finish_reason,
        kind=case.kind,
    )


def _credit(record: JudgedReply) -> float:
    if record.outcome == CORRECT:
        return 1.0
    verdict = record.verdict
    if verdict is None or record.outcome == TRUNCATED:  # no reply, or one read only to its cut
        return 0.0
    said = verdict.answer.answer
    return -1.0 if said in (Answer.YES, Answer.NO) and said != verdict.expected else 0.0
