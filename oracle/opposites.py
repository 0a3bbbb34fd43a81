"""A reply in the words of its relation's opposite states the relation's denial: read it so.

Questions ask some true statements through their relation's opposite (kg/data/relations.toml
``opposite``: "Did Arnaud Démare miss the 2019 Paris-Nice?", "Does Germany lack diplomatic
relations with Bhutan?", "Was Moscow located outside the Soviet Union in 1977?"), and replies
answer in the same words ("Yes, Germany lacks diplomatic relations with Mali"). Read as words,
"lacks relations with" names no property, so the wrong fact it states would pass unread, and the
reply would be judged on its answer alone (an erroneous inference where it is erroneous
knowledge). Each opposite word is read as its positive with the triple's negation flipped
("lacks relations with" is "has relations with", denied), for the case's own relations only:
"missed the train" is no claim of taking part, and a case that asks no such relation gets no
such reading. A reply may say an opposite in a word the question did not use ("he missed it", "he
sat out" to "Was he absent from ...?"): each opposite lists the keys it is read from.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass, replace
from functools import cache

from kgtest.generator.phrasing import opposites
from kgtest.kg.extract.triples import Triple


@dataclass(frozen=True, slots=True)
class _Opposite:
    """An opposite word of the catalog and the positive read in its place."""

    word: str
    """Its verb or word as the catalog's ``opposite`` wordings may have it (a pattern: the catalog
    asks "miss" where it asked "absent from")."""
    forms: re.Pattern[str]
    """How a reply says it."""
    said: str
    """The positive's words put in its place in the relation."""
    lemmas: str
    """The positive's lemmas put in its place in the key."""
    keys: tuple[str, ...]
    """Its lemmas as a triple's key has them."""


_OPPOSITES = (
    _Opposite("lack", re.compile(r"\b(?:lacks|lacked|lacking|lack)\b"), "has", "have", ("lack",)),
    _Opposite(
        "absent|miss",
        re.compile(
            r"\b(?:(?:(?:was|were|is|are|been|being)\s+)?absent from"
            r"|(?:sat|sits|sitting|sit) out|missed|misses|missing|miss)\b"
        ),
        "took part in",
        "take part in",
        ("absent from", "sit out", "miss"),
    ),
    _Opposite("outside", re.compile(r"\boutside\b"), "in", "in", ("outside",)),
)


@cache
def _worded_by() -> tuple[tuple[_Opposite, frozenset[str]], ...]:
    """Each opposite word with the properties whose opposite wording uses it."""
    wordings = [(pid, w) for pid, by_domain in opposites().items() for w in by_domain.values()]
    found = [
        (o, frozenset(pid for pid, w in wordings if re.search(rf"\b(?:{o.word})\b", w))) for o in _OPPOSITES
    ]
    return tuple((o, pids) for o, pids in found if pids)


def read_through(triple: Triple, properties: Collection[str]) -> Triple:
    """The triple with an opposite word of one of ``properties`` turned to its positive, denied."""
    for o, pids in _worded_by():
        said = next((k for k in o.keys if re.search(rf"\b{k}\b", triple.key)), None)
        if said and not pids.isdisjoint(properties) and o.forms.search(triple.relation):
            relation = o.forms.sub(o.said, triple.relation, count=1)
            key = re.sub(rf"\b{said}\b", o.lemmas, triple.key, count=1)
            return replace(triple, relation=relation, key=key, negated=not triple.negated)
    return triple
