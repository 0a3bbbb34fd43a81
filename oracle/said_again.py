"""Unread sentences that only say again what the reply states, and the KB proves, elsewhere.

"Yes. Colombia and Japan have diplomatic relations. Japan is also one of Colombia's trading partners
in Asia": the second sentence relates the two countries in words no property names, so it is unread,
and the verdict would be "cannot tell". But the reply already states, in a sentence that was read, a
fact between the same two that the KB proves. Such a sentence cannot change the class when it also
cannot hide what the knowledge check would catch between those two:

* a denial of the proven fact (the reply would contradict itself): it says no "not", "never", "no";
* a wrong date: it names no year (a year beside two entities may date the fact; dated.py reads it);
* another value of a one-valued relation (born in, died in, father, mother: checks.py refutes
  only those by a different value): neither end has such a fact, in the evidence or the KB, whose
  other end is a third entity.

On every tuning set each reply this releases got its labelled class read alone
(docs/history/oracle-measured.md, "Seventh session, second round"); everything else unread stays
"cannot tell".
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.kg.catalog import RelationCatalog
from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.relations import words
from kgtest.oracle.unread import Unread

_DENIES = re.compile(r"\b(?:not|never|no|none|neither|nor|no longer)\b|n['’]t\b", re.I)
_YEAR = re.compile(r"\b(?:1\d{3}|20\d{2})s?\b|\b\d{1,3}\s*(?:BC|BCE|AD|CE)\b")


def said_again(
    unread: Sequence[Unread],
    claims: Sequence[Claim],
    ground: GroundGraph,
    kb: KbLookup | None,
    catalog: RelationCatalog,
) -> list[Unread]:
    """The unread sentences that only restate a proven fact the reply states in another sentence."""
    one_valued = {p for p in catalog if catalog[p].functional}
    return [u for u in unread if _restates(u, claims) and not _one_valued(u, ground, kb, one_valued)]


def _restates(u: Unread, claims: Sequence[Claim]) -> bool:
    if u.year or len(u.ids) != 2 or _DENIES.search(u.sentence) or _YEAR.search(u.sentence):
        return False
    here = words(u.sentence)
    return any(
        c.statement is not None
        and c.status == "proven"
        and not c.negated
        and frozenset({c.statement[0], c.statement[2]}) == u.ids
        and words(c.triple.sentence) not in here
        and here not in words(c.triple.sentence)
        for c in claims
    )


def _one_valued(u: Unread, ground: GroundGraph, kb: KbLookup | None, one_valued: set[str]) -> bool:
    """An end has a one-valued fact (in the evidence or the KB) whose other end is a third entity."""
    facts = [(e.subject, e.property, e.object) for e in ground.edges]
    facts += [(f.subject, f.property, f.object) for f in (kb.facts_of(u.ids) if kb is not None else ())]
    return any(s in u.ids and p in one_valued and o not in u.ids for s, p, o in facts)
