"""What the checks put into the rules' worlds, and the small readings they share (checks.py).

The evidence and the KB's facts as world facts, the reply's stated and denied claims, which
answer a world gives, how claims are quoted in reasons, the wordings of one fact, which place a
containment fact leads up to, and the property families the checks treat as one (containment, a
prize and its winner).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from kgtest.generator.case import Answer
from kgtest.kg.catalog import RelationCatalog
from kgtest.kg.model import Fact
from kgtest.oracle.claims import VALUE_PROPERTIES, Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.prolog.claims import CLAIM_PREFIX, WorldFact

RANK = ("proven", "refuted", "other", "open")
"""How one reading's statuses combine: what the rules prove or refute outweighs the rest."""
CHARITY = ("proven", "open", "other", "refuted")
"""Which reading of an ambiguous name is kept: the one the KB bears out best."""
UPWARD, DOWNWARD = ("P131", "P361"), ("P150", "P527")
"""Located in / part of, and contains / has part: one containment between places, however worded."""
CROWDED = frozenset({*DOWNWARD, "P710", "P1923"})
"""Properties whose subject has many values: what a place contains, an event's participants and
participating teams. One more named is no other value of the proof's ("Zürich contains X"; "West
Ham did enter the EFL Cup" where the proof has Aaron Cresswell taking part)."""
SAME_FACT = {"P1346": "P166", "P166": "P1346"}
"""A prize's winner received the prize: one fact, read by two properties the opposite way round."""
COUNTRY = "P17"
"""A place lies within its country too (claims.pl's ``nested``): Ulm is in Germany."""


def one_containment(claim: Claim, ground: GroundGraph) -> Claim:
    """ "Zakarpattia Oblast is part of Ukraine" states the case's "located in" when the case asks that."""
    assert claim.statement is not None
    s, p, o = claim.statement
    for family in (UPWARD, DOWNWARD):
        if p in family and p not in ground.properties:
            for other in family:
                if other in ground.properties:
                    return replace(claim, statement=(s, other, o))
    return claim


def world_stated(claims: Sequence[Claim]) -> list[WorldFact]:
    """The reply's positive claims about entities, as facts of its world."""
    return [
        WorldFact(f"{CLAIM_PREFIX}{i}", *c.statement)
        for i, c in enumerate(claims)
        if c.statement and not c.negated and c.statement[1] not in VALUE_PROPERTIES
    ]


def placed_unknowns(claims: Sequence[Claim], is_place: Callable[[str], bool]) -> list[WorldFact]:
    """Where the reply puts a place the KB does not know ("born in Queens, New York City"): within a
    place the KB knows, so no other value than it (claims.pl's nesting); the containment is checked too."""
    return [
        WorldFact(f"a:{i}", *c.statement)
        for i, c in enumerate(claims)
        if c.statement
        and not c.negated
        and c.statement[0].startswith("?")
        and c.statement[1] in (*UPWARD, COUNTRY)
        and is_place(c.statement[2])
    ]


def world_denied(claims: Sequence[Claim]) -> tuple[tuple[str, str, str], ...]:
    return tuple(c.statement for c in claims if c.statement and c.negated)


def evidence_facts(ground: GroundGraph) -> list[WorldFact]:
    return [WorldFact(f"e:{e.id}", e.subject, e.property, e.object, e.start, e.end) for e in ground.edges]


def kb_fact(f: Fact) -> WorldFact:
    return WorldFact(f"k:{f.id}", f.subject, f.property, f.object, f.start_year, f.end_year)


def implied_answer(ground: GroundGraph, world: str) -> Answer | None:
    if world not in ("holds", "fails"):
        return None
    holds = world == "holds"
    return Answer.YES if holds == ground.yes_means_holds else Answer.NO


def quoted(claim: Claim) -> str:
    """The reply's own sentence, quoted, when it is short enough to read in a reason."""
    t = claim.triple
    if t.sentence and len(t.sentence) <= 160:
        return f'"{t.sentence.strip()}"'
    return f'"{t.subject} {"not " if t.negated else ""}{t.relation} {t.object}"'


def is_year_id(value: str) -> bool:
    return value.lstrip("-").isdigit()


def readings(catalog: RelationCatalog, s: str, p: str, o: str) -> set[tuple[str, str, str]]:
    """The same fact in every wording the rules accept: symmetric, inverse, ``^P``."""
    base = p.lstrip("^")
    out = {(s, p, o)}
    if p.startswith("^"):
        out.add((o, base, s))
    rel = catalog.resolve(base)
    if rel.symmetric:
        out.add((o, base, s))
    if rel.inverse and rel.inverse in catalog:
        out.add((o, rel.inverse, s) if not p.startswith("^") else (s, rel.inverse, o))
    if rel.inverse_phrase and not p.startswith("^"):
        out.add((o, f"^{base}", s))
    if base in SAME_FACT:  # "the prize went to Feynman": Feynman received the prize
        out.add((o, SAME_FACT[base], s) if not p.startswith("^") else (s, SAME_FACT[base], o))
    return out


def containment(catalog: RelationCatalog, background: list[Fact]) -> list[WorldFact]:
    """The KB's facts of which place lies in which, as facts of a world."""
    return [kb_fact(f) for f in background if f.property == COUNTRY or catalog.resolve(f.property).transitive]


def places_above(catalog: RelationCatalog, facts: Sequence[WorldFact]) -> dict[str, set[str]]:
    """Which places the facts put directly around each place."""
    out: dict[str, set[str]] = {}
    for f in facts:
        rel = catalog.resolve(f.property)
        if f.property == COUNTRY or (rel.transitive and not rel.symmetric):
            low, high = (f.object, f.subject) if f.property in DOWNWARD else (f.subject, f.object)
            if low != high:
                out.setdefault(low, set()).add(high)
    return out


def upward(catalog: RelationCatalog, fact: Fact, here: str) -> str | None:
    """The end of a containment fact above ``here``: P131 points up, its inverse P150 down."""
    rel = catalog.resolve(fact.property)
    if fact.property == COUNTRY:
        return fact.object if fact.subject == here and fact.object != here else None
    if not rel.transitive or rel.symmetric:
        return None
    if fact.property in DOWNWARD:
        return fact.subject if fact.object == here else None
    return fact.object if fact.subject == here else None
