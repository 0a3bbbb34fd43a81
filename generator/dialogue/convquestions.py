"""ConvQuestions conversations as seed dialogues, grounded in Wikidata and the KB.

A ConvQuestions conversation is about one Wikidata entity (its seed); the first question is
complete and names it, later ones leave it out ("How many parts?") or point at an earlier
answer by a pronoun or a part of its name ("Birth place rowling?"). Answers are Wikidata ids
or literals. So each round:

* names the concepts whose name the question contains (the seed is named by the first question);
* leaves the topic out when it names nothing and has no pronoun: a mention of the seed, which
  must have been named before (no story tells it here);
* he/she stands for the last person said (a person where the KB says so, or the answer to a
  "who" question), it/they for the seed;
* states (subject, P, answer) with the KB property linking them where the KB has that fact
  (its id kept as the round's evidence), else ``q<turn>``, the question itself, as the relation.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence

from kgtest.generator.dialogue.records import Concept, Round, SeedDialogue
from kgtest.generator.dialogue.sources import ConvConversation, ConvTurn
from kgtest.generator.kbview import KbView
from kgtest.kg.model import Domain, Fact
from kgtest.prolog.answerability import Reference, RefKind, RoundGraph, Statement

_WORD = re.compile(r"[\w']+")
_PERSONAL = {"he": "he", "him": "he", "his": "he", "she": "she", "her": "she", "hers": "she"}
_THING = {"it": "it", "its": "it", "they": "they", "them": "they", "their": "they"}
_STOP = {"the", "and", "of", "a", "an", "in", "on", "for", "to", "with", "from", "by", "at", "part"}


def conv_dialogues(
    conversations: Sequence[ConvConversation], view: KbView | None
) -> tuple[list[SeedDialogue], int]:
    """Seed dialogues, and how many conversations had no usable turn (skipped)."""
    pairs: dict[tuple[str, str], list[Fact]] = defaultdict(list)
    for f in view.facts if view is not None else ():
        pairs[(f.subject, f.object)].append(f)
    out = []
    for conv in conversations:
        turns = [t for t in conv.turns if t.question.strip() and t.answers]
        if turns:
            out.append(_Reader(conv, view, pairs).read(turns))
    return out, len(conversations) - len(out)


class _Reader:
    def __init__(
        self, conv: ConvConversation, view: KbView | None, pairs: Mapping[tuple[str, str], list[Fact]]
    ) -> None:
        self.conv, self.view, self.pairs = conv, view, pairs
        self.labels: dict[str, str] = {conv.seed: self._label(conv.seed, conv.seed_text)}
        self.people: list[str] = [conv.seed] if self._person(conv.seed, "") else []
        """Entities taken to be people, most recent last."""
        self.kinds: dict[str, str] = {conv.seed: "person" if self.people else "topic"}

    def read(self, turns: Sequence[ConvTurn]) -> SeedDialogue:
        rounds = [self._round(i, t) for i, t in enumerate(turns, 1)]
        concepts = tuple(
            Concept(k, label, kb_id=k if k.startswith("Q") else "", kind=self.kinds.get(k, ""))
            for k, label in sorted(self.labels.items())
        )
        c = self.conv
        return SeedDialogue(
            f"convq-{c.id}", "convquestions", c.seed_text, c.seed, None, concepts, tuple(rounds)
        )

    def _round(self, number: int, turn: ConvTurn) -> Round:
        words = [w.lower() for w in _WORD.findall(turn.question)]
        named = [k for k, label in self.labels.items() if _names(words, label)]
        if number == 1 and self.conv.seed not in named:
            named.insert(0, self.conv.seed)  # the first question is complete: it is about the seed
        refs: list[Reference] = []
        rewrite = turn.question.strip()
        for word in dict.fromkeys(words):
            cls = _PERSONAL.get(word) or _THING.get(word)
            target = self._pronoun_target(cls) if cls else None
            if target is None or target in named:
                continue
            refs.append(Reference(RefKind.PRONOUN, word, target, cls or ""))
            rewrite = re.sub(rf"\b{word}\b", self.labels[target], rewrite, count=1, flags=re.I)
        if not named and not refs:
            refs.append(Reference(RefKind.MENTION, "(the topic, left out)", self.conv.seed))
            rewrite = f"{rewrite} [about {self.labels[self.conv.seed]}]"
        about = next((r.target for r in refs), named[0] if named else self.conv.seed)
        states, facts, introduces = [], [], []
        for value, text in zip(turn.answers, turn.texts, strict=True):
            key = value if value.startswith("Q") else f"lit:{value.lower()}"
            self.labels.setdefault(key, self._label(value, text) if value.startswith("Q") else value)
            relation, fact = self._relation(about, value) if value.startswith("Q") else (f"q{turn.turn}", "")
            states.append(Statement(about, relation or f"q{turn.turn}", key))
            facts += [fact] if fact else []
            if value.startswith("Q"):
                introduces.append(key)
                if self._person(value, turn.question):
                    self.people.append(key)
                    self.kinds[key] = "person"
        graph = RoundGraph(f"q{turn.turn}", tuple(named), tuple(introduces), tuple(refs), (), tuple(states))
        answer = ("; ".join(turn.texts), *(turn.texts if len(turn.texts) > 1 else ()))
        return Round(number, turn.question.strip(), answer, rewrite, graph, kb_facts=tuple(facts))

    def _pronoun_target(self, cls: str) -> str | None:
        if cls in ("he", "she"):
            return self.people[-1] if self.people else None
        return self.conv.seed

    def _person(self, entity: str, question: str) -> bool:
        e = self.view.entities.get(entity) if self.view is not None else None
        if e is not None:
            return "Q5" in e.types or e.domain is Domain.PEOPLE
        return question.strip().lower().startswith("who")

    def _label(self, entity: str, fallback: str) -> str:
        return self.view.label(entity) if self.view is not None and entity in self.view.entities else fallback

    def _relation(self, subject: str, obj: str) -> tuple[str, str]:
        """The KB property of a fact between the two (either direction; ``^P`` read backwards)."""
        for f in self.pairs.get((subject, obj), ()):
            return f.property, f.id
        for f in self.pairs.get((obj, subject), ()):
            return f"^{f.property}", f.id
        return "", ""


def _names(words: Sequence[str], label: str) -> bool:
    """Does the question name ``label``: all its content words, or its longest one (a surname)?"""
    content = [w.lower() for w in _WORD.findall(label) if w.lower() not in _STOP]
    if not content:
        return False
    if all(w in words for w in content):
        return True
    longest = max(content, key=len)
    return len(content) > 1 and len(longest) >= 5 and longest in words
