"""The part of a KB that the sanity rules (prolog/sanity.pl) can find a breach in.

``kgtest build-kb`` checks a fresh KB's sanity on the snapshot it has just loaded instead of
reading the whole KB back from the store (cli/build_kb.py), and hands the rules only this
part. Reading back and checking everything took 76 s of a 124 s build of 203,000 facts;
this part of it is usually a few hundred facts. tests/kg/test_loader.py compares the two
on random KBs with every kind of breach planted.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from kgtest.kg.model import Entity, Fact, Snapshot

HUMAN = "Q5"
"""prolog/sanity.pl's person: an instance of human, with the KB's birth and death years."""


def sanity_scope(snapshot: Snapshot, lifetime: Collection[str]) -> tuple[dict[str, Entity], list[Fact]]:
    """The facts a rule of prolog/sanity.pl can find a breach in, and the entities at their ends.

    Every rule rests on a fact's own years, or on the birth or death year of a human at one of
    its ends, and undated facts only through the years of two humans linked by a property of
    ``lifetime`` (negation.pl's ``lifetime_rule/2``: spouse, parent, child). So a fact is in
    scope when its years are reversed, or when a dated human is at one end and the fact is dated
    or of a lifetime property. A new rule that reads anything else must widen this.
    """
    scope = Scope(snapshot.entities, lifetime)
    scope(list(snapshot.facts.values()))
    return scope.result()


class Scope:
    """``sanity_scope`` gathered while the facts go by a chunk at a time (kg/loader.py's ``seen``):
    a streamed build never holds all its facts, only the entities and this part."""

    def __init__(self, entities: Mapping[str, Entity], lifetime: Collection[str]) -> None:
        self.entities = entities
        self.lifetime = lifetime
        self.dated = _dated_humans(entities.values())
        self.facts: list[Fact] = []

    def __call__(self, facts: Sequence[Fact]) -> None:
        self.facts.extend(f for f in facts if _in_scope(f, self.dated, self.lifetime))

    def result(self) -> tuple[dict[str, Entity], list[Fact]]:
        """The scope's entities by id and its facts, both in id order."""
        entities, facts = self.entities, self.facts
        ends = {f.subject for f in facts} | {f.object for f in facts}
        return {i: entities[i] for i in sorted(ends) if i in entities}, sorted(facts, key=lambda f: f.id)


def _dated_humans(entities: Iterable[Entity]) -> set[str]:
    return {
        e.id for e in entities if HUMAN in e.types and (e.start_year is not None or e.end_year is not None)
    }


def _in_scope(f: Fact, dated: Collection[str], lifetime: Collection[str]) -> bool:
    start, end = f.start_year, f.end_year
    if start is not None and end is not None and start > end:
        return True
    if f.subject not in dated and f.object not in dated:
        return False
    return start is not None or end is not None or f.property in lifetime
