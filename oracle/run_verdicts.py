"""A judged run as one record: its manifest, its cases and transcripts, every verdict, and each
kind's detail. The report, the graph writer, the gate, JUnit and ``inspect`` read judged runs
through this record and nothing else."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from kgtest.core.errors import OracleError
from kgtest.core.workspace import RunFiles
from kgtest.generator.case import TestCase
from kgtest.oracle.kind_judge import KindJudge
from kgtest.oracle.outcomes import JudgedReply
from kgtest.oracle.scores import KindScore, read_scores
from kgtest.oracle.verdicts import read_verdicts
from kgtest.runner.manifest import RunManifest
from kgtest.runner.runs import Pairs, run_cases
from kgtest.runner.transcript import Transcript

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class RunVerdicts:
    """Everything ``kgtest judge`` left of one run."""

    files: RunFiles
    manifest: RunManifest
    pairs: Pairs
    """The run's cases with their transcripts, in suite order."""
    records: tuple[JudgedReply, ...]
    """One verdict per case, in suite order."""
    details: Mapping[str, object] = field(default_factory=dict)
    """Each kind's detail (``KindJudge.detail``): the dialogue checks, the conversation audit."""
    scores: tuple[KindScore, ...] = ()
    """Each kind's headline score, beside the know-nothing baselines' (oracle/chance.py)."""

    @property
    def whole(self) -> str:
        """The run id; for a shard's run (``run --shard K/N``), what every shard of its suite's run
        has in common, so that reports read the shards as one run."""
        manifest = self.manifest
        if not manifest.shard:
            return manifest.run_id
        info = {k: v for k, v in (manifest.suite_info or {}).items() if k not in ("cases", "shard")}
        same = [manifest.name, manifest.system, manifest.system_prompt, manifest.sampling]
        return json.dumps([manifest.shard.split("/")[1], info, *same], sort_keys=True, default=str)

    def score(self, kind: str) -> KindScore | None:
        return next((s for s in self.scores if s.kind == kind), None)

    @property
    def run_id(self) -> str:
        return self.manifest.run_id

    def of_kinds(self, kinds: tuple[str, ...]) -> list[tuple[TestCase, Transcript, JudgedReply]]:
        """The cases of ``kinds`` with their transcripts and verdicts."""
        by_id = {r.case_id: r for r in self.records}
        return [(c, t, by_id[c.id]) for c, t in self.pairs if c.kind in kinds]

    def detail(self, kind: str, of: type[T]) -> T | None:
        """The detail of ``kind`` as a ``of``; None when the run has none of that kind."""
        found = self.details.get(kind)
        if found is not None and not isinstance(found, of):
            raise OracleError(
                f"run {self.run_id}: the {kind} detail is a {type(found).__name__}, not {of.__name__}"
            )
        return found


def read_run_verdicts(run: RunFiles, judges: Mapping[str, KindJudge]) -> RunVerdicts:
    """A judged run read back whole; OracleError names what is missing or does not fit."""
    manifest, pairs = run_cases(run)
    records = tuple(read_verdicts(run))
    cases = {case.id for case, _ in pairs}
    for record in records:
        if record.case_id not in cases:
            raise OracleError(f"{run.verdicts}: case {record.case_id} is not in the run; judge it again")
    kinds = dict.fromkeys(c.kind for c, _ in pairs)
    details = {
        kind: found for kind in kinds if kind in judges and (found := judges[kind].detail(run)) is not None
    }
    return RunVerdicts(run, manifest, pairs, records, details, read_scores(run.scores))
