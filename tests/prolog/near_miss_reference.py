"""near_miss.pl restated in plain Python, year by year, for the property tests.

Written from the module's documentation: one value at a time (S P O is false in the known years
of a dated value O2 of S, less the years S has another value, less the years around any stated
S P O; O and O2 neither nested nor held together by anything; for a player's teams, national
teams left out of all of it), and partitions (X in A, A and B
directly within R, of one level (a class in common, or neither classed and something lying
directly in B), neither nested nor sharing anything for more than a year of change: X is not in
B in the years all three share). Years are sets of ints inside a finite span,
so no interval arithmetic is shared with the code under test.
"""

from __future__ import annotations

from kgtest.kg.model import Fact
from kgtest.prolog.reasoner import Derivation, FactPremise, TypePremise

from .reference import ReferenceKb, Triple

ONE_AT_A_TIME = frozenset({"P17", "P26", "P6", "P35", "P36"})
ONE_CLUB = frozenset({"P54"})
"""One club at a time: one at a time among the values that are no national team (a national
team's class, or "national" or "olympic" a word of its name)."""
NATIONAL_CLASSES = frozenset({"Q6979593", "Q1194951", "Q23847779"})
PARTITIONED = frozenset({"P131"})
SPAN = range(1700, 2000)
"""Every year the random KBs can reach, with room for the widening by one year."""
ALL = frozenset(SPAN)


class NearMissReference:
    def __init__(self, kb: ReferenceKb) -> None:
        self.kb = kb
        self.by_id = {f.id: f for f in kb.facts}

    # -- years of one fact ----------------------------------------------------------------
    @staticmethod
    def known(f: Fact) -> frozenset[int]:
        a, b = f.start_year, f.end_year
        if a is None and b is None:
            return ALL
        first, last = (b, b) if a is None else (a, a) if b is None else (a, b)
        assert first is not None and last is not None
        return frozenset(range(first, last + 1))

    @staticmethod
    def possible(f: Fact) -> frozenset[int]:
        a, b = f.start_year, f.end_year
        if a is None and b is None:
            return ALL
        if a is None:
            return frozenset(y for y in SPAN if y <= (b or 0))
        if b is None:
            return frozenset(y for y in SPAN if y >= a)
        return frozenset(range(min(a, b), max(a, b) + 1))

    def usable_years(self, f: Fact) -> frozenset[int] | None:
        """None: undated ("always"); empty: not usable at all."""
        if f.id in self.kb.excluded or (
            f.start_year is not None and f.end_year is not None and f.start_year > f.end_year
        ):
            return frozenset()
        return None if f.start_year is None and f.end_year is None else self.known(f)

    # -- readings -------------------------------------------------------------------------
    def readings(self, s: str, p: str, o: str) -> list[Fact]:
        """Stated facts saying s p o directly, through symmetry, or through the inverse property."""
        flags = self.kb.flags.get(p)
        out = [f for f in self.kb.facts if (f.subject, f.property, f.object) == (s, p, o)]
        if flags is not None and flags.symmetric:
            out += [f for f in self.kb.facts if (f.subject, f.property, f.object) == (o, p, s)]
        q = self.kb.inverse.get(p)
        if q is not None:
            out += [f for f in self.kb.facts if (f.subject, f.property, f.object) == (o, q, s)]
        return out

    def values(self, s: str, p: str) -> list[tuple[Fact, str]]:
        """(fact, value) for every stated value of p for s, in any reading."""
        found = []
        for f in self.kb.facts:
            if f.property == p and f.subject == s:
                found.append((f, f.object))
            if f.property == p and f.object == s and self.kb.flags.get(p) and self.kb.flags[p].symmetric:
                found.append((f, f.subject))
            if f.property == self.kb.inverse.get(p) and f.object == s:
                found.append((f, f.subject))
        return found

    def held_together(self, p: str, o1: str, o2: str) -> bool:
        """Something has both as values of ``p`` for two years or more; for countries, or lies
        directly within one (P131) while the other is its country."""
        holders = {x for f in self.kb.facts for x in (f.subject, f.object)}
        pairs = [(p, o1, p, o2)]
        if p == "P17":
            pairs += [("P131", o1, p, o2), ("P131", o2, p, o1)]
        return any(
            len(self.known(f1) & self.known(f2)) > 1
            for x in holders
            for p1, w1, p2, w2 in pairs
            for f1, v1 in self.values(x, p1)
            if v1 == w1
            for f2, v2 in self.values(x, p2)
            if v2 == w2
        )

    # -- one at a time --------------------------------------------------------------------
    def one_at_a_time(self, t: Triple, f: Fact) -> frozenset[int]:
        """The years premise ``f`` refutes ``t`` in (empty: it does not)."""
        s, p, o = t
        if p not in ONE_AT_A_TIME | ONE_CLUB or (f.property != p and f.property != self.kb.inverse.get(p)):
            return frozenset()
        o2 = next((v for g, v in self.values(s, p) if g.id == f.id), None)
        y2 = self.usable_years(f)
        if o2 is None or o2 == o or not y2:
            return frozenset()
        if p in ONE_CLUB and (self.national(o) or self.national(o2)):
            return frozenset()
        if self.kb.nested(o, o2) or self.kb.nested(o2, o) or self.held_together(p, o, o2):
            return frozenset()
        blocked: set[int] = set()
        for g, v in self.values(s, p):
            if v != o2 and not (p in ONE_CLUB and self.national(v)):
                blocked |= self.known(g)
        for g in self.readings(s, p, o):
            blocked |= {y + d for y in self.possible(g) for d in (-1, 0, 1)}
        return frozenset(y2 - blocked)

    def national(self, team: str) -> bool:
        e = self.kb.entities.get(team)
        label = "" if e is None else e.label.lower().replace("-", " ")
        words = {w.strip("()'.,") for w in label.split(" ")}
        return bool(set(self.kb.types(team)) & NATIONAL_CLASSES or words & {"national", "olympic"})

    # -- partition ------------------------------------------------------------------------
    def partition(self, t: Triple, fx: Fact, fa: Fact, fb: Fact) -> frozenset[int] | None:
        """The years the three premises refute ``t`` in (None: always), or empty when they do not."""
        x, p, b = t
        if p not in PARTITIONED or x == b or t in self.kb.linked:
            return frozenset()
        a = next((v for g, v in self.values(x, p) if g.id == fx.id), None)
        r = next((v for g, v in self.values(a, p) if g.id == fa.id), None) if a else None
        rb = next((v for g, v in self.values(b, p) if g.id == fb.id), None)
        if a is None or r is None or rb != r or a == b or r == x:
            return frozenset()
        if self.kb.nested(a, b) or self.kb.nested(b, a) or self.held_together(p, a, b):
            return frozenset()
        ta, tb = set(self.kb.types(a)), set(self.kb.types(b))
        if not (ta & tb or (not ta and not tb and self.holds_a_unit(b, p))):
            return frozenset()
        years = [self.usable_years(g) for g in (fx, fa, fb)]
        if any(y == frozenset() for y in years):
            return frozenset()
        dated = [y for y in years if y is not None]
        if not dated:
            return None
        return frozenset.intersection(*dated)

    def holds_a_unit(self, b: str, p: str) -> bool:
        """Something lies directly in ``b`` by a usable fact: an unclassed unit of A's level."""
        holders = {x for f in self.kb.facts for x in (f.subject, f.object)}
        return any(
            v == b and self.usable_years(f) != frozenset() for y in holders for f, v in self.values(y, p)
        )

    # -- what the reasoner must find ------------------------------------------------------
    def base(self, t: Triple) -> bool:
        x, p, b = t
        if any(self.one_at_a_time(t, f) for f, _ in self.values(x, p)):
            return True
        return any(
            self.partition(t, fx, fa, fb) != frozenset()
            for fx, a in self.values(x, p)
            for fa, r in self.values(a, p)
            for fb, rb in self.values(b, p)
            if rb == r
        )

    def refutable(self, t: Triple) -> bool:
        """A dated refutation of ``t`` itself or of one symmetric or inverse reading of it."""
        s, p, o = t
        readings = [t]
        if p in self.kb.flags and self.kb.flags[p].symmetric:
            readings.append((o, p, s))
        if p in self.kb.inverse:
            readings.append((o, self.kb.inverse[p], s))
        if p.startswith("^") and p[1:] in self.kb.phrased:
            readings.append((o, p[1:], s))
        return any(self.base(r) for r in readings)

    def justified(self, d: Derivation) -> bool:
        """``d`` is a near miss whose years are exactly what its rule gives for its premises."""
        claimed = None if d.years is None else frozenset(y for a, b in d.years for y in range(a, b + 1))
        if d.rule in ("symmetric", "inverse"):
            (sub,) = d.premises
            return isinstance(sub, Derivation) and sub.years == d.years and self.justified(sub)
        facts = [self.by_id[p.fact_id] for p in d.premises if isinstance(p, FactPremise)]
        types = [p for p in d.premises if isinstance(p, TypePremise)]
        rule = "one_club_at_a_time" if d.statement[1] in ONE_CLUB else "one_at_a_time"
        if d.rule == rule and len(facts) == 1 and not types:
            return bool(claimed) and self.one_at_a_time(d.statement, facts[0]) == claimed
        if d.rule == "partition" and len(facts) in (3, 4):
            fx, fa, fb, *unit = facts  # and for unclassed units, a fact putting something in B
            b, p = d.statement[2], d.statement[1]
            holders = {x for f in self.kb.facts for x in (f.subject, f.object)}
            if unit and not any(v == b and g.id == unit[0].id for y in holders for g, v in self.values(y, p)):
                return False
            return self.partition(d.statement, fx, fa, fb) == claimed and claimed != frozenset()
        return False
