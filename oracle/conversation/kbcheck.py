"""A claim read from a reply, checked against the KB where its names are KB entities.

A claim's subject and object are looked up by label and alias, as the judge names them
(``name_key``: case, accents, articles and word order aside); its relation is a KB property
when its key (kg/extract's lemmas) is the key the judge's ``RelationKeys`` gives one of the
property's wordings (label, phrase, Wikidata's aliases, kgtest's paraphrases) read forwards,
or its inverse's read backwards ("is the capital of" for P36).
It is *confirmed* when the KB holds that fact, *contradicted* when the claim denies a fact
the KB holds, or gives a functional property (one object at a time: place of birth) another
object (a KB entity too) than the KB's; anything else is *unverified* and scores nothing (the
KB is not the world).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from kgtest.generator.kbview import KbView
from kgtest.kg.extract.triples import Triple, TripleExtractor
from kgtest.kg.model import Fact, Relation
from kgtest.oracle.relations import RelationKeys
from kgtest.oracle.similarity import name_key


class KbFinding(StrEnum):
    CONFIRMED = "confirmed"
    CONTRADICTED = "contradicted"
    UNVERIFIED = "unverified"


@dataclass(frozen=True, slots=True)
class KbCheck:
    check: KbFinding
    fact: str = ""
    """The KB fact that decided, in words."""


class KbChecker:
    """Indexes the KB once: entities by label, facts by entity, each property's relation keys."""

    def __init__(self, view: KbView, extractor: TripleExtractor) -> None:
        self._view = view
        self._extractor = extractor
        self._ids: dict[tuple[str, ...], set[str]] = defaultdict(set)
        for entity in view.entities.values():
            for name in (entity.label, *entity.aliases):
                if name and name_key(name):
                    self._ids[name_key(name)].add(entity.id)
        self._relation_keys = RelationKeys(lambda: extractor)
        self._facts: dict[str, list[Fact]] = defaultdict(list)
        for fact in view.facts:
            self._facts[fact.subject].append(fact)
        self._keys: dict[str, tuple[frozenset[str], frozenset[str]]] = {}

    def check_many(self, triples: Sequence[Triple]) -> list[KbCheck]:
        self._prepare({f.property for t in triples for e in self._entities(t) for f in self._facts[e]})
        return [self.check(t) for t in triples]

    def check(self, triple: Triple) -> KbCheck:
        subjects, objects = self.entities(triple.subject), self.entities(triple.object)
        # A fact read forwards starts at the claim's subject, read backwards at its object.
        readings = [(f, True, objects) for s in subjects for f in self._facts[s]]
        readings += [(f, False, subjects) for o in objects for f in self._facts[o]]
        for fact, forward, ends in readings:
            if fact.object in ends and self._says(triple, fact, forward):
                found = KbFinding.CONTRADICTED if triple.negated else KbFinding.CONFIRMED
                return KbCheck(found, self._words(fact))
        if triple.negated:
            return KbCheck(KbFinding.UNVERIFIED)
        for fact, forward, ends in readings:
            functional = self._relation(fact.property).functional
            # Both names must be KB entities: "born in 1812" is no other place of birth.
            if functional and ends and fact.object not in ends and self._says(triple, fact, forward):
                return KbCheck(KbFinding.CONTRADICTED, self._words(fact))
        return KbCheck(KbFinding.UNVERIFIED)

    def entities(self, name: str) -> set[str]:
        return self._ids.get(name_key(name), set()) if name_key(name) else set()

    def functional_key(self, key: str) -> bool:
        """Whether a relation key names a functional KB property read forwards."""
        return any(key in fwd and self._relation(p).functional for p, (fwd, _) in self._keys.items())

    def _entities(self, triple: Triple) -> set[str]:
        return self.entities(triple.subject) | self.entities(triple.object)

    def _says(self, triple: Triple, fact: Fact, forward: bool) -> bool:
        fwd, bwd = self._keys.get(fact.property) or self._prepare([fact.property])[fact.property]
        return triple.key in (fwd if forward else bwd)

    def _relation(self, pid: str) -> Relation:
        return self._view.relation(pid)

    def _prepare(self, properties: Iterable[str]) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
        """The keys of each property's wordings, every new wording read in one extractor call."""
        missing = sorted(p for p in set(properties) if p not in self._keys)
        if missing:
            phrases = {p: _phrases(self._view, p) for p in missing}
            self._relation_keys.prepare(ph for fwd, bwd in phrases.values() for ph in (*fwd, *bwd))
            for p, (fwd, bwd) in phrases.items():
                self._keys[p] = (
                    frozenset(self._relation_keys[ph] for ph in fwd),
                    frozenset(self._relation_keys[ph] for ph in bwd),
                )
        return self._keys

    def _words(self, fact: Fact) -> str:
        v = self._view
        return f"{v.label(fact.subject)} | {self._relation(fact.property).label} | {v.label(fact.object)}"


def _phrases(view: KbView, pid: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Words for the property read subject -> object, and object -> subject."""
    r = view.relation(pid)
    forward = [r.label.lower(), r.phrase.lower(), *(w.lower() for w in (*r.aliases, *r.paraphrases))]
    backward = [f"{r.label.lower()} of", f"is the {r.label.lower()} of"]
    if r.inverse_phrase:
        backward.append(r.inverse_phrase.lower())
    if r.inverse and r.inverse in view.catalog:
        inverse = view.catalog[r.inverse]
        backward += [inverse.label.lower(), inverse.phrase.lower()]
    if r.symmetric:
        backward += forward
    return tuple(dict.fromkeys(p for p in forward if p)), tuple(dict.fromkeys(p for p in backward if p))
