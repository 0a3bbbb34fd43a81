"""Perturbed dialogues as suite cases, each turn's answerability proven by prolog/dialogue.pl.

Every seed dialogue gives its original and each requested perturbation (``variants`` of each),
one ``TestCase(kind="dialogue")`` apiece. All dialogues go to Prolog together (batched), and
every proof is re-checked by dialogue.pl's checker before a case is made.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from kgtest.core.errors import ReasoningError
from kgtest.generator.case import Answer, DialogueMeta, EvidenceFact, TestCase, case_id
from kgtest.generator.dialogue.evidence import as_shown, shipped
from kgtest.generator.dialogue.perturb import ORIGINAL, Placement, perturb, rng_for
from kgtest.generator.dialogue.records import UNKNOWN, DialogueCase, Round, SeedDialogue, Story, Turn
from kgtest.prolog.answerability import Decision, DialogueGraph, StoryGraph, check, decide, failed_checks

INSTRUCTION = (
    "You will be asked questions about the story and the conversation so far. Answer each question "
    'short and precise, in a few words. If a question cannot be answered from them, answer "Unknown".'
)
"""What MORTAR tells the systems it tests (§4.2), word for word for CoQA's stories, whose every
answer is the story's; the runner sends it before the story."""
KNOWLEDGE_INSTRUCTION = (
    "You will be asked questions about the story and the conversation so far. Answer each question "
    "short and precise, in a few words, from them and from what you know. If it is not clear what a "
    'question asks about, answer "Unknown".'
)
"""For dialogues over a KB (or ConvQuestions): their story tells some of the topic's facts, and a
round it does not answer asks what the system must know ("What did he work as?": writer), so
MORTAR's "cannot be answered from them, answer Unknown" told the system to fail those rounds;
"Unknown" is expected where a reference does not resolve."""


@dataclass(frozen=True, slots=True)
class _Plan:
    seed: SeedDialogue
    perturbation: str
    variant: int
    placements: tuple[Placement, ...]


def dialogue_cases(
    seeds: Sequence[SeedDialogue],
    perturbations: Sequence[str],
    variants: int,
    seed: int,
    domains: Mapping[str, str] | None = None,
    evidence: Mapping[str, tuple[EvidenceFact, ...]] | None = None,
) -> tuple[list[TestCase], int]:
    """The original and the perturbed dialogues of every seed; also how many perturbations could
    not be made (a one-round dialogue cannot be shuffled)."""
    plans: list[_Plan] = []
    impossible = 0
    for s in seeds:
        plans.append(
            _Plan(s, ORIGINAL, 0, perturb(len(s.rounds), ORIGINAL, rng_for(seed, s.id, ORIGINAL, 0)) or ())
        )
        for name in perturbations:
            for v in range(1, variants + 1):
                placements = perturb(len(s.rounds), name, rng_for(seed, s.id, name, v))
                if placements is None:
                    impossible += 1
                else:
                    plans.append(_Plan(s, name, v, placements))
    graphs = [_graph(p.seed.story, p.seed.rounds, [x.origin for x in p.placements]) for p in plans]
    decisions = decide(graphs)
    failed = failed_checks(list(zip(graphs, decisions, strict=True)))
    if failed:
        p = plans[failed[0]]
        raise ReasoningError(
            f"dialogue.pl's checker refused its own proofs for {len(failed)} dialogue(s), e.g. "
            f"{p.perturbation}-{p.variant} of {p.seed.id}; this is a bug in prolog/dialogue.pl"
        )
    cases = [
        _case(p, d, (domains or {}).get(p.seed.id, "unknown"), (evidence or {}).get(p.seed.id, ()))
        for p, d in zip(plans, decisions, strict=True)
    ]
    return cases, impossible


def recheck(case: DialogueCase) -> bool:
    """Do the case's stored decisions still check (dialogue.pl), e.g. after the suite was edited?"""
    graph = _graph(case.story, case.rounds, [t.origin for t in case.turns])
    return check(graph, [t.decision for t in case.turns])


def _graph(story: Story | None, rounds: Sequence[Round], origins: Sequence[int]) -> DialogueGraph:
    """The dialogue as Prolog sees it: the story's graph, then each turn's round graph in order."""
    shown = as_shown([rounds[o - 1] for o in origins], shipped())
    return DialogueGraph(story.graph if story is not None else StoryGraph(), shown)


def _case(
    plan: _Plan, decisions: list[Decision], domain: str, evidence: tuple[EvidenceFact, ...]
) -> TestCase:
    s = plan.seed
    turns = tuple(
        Turn(
            position=i,
            origin=p.origin,
            copy=p.copy,
            judged=s.rounds[p.origin - 1].judged,
            expected=(UNKNOWN,) if d.answerable is False else s.rounds[p.origin - 1].answer,
            decision=d,
        )
        for i, (p, d) in enumerate(zip(plan.placements, decisions, strict=True), 1)
    )
    dialogue = DialogueCase(
        dialogue=s.id,
        source=s.source,
        perturbation=plan.perturbation,
        variant=plan.variant,
        title=s.title,
        topic=s.topic,
        story=s.story,
        concepts=s.concepts,
        rounds=s.rounds,
        turns=turns,
    )
    unanswerable = sum(t.answerable is False for t in turns)
    undecided = sum(t.answerable is None for t in turns)
    counts = f"{len(turns)} turns, {unanswerable} unanswerable"
    counts += f", {undecided} undecided" if undecided else ""
    return TestCase(
        id=case_id("dialogue", s.id, plan.perturbation, plan.variant),
        kind="dialogue",
        rule=plan.perturbation,
        domain=domain,
        question=f"{dialogue.name} of {s.title!r} ({s.id}): {counts}",
        prompt=INSTRUCTION if s.source == "coqa" else KNOWLEDGE_INSTRUCTION,
        expected=Answer.PER_ROUND,
        evidence=evidence,
        meta=DialogueMeta(
            source=s.source,
            turns=len(turns),
            unanswerable=unanswerable,
            undecided=undecided,
            checked_by="dialogue.pl",
        ),
        dialogue=dialogue,
    )
