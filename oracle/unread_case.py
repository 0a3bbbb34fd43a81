"""Sentences about the case that nothing was read from: what a class saying "the answer does not
follow from what the reply states" must not leave out (oracle/judge.py; unread.py finds the
sentences that relate two things the KB knows)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.kg.extract.text import prepare
from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.unread import FORMULA, NAME, READ_STATUSES, SOURCE, Unread, same_sentence, sentences


def about_the_case(
    text: str, claims: Sequence[Claim], ground: GroundGraph, entities: EntityReader
) -> list[Unread]:
    """Sentences that name a case entity (by name, short name or a pronoun), or a KB entity the
    reply's own claims bring into it, and from which no claim was read. An erroneous inference says
    the reply's statements are right and only its answer fails: that holds only when all it said of
    the case was read ("Poe, by contrast, left no mark on his work" denies the influence the question
    asks about, in words nothing reads), and the steps through what it brought in too ("Lüneburg was
    one of the districts of Schleswig-Holstein. Schleswig-Holstein was one of the founding states of
    the Federal Republic", styled_blind13 W2-010)."""
    read = [c.triple.sentence for c in claims if c.statement is not None or c.status in READ_STATUSES]
    brought = {
        m.name
        for c in claims
        if c.statement is not None
        for m in (c.subject, c.object)
        if m.year is None and m.name[:1].isupper() and len(m.name) > 2
    }
    out = []
    for sentence in sentences(prepare(text)):
        if FORMULA.search(sentence) or _ECHO.match(sentence) or any(same_sentence(sentence, r) for r in read):
            continue
        named = [
            m.label
            for found in NAME.finditer(SOURCE.sub(" ", sentence))
            if (m := entities.read(found.group().strip(), ground, look_up=False)).known
        ]
        named += [
            n for n in sorted(brought) if n not in named and re.search(rf"\b{re.escape(n)}\b", sentence)
        ]
        if named or _REFERS.search(sentence):
            out.append(Unread(sentence.strip(), tuple(named[:3]) or ("a pronoun",), frozenset(), False))
    return out


_ECHO = re.compile(
    r"\W*(?:he|she|it|they)\s+(?:did|does|do|was|were|is|are|has|have|had)(?:n't|\s+not)?\W*$", re.I
)
"""The answer echoed, "Yes, they did.": nothing said of the case."""
_REFERS = re.compile(r"\b(?:he|she|him|his|her|hers|they|them|their|its)\b", re.I)
"""Pronouns that stand for a case entity ("it" is left out: "it is true" names nothing)."""
