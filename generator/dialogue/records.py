"""The records of the dialogue stage: seed dialogues, their rounds, and perturbed dialogues as cases.

A seed dialogue (from the KB, a CoQA story or a ConvQuestions conversation) is a story and
rounds of question and gold answer, each round with its graph (``RoundGraph``: what the
question names and leaves out, what the round states). A perturbation reorders, drops or
repeats rounds; each turn of the result keeps its origin (which round, which copy) and the
answerability decision Prolog proved for it. ``DialogueCase`` is the typed part of a
``TestCase(kind="dialogue")``; docs/suite-format.md describes its JSON.

Nothing here depends on a system under test: earlier turns are shown with their expected
answers (the gold answer, or "Unknown" where the turn is unanswerable; an undecided turn shows
the gold answer, and is asked but not judged by what its answer should be).
"""

from __future__ import annotations

from dataclasses import dataclass

from kgtest.prolog.answerability import Decision, RoundGraph, StoryGraph

UNKNOWN = "Unknown"
"""The expected answer of a question that cannot be answered from what comes before it."""


@dataclass(frozen=True, slots=True)
class Concept:
    """An entity as the dialogue knows it: one canonical name for every way it is mentioned."""

    key: str
    """Unique in the dialogue: the KB id where linked (``Q7186``), else a normalised name."""
    label: str
    kb_id: str = ""
    """The KB entity it is linked to, where one matches."""
    kind: str = ""
    """``person``, ``thing``, ``group``, ``year``..., as far as the source says."""


@dataclass(frozen=True, slots=True)
class Round:
    """One question with its gold answer, and what it needs and says."""

    number: int
    """Its place in the seed dialogue, from 1."""
    question: str
    answer: tuple[str, ...]
    """Accepted gold answers, the canonical one first (an entity's label, then its other names)."""
    rewrite: str
    """The question decontextualised: pronouns and ellipsis filled in."""
    graph: RoundGraph
    judged: bool = True
    """False for rounds kept only as context (CoQA marks some gold answers as bad)."""
    kb_facts: tuple[str, ...] = ()
    """Ids of the KB facts the gold answer rests on (KB-built and KB-linked rounds)."""


@dataclass(frozen=True, slots=True)
class Story:
    text: str
    graph: StoryGraph


@dataclass(frozen=True, slots=True)
class SeedDialogue:
    """An original dialogue, before any perturbation."""

    id: str
    source: str
    """``kb``, ``coqa`` or ``convquestions``."""
    title: str
    topic: str
    """The concept the dialogue is about (empty where the source does not say)."""
    story: Story | None
    concepts: tuple[Concept, ...]
    rounds: tuple[Round, ...]


@dataclass(frozen=True, slots=True)
class Turn:
    """A round as asked in a perturbed dialogue."""

    position: int
    """Where it is asked, from 1."""
    origin: int
    """The round of the seed dialogue it is (``Round.number``)."""
    copy: int
    """0 for the round's first appearance, 1 for its duplicate (DD, DSD)."""
    judged: bool
    expected: tuple[str, ...]
    """``("Unknown",)`` where unanswerable here, else the round's gold answers; also what later turns see."""
    decision: Decision
    """Answerable, unanswerable or undecided, with its proof (prolog/dialogue.pl)."""

    @property
    def answerable(self) -> bool | None:
        """True, False, or None where undecided: such a turn is asked but left out of MR1, MR3 and
        the "Unknown" expectation."""
        return self.decision.answerable


@dataclass(frozen=True, slots=True)
class DialogueCase:
    """A perturbed dialogue: the seed's story and rounds, and the turns in the order asked."""

    dialogue: str
    """The seed dialogue's id: variants of one seed share it."""
    source: str
    perturbation: str
    """``original``, ``DS``, ``DR``, ``DD``, ``DSR`` or ``DSD``."""
    variant: int
    """1, 2 ... for several variants of one perturbation; 0 for the original."""
    title: str
    topic: str
    story: Story | None
    concepts: tuple[Concept, ...]
    rounds: tuple[Round, ...]
    """The seed dialogue's rounds, in their original order; turns point at them by ``origin``."""
    turns: tuple[Turn, ...]

    @property
    def name(self) -> str:
        """``DR-2``: the perturbation and its variant, as queries and reports name it."""
        return self.perturbation if not self.variant else f"{self.perturbation}-{self.variant}"

    def round(self, number: int) -> Round:
        return self.rounds[number - 1]

    def story_holds(self, number: int) -> bool:
        """Whether the story tells what round ``number`` asks: CoQA's answers are the story's; a KB
        dialogue's story tells some of the topic's facts, so a question it does not answer asks
        what the system must know (any value of a property counts: every value is accepted)."""
        if self.story is None:
            return False
        if self.source == "coqa":
            return True
        asked = self.round(number).graph.states
        if not asked:
            return False
        told = self.story.graph.states
        last = asked[-1]  # what the round asks; a relative's link comes before it
        if self.round(number).graph.frame.startswith("yes:"):
            return last in told
        return any((s.subject, s.relation) == (last.subject, last.relation) for s in told)

    def answerability(self, position: int) -> str:
        """The turn at ``position`` as people read it. "Answerable" means only that the question's
        references resolve (its pronouns, mentions and ellipses); whether the story holds the
        answer is said apart, as a KB dialogue asks facts its story does not tell."""
        turn = self.turns[position - 1]
        if turn.answerable is None:
            return "undecided"
        if not turn.answerable:
            return "unanswerable"
        if self.story is None:
            return "answerable: references resolve; no story"
        if self.story_holds(turn.origin):
            return "answerable: references resolve; the story holds the answer"
        return "answerable: references resolve; the answer is not in the story"
