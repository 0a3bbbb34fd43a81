"""A run's verdicts: every reply judged, kept beside the replies, and read back for reports.

``<workspace>/runs/<run id>/verdicts.jsonl`` holds one record per case, in suite order:
``{"case_id", "system", "outcome", "hallucination", "abstained", "reply", "verdict"}``, where
``verdict`` is the full evidence (``Verdict.to_dict()``) or null for a reply that failed.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgtest.core.errors import OracleError
from kgtest.core.files import atomic_writer
from kgtest.core.progress import Progress
from kgtest.generator.case import TestCase, read_suite
from kgtest.oracle.judge import Judge, Outcome, Verdict
from kgtest.oracle.report import JudgedCase
from kgtest.runner.run import read_replies, runs_dir
from kgtest.runner.sut import Reply

VERDICTS = "verdicts.jsonl"
NO_REPLY = "no_reply"
"""The system failed (timeout, HTTP error): nothing to judge."""
ABSTAINED = frozenset({Outcome.IDK.value, Outcome.REFUSAL.value, Outcome.AMBIGUOUS.value, NO_REPLY})
"""No clear Yes/No: counted apart from answered cases in reports."""


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


def run_cases(run_dir: Path) -> tuple[dict[str, Any], list[tuple[TestCase, Reply]]]:
    """The run's manifest and its (case, reply) pairs in suite order."""
    manifest_path = run_dir / "run.json"
    if not manifest_path.exists():
        raise OracleError(f"{run_dir} is not a kgtest run (no run.json); `kgtest run` makes one")
    manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
    if manifest.get("status") != "complete":
        raise OracleError(
            f"run {manifest.get('run_id')} did not finish; run the same `kgtest run` again first"
        )
    suite = Path(manifest["suite"])
    if not suite.exists():
        raise OracleError(f"run {manifest['run_id']} was made from {suite}, which no longer exists")
    cases = {c.id: c for c in read_suite(suite)}
    pairs = []
    for case_id, reply in read_replies(run_dir / "replies.jsonl"):
        if case_id not in cases:
            raise OracleError(f"{suite} has no case {case_id}; was the suite regenerated after the run?")
        pairs.append((cases[case_id], reply))
    return manifest, pairs


def judge_run(
    run_dir: Path, judge: Judge, batch_size: int = 256, progress: Progress | None = None
) -> JudgeSummary:
    """Judge every reply of a finished run and write verdicts.jsonl atomically."""
    manifest, pairs = run_cases(run_dir)
    answered = [(i, case, reply.text) for i, (case, reply) in enumerate(pairs) if reply.ok]
    verdicts: dict[int, Verdict] = {}
    for start in range(0, len(answered), batch_size):
        batch = answered[start : start + batch_size]
        for (i, _, _), verdict in zip(batch, judge.judge_many((c, t) for _, c, t in batch), strict=True):
            verdicts[i] = verdict
        if progress:
            progress("verdicts", len(verdicts), len(answered))
    path = run_dir / VERDICTS
    outcomes: dict[str, int] = {}
    with atomic_writer(path) as out:
        for i, (case, reply) in enumerate(pairs):
            record = _record(case, reply, verdicts.get(i))
            outcomes[record["outcome"]] = outcomes.get(record["outcome"], 0) + 1
            out.write(json.dumps(record, ensure_ascii=False, sort_keys=True, default=str) + "\n")
    return JudgeSummary(manifest, path, len(pairs), dict(sorted(outcomes.items())))


def _record(case: TestCase, reply: Reply, verdict: Verdict | None) -> dict[str, Any]:
    outcome = verdict.outcome.value if verdict else NO_REPLY
    return {
        "case_id": case.id,
        "system": reply.system,
        "outcome": outcome,
        "hallucination": bool(verdict and verdict.hallucination),
        "abstained": outcome in ABSTAINED,
        "reply": reply.text if reply.ok else f"(no reply: {reply.error})",
        "verdict": verdict.to_dict() if verdict else None,
    }


def read_verdicts(run_dir: Path) -> Iterator[dict[str, Any]]:
    path = run_dir / VERDICTS
    if not path.exists():
        raise OracleError(f"{run_dir.name} has not been judged yet; run `kgtest judge {run_dir.name}`")
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def report_rows(run_dir: Path) -> list[JudgedCase]:
    """The run's verdicts as the report sees them."""
    _, pairs = run_cases(run_dir)
    cases = {case.id: case for case, _ in pairs}
    rows = []
    for record in read_verdicts(run_dir):
        case = cases[record["case_id"]]
        answer = record["verdict"]["answer"]["stance"] if record["verdict"] else ""
        rows.append(
            JudgedCase(
                sut=record["system"],
                case_id=case.id,
                kind=case.kind,
                rule=case.rule,
                domain=case.domain,
                question=case.question,
                expected=case.expected.value,
                answer=str(answer),
                outcome=record["outcome"],
                hallucinated=record["hallucination"],
                abstained=record["abstained"],
                reply=record["reply"],
            )
        )
    return rows


def find_run(workspace: Path, ref: str) -> Path:
    """A run by id, unique id prefix, or ``latest``."""
    root = runs_dir(workspace)
    runs = (
        sorted((p for p in root.glob("*/run.json")), key=lambda p: p.stat().st_mtime) if root.exists() else []
    )
    if not runs:
        raise OracleError(f"no runs in {root}; make one with `kgtest run SUITE --sut SPEC`")
    if ref == "latest":
        return runs[-1].parent
    matches = [p.parent for p in runs if p.parent.name.startswith(ref)]
    if len(matches) != 1:
        known = ", ".join(p.parent.name for p in runs)
        raise OracleError(f"{'no' if not matches else 'more than one'} run matches {ref!r}; runs: {known}")
    return matches[0]
