"""Replies another harness got (inspect_ai, lm-evaluation-harness) judged as ``kgtest judge`` judges them.

The harness asks the model; kgtest only judges. Each reply becomes the transcript ``kgtest run``
would have written for its case (one exchange), and goes to its kind's own judge (the kind
registry's) with the oracles ``judge`` makes for the workspace (api/judging.py's ``oracle_kit``):
the same verdict, reasons and all, as ``kgtest judge`` gives the same reply. Only kinds asked as
one question per case are judged here: a dialogue's rounds or a conversation's turns are put
by kgtest's own drivers, and judged across cases (MR2 compares rounds of different dialogues).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import ExitStack
from types import TracebackType

from kgtest.api.judging import judge_settings_of, oracle_kit
from kgtest.api.kinds import KINDS
from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.api.workspace_kb import WorkspaceKb
from kgtest.core.errors import OracleError
from kgtest.core.pool import Spread
from kgtest.core.version import kgtest_version
from kgtest.generator.case import TestCase
from kgtest.oracle.kind_judge import JudgeContext
from kgtest.oracle.outcomes import JudgedReply
from kgtest.oracle.verdicts import by_judge
from kgtest.runner.drivers import SingleQuestion
from kgtest.runner.manifest import COMPLETE, PlanRecord, RunManifest
from kgtest.runner.sut import Reply, Sampling
from kgtest.runner.transcript import Exchange, Transcript

OUTSIDE = "outside"
"""The run id replies judged outside a kgtest run are judged under (nothing is written)."""


def single_question_kinds() -> tuple[str, ...]:
    """The registered kinds whose cases are one question each: those another harness can ask."""
    return tuple(k.name for k in KINDS if isinstance(KINDS.part(k.driver), SingleQuestion))


class ReplyJudge:
    """Judges replies to a workspace's cases, the oracles loaded once; close it (or use ``with``)."""

    def __init__(self, workspace: WorkspaceLike = None, system: str = OUTSIDE) -> None:
        settings = settings_of(workspace)
        self._stack = ExitStack()
        source = WorkspaceKb(settings, self._stack)
        kit = oracle_kit(settings, source, judge_settings_of(settings), Spread(workers=1))
        manifest = RunManifest(
            run_id=OUTSIDE, name=system, system=system, suite="", suite_sha256="", suite_info=None,
            system_prompt="", sampling=Sampling(), options=None, cases=0, kinds={}, plan=PlanRecord(),
            kgtest_version=kgtest_version(), status=COMPLETE,
        )  # fmt: skip
        self._context = JudgeContext(settings.paths.run(OUTSIDE), manifest, kit)
        self._kinds = single_question_kinds()

    def judge(self, replies: Sequence[tuple[TestCase, Reply]]) -> list[JudgedReply]:
        """One verdict per (case, reply), in order; nothing is written."""
        wrong = sorted({c.kind for c, _ in replies} - set(self._kinds))
        if wrong:
            raise OracleError(
                f"{wrong[0]} cases are asked by kgtest's own driver; judge them with `kgtest judge`"
            )
        pairs = [(c, Transcript(c.id, c.kind, (Exchange(1, c.prompt, "", r),))) for c, r in replies]
        judges = KINDS.judges(KINDS.known(tuple(c.kind for c, _ in replies)))
        found: dict[str, JudgedReply] = {}
        for group in by_judge(pairs, judges):
            found.update(judges[group[0][0].kind].judge(group, self._context).records)
        return [found[c.id] for c, _ in replies]

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> ReplyJudge:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
