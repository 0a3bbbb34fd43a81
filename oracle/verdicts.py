"""A run's verdicts: every case judged by the judge of its kind, kept beside the replies.

``judge_run`` gives each kind's cases to that kind's ``KindJudge`` (the kind registry's,
api/kinds.py): fact and temporal cases to the fact oracle (oracle/single_turn.py), dialogue
cases to MORTAR's relations (oracle/dialogue_verdicts.py), conversations to the battery's
tests and SWAN (oracle/conversation_verdicts.py). Every case gets one ``JudgedReply`` in
``verdicts.jsonl`` (oracle/outcomes.py), in suite order; each kind keeps its own detail beside
it, which oracle/run_verdicts.py reads back with the verdicts.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from kgtest.core.errors import OracleError
from kgtest.core.files import atomic_writer
from kgtest.core.progress import Progress
from kgtest.core.workspace import RunFiles
from kgtest.kg.run_graph import ClaimNode, ReplyNode
from kgtest.oracle.kind_judge import JudgeContext, KindJudge, OracleKit
from kgtest.oracle.outcomes import ABSTAINED, NO_REPLY, TRUNCATED, UNJUDGED, JudgedReply
from kgtest.runner.manifest import RunManifest
from kgtest.runner.runs import Pairs, run_cases


@dataclass(frozen=True, slots=True)
class JudgeSummary:
    manifest: RunManifest
    """The run's manifest, as judged."""
    path: Path
    cases: int
    outcomes: dict[str, int]
    kinds: dict[str, int] = dataclasses.field(default_factory=dict)
    """Cases per kind."""

    @property
    def run_id(self) -> str:
        return self.manifest.run_id

    @property
    def system(self) -> str:
        return self.manifest.system


def judge_run(
    run: RunFiles,
    judges: Mapping[str, KindJudge],
    kit: OracleKit,
    batch_size: int = 256,
    progress: Progress | None = None,
) -> JudgeSummary:
    """Judge every case of a finished run, each by its kind's judge; write verdicts.jsonl atomically.

    Kinds that share a judge are judged together (fact and temporal replies in one batch)."""
    manifest, pairs = run_cases(run)
    unknown = sorted({c.kind for c, _ in pairs} - set(judges))
    if unknown:
        raise OracleError(
            f"run {run.run_id} has cases of kind {unknown[0]!r}; kgtest judges {', '.join(judges)}"
        )
    context = JudgeContext(run, manifest, kit, progress, batch_size)
    records: dict[str, JudgedReply] = {}
    for group in by_judge(pairs, judges):
        judge = judges[group[0][0].kind]
        found = judge.judge(group, context)
        judge.keep(run, found.detail)
        records.update(found.records)
    with atomic_writer(run.verdicts) as out:
        for case, _ in pairs:
            out.write(
                json.dumps(records[case.id].to_dict(), ensure_ascii=False, sort_keys=True, default=str) + "\n"
            )
    outcomes = Counter(r.outcome for r in records.values())
    kinds = Counter(c.kind for c, _ in pairs)
    return JudgeSummary(manifest, run.verdicts, len(pairs), dict(sorted(outcomes.items())), dict(kinds))


def by_judge(pairs: Pairs, judges: Mapping[str, KindJudge]) -> list[Pairs]:
    """The pairs grouped by the judge of their kind, in the order each judge first comes up."""
    groups: dict[int, Pairs] = {}
    for pair in pairs:
        groups.setdefault(id(judges[pair[0].kind]), []).append(pair)
    return list(groups.values())


def read_verdicts(run: RunFiles) -> Iterator[JudgedReply]:
    """verdicts.jsonl back as the records ``judge_run`` wrote."""
    if not run.verdicts.exists():
        raise OracleError(f"{run.run_id} has not been judged yet; run `kgtest judge {run.run_id}`")
    with run.verdicts.open("rb") as lines:
        for number, raw in enumerate(lines, 1):
            try:
                yield JudgedReply.from_dict(json.loads(raw.decode("utf-8")))
            except UnicodeDecodeError as exc:  # a damaged file: judging again rewrites it
                byte = f"byte 0x{raw[exc.start]:02x} at column {exc.start + 1}"
                raise OracleError(
                    f"{run.verdicts}:{number}: not UTF-8 ({byte}); run `kgtest judge {run.run_id}` again"
                ) from None
            except (ValueError, TypeError) as exc:  # RecordError is a ValueError
                raise OracleError(f"{run.verdicts}:{number}: not a kgtest verdict: {exc}") from exc


def reply_nodes(manifest: RunManifest, suite: str, records: Iterable[JudgedReply]) -> list[ReplyNode]:
    """What a judged run writes to the graph store (kg/run_graph.py), linked to suite ``suite``."""
    run = manifest.run_id
    sampling = {k: v for k, v in dataclasses.asdict(manifest.sampling).items() if isinstance(v, int | float)}
    nodes = []
    for record in records:
        verdict = record.verdict
        reasons = record.why
        nodes.append(
            ReplyNode(
                id=f"{run}#{record.case_id}",
                run=run,
                system=manifest.name,  # the user's name for it, as everywhere else
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
    "ABSTAINED", "NO_REPLY", "TRUNCATED", "UNJUDGED", "JudgeSummary", "JudgedReply",
    "by_judge", "judge_run", "read_verdicts", "reply_nodes",
]  # fmt: skip
