"""The words of the relations a case asks about, which unread.py and both.py look for in a reply.

A sentence in those words from which no claim of them was read is unread ("formal diplomatic
relations were never fully restored"); said of "they" or "the two", it states the question.
A property and its inverse are one relation here, and so are the containments.
"""

from __future__ import annotations

import re

from kgtest.kg.catalog import RelationCatalog
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.relations import RelationReader

_FUNCTION = {
    "is",
    "in",
    "of",
    "has",
    "as",
    "the",
    "a",
    "an",
    "to",
    "at",
    "by",
    "was",
    "were",
    "be",
    "located",
}
"""Words of a relation's phrase that say nothing of which relation it is."""

_CONTAINMENT = {"P131", "P150", "P361", "P527", "P17"}
_TRAILING = {"with", "of", "in", "to", "by", "at", "on", "for", "from"}


class AskedWords:
    """Each case's relations' words, worked out once per case."""

    def __init__(self, catalog: RelationCatalog, relations: RelationReader) -> None:
        self._catalog = catalog
        self._relations = relations
        self._found: dict[int, tuple[GroundGraph, list[tuple[str, str]]]] = {}
        self._own: dict[str, list[str]] = {}

    def words(self, ground: GroundGraph) -> list[tuple[str, str]]:
        key = id(ground)  # grounds are kept by _ground: the same case, the same object
        if key not in self._found or self._found[key][0] is not ground:
            self._found[key] = (ground, self._words(ground))
            if len(self._found) > 10_000:
                self._found.clear()
        return self._found[key][1]

    def _words(self, ground: GroundGraph) -> list[tuple[str, str]]:
        """The words of the case's relations and their inverses, which unread.py looks for."""
        properties = set(ground.properties)
        properties |= {r.inverse for p in ground.properties if (r := self._catalog.resolve(p)).inverse}
        out = []
        for phrase in self._relations.phrases(properties):
            kept = [w for w in re.findall(r"[a-z0-9]+", phrase.text.lower()) if w not in _FUNCTION]
            while kept and kept[-1] in _TRAILING:  # "shares a border with" is said "share a border" too
                kept.pop()
            said = " ".join(kept)
            if len(said) >= 5 and phrase.source != "inverse":
                out.append((self.family(phrase.property), said))
        return sorted(set(out))

    def own(self, ground: GroundGraph) -> list[str]:
        """The words of the question's own relation, short ones too ("born", "died"): unread_values.py."""
        if ground.statement is None:
            return []
        pid = ground.statement[1].lstrip("^")
        if pid not in self._own:
            out = []
            for phrase in self._relations.phrases({pid}):
                kept = [w for w in re.findall(r"[a-z0-9]+", phrase.text.lower()) if w not in _FUNCTION]
                while kept and kept[-1] in _TRAILING:
                    kept.pop()
                if kept and len(" ".join(kept)) >= 4 and phrase.source != "inverse":
                    out.append(" ".join(kept))
            self._own[pid] = sorted(set(out))
        return self._own[pid]

    def either_way(self, ground: GroundGraph) -> list[str]:
        """The words of the question's relation and its inverse, where which way a sentence says it
        cannot matter: the relation is symmetric, or its two ends are of different kinds (a race
        has a rider as participant, never the other way round); unread_asked.py. None for a relation
        between things of one kind ("influenced", "located in"): "X influenced Y" may be backwards."""
        if ground.statement is None:
            return []
        pid = ground.statement[1].lstrip("^")
        relation = self._catalog.resolve(pid)
        kinds = {relation.subject_domain, relation.object_domain}
        if not relation.symmetric and len(kinds) == 1:
            return []
        mine = self.family(pid)
        return sorted({*self.own(ground), *(w for f, w in self.words(ground) if f == mine)})

    def symmetric(self, pid: str) -> bool:
        """A relation of two of a kind (married, twinned, bordering), for which "they" or "both" may
        stand for the question's two ends; a person and a birthplace are never "both"."""
        return self._catalog.resolve(pid.lstrip("^")).symmetric

    def family(self, pid: str) -> str:
        """A property and its inverse are one relation; so are the containments (part of, located in)."""
        pid = pid.lstrip("^")
        if pid in _CONTAINMENT:
            return "containment"
        inverse = self._catalog.resolve(pid).inverse
        return min(pid, inverse) if inverse else pid
