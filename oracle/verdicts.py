"""A run's verdicts: every case judged by the judge of its kind, kept beside the replies.

``judge_run`` dispatches each kind to its oracle: fact and temporal cases to the fact oracle
(oracle/judge.py), dialogue cases to MORTAR's relations (oracle/dialogue_verdicts.py),
conversations to the battery's tests and SWAN (oracle/conversation_verdicts.py). Every case
gets one ``JudgedReply`` in ``verdicts.jsonl`` (oracle/outcomes.py), in suite order; the
dialogue checks go to ``dialogue.json`` and the battery's audit to ``battery/``.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kgtest.core.errors import OracleError, RunnerError
from kgtest.core.files import atomic_writer
from kgtest.core.pool import Spread
from kgtest.core.progress import Progress
from kgtest.core.shard import Shard
from kgtest.core.workspace import BatteryFiles, RunFiles, Workspace
from kgtest.generator.case import TestCase, read_suite
from kgtest.kg.run_graph import ClaimNode, ReplyNode
from kgtest.oracle.judge import Judge, Verdict
from kgtest.oracle.outcomes import ABSTAINED, NO_REPLY, TRUNCATED, UNJUDGED, JudgedReply
from kgtest.oracle.pool import JudgeRecipe, judge_batch, pool_size, verdict_batches
from kgtest.runner.manifest import COMPLETE, list_runs, read_manifest, status_of
from kgtest.runner.sut import Reply
from kgtest.runner.transcript import Transcript, read_transcripts

if TYPE_CHECKING:  # each kind's judge is imported by the first run that has such cases (0.3 s of them)
    from kgtest.oracle.battery.audit import Auditor
    from kgtest.oracle.kb import KbLookup
    from kgtest.oracle.metamorphic.mss import MixedSimilarity
    from kgtest.oracle.metamorphic.relations import Epsilons


@dataclass(frozen=True, slots=True)
class Judges:
    """The oracle of each kind, made on first use: a run of fact cases loads no dialogue model."""

    fact: Callable[[], Judge]
    dialogue: Callable[[], tuple[MixedSimilarity, Epsilons, KbLookup | None]]
    conversation: Callable[[], Auditor]
    spread: Spread = dataclasses.field(default_factory=Spread)
    """Where fact and temporal replies are judged: here, on worker processes, or on a Dask cluster."""
    recipe: Callable[[], JudgeRecipe] | None = None
    """How a worker makes the fact oracle; needed when ``spread`` is parallel."""


@dataclass(frozen=True, slots=True)
class JudgeSummary:
    manifest: dict[str, Any]
    """The run's run.json, as judged."""
    path: Path
    cases: int
    outcomes: dict[str, int]
    kinds: dict[str, int] = dataclasses.field(default_factory=dict)
    """Cases per kind."""

    @property
    def run_id(self) -> str:
        return str(self.manifest["run_id"])

    @property
    def system(self) -> str:
        return str(self.manifest["system"])


def find_run(workspace: Workspace, ref: str, shard: Shard | None = None) -> RunFiles:
    """A run by id, unique id prefix, or ``latest`` (the complete run that finished last).

    With ``shard``, only the runs of that shard (``kgtest run --shard K/N``) are candidates.
    """
    runs = list_runs(workspace)
    if shard is not None:
        runs = [r for r in runs if r.shard == str(shard)]
    of = f" of shard {shard}" if shard is not None else ""
    if not runs:
        raise OracleError(f"no runs{of} in {workspace.runs}; make one with `kgtest run SUITE --sut SPEC`")
    if ref == "latest":
        finished = [r for r in runs if r.status == COMPLETE]
        if not finished:
            last = runs[-1]
            raise OracleError(
                f"no run{of} has finished: the last one, {last.run_id}, is {last.status}"
                + (f" ({last.error})" if last.error else "")
                + "; run the same `kgtest run` again to finish it (`kgtest runs` lists them all)"
            )
        return max(finished, key=lambda r: (r.finished, r.started)).files
    matches = [r for r in runs if r.run_id.startswith(ref)]
    if len(matches) != 1:
        known = ", ".join(r.run_id for r in runs)
        how_many = "more than one" if matches else "no"
        raise OracleError(f"{how_many} run{of} matches {ref!r}; runs{of}: {known}")
    return matches[0].files


def run_cases(run: RunFiles) -> tuple[dict[str, Any], list[tuple[TestCase, Transcript]]]:
    """The run's manifest and its (case, transcript) pairs in suite order; OracleError says what is wrong."""
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
        for transcript in read_transcripts(run.replies):
            case = cases.get(transcript.case_id)
            if case is None:
                raise OracleError(
                    f"{suite} has no case {transcript.case_id}; was the suite regenerated after the run?"
                )
            pairs.append((case, transcript))
    except RunnerError as exc:
        raise OracleError(str(exc)) from exc
    return manifest, pairs


def battery_files(run: RunFiles) -> BatteryFiles:
    """Where a run's conversations' audit is kept: ``battery/`` in the run's folder."""
    return BatteryFiles(run.folder / "battery")


def judge_run(
    run: RunFiles, judges: Judges | Judge, batch_size: int = 256, progress: Progress | None = None
) -> JudgeSummary:
    """Judge every case of a finished run, each by the oracle of its kind; write verdicts.jsonl atomically."""
    if isinstance(judges, Judge):
        judges = _fact_only(judges)
    manifest, pairs = run_cases(run)
    records: dict[str, JudgedReply] = {}
    single = [(c, t.reply) for c, t in pairs if c.shape == "single"]
    if single:
        records.update(_judge_single(single, judges, batch_size, progress))
    dialogues = [(c, t) for c, t in pairs if c.shape == "dialogue"]
    if dialogues:
        from kgtest.oracle.dialogue_verdicts import judge_dialogues, write_judgement

        if progress:
            progress("dialogue checks", 0, len(dialogues))
        similarity, epsilons, kb = judges.dialogue()
        judgement, found = judge_dialogues(dialogues, similarity, epsilons, kb)
        write_judgement(run.folder / "dialogue.json", judgement)
        records.update(found)
        if progress:
            progress("dialogue checks", len(dialogues), len(dialogues))
    talks = [(c, t) for c, t in pairs if c.shape == "conversation"]
    if talks:
        from kgtest.oracle.battery.audit import write_result
        from kgtest.oracle.conversation_verdicts import judge_conversations

        if progress:
            progress("conversations", 0, len(talks))
        result, found = judge_conversations(talks, manifest, judges.conversation())
        files = battery_files(run)
        files.folder.mkdir(parents=True, exist_ok=True)
        write_result(files, result)
        records.update(found)
        if progress:
            progress("conversations", len(talks), len(talks))
    with atomic_writer(run.verdicts) as out:
        for case, _ in pairs:
            out.write(
                json.dumps(records[case.id].to_dict(), ensure_ascii=False, sort_keys=True, default=str) + "\n"
            )
    outcomes = Counter(r.outcome for r in records.values())
    kinds = Counter(c.kind for c, _ in pairs)
    return JudgeSummary(manifest, run.verdicts, len(pairs), dict(sorted(outcomes.items())), dict(kinds))


def _fact_only(judge: Judge) -> Judges:
    def refuse() -> Any:
        raise OracleError("this judge was given only the fact oracle; judge dialogues with `kgtest judge`")

    return Judges(fact=lambda: judge, dialogue=refuse, conversation=refuse)


def _judge_single(
    pairs: list[tuple[TestCase, Reply]], judges: Judges, batch_size: int, progress: Progress | None
) -> dict[str, JudgedReply]:
    """The fact oracle over single-turn cases, in batches; a judge is made only if a reply needs one.

    With a parallel ``judges.spread`` the same batches go to worker processes (oracle/pool.py).
    """
    answered = [(i, case, reply.text) for i, (case, reply) in enumerate(pairs) if reply.ok]
    batches = [answered[start : start + batch_size] for start in range(0, len(answered), batch_size)]
    work = [[(c, t) for _, c, t in batch] for batch in batches]
    if not batches:
        found: Iterable[list[Verdict | str]] = []
    elif judges.recipe is not None and (judges.spread.dask or pool_size(judges.spread, len(batches)) > 1):
        found = verdict_batches(judges.recipe(), work, judges.spread)
    else:
        judge = judges.fact()
        found = (judge_batch(judge, batch) for batch in work)
    verdicts: dict[int, Verdict | str] = {}
    for batch, results in zip(batches, found, strict=True):
        for (i, _, _), verdict in zip(batch, results, strict=True):
            verdicts[i] = verdict
        if progress:
            progress("verdicts", len(verdicts), len(answered))
    return {case.id: _judged(case, reply, verdicts.get(i)) for i, (case, reply) in enumerate(pairs)}


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
        kind=case.kind,
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
        reasons = record.why
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
                reasons=reasons,
                verdict=json.dumps(verdict.to_dict() if verdict else {}, sort_keys=True),
                sampling=sampling,
                claims=tuple(
                    ClaimNode(t.subject, t.relation, t.object, t.negated, t.sentence)
                    for t in (verdict.triples if verdict else ())
                ),
            )
        )
    return nodes


__all__ = [
    "ABSTAINED", "NO_REPLY", "TRUNCATED", "UNJUDGED", "JudgeSummary", "JudgedReply", "Judges",
    "battery_files", "find_run", "judge_run", "read_verdicts", "reply_nodes", "run_cases",
]  # fmt: skip
