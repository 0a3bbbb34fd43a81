"""The type of a round's gold answer: what kind of value the question asks for, and which one.

KB dialogues know exactly: the round's last stated triple (``states``) is the question's
subject, property and value, a year or a KB entity. Other sources (CoQA, ConvQuestions) give
gold strings only; their type is read from the strings (all Yes/No, all numbers, all years),
else the gold is free text. docs/metamorphic.md says how each type is compared.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from kgtest.generator.dialogue.records import DialogueCase, Turn
from kgtest.oracle.metamorphic.reading import numbers

YEAR, ENTITY, YESNO, NUMBER, TEXT = "year", "entity", "yesno", "number", "text"


@dataclass(frozen=True, slots=True)
class Gold:
    """What a round asks for."""

    kind: str
    """``year``, ``entity``, ``yesno``, ``number`` or ``text``."""
    subject: str = ""
    """KB dialogues: the entity the question asks about (``Q5686`` for "And her father?")."""
    relation: str = ""
    """KB dialogues: the property asked (``P570``)."""
    values: tuple[str, ...] = ()
    """KB dialogues: the gold value's KB id, or the year."""
    named: tuple[str, ...] = ()
    """KB ids the question or its dialogue names as the subject: an answer naming them does not
    answer with them ("Richard Nixon was President ...")."""
    named_labels: tuple[str, ...] = ()
    """Their labels as the dialogue gives them (for judging without a KB)."""


_YES_NO = {"yes", "no"}
_YEAR_TEXT = re.compile(r"^\s*(?:in\s+)?-?\d{3,4}\s*(?:bc|bce)?[.,]?\s*$", re.I)


def typed_gold(case: DialogueCase, turn: Turn) -> Gold:
    """The gold's type for a turn of a dialogue case: exact for KB dialogues, read otherwise."""
    rnd = case.round(turn.origin)
    states = rnd.graph.states
    if case.source == "kb" and states:
        last = states[-1]
        kinds = {c.key: c.kind for c in case.concepts}
        named = tuple(sorted(({s.subject for s in states} | {case.topic}) - {""}))
        labels = tuple(c.label for c in case.concepts if c.key in named)
        if kinds.get(last.object) == "year" or _YEAR_TEXT.match(last.object):
            return Gold(YEAR, last.subject, last.relation, (last.object,), named, labels)
        if all(a.lower() in _YES_NO for a in rnd.answer):
            return Gold(YESNO, last.subject, last.relation, (last.object,), named, labels)
        return Gold(ENTITY, last.subject, last.relation, (last.object,), named, labels)
    return text_gold(rnd.answer)


def text_gold(answers: tuple[str, ...]) -> Gold:
    """The type gold strings share: Yes/No, years, numbers, else free text."""
    plain = [a.strip().strip(".!,").lower() for a in answers if a.strip()]
    if plain and all(a.split()[0].strip(".!,:") in _YES_NO for a in plain):
        return Gold(YESNO)
    if plain and all(_YEAR_TEXT.match(a) for a in plain):
        return Gold(YEAR)
    if plain and all(len(a.split()) <= 3 and numbers(a) for a in plain):
        return Gold(NUMBER)
    return Gold(TEXT)
