"""A plain-Python statement of what the rule library should conclude, for property tests.

Written from docs/reasoning.md, not from the Prolog: one edge of P is a fact of P, a fact
of P read backwards when P is symmetric, or a fact of P's inverse read backwards; P holds
on its edges, closed under chaining when P is transitive; ``^P`` holds where P holds
backwards. Refutations restate the conditions of each negation rule.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Entity, Fact
from kgtest.prolog.reasoner import Derivation, FactPremise, TypePremise, YearPremise

Triple = tuple[str, str, str]

LIFETIME = {"P26": "together", "P40": "parent_child", "P22": "child_parent", "P25": "child_parent"}


class ReferenceKb:
    def __init__(
        self, entities: Mapping[str, Entity], facts: Iterable[Fact], catalog: RelationCatalog
    ) -> None:
        self.entities = entities
        self.facts = list(facts)
        self.flags = {p: catalog[p] for p in catalog if catalog[p].curated}
        self.ground = {(f.subject, f.property, f.object) for f in self.facts}
        self.inverse: dict[str, str] = {}
        for p, r in self.flags.items():
            if r.inverse in self.flags:
                self.inverse[p], self.inverse[r.inverse] = r.inverse, p
        self.phrased = {p for p, r in self.flags.items() if r.inverse_phrase and p not in self.inverse}
        self.holds = self._closure()

    def edges(self, p: str) -> set[tuple[str, str]]:
        out = {(s, o) for s, q, o in self.ground if q == p}
        if p in self.flags and self.flags[p].symmetric:
            out |= {(o, s) for s, q, o in self.ground if q == p}
        if p in self.inverse:
            out |= {(o, s) for s, q, o in self.ground if q == self.inverse[p]}
        return out

    def _closure(self) -> set[Triple]:
        props = {p for _, p, _ in self.ground} | set(self.flags)
        holds: set[Triple] = set()
        for p in props:
            pairs = self.edges(p)
            if p in self.flags and self.flags[p].transitive:
                pairs = _transitive(pairs)
            holds |= {(s, p, o) for s, o in pairs}
        holds |= {(o, f"^{p}", s) for s, p, o in list(holds) if p in self.phrased}
        return holds

    def derived(self) -> set[Triple]:
        """What the rules add: holds, minus what the KB states, minus reflexive statements."""
        return {t for t in self.holds if t not in self.ground and t[0] != t[2]}

    # -- refutations ----------------------------------------------------------------------
    def justified(self, d: Derivation) -> bool:
        """Does the refutation ``d`` meet its rule's conditions in this KB?"""
        s, p, o = d.statement
        if d.holds or (s, p, o) in self.holds:
            return False
        subs = [x for x in d.premises if isinstance(x, Derivation)]
        if d.rule == "symmetric":
            return self.flags[p].symmetric and self.justified(subs[0]) and subs[0].statement == (o, p, s)
        if d.rule == "inverse":
            base = self.inverse.get(p) or (p[1:] if p.startswith("^") and p[1:] in self.phrased else None)
            return base is not None and subs[0].statement == (o, base, s) and self.justified(subs[0])
        return self.base_refutable((s, p, o)) == d.rule

    def base_refutable(self, t: Triple) -> str | None:
        """The base negation rule that refutes ``t``, if any (None when it is provable)."""
        s, p, o = t
        if t in self.holds or p not in self.flags:
            return None
        rel = self.flags[p]
        if rel.functional:
            values = {x for y, x in self.edges(p) if y == s}
            if len(values) == 1 and o not in values:
                (o2,) = values
                undated = any(
                    f.subject == s
                    and f.property == p
                    and f.object == o2
                    and f.start_year is None
                    and f.end_year is None
                    for f in self.facts
                )
                shared = set(self.types(o)) & set(self.types(o2))
                if undated and shared and not self.nested(o, o2) and not self.nested(o2, o):
                    return "functional_conflict"
        if p in LIFETIME and "Q5" in self.types(s) and "Q5" in self.types(o):
            rule = self._lifetime(LIFETIME[p], s, o)
            if rule:
                return rule
        if rel.transitive and not rel.symmetric and s != o and (o, p, s) in self.holds:
            return "antisymmetric"
        return None

    def refutable(self, t: Triple) -> bool:
        """Refutable by a base rule, or by one symmetric/inverse reading of one."""
        s, p, o = t
        if t in self.holds:
            return False
        if self.base_refutable(t):
            return True
        readings = []
        if p in self.flags and self.flags[p].symmetric:
            readings.append((o, p, s))
        if p in self.inverse:
            readings.append((o, self.inverse[p], s))
        if p.startswith("^") and p[1:] in self.phrased:
            readings.append((o, p[1:], s))
        return any(r not in self.holds and self.base_refutable(r) for r in readings)

    def types(self, eid: str) -> tuple[str, ...]:
        e = self.entities.get(eid)
        return e.types if e else ()

    def nested(self, x: str, y: str) -> bool:
        return any(
            r.transitive and not r.symmetric and (x, p, y) in self.holds for p, r in self.flags.items()
        )

    def _lifetime(self, roles: str, s: str, o: str) -> str | None:
        es, eo = self.entities[s], self.entities[o]
        if roles == "together":
            clash = (
                es.start_year is not None and eo.end_year is not None and es.start_year > eo.end_year
            ) or (eo.start_year is not None and es.end_year is not None and eo.start_year > es.end_year)
            return "coexistence_conflict" if clash else None
        parent, child = (es, eo) if roles == "parent_child" else (eo, es)
        clash = (
            parent.start_year is not None
            and child.start_year is not None
            and child.start_year <= parent.start_year
        ) or (
            parent.end_year is not None
            and child.start_year is not None
            and child.start_year > parent.end_year + 1
        )
        return "parent_lifetime_conflict" if clash else None


def premises_are_facts(d: Derivation, kb: ReferenceKb, fact_ids: set[str]) -> bool:
    """Every leaf of the proof is something the KB states."""
    for p in d.premises:
        match p:
            case FactPremise(fact_id=fid) if fid not in fact_ids:
                return False
            case TypePremise(entity=e, cls=c) if c not in kb.types(e):
                return False
            case YearPremise(entity=e, event=ev, year=y):
                ent = kb.entities[e]
                if y != (ent.start_year if ev == "born" else ent.end_year):
                    return False
            case Derivation() if not premises_are_facts(p, kb, fact_ids):
                return False
    return True


def _transitive(pairs: set[tuple[str, str]]) -> set[tuple[str, str]]:
    succ: dict[str, set[str]] = defaultdict(set)
    for a, b in pairs:
        succ[a].add(b)
    out = set()
    for start in list(succ):
        seen: set[str] = set()
        todo = list(succ[start])
        while todo:
            x = todo.pop()
            if x not in seen:
                seen.add(x)
                todo.extend(succ.get(x, ()))
        out |= {(start, x) for x in seen}
    return out
