"""Dialogue cases judged: MORTAR's relations over a run's rounds, kept as one file, and a verdict per case.

``judge_dialogues`` checks MR1-MR3 (oracle/metamorphic/) over every complete dialogue case of a
run and gives each case one ``JudgedReply`` (``consistent`` when every check its rounds take
part in passed, ``inconsistent`` otherwise, ``unjudged`` while a round is missing); the checks
themselves and the rounds left out go to ``dialogue.json`` beside the run's verdicts, which
the report's MORTAR tables and drill-downs read.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kgtest.core.errors import OracleError
from kgtest.core.files import write_atomic
from kgtest.core.records import from_plain, to_plain
from kgtest.core.workspace import RunFiles
from kgtest.generator.case import TestCase
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.kind_judge import Credit, JudgeContext, KindVerdicts
from kgtest.oracle.metamorphic.mss import MixedSimilarity
from kgtest.oracle.metamorphic.relations import Check, Epsilons, check_relations
from kgtest.oracle.metamorphic.rounds import Unjudged, answered_rounds
from kgtest.oracle.outcomes import CONSISTENT, INCONSISTENT, NO_REPLY, UNJUDGED, JudgedReply
from kgtest.runner.dialogue_rounds import round_replies
from kgtest.runner.transcript import Transcript


@dataclass(frozen=True, slots=True)
class DialogueJudgement:
    """A run's dialogue checks, what was left out, and under which thresholds."""

    epsilons: Epsilons
    checks: tuple[Check, ...]
    unjudged: tuple[Unjudged, ...]
    rounds: int = 0
    """Dialogue rounds answered and judged by turn (baselines' questions not counted)."""
    undecided: int = 0
    """Of those, the rounds whose answerability the reader left undecided (not judged by MR1, MR3)."""

    @property
    def coverage(self) -> float | None:
        """The share of rounds whose answerability was decided; None where no round was answered."""
        return (self.rounds - self.undecided) / self.rounds if self.rounds else None


class DialogueJudge:
    """MORTAR's relations over a run's dialogue cases, the checks kept in ``dialogue.json``."""

    def judge(self, pairs: Sequence[tuple[TestCase, Transcript]], context: JudgeContext) -> KindVerdicts:
        progress, kit = context.progress, context.kit
        if progress:
            progress("dialogue checks", 0, len(pairs))
        config = kit.settings.dialogue
        epsilons = Epsilons(answerable=config.epsilon_a, between=config.epsilon_b)
        # KB dialogues' answers are read with the workspace's KB, when it has one (CoQA needs none)
        judgement, found = judge_dialogues(pairs, MixedSimilarity(kit.embedder()), epsilons, kit.kb)
        if progress:
            progress("dialogue checks", len(pairs), len(pairs))
        return KindVerdicts(found, judgement)

    def keep(self, run: RunFiles, detail: object | None) -> None:
        assert isinstance(detail, DialogueJudgement)
        write_judgement(run.dialogue, detail)

    def detail(self, run: RunFiles) -> DialogueJudgement:
        return read_judgement(run.dialogue)

    def credit(self, records: Sequence[JudgedReply], detail: object | None) -> Credit:
        """A round earns 1 when its answer is right (MR1: the gold answer, or "Unknown" where the
        round cannot be answered) and every other check it takes part in holds; a wrong answer
        earns nothing however consistent. Baselines' questions count only through the checks."""
        assert isinstance(detail, DialogueJudgement)
        return round_credit(detail)


def round_credit(judgement: DialogueJudgement) -> Credit:
    """Each judged round's credit (``case#position``): right and consistent, or not."""
    right: dict[str, bool] = {}
    held: dict[str, bool] = {}
    for check in judgement.checks:
        for side in (check.left, check.right):
            if side is None or side.baseline:
                continue
            key = f"{side.case_id}#{side.position}"
            held[key] = held.get(key, True) and check.passed
            if check.relation == "MR1":
                right[key] = check.passed
    units = {key: float(ok and held[key]) for key, ok in right.items()}
    return Credit("rounds right and consistent", units, sum(units.values()) / len(units) if units else None)


def judge_dialogues(
    pairs: Sequence[tuple[TestCase, Transcript]],
    similarity: MixedSimilarity,
    epsilons: Epsilons,
    kb: KbLookup | None = None,
) -> tuple[DialogueJudgement, dict[str, JudgedReply]]:
    """MR1-MR3 over the dialogue cases of ``pairs``; a verdict per case, by case id.

    ``kb`` names and relates the entities of KB dialogues' answers (docs/metamorphic.md)."""
    cases = [c for c, _ in pairs]
    answered, unjudged = answered_rounds(cases, round_replies(t for _, t in pairs))
    checks = check_relations(answered, similarity, epsilons, kb=kb) if answered else []
    rounds = [a for a in answered if not a.baseline]
    undecided = sum(a.answerable is None for a in rounds)
    judgement = DialogueJudgement(epsilons, tuple(checks), tuple(unjudged), len(rounds), undecided)
    return judgement, {case.id: record for case, record in _records(pairs, judgement)}


def _records(
    pairs: Sequence[tuple[TestCase, Transcript]], judgement: DialogueJudgement
) -> list[tuple[TestCase, JudgedReply]]:
    mine: dict[str, list[Check]] = defaultdict(list)
    owned: dict[str, list[Check]] = defaultdict(list)
    for check in judgement.checks:
        owned[check.left.case_id].append(check)  # counted once, with its first side
        for side in (check.left, check.right):
            if side is not None:
                mine[side.case_id].append(check)
    left_out = {u.case_id: u.reason for u in judgement.unjudged if u.position == 0}
    out = []
    for case, transcript in pairs:
        system = transcript.reply.system if transcript.exchanges else ""
        checks = mine.get(case.id, [])
        failed = [c for c in checks if not c.passed]
        if case.id in left_out or not checks:
            outcome = (
                UNJUDGED
                if transcript.exchanges and any(e.reply.ok for e in transcript.exchanges)
                else NO_REPLY
            )
            reasons: tuple[str, ...] = (left_out.get(case.id, "no round of it could be judged"),)
        else:
            outcome = INCONSISTENT if failed else CONSISTENT
            reasons = tuple(_reason(c) for c in failed) or (f"{len(checks)} checks passed",)
        out.append((case, JudgedReply(
            case_id=case.id, system=system, outcome=outcome,
            hallucination=any(c.relation == "MR1" and c.left.answerable is True for c in failed),
            abstained=outcome in (UNJUDGED, NO_REPLY), reply=_summary(transcript), verdict=None,
            kind=case.kind, reasons=reasons, checks=len(owned[case.id]),
            passed_checks=sum(c.passed for c in owned[case.id]),
        )))  # fmt: skip
    return out


def _reason(check: Check) -> str:
    left = check.left
    where = f"round {left.position} of {left.variant}"
    if check.right is None:
        want = " / ".join(left.expected) if left.answerable else "Unknown"
        said = f"answered {left.answer!r:.80}, expected {want!r:.60}"
        return f"{check.relation}: {where} {said} (MSS {check.mss:.2f})"
    right = check.right
    return (
        f"{check.relation}: {where} answered {left.answer!r:.60}; round {right.position} of {right.variant} "
        f"answered {right.answer!r:.60} (MSS {check.mss:.2f})"
    )


def _summary(transcript: Transcript) -> str:
    """The case's answers, one per round, as the verdict's reply."""
    return "\n".join(
        f"{e.position}{f' [{e.variant}]' if e.variant else ''}: "
        + (e.reply.text if e.reply.ok else f"(no reply: {e.reply.error})")
        for e in transcript.exchanges
    )


def write_judgement(path: Path, judgement: DialogueJudgement) -> None:
    write_atomic(path, json.dumps(to_plain(judgement), ensure_ascii=False, sort_keys=True) + "\n")


def read_judgement(path: Path) -> DialogueJudgement:
    """``dialogue.json`` back; OracleError names the file when it is not one."""
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        return from_plain(DialogueJudgement, data, where=str(path))
    except FileNotFoundError:
        raise OracleError(f"{path} is missing; judge the run again with `kgtest judge`") from None
    except (ValueError, TypeError) as exc:
        raise OracleError(f"{path}: not a kgtest dialogue judgement: {exc}") from None
