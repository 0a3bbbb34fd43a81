"""Dialogue and conversation cases put through the one runner (runner/run.py) from a list, for tests.

The runner reads a suite file: these helpers write the cases to one in the workspace and read
the transcripts back in the shapes the oracles take (``RoundReply``, ``ChatRecord``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kgtest.core.settings import Settings
from kgtest.generator.case import TestCase, case_id, write_suite
from kgtest.generator.conversation.cases import conversation_cases
from kgtest.generator.conversation.script_records import Script
from kgtest.oracle.conversation_verdicts import conversation_records
from kgtest.runner.conversation import ChatRecord
from kgtest.runner.dialogue_rounds import Probe, RoundReply, round_replies
from kgtest.runner.manifest import read_manifest
from kgtest.runner.plan import RunPlan
from kgtest.runner.run import RunSummary
from kgtest.runner.sut import Sampling, SystemUnderTest
from kgtest.runner.transcript import read_transcripts
from tests.kinds import ask_suite


@dataclass(frozen=True, slots=True)
class DialogueRun:
    summary: RunSummary
    replies: list[RoundReply]

    @property
    def rounds(self) -> int:
        return len(self.replies)

    @property
    def distinct(self) -> int:
        return self.summary.asked + self.summary.cached


def run_dialogue_cases(
    cases: Sequence[TestCase],
    sut: SystemUnderTest,
    settings: Settings,
    *,
    history: str = "gold",
    probes: Sequence[Probe] = (),
    sampling: Sampling | None = None,
) -> DialogueRun:
    """The dialogue cases of ``cases`` asked through ``run_suite``."""
    suite = settings.paths.suites / f"{case_id(*(c.id for c in cases))}.jsonl"
    suite.parent.mkdir(parents=True, exist_ok=True)
    write_suite(suite, cases)
    plan = RunPlan(kinds=("dialogue",), history=history, probes=tuple(probes))
    summary = ask_suite(suite, sut, sampling or Sampling(), settings, plan=plan)
    return DialogueRun(summary, round_replies(read_transcripts(summary.replies_path)))


def hold(
    scripts: Sequence[Script],
    sut: SystemUnderTest,
    settings: Settings,
    *,
    partner: SystemUnderTest | None = None,
    context_tokens: int = 0,
    partner_context_tokens: int = 512,
    sampling: Sampling | None = None,
) -> list[ChatRecord]:
    """Conversations for ``scripts`` held through ``run_suite``, as the battery oracle reads them."""
    cases = conversation_cases(scripts)
    suite = settings.paths.suites / f"{case_id(*(c.id for c in cases))}.jsonl"
    suite.parent.mkdir(parents=True, exist_ok=True)
    write_suite(suite, cases)
    plan = RunPlan(
        kinds=("conversation",), context_tokens=context_tokens, partner_context_tokens=partner_context_tokens,
        partner=partner.spec if partner is not None else "script",
    )  # fmt: skip
    summary = ask_suite(suite, sut, sampling or Sampling(), settings, plan=plan, partner=partner)
    transcripts = list(read_transcripts(summary.replies_path))
    manifest = read_manifest(settings.paths.run(summary.run_id))
    return conversation_records(list(zip(cases, transcripts, strict=True)), manifest)
