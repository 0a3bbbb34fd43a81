"""Sentences about the case that nothing was read from: what a class saying "the answer does not
follow from what the reply states" must not leave out (oracle/judge.py; unread.py finds the
sentences that relate two things the KB knows)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.unread import (
    FORMULA,
    NAME,
    READ_STATUSES,
    SOURCE,
    Unread,
    same_sentence,
)


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
    for sentence in reply_sentences(text):
        if (
            FORMULA.search(sentence)
            or _ECHO.match(sentence)
            or heading(sentence)
            or any(same_sentence(sentence, r) for r in read)
        ):
            continue
        known = [
            m
            for found in NAME.finditer(SOURCE.sub(" ", sentence))
            if (m := entities.read(found.group().strip(), ground, look_up=False)).known
        ]
        named = [m.label for m in known]
        named += [
            n for n in sorted(brought) if n not in named and re.search(rf"\b{re.escape(n)}\b", sentence)
        ]
        if named or _REFERS.search(sentence):
            ids = (
                frozenset(m.id for m in known if m.id is not None)
                if len(named) == len(known)
                else frozenset()
            )
            out.append(Unread(sentence.strip(), tuple(named[:3]) or ("a pronoun",), ids, False))
    return out


_ECHO = re.compile(
    r"\W*(?:he|she|it|they)\s+(?:did|does|do|was|were|is|are|has|have|had)(?:n't|\s+not)?\W*$", re.I
)
"""The answer echoed, "Yes, they did.": nothing said of the case."""


def heading(sentence: str) -> bool:
    """A title or a list of sources states nothing of the case: "Pyrénées-Orientales at a glance.",
    "Galina Vishnevskaya — quick facts.", "Jordan's neighbours.", "Sources: ProCyclingStats, rider
    profile." (styled_blind11 W1-037, styled_blind13 W1-040). A title's topic is up to three lowercase
    words, none of ``_NOT_A_TOPIC``: "Zimbabwe — south of Zambia." or "Founded: 1904" says something
    and is still read."""
    text = sentence.strip()
    if _SOURCES.match(text):
        return not _SAYS.search(text)
    found = _TITLE.fullmatch(text)
    if found is None:
        return False
    topic = found.group("topic") or found.group("owned") or ""
    return not any(w.lower() in _NOT_A_TOPIC for w in re.findall(r"[\w'’]+", topic))


_SOURCES = re.compile(r"\W*(?:sources?|references?|further reading)\s*:", re.I)
_SAYS = re.compile(r"\b(?:says?|said|states?|stated|shows?|showed|lists?|listed|gives?|gave|that)\b", re.I)
"""A list of sources that says what they give ("Sources: Wikipedia says he was born in 1980") states it."""
_TITLE = re.compile(
    r"\W*(?:The\s+)?[A-Z\u00C0-\u024F][\w'’.\-&]*(?:\s+(?:(?:of|the|de|di|da|von|van|der|du|la|le|&)\s+)*"
    r"[A-Z\u00C0-\u024F][\w'’.\-]*)*"
    r"(?:\s+at\s+a\s+glance|['’]s\s+(?P<owned>[a-z]+)|\s*[—–:]\s*(?P<topic>[a-z]+(?:\s+[a-z]+){0,2}))?"
    r"\s*[.!]?"
)
"""A name alone, or with a title's topic: "X at a glance", "X's neighbours", "X — quick facts"."""
_NOT_A_TOPIC = frozenset(
    re.findall(
        r"\w+",
        "is was are were be been has had have not no never in at on of to from by with near into since "
        "until before after south north east west born died founded",
    )
)
"""Words that make a title's topic say something: a copula, negation, preposition, direction, event."""
_REFERS = re.compile(r"\b(?:he|she|him|his|her|hers|they|them|their|its)\b", re.I)
"""Pronouns that stand for a case entity ("it" is left out: "it is true" names nothing)."""
