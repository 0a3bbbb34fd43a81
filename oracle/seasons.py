"""A league named beside a season is that league's season: "in 2012–13 they were playing in the
Cypriot Fourth Division" says the club took part in the 2012–13 Cypriot Fourth Division.

KBs such as LitWD1K hold a club's league by season entities ("2012–13 Cypriot Third Division"), and
a reply names the league and the season apart. Read as the league alone, the claim is one the KB
neither proves nor refutes, so a wrong league passed as nothing wrong (a confident wrong class).
Read as the season the KB names, it is checked like any other: another league that season misses
the proof's fact.
"""

from __future__ import annotations

import re

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.kb_lookup import KbLookup

SEASON = re.compile(r"\b(1[89]\d{2}|20\d{2})\s*[–/-]\s*(\d{2}|\d{4})\b")
"""A season as replies write it: "2012–13", "2012-13", "2012/13", "2012–2013"."""


def season_of(match: EntityMatch, sentence: str, kb: KbLookup | None) -> EntityMatch | None:
    """The season entity ``match``'s league has in the one season ``sentence`` names, if the KB
    has exactly one of that name; None otherwise (no season, several, or none known)."""
    if match.id is None or match.how == "year":
        return None
    return season_named(match.name, match.label, sentence, kb)


def season_named(name: str, league: str, sentence: str, kb: KbLookup | None) -> EntityMatch | None:
    """The season entity of the league labelled ``league`` in the one season ``sentence`` names (as
    ``season_of``); ``name``: the words the reply named the league by."""
    if kb is None:
        return None
    seasons = {(m.group(1), m.group(2)[-2:]) for m in SEASON.finditer(sentence)}
    if len(seasons) != 1 or SEASON.search(league):
        return None
    ((start, end),) = seasons
    names = {f"{start}–{end}", f"{start}–{int(start) + 1}"}  # "1999–2000" is how the KB names it
    found = {eid for n in names for eid, how in kb.named(f"{n} {league}") if how == "label"}
    if len(found) != 1:
        return None
    (eid,) = found
    entity = kb.entity(eid)
    return EntityMatch(name, eid, entity.label if entity is not None else league, "kb-label")


def seasoned(triple: Triple, read: dict[str, EntityMatch], kb: KbLookup | None) -> dict[str, EntityMatch]:
    """``read`` with the triple's league read as the season its sentence names, if any."""
    season = season_of(read[triple.object], triple.sentence, kb)
    return read if season is None else {**read, triple.object: season}
