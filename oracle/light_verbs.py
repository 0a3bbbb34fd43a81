"""A light verb and a preposition between the two ends of an evidence fact say that fact.

"Victorino was with Newell's Old Boys from 1983 to 1985", "he was at Roma between 1987 and 1991",
"Antón was on the team for the 2011 Giro": "be", "have" and "spend" carry no relation of their own
("have a spell at", "spend four seasons at"), the preposition only places one end by the other, and
no catalog phrase is so bare. Between two things the case's evidence relates, and nothing else,
such a clause can only say that fact: it is read as it, with the years the clause gives (dated.py),
so a wrong span is wrong knowledge instead of an unread sentence. A verb of its own ("scored against
Roma", "left Roma", "played against") is no light verb and is not read so; a denial is read as the
fact's denial, as any claim's.
"""

from __future__ import annotations

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.relations import RelationMatch

EDGE = "edge"
"""``RelationMatch.source`` and ``how`` of a relation read from the evidence fact between the ends."""
_LIGHT = {"be", "have", "spend"}
_SPELLS = {"spell", "stint", "loan", "season", "year", "time"}
"""Nouns a light verb takes for a stay ("had a loan spell at", "spent four seasons at")."""
_PLACING = {"with", "at", "for", "on"}
"""Prepositions that place one end by the other; "in" and "from" say a place or an origin of their own."""


def light_edge(
    triple: Triple, subject: EntityMatch, obj: EntityMatch, ground: GroundGraph
) -> list[RelationMatch]:
    """The evidence fact a light-verb clause between its two ends says, as a match; [] when none."""
    if not (subject.known and obj.known) or subject.id == obj.id or obj.how == "year":
        return []
    said = triple.key.split()
    if not said or said[-1] not in _PLACING or not set(said[:-1]) <= _LIGHT | _SPELLS:
        return []
    if said[:-1] and said[0] not in _LIGHT:
        return []
    found = [
        RelationMatch(e.property, e.subject == subject.id, EDGE, triple.relation, EDGE)
        for e in ground.edges
        if {e.subject, e.object} == {subject.id, obj.id}
    ]
    return found if len({m.property for m in found}) == 1 else []
