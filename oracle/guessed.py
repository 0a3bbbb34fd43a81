"""Claims of the question's ends that the reply's words leave open between relations.

An erroneous inference says the reply's statements are right and only its answer fails. A
statement of the asked pair in words read only as one of several relations, none the one asked
("still belonged to the Byzantine Empire in 1034": owned by, part of or member of), may be the
very one the answer follows from, so such a verdict is ``unreadable`` (oracle/judge.py).
"""

from __future__ import annotations

from collections.abc import Sequence

from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph


def guessed_between_ends(claims: Sequence[Claim], ground: GroundGraph) -> list[Claim]:
    """Claims relating an end of the question (of its proof's facts, for a temporal case) in words
    read only as one of several relations, none the one asked ("still belonged to the Byzantine
    Empire in 1034": owned by, part of or member of). An erroneous inference says the reply's
    statements are right and only its answer fails; a statement of the asked pair that the words
    leave open between relations may be the very one the answer follows from, and one relating an
    end to another thing may give the asked relation another value ("Hjo Municipality ... belongs to
    Jönköping County, not Västra Götaland": wrong knowledge, if it says where Hjo lies), so the oracle
    cannot tell."""
    if ground.statement is not None:
        subject, asked, obj = ground.statement
        ends, relations = {subject, obj}, {asked.lstrip("^")}
    else:
        ends = {x for e in ground.edges for x in (e.subject, e.object)}
        relations = set(ground.properties)
    return [
        c
        for c in claims
        if c.statement is not None
        and {c.statement[0], c.statement[2]} & ends
        and all(a[1].lstrip("^") not in relations for a in c.alternatives)
        and (
            len({a[1] for a in c.alternatives}) > 1  # several relations, not several readings of a name
            or (c.triple.key in _BARE and {c.statement[0], c.statement[2]} == ends)
        )
    ]


_BARE = frozenset({"in", "at", "on", "with", "from", "of", "for", "to"})
"""A copula and a preposition alone between the question's two ends say any relation of them: "APOEL
wasn't in the 1997–98 Cypriot First Division" (a participant, not a place) is read as a containment."""
