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
such reading.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import replace
from functools import cache

from kgtest.generator.phrasing import opposites
from kgtest.kg.extract.triples import Triple

_POSITIVE = {"lack": "have", "miss": "take part in", "outside": "in"}
"""The opposite words the catalog uses, each with its positive (as lemmas)."""
_FORMS = {
    "lack": re.compile(r"\b(?:lacks|lacked|lacking|lack)\b"),
    "miss": re.compile(r"\b(?:missed|misses|missing|miss)\b"),
    "outside": re.compile(r"\boutside\b"),
}
_SAID = {"lack": "has", "miss": "took part in", "outside": "in"}


@cache
def _worded_by() -> dict[str, frozenset[str]]:
    """Each opposite word -> the properties whose opposite wording uses it."""
    out: dict[str, set[str]] = {}
    for pid, by_domain in opposites().items():
        for wording in by_domain.values():
            for word in _POSITIVE:
                if re.search(rf"\[{word}\b|\b{word}\b", wording):
                    out.setdefault(word, set()).add(pid)
    return {word: frozenset(pids) for word, pids in out.items()}


def read_through(triple: Triple, properties: Collection[str]) -> Triple:
    """The triple with an opposite word of one of ``properties`` turned to its positive, denied."""
    lemmas = triple.key.split()
    for word, pids in _worded_by().items():
        if word in lemmas and not pids.isdisjoint(properties) and _FORMS[word].search(triple.relation):
            relation = _FORMS[word].sub(_SAID[word], triple.relation, count=1)
            key = " ".join(_POSITIVE[word] if w == word else w for w in lemmas)
            return replace(triple, relation=relation, key=key, negated=not triple.negated)
    return triple
