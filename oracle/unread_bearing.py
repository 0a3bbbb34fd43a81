"""Whether an unread sentence could bear on the facts the answer rests on.

An unread sentence makes a reply "cannot tell" because it may state wrong knowledge or a premise.
bench/styled_blind11/DEFINITIONS.md counts as wrong knowledge only what contradicts the case's
facts, and a premise of the answer is one of them or the question itself. So an aside that relates
two things the KB knows ("the Vatican's papal visits", "buried at Bard College") cannot change the
class unless it could say one of those facts: it names or refers to ("he", "it") an end of a proof's
fact and has a word that can say that fact's relation (the property's label, phrase, Wikidata
aliases and kgtest's paraphrases, their WordNet synonyms, and for a containment its usual verbs and
nouns), or names both its ends, or denies something of one of them ("never on the university's
staff"); or it has the words of the question's own relation. A sentence with a year, or naming
nothing the KB knows, still blocks: its years may be the proof's.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from kgtest.core.wordnet import wordnet
from kgtest.oracle.asked import AskedWords
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.relations import RelationReader
from kgtest.oracle.unread import Unread

_FUNCTION = frozenset(
    {"a", "an", "the", "is", "was", "were", "be", "been", "being", "has", "have", "had", "of", "in", "on"}
    | {"at", "to", "by", "for", "from", "with", "as", "and", "or", "its", "it", "that", "this", "who"}
)
_CONTAINMENT = frozenset({"P131", "P150", "P361", "P527", "P17", "P30", "P706"})
_PLACED = frozenset(
    """part parts within inside belong belongs belonged lie lies lay locate located situate situated
    contain contains contained include includes included comprise merge merged merger incorporate
    incorporated annex annexed administer administered govern governed seat capital territory member
    province region department state county district municipality borough oblast country under place
    put sit set stand""".split()  # noqa: SIM905
)
"""Words a containment is said in beyond its catalog phrases ("Meuse wasn't part of it in 2016",
"merged with Limousin"): any sentence in them may place one proof place in another."""
_YEAR = re.compile(r"\b(?:1\d{3}|20\d{2})(?:s\b|\b)|\b\d{1,3}\s*(?:BC|BCE|AD|CE)\b")
_DENIED = re.compile(r"\b(?:not|never|no|nor|neither|none)\b|n't\b", re.I)
_REFERS = re.compile(r"\b(?:he|she|him|his|her|it|its|they|them|their|there)\b", re.I)


class Bearing:
    """Each property's words, worked out once."""

    def __init__(self, relations: RelationReader, asked: AskedWords) -> None:
        self._relations = relations
        self._asked = asked
        self._words: dict[str, frozenset[str]] = {}

    def bears(self, unread: Unread, ground: GroundGraph) -> bool:
        """Whether the sentence could state a proof's fact or the question's relation."""
        if unread.year or not unread.ids or _YEAR.search(unread.sentence):
            return True  # its years may be the proof's
        said = _lemmas(unread.sentence)
        if ground.statement is not None and said & self._of(ground.statement[1]):
            return True
        named = set(unread.ids)
        if ground.statement is not None and _REFERS.search(unread.sentence):
            named |= {ground.statement[0], ground.statement[2]}
        ends = [(e.subject, e.object, e.property) for e in ground.edges]
        if ground.statement is not None:
            ends.append(ground.statement)
        if _DENIED.search(unread.sentence) and named & {x for s, o, _ in ends for x in (s, o)}:
            return True  # a denial of a proof's fact needs no word of its relation ("never on its staff")
        return any({s, o} <= named or ((s in named or o in named) and said & self._of(p)) for s, o, p in ends)

    def _of(self, pid: str) -> frozenset[str]:
        pid = pid.lstrip("^")
        if pid not in self._words:
            self._words[pid] = _vocabulary(self._relations, self._asked, pid)
        return self._words[pid]


def _vocabulary(relations: RelationReader, asked: AskedWords, pid: str) -> frozenset[str]:
    net = wordnet()
    family = {pid} | {p for p in _CONTAINMENT if asked.family(p) == asked.family(pid)}
    out: set[str] = set(_PLACED) if asked.family(pid) == "containment" else set()
    for phrase in relations.phrases(family):
        for word in re.findall(r"[a-z]+", phrase.text.lower()):
            if word in _FUNCTION or len(word) < 3:
                continue
            out.add(word)
            for pos in ("verb", "noun"):
                base = net.base(word, pos)
                if base:
                    out.add(base)
                    out.update(w.lower() for w in net.synonyms(base, pos, 1) if "_" not in w)
    return frozenset(out)


def _lemmas(sentence: str) -> set[str]:
    net = wordnet()
    out = set()
    for word in re.findall(r"[a-z]+", sentence.lower()):
        if word in _FUNCTION:
            continue
        out.add(word)
        out.update(b for pos in ("verb", "noun") if (b := net.base(word, pos)))
    return out


def bearing(unread: Collection[Unread], ground: GroundGraph, reader: Bearing) -> list[Unread]:
    """The unread sentences that could bear on the proof's facts or the question."""
    return [u for u in unread if reader.bears(u, ground)]
