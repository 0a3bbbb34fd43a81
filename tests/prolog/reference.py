"""A plain-Python statement of what the rule library should conclude, for property tests.

Written from docs/reasoning.md, not from the Prolog: one edge of P is a fact of P, a fact
of P read backwards when P is symmetric, or a fact of P's inverse read backwards; P holds
on its edges, closed under chaining when P is transitive; ``^P`` holds where P holds
backwards. Time is brute force: the closure is computed again for every single year, from
the facts known to hold in that year (undated facts hold in all), so a statement holds in
year y exactly when this year's closure has it. Sanity rules and refutations restate the
conditions of each rule.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping

from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Entity, Fact
from kgtest.prolog.reasoner import Derivation, FactPremise, TypePremise, YearPremise

Triple = tuple[str, str, str]

LIFETIME = {"P26": "together", "P40": "parent_child", "P22": "child_parent", "P25": "child_parent"}
ALIVE = {"P26", "P39", "P54", "P69", "P102", "P108", "P463", "P551"}


def fact_years(f: Fact) -> set[int] | None:
    """The years ``f`` is known to hold, one by one (None: undated, every year)."""
    if f.start_year is None and f.end_year is None:
        return None
    first = f.start_year if f.start_year is not None else f.end_year
    last = f.end_year if f.end_year is not None else f.start_year
    assert first is not None and last is not None
    return set(range(first, last + 1))


class ReferenceKb:
    def __init__(
        self, entities: Mapping[str, Entity], facts: Iterable[Fact], catalog: RelationCatalog
    ) -> None:
        self.entities = entities
        self.facts = list(facts)
        self.flags = {p: catalog[p] for p in catalog if catalog[p].curated}
        self.inverse: dict[str, str] = {}
        for p, r in self.flags.items():
            if r.inverse in self.flags:
                self.inverse[p], self.inverse[r.inverse] = r.inverse, p
        self.phrased = {p for p, r in self.flags.items() if r.inverse_phrase and p not in self.inverse}
        self.stated = {_triple(f) for f in self.facts}
        self.violations = {(f.id, rule) for f in self.facts for rule in self._broken(f)}
        self.excluded = {fid for fid, _ in self.violations}
        usable = [f for f in self.facts if f.id not in self.excluded]
        self.linked = self._closure({_triple(f) for f in self.facts})
        """What follows from every stated fact, dates ignored: never refuted."""
        undated = {_triple(f) for f in usable if fact_years(f) is None}
        self.undated = self._closure(undated)
        """What follows from undated facts alone: holds ``always``."""
        by_year: dict[int, set[Triple]] = defaultdict(set)
        for f in usable:
            for y in fact_years(f) or ():
                by_year[y].add(_triple(f))
        self.by_year = {y: self._closure(ts | undated) for y, ts in sorted(by_year.items())}
        """Year -> what holds in that year."""
        self.holds = self.undated.union(*self.by_year.values())
        """What holds in some year (or always): what the reasoner must prove."""

    def edges(self, p: str, ground: set[Triple]) -> set[tuple[str, str]]:
        out = {(s, o) for s, q, o in ground if q == p}
        if p in self.flags and self.flags[p].symmetric:
            out |= {(o, s) for s, q, o in ground if q == p}
        if p in self.inverse:
            out |= {(o, s) for s, q, o in ground if q == self.inverse[p]}
        return out

    def _closure(self, ground: set[Triple]) -> set[Triple]:
        props = {p for _, p, _ in ground} | set(self.flags)
        holds: set[Triple] = set()
        for p in props:
            pairs = self.edges(p, ground)
            if p in self.flags and self.flags[p].transitive:
                pairs = _transitive(pairs)
            holds |= {(s, p, o) for s, o in pairs}
        holds |= {(o, f"^{p}", s) for s, p, o in list(holds) if p in self.phrased}
        return holds

    def derived(self) -> set[Triple]:
        """What the rules add: holds, minus what the KB states, minus reflexive statements."""
        return {t for t in self.holds if t not in self.stated and t[0] != t[2]}

    def years(self, t: Triple) -> set[int] | None:
        """The years ``t`` holds in (None: always, from undated facts alone)."""
        return None if t in self.undated else {y for y, ts in self.by_year.items() if t in ts}

    # -- time -----------------------------------------------------------------------------
    def sound(self, d: Derivation) -> bool:
        """Every year ``d`` claims, its conclusion and every premise hold in that year."""
        if d.years is None:
            return d.statement in self.undated and all(self._premise_years(p) is None for p in d.premises)
        claimed = {y for a, b in d.years for y in range(a, b + 1)}
        if not claimed or any(d.statement not in self.by_year.get(y, ()) for y in claimed):
            return False
        for p in d.premises:
            held = self._premise_years(p)
            if held is not None and not claimed <= held:
                return False
            if isinstance(p, Derivation) and not self.sound(p):
                return False
        return True

    def _premise_years(self, p: object) -> set[int] | None:
        if isinstance(p, FactPremise):
            return fact_years(next(f for f in self.facts if f.id == p.fact_id))
        assert isinstance(p, Derivation)
        return None if p.years is None else {y for a, b in p.years for y in range(a, b + 1)}

    # -- sanity rules ---------------------------------------------------------------------
    def _broken(self, f: Fact) -> set[str]:
        rules = set()
        start, end = f.start_year, f.end_year
        if start is not None and end is not None and start > end:
            rules.add("start_after_end")
        people = self._people(f)
        first = start if start is not None else end
        for x in people:
            born, died = self.entities[x].start_year, self.entities[x].end_year
            early = (
                first is not None
                and born is not None
                and (first < born or (f.property == "P26" and first == born))
            )
            if early:
                rules.add("before_birth")
            if start is not None and died is not None and f.property in ALIVE and start > died:
                rules.add("after_death")
        roles = LIFETIME.get(f.property)
        if roles and self._human(f.subject) and self._human(f.object):
            if roles == "together" and self._lifetime("together", f.subject, f.object):
                rules.add("never_alive_together")
            if roles != "together":
                parent, child = (f.subject, f.object) if roles == "parent_child" else (f.object, f.subject)
                pb, pd = self.entities[parent].start_year, self.entities[parent].end_year
                cb = self.entities[child].start_year
                if pb is not None and cb is not None and cb <= pb:
                    rules.add("born_before_parent")
                if pd is not None and cb is not None and cb > pd + 1:
                    rules.add("born_after_parent_died")
        return rules

    def _people(self, f: Fact) -> list[str]:
        out = [f.subject] if self._human(f.subject) else []
        if LIFETIME.get(f.property) == "together" and self._human(f.object):
            out.append(f.object)
        return out

    def _human(self, eid: str) -> bool:
        return "Q5" in self.types(eid)

    # -- refutations ----------------------------------------------------------------------
    def justified(self, d: Derivation) -> bool:
        """Does the refutation ``d`` meet its rule's conditions in this KB?"""
        s, p, o = d.statement
        if d.holds or (s, p, o) in self.linked:
            return False
        subs = [x for x in d.premises if isinstance(x, Derivation)]
        if d.rule == "symmetric":
            return self.flags[p].symmetric and self.justified(subs[0]) and subs[0].statement == (o, p, s)
        if d.rule == "inverse":
            base = self.inverse.get(p) or (p[1:] if p.startswith("^") and p[1:] in self.phrased else None)
            return base is not None and subs[0].statement == (o, base, s) and self.justified(subs[0])
        return self.base_refutable((s, p, o)) == d.rule

    def base_refutable(self, t: Triple) -> str | None:
        """The base negation rule that refutes ``t``, if any (None when anything links it)."""
        s, p, o = t
        if t in self.linked or p not in self.flags:
            return None
        rel = self.flags[p]
        if rel.functional:
            values = {x for y, x in self.edges(p, self.stated) if y == s}
            if len(values) == 1 and o not in values:
                (o2,) = values
                undated = any(
                    _triple(f) == (s, p, o2) and fact_years(f) is None and f.id not in self.excluded
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
        if t in self.linked:
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
        return any(r not in self.linked and self.base_refutable(r) for r in readings)

    def types(self, eid: str) -> tuple[str, ...]:
        e = self.entities.get(eid)
        return e.types if e else ()

    def nested(self, x: str, y: str) -> bool:
        return any(
            r.transitive and not r.symmetric and (x, p, y) in self.linked for p, r in self.flags.items()
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
    """Every leaf of the proof is something the KB states, and no fact is an excluded one."""
    for p in d.premises:
        match p:
            case FactPremise(fact_id=fid) if fid not in fact_ids or fid in kb.excluded:
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


def _triple(f: Fact) -> Triple:
    return (f.subject, f.property, f.object)


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
