"""A temporal case's fact said to have gone to another value: what the reply's answer follows from there
is not read.

"When the departments were created in 1790, Vénissieux was assigned to Isère ... It was then
transferred to Rhône in 1800 ... So yes: in 1812 Vénissieux was in Isère" (styled_dev14 D2-001): a
wrong claim of another value of an event's relation, for the same thing, says when the event ended in
the reply's own world ("moved to", "transferred to", "joined"), but the events the temporal check reads
take years only from claims of the event itself (lifetimes.py ``events``). Wrong knowledge is read
right; whether the answer follows from it (``erroneous_knowledge`` or ``both``) is not, so such a
reply is "cannot tell" unless another reason already says the answer does not follow (cannot_tell.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.kg.catalog import RelationCatalog
from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.worlds import readings


def moved_away(claims: Sequence[Claim], ground: GroundGraph, catalog: RelationCatalog) -> tuple[Claim, ...]:
    """The wrong, positive, dated claims giving the asked thing another value of the asked relation
    (of a temporal case's events or of the question's statement)."""
    keys = [key.split(" ") for key in ground.temporal.events] if ground.temporal else []
    facts = [(k[0], k[1], k[2]) for k in keys if len(k) == 3]
    asked_fact = ground.statement
    if asked_fact and any(
        {e.subject, e.object} == {asked_fact[0], asked_fact[2]} and (e.start, e.end) != (None, None)
        for e in ground.edges
    ):
        facts.append(asked_fact)  # a dated fact asked at a time ("Was Vénissieux in Isère in 1812?")
    asked = {reading for s, p, o in facts for reading in readings(catalog, s, p, o)}
    return tuple(
        c
        for c in claims
        if c.wrong
        and not c.negated
        and c.statement
        and c.when not in (None, (None, None))
        and not readings(catalog, *c.statement) & asked  # an event itself, misdated: the events read it
        and any((s, p) == (x, q) for s, p, _ in readings(catalog, *c.statement) for x, q, _ in asked)
    )
