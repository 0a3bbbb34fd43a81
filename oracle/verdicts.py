"""A run's verdicts: every reply judged, kept beside the replies as ``JudgedReply`` records.

``<workspace>/runs/<run id>/verdicts.jsonl`` holds one record per case, in suite order:
``{"case_id", "system", "outcome", "hallucination", "abstained", "reply", "verdict"}``, where
``verdict`` is the full evidence (``Verdict.to_dict()``) or null for a reply that failed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kgtest.core.errors import OracleError, OracleUnavailableError, RunnerError
from kgtest.core.files import atomic_writer
from kgtest.core.progress import Progress
from kgtest.core.records import from_plain, to_plain
from kgtest.core.workspace import RunFiles, Workspace
from kgtest.generator.case import TestCase, read_suite
from kgtest.kg.run_graph import ClaimNode, ReplyNode
from kgtest.oracle.judge import Judge, Outcome, Verdict
from kgtest.runner.manifest import COMPLETE, list_runs, read_manifest, status_of
from kgtest.runner.run import read_replies
from kgtest.runner.sut import Reply

NO_REPLY = "no_reply"
"""The system failed (timeout, HTTP error): nothing to judge."""
UNJUDGED = "unjudged"
"""The oracle failed on this reply alone (``JudgedReply.error`` says how); the others are judged."""
TRUNCATED = "truncated"
"""Generation stopped at max_tokens: judged (the verdict is kept), but counted apart, never as a
hallucination, since half a reasoning is no evidence of a wrong one (docs/oracle.md)."""
ABSTAINED = frozenset({Outcome.IDK.value, Outcome.REFUSAL.value, Outcome.AMBIGUOUS.value, NO_REPLY, UNJUDGED})
"""No clear Yes/No: counted apart from answered cases in reports."""


@dataclass(frozen=True, slots=True)
class JudgedReply:
    """One line of verdicts.jsonl: a case's reply and what the oracle made of it."""

    case_id: str
    system: str
    outcome: str
    """An ``Outcome`` value, or ``no_reply`` when the system failed to answer."""
    hallucination: bool
    abstained: bool
    """No clear Yes/No (idk, refusal, ambiguous, no reply): kept out of hallucination rates."""
    reply: str
    """The reply's text, or ``(no reply: why)``."""
    verdict: Verdict | None
    """Everything that decided the outcome; None for a reply that failed or could not be judged."""
    error: str | None = None
    """Why the oracle could not judge this reply (outcome ``unjudged``)."""
    finish_reason: str = ""
    """Why generation stopped (``stop``, ``length``, ...), as the runner recorded it."""

    def to_dict(self) -> dict[str, Any]:
        return {**to_plain(self), "verdict": self.verdict.to_dict() if self.verdict else None}

    @staticmethod
    def from_dict(data: dict[str, Any]) -> JudgedReply:
        verdict = data.get("verdict")
        record = from_plain(JudgedReply, {**data, "verdict": None})
        return replace(record, verdict=Verdict.from_dict(verdict)) if verdict is not None else record


@dataclass(frozen=True, slots=True)
class JudgeSummary:
    manifest: dict[str, Any]
    """The run's run.json, as judged."""
    path: Path
    cases: int
    outcomes: dict[str, int]

    @property
    def run_id(self) -> str:
        return str(self.manifest["run_id"])

    @property
    def system(self) -> str:
        return str(self.manifest["system"])


def find_run(workspace: Workspace, ref: str) -> RunFiles:
    """A run by id, unique id prefix, or ``latest`` (the complete run that finished last)."""
    runs = list_runs(workspace)
    if not runs:
        raise OracleError(f"no runs in {workspace.runs}; make one with `kgtest run SUITE --sut SPEC`")
    if ref == "latest":
        finished = [r for r in runs if r.status == COMPLETE]
        if not finished:
            last = runs[-1]
            raise OracleError(
                f"no run has finished: the last one, {last.run_id}, is {last.status}"
                + (f" ({last.error})" if last.error else "")
                + "; run the same `kgtest run` again to finish it (`kgtest runs` lists them all)"
            )
        return max(finished, key=lambda r: (r.finished, r.started)).files
    matches = [r for r in runs if r.run_id.startswith(ref)]
    if len(matches) != 1:
        known = ", ".join(r.run_id for r in runs)
        how_many = "more than one" if matches else "no"
        raise OracleError(f"{how_many} run matches {ref!r}; runs: {known}")
    return matches[0].files


def run_cases(run: RunFiles) -> tuple[dict[str, Any], list[tuple[TestCase, Reply]]]:
    """The run's manifest and its (case, reply) pairs in suite order; an OracleError says what is wrong."""
    try:
        manifest = read_manifest(run)
    except RunnerError as exc:
        raise OracleError(str(exc)) from exc
    status = status_of(run, manifest)
    if status != COMPLETE:
        why = f" ({manifest['error']})" if manifest.get("error") else ""
        raise OracleError(
            f"run {manifest['run_id']} is {status or 'not finished'}{why}; "
            "run the same `kgtest run` again to finish it first"
        )
    suite = Path(str(manifest.get("suite", "")))
    if not suite.is_file():
        raise OracleError(f"run {manifest['run_id']} was made from {suite}, which no longer exists")
    cases = {c.id: c for c in read_suite(suite)}
    pairs = []
    try:
        for case_id, reply in read_replies(run.replies):
            if case_id not in cases:
                raise OracleError(f"{suite} has no case {case_id}; was the suite regenerated after the run?")
            pairs.append((cases[case_id], reply))
    except RunnerError as exc:
        raise OracleError(str(exc)) from exc
    return manifest, pairs


def judge_run(
    run: RunFiles, judge: Judge, batch_size: int = 256, progress: Progress | None = None
) -> JudgeSummary:
    """Judge every reply of a finished run and write verdicts.jsonl atomically."""
    manifest, pairs = run_cases(run)
    answered = [(i, case, reply.text) for i, (case, reply) in enumerate(pairs) if reply.ok]
    verdicts: dict[int, Verdict | str] = {}
    for start in range(0, len(answered), batch_size):
        batch = answered[start : start + batch_size]
        for (i, _, _), verdict in zip(batch, _judge_batch(judge, [(c, t) for _, c, t in batch]), strict=True):
            verdicts[i] = verdict
        if progress:
            progress("verdicts", len(verdicts), len(answered))
    outcomes: dict[str, int] = {}
    with atomic_writer(run.verdicts) as out:
        for i, (case, reply) in enumerate(pairs):
            record = _judged(case, reply, verdicts.get(i))
            outcomes[record.outcome] = outcomes.get(record.outcome, 0) + 1
            out.write(json.dumps(record.to_dict(), ensure_ascii=False, sort_keys=True, default=str) + "\n")
    return JudgeSummary(manifest, run.verdicts, len(pairs), dict(sorted(outcomes.items())))


def _judge_batch(judge: Judge, batch: list[tuple[TestCase, str]]) -> list[Verdict | str]:
    """Verdicts for a batch; a reply the oracle fails on gets the reason instead, the others their verdict.

    An oracle that cannot run at all (a model or server missing) still stops the run.
    """
    try:
        return list(judge.judge_many(batch))
    except OracleUnavailableError:
        raise
    except Exception:  # one reply broke the batch: judge each alone to find it
        pass
    out: list[Verdict | str] = []
    for pair in batch:
        try:
            out.append(judge.judge_many([pair])[0])
        except OracleUnavailableError:
            raise
        except Exception as exc:
            out.append(f"{type(exc).__name__}: {exc}"[:500])
    return out


def _judged(case: TestCase, reply: Reply, verdict: Verdict | str | None) -> JudgedReply:
    error = verdict if isinstance(verdict, str) else None
    judged = verdict if isinstance(verdict, Verdict) else None
    outcome = judged.outcome.value if judged else UNJUDGED if error else NO_REPLY
    truncated = judged is not None and reply.truncated
    if truncated and judged is not None:
        note = f"the reply stopped at max_tokens={reply.sampling.max_tokens}; read to there, it is {outcome}"
        judged = replace(judged, reasons=(note, *judged.reasons))
    return JudgedReply(
        case_id=case.id,
        system=reply.system,
        outcome=TRUNCATED if truncated else outcome,
        hallucination=bool(judged and judged.hallucination and not truncated),
        abstained=outcome in ABSTAINED and not truncated,
        reply=reply.text if reply.ok else f"(no reply: {reply.error})",
        verdict=judged,
        error=error,
        finish_reason=reply.finish_reason,
    )


def read_verdicts(run: RunFiles) -> Iterator[JudgedReply]:
    """verdicts.jsonl back as the records ``judge_run`` wrote."""
    if not run.verdicts.exists():
        raise OracleError(f"{run.run_id} has not been judged yet; run `kgtest judge {run.run_id}`")
    with run.verdicts.open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            try:
                yield JudgedReply.from_dict(json.loads(line))
            except (ValueError, TypeError) as exc:  # RecordError is a ValueError
                raise OracleError(f"{run.verdicts}:{number}: not a kgtest verdict: {exc}") from exc


def reply_nodes(manifest: dict[str, Any], suite: str, records: Iterable[JudgedReply]) -> list[ReplyNode]:
    """What a judged run writes to the graph store (kg/run_graph.py), linked to suite ``suite``."""
    run = str(manifest["run_id"])
    sampling = {k: v for k, v in manifest.get("sampling", {}).items() if isinstance(v, int | float)}
    nodes = []
    for record in records:
        verdict = record.verdict
        nodes.append(
            ReplyNode(
                id=f"{run}#{record.case_id}",
                run=run,
                system=record.system,
                case_id=record.case_id,
                case_key=f"{suite}#{record.case_id}",
                text=record.reply,
                outcome=record.outcome,
                hallucination=record.hallucination,
                answer=verdict.answer.stance.value if verdict else "",
                reasons=verdict.reasons if verdict else (),
                verdict=json.dumps(verdict.to_dict() if verdict else {}, sort_keys=True),
                sampling=sampling,
                claims=tuple(
                    ClaimNode(t.subject, t.relation, t.object, t.negated, t.sentence)
                    for t in (verdict.triples if verdict else ())
                ),
            )
        )
    return nodes
