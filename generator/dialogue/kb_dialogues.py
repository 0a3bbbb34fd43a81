"""Seed dialogues written from the KB: a topic, a short story, and rounds that refer back.

MORTAR extracts round graphs from existing dialogues with an LLM (and reached kappa 0.6);
here kgtest writes the dialogue itself, so every round's graph is exact: which facts it
states, which entity each pronoun stands for, which question an ellipsis continues. A
dialogue is about one topic with a rich neighbourhood (at least ``MIN_ASKS`` askable
properties); its rounds mix these moves:

* ask the topic, by name or pronoun:           "Where was she born?"
* continue the last question for a relative:   "And her husband?"        (ellipsis)
* ask about a relative:                         "When did her husband die?"
* ask about an earlier answer:                  "Which country is that city in?"  (mention)
* confirm one value, then ask for another:      "Is it true that she received X?" ... "What was
                                                 another award of hers?"  (needs the first)

Pronouns only ever stand for the topic, and "that city" only for an entity whose class no
other entity of the dialogue shares, so no perturbation can change what a phrase refers to;
what a perturbation can do is take away what the phrase needs.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from kgtest.generator.dialogue.kb_index import KbIndex, Value
from kgtest.generator.dialogue.records import Concept, Round, SeedDialogue, Story
from kgtest.generator.dialogue.request import MIN_ROUNDS
from kgtest.generator.dialogue.wording import (
    RELATIVES,
    YEAR_PHRASES,
    YEARS,
    Subject,
    another,
    possessive,
    pronoun_text,
    question,
    sentence,
    yes_no,
)
from kgtest.kg.model import Relation
from kgtest.prolog.answerability import Reference, RefKind, RoundGraph, Statement, StoryGraph

MIN_ASKS = 4
"""Askable properties (years included) a topic needs, with its relatives' counted once each."""
STORY_FACTS = 3


@dataclass(frozen=True, slots=True)
class KbDialogueReport:
    candidates: int
    """Entities rich enough to be a topic."""
    made: int
    asked: int
    """Dialogues asked for: more than the KB's rich topics give is no error, but is said."""


def kb_dialogues(
    index: KbIndex,
    count: int,
    seed: int,
    domains: Sequence[str] = (),
    rounds: int = 8,
    story: bool = True,
) -> tuple[list[SeedDialogue], KbDialogueReport]:
    """Up to ``count`` dialogues about distinct topics chosen (seeded) among the rich ones."""
    view = index.view
    candidates = sorted(
        e.id
        for e in view.entities.values()
        if e.label  # a topic without an English label would be asked about by its id ("Q451330")
        and (not domains or e.domain.value in domains)
        and _richness(index, e.id) >= MIN_ASKS
    )
    rng = random.Random(f"kb-dialogues\x1f{seed}")
    order = rng.sample(candidates, len(candidates))
    made: list[SeedDialogue] = []
    for topic in order:
        if len(made) == count:
            break
        dialogue = _Builder(index, topic, random.Random(f"{seed}\x1f{topic}"), story).build(rounds)
        if dialogue is not None:
            made.append(dialogue)
    return made, KbDialogueReport(len(candidates), len(made), count)


def _richness(index: KbIndex, entity: str) -> int:
    asks = index.asks(entity)
    relatives = {x.value for p in RELATIVES for x in asks.get(p, ()) if index.asks(x.value)}
    return len(asks) + len(relatives)


@dataclass(frozen=True, slots=True)
class _Relative:
    entity: str
    relation: str
    noun: str


class _Builder:
    """One dialogue about ``topic``: rounds first, then a story of a few of the topic's facts."""

    def __init__(self, index: KbIndex, topic: str, rng: random.Random, story: bool) -> None:
        self.index, self.topic, self.rng, self.with_story = index, topic, rng, story
        self.cls = index.pronoun(topic)
        self.me = Subject.pronoun(self.cls)
        self.rounds: list[Round] = []
        self.asked: set[tuple[str, str]] = set()
        """(subject, property) pairs asked; ``yes:P`` for a confirmed value of P."""
        self.said: list[str] = []
        """Concepts named or introduced so far, in order."""
        self.mentioned: dict[str, str] = {}
        """class noun -> the entity a "that <noun>" stands for; no other entity of that class may appear."""
        self.last: tuple[str, str] | None = None
        """(subject, property) of the previous round: what an ellipsis continues."""
        self.confirmed: list[tuple[str, Value]] = []
        """(property, value) confirmed by a yes/no round and not yet followed by "another"."""

    def build(self, rounds: int) -> SeedDialogue | None:
        first = [p for p in self.index.asks(self.topic) if self._fresh(self.topic, p)]
        if not first:
            return None
        named = not self.with_story or self.rng.random() < 0.5
        self._ask(self.topic, self.rng.choice(first), named=named)
        while len(self.rounds) < rounds:
            moves = {kind: found for kind, found in self._moves().items() if found}
            if not moves:
                break
            kind = self.rng.choice(sorted(moves))  # a kind first: rare moves get their turn
            self.rng.choice(moves[kind])()
        if len(self.rounds) < MIN_ROUNDS:
            return None
        facts = self._story_facts() if self.with_story else []
        stated = {x for r in self.rounds for t in r.graph.states for x in (t.subject, t.object)}
        concepts = set(self.said) | {self.topic} | stated | {v.value for _, v in facts}
        return SeedDialogue(
            id=f"kb-{self.topic}",
            source="kb",
            title=self.index.label(self.topic),
            topic=self.topic,
            story=self._story(facts) if self.with_story else None,
            concepts=tuple(self._concept(k) for k in sorted(concepts)),
            rounds=tuple(self.rounds),
        )

    # -- moves ----------------------------------------------------------------------------
    def _moves(self) -> dict[str, list[Callable[[], None]]]:
        """Every possible next round, by kind of move."""
        asks = self.index.asks(self.topic)
        fresh = [p for p in asks if self._fresh(self.topic, p)]
        moves: dict[str, list[Callable[[], None]]] = {
            "ask": [partial(self._ask, self.topic, p, False) for p in fresh],
            "confirm": [
                partial(self._confirm, p)
                for p in fresh
                if len(asks[p]) > 1 and p not in YEARS and self._another_fits(p)
            ],
            "another": [
                partial(self._another, p, v) for p, v in self.confirmed if self._clear(self._rest(p, v)[0])
            ],
            "ellipsis": [],
            "relative": [],
            "mention": [],
        }
        for rel in self._relatives():
            if self.last and self.last[0] != rel.entity and self._fresh(rel.entity, self.last[1]):
                moves["ellipsis"].append(partial(self._ellipsis, rel))
            moves["relative"] += [
                partial(self._ask_relative, rel, p)
                for p in self.index.asks(rel.entity)
                if self._fresh(rel.entity, p)
            ]
        for x, noun in self._mentionable():
            moves["mention"] += [
                partial(self._mention, x, noun, p)
                for p in self.index.asks(x)
                if self._fresh(x, p) and not self._same_class(self.index.asks(x)[p][0], noun)
            ]
        return moves

    def _ask(self, subject: str, p: str, named: bool) -> None:
        rel = self._rel(p)
        refs: tuple[Reference, ...] = ()
        if named:
            who = Subject.named(self.index.label(subject))
        else:
            who = self.me
            refs = (self._me_ref(pronoun_text(rel, who)),)
        names = (subject,) if named else ()
        self._add(question(rel, who), self._rewrite(p, subject), subject, p, names=names, refers=refs)

    def _ask_relative(self, rel: _Relative, p: str) -> None:
        who = Subject.named(f"{self.me.possessive} {rel.noun}")
        refs = (self._me_ref(self.me.possessive),)
        self._add(
            question(self._rel(p), who),
            self._rewrite(p, rel.entity, rel),
            rel.entity,
            p,
            refers=refs,
            via=rel,
        )

    def _ellipsis(self, rel: _Relative) -> None:
        assert self.last is not None
        p = self.last[1]
        text = f"And {self.me.possessive} {rel.noun}?"
        refs = (self._me_ref(self.me.possessive), Reference(RefKind.ELLIPSIS, text, p))
        self._add(text, self._rewrite(p, rel.entity, rel), rel.entity, p, refers=refs, via=rel)

    def _mention(self, x: str, noun: str, p: str) -> None:
        self.mentioned[noun] = x
        who = Subject.named(f"that {noun}")
        refs = (Reference(RefKind.MENTION, f"that {noun}", x),)
        self._add(question(self._rel(p), who), self._rewrite(p, x), x, p, refers=refs)

    def _confirm(self, p: str) -> None:
        """ "Is it true that she received X?": names X and states it, so "another" can follow."""
        value = self.index.asks(self.topic)[p][0]
        rel = self._rel(p)
        graph = RoundGraph(
            f"yes:{p}",
            names=(value.value,),
            refers=(self._me_ref(self.me.text),),
            states=(Statement(self.topic, p, value.value),),
        )
        rewrite = yes_no(rel, Subject.named(self.index.label(self.topic)), value.label)
        self._round(yes_no(rel, self.me, value.label), ("Yes",), rewrite, graph, (value.fact_id,))
        self.said.append(value.value)
        self.asked.add((self.topic, f"yes:{p}"))
        self.confirmed.append((p, value))
        self.last = None

    def _another(self, p: str, first: Value) -> None:
        self.confirmed.remove((p, first))
        rel = self._rel(p)
        rest = self._rest(p, first)
        text = another(rel, self.me)
        rewrite = another(rel, Subject.named(self.index.label(self.topic)), besides=first.label)
        assert text is not None and rewrite is not None
        refs = (self._me_ref(self.me.independent),)
        needs = (Statement(self.topic, p, first.value),)
        self._add(text, rewrite, self.topic, p, refers=refs, needs=needs, values=rest, frame=f"another:{p}")
        self.last = None

    # -- bookkeeping ------------------------------------------------------------------------
    def _add(
        self,
        text: str,
        rewrite: str,
        subject: str,
        p: str,
        names: tuple[str, ...] = (),
        refers: tuple[Reference, ...] = (),
        needs: tuple[Statement, ...] = (),
        via: _Relative | None = None,
        values: Sequence[Value] | None = None,
        frame: str = "",
    ) -> None:
        """A round asking ``p`` of ``subject``; its first value is the gold answer later turns see."""
        values = list(values if values is not None else self.index.asks(subject)[p])
        gold = values[0]
        states = [Statement(subject, p, gold.value)]
        introduces = [gold.value] if gold.entity else []
        facts = [gold.fact_id] if gold.fact_id else []
        if via is not None:
            states.insert(0, Statement(self.topic, via.relation, via.entity))
            introduces.insert(0, via.entity)
            facts.insert(0, self._fact(self.topic, via.relation, via.entity))
        graph = RoundGraph(frame or p, names, tuple(introduces), refers, needs, tuple(states))
        self._round(text, self.index.accepted(values), rewrite, graph, tuple(facts))
        self.said.extend([*names, *introduces])
        self.asked.add((subject, p))
        self.last = (subject, p)

    def _round(
        self, text: str, answer: tuple[str, ...], rewrite: str, graph: RoundGraph, facts: tuple[str, ...]
    ) -> None:
        number = len(self.rounds) + 1
        self.rounds.append(Round(number, text, answer, rewrite, graph, kb_facts=facts))

    def _fresh(self, subject: str, p: str) -> bool:
        """Not asked yet, and its answer is no second entity of a class "that <noun>" picks out."""
        if (subject, p) in self.asked or p not in self.index.asks(subject):
            return False
        gold = self.index.asks(subject)[p][0]
        return gold.value != self.topic and self._clear(gold)

    def _clear(self, value: Value) -> bool:
        noun = self.index.class_noun(value.value) if value.entity else ""
        return self.mentioned.get(noun, value.value) == value.value

    def _rest(self, p: str, first: Value) -> list[Value]:
        return [v for v in self.index.asks(self.topic)[p] if v.value != first.value]

    def _same_class(self, value: Value, noun: str) -> bool:
        """ "Which country is that place in?" would bring a second place: not asked."""
        return value.entity and self.index.class_noun(value.value) == noun

    def _another_fits(self, p: str) -> bool:
        first = self.index.asks(self.topic)[p][0]
        fits = self._rel(p).curated and another(self._rel(p), self.me) is not None and self._clear(first)
        return fits and (self.topic, f"yes:{p}") not in self.asked

    def _relatives(self) -> list[_Relative]:
        """Spouse (when there is one only), father, mother: each described by one noun."""
        out = []
        for p, nouns in RELATIVES.items():
            values = self.index.asks(self.topic).get(p, [])
            if len(values) != 1 or values[0].value == self.topic or not self.index.asks(values[0].value):
                continue
            x = values[0].value
            cls = self.index.pronoun(x)
            out.append(_Relative(x, p, nouns[0] if cls == "he" else nouns[1] if cls == "she" else nouns[2]))
        return out

    def _mentionable(self) -> list[tuple[str, str]]:
        """Entities said so far that "that <noun>" picks out alone (the only one of their class)."""
        said = list(dict.fromkeys(self.said))
        nouns = [self.index.class_noun(x) for x in said]
        return [
            (x, n)
            for x, n in zip(said, nouns, strict=True)
            if x != self.topic and n and n != "person" and nouns.count(n) == 1
        ]

    def _me_ref(self, text: str) -> Reference:
        return Reference(RefKind.PRONOUN, text, self.topic, self.cls)

    def _rewrite(self, p: str, subject: str, rel: _Relative | None = None) -> str:
        if rel is not None:
            return question(
                self._rel(p), Subject.named(f"{possessive(self.index.label(self.topic))} {rel.noun}")
            )
        return question(self._rel(p), Subject.named(self.index.label(subject)))

    def _rel(self, p: str) -> Relation:
        return self.index.view.relation(p)

    def _fact(self, s: str, p: str, o: str) -> str:
        return next(v.fact_id for v in self.index.asks(s)[p] if v.value == o)

    # -- story ------------------------------------------------------------------------------
    def _story_facts(self) -> list[tuple[str, Value]]:
        """Up to ``STORY_FACTS`` facts of the topic, asked by a round or not (as in a reading test); only
        years and curated properties, whose phrases read as English."""
        free = [
            (p, values[0])
            for p, values in self.index.asks(self.topic).items()
            if (p in YEARS or self._rel(p).curated) and self._clear(values[0])
        ]
        return self.rng.sample(free, min(STORY_FACTS, len(free)))

    def _story(self, facts: list[tuple[str, Value]]) -> Story:
        label = self.index.label(self.topic)
        entity = self.index.view.entities.get(self.topic)
        about = f", {entity.description}" if entity is not None and entity.description else ""
        lines = [f"This story is about {label}{about}."]
        lines += [sentence(YEAR_PHRASES.get(p) or self._rel(p).phrase, self.me, v.label) for p, v in facts]
        graph = StoryGraph(
            names=(self.topic, *(v.value for _, v in facts if v.entity)),
            pronouns=((self.cls, self.topic),),
            states=tuple(Statement(self.topic, p, v.value) for p, v in facts),
        )
        return Story(" ".join(lines), graph)

    def _concept(self, key: str) -> Concept:
        if key not in self.index.view.entities:
            return Concept(key, key, kind="year")
        return Concept(key, self.index.label(key), kb_id=key, kind=self.index.class_noun(key))
