"""Definite noun phrases of a whole question ("the door", "the stars"), and whether the story has one
thing each can mean (the offline CoQA reader).

A whole question may still lean on a referent it does not say: "Did they go up to the door?" (which
door?), "Who are the stars?" (of which film?). People call such a question unanswerable where
nothing shown before introduced the noun and the story has no single thing it must mean; where the
story has one ("the king" in a story with one king) they answer it. The reader makes each such noun
a mention requirement (met where a turn shown before said it, or the story names it) on a path that
says what the story holds (``NOUN_PATHS``); evidence.py's table weighs each path's buckets, so that
a turn resting on a weak one is undecided (fifteenth session, second round, issue 39).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from kgtest.generator.dialogue.mentions import TIMES

ONE = "the noun one"
"""The story uses the noun for one thing only (as far as its words tell)."""
SEVERAL = "the noun several"
"""The story speaks of several things the noun names: two brought in with "a" or a number, "another"
or "other" before it, or the noun in the plural where the question's is singular."""
NOUN_PATHS = (ONE, SEVERAL)
_INDEFINITE = {"a", "an", "another", "one", "some", "any"}
_DESCRIBED = {"prep", "acl", "relcl", "poss"}
"""Children that say which thing the noun means ("the name of the dog", "the man who left"): no
referent needed."""
_UNIQUE = {"first", "last", "next", "same", "only", "whole", "main", "other", "rest", "end", "top"}
"""Words that make the phrase unique by description ("the first", "the same one")."""
_TEXT = {"story", "article", "passage", "text", "excerpt", "tale", "chapter", "author", "narrator", "writer"}
"""The text everyone is shown, and who wrote it: never a referent to look for."""


@dataclass(frozen=True, slots=True)
class StoryNouns:
    """What the story's words tell of each noun (by lemma): which it uses for several things."""

    several: frozenset[str]
    plural: frozenset[str]
    """Lemmas the story uses in the plural."""


def story_nouns(doc: Doc) -> StoryNouns:
    """The story's nouns used for several things: two brought in with "a" or a number, or after
    "another" / "other"."""
    brought: Counter[str] = Counter()
    others: set[str] = set()
    plural: set[str] = set()
    for tok in doc:
        if tok.pos_ != "NOUN":
            continue
        lemma = tok.lemma_.lower()
        words = {c.lower_ for c in tok.children if c.dep_ in ("det", "nummod", "amod")}
        if words & _INDEFINITE or any(c.dep_ == "nummod" for c in tok.children):
            brought[lemma] += 1
        if words & {"another", "other"}:
            others.add(lemma)
        if tok.tag_ == "NNS":
            plural.add(lemma)
    several = {lemma for lemma, n in brought.items() if n >= 2} | others
    return StoryNouns(frozenset(several), frozenset(plural))


def definites(question: Doc, nouns: StoryNouns) -> list[tuple[Token, str]]:
    """The heads of the question's "the X" phrases that need a referent, each with its path: a common
    noun after "the", not described by what follows it ("the name of the dog"), not unique by its
    words ("the first"), not a time ("the day") nor the text itself ("the story")."""
    out = []
    for det in question:
        head = det.head
        if det.lower_ != "the" or det.dep_ != "det" or head.pos_ != "NOUN" or not head.is_alpha:
            continue
        lemma = head.lemma_.lower()
        words = {c.lower_ for c in head.children} | {lemma}
        if lemma in TIMES | _TEXT or words & _UNIQUE or head.dep_ == "compound":
            continue
        if any(c.dep_ in _DESCRIBED for c in head.children):
            continue
        if any(c.tag_ in ("JJS", "RBS") for c in head.children):  # "the biggest": one by its words
            continue
        several = lemma in nouns.several or (head.tag_ == "NN" and lemma in nouns.plural)
        out.append((head, SEVERAL if several else ONE))
    return out
