"""The years the KB and a case give a thing: a person's birth and death, a thing's start, end or
point in time; the case's own first, the KB's where it has the thing (checks.py asks them of claims)."""

from __future__ import annotations

from kgtest.oracle.claims import Claim
from kgtest.oracle.dated import date_kind
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.worlds import is_year_id


def year_of(kb: KbLookup | None, ground: GroundGraph, event: str, eid: str) -> int | None:
    """A person's year of ``event`` (``born`` or ``died``)."""
    for e, x, year in ground.years:
        if (e, x) == (event, eid):
            return year
    entity = kb.entity(eid) if kb is not None and not eid.startswith("?") else None
    if entity is None or "Q5" not in entity.types:
        return None
    return entity.start_year if event == "born" else entity.end_year


def lifetime(kb: KbLookup | None, ground: GroundGraph, eid: str) -> tuple[int | None, int | None]:
    return year_of(kb, ground, "born", eid), year_of(kb, ground, "died", eid)


def date_of(kb: KbLookup | None, ground: GroundGraph, kind: str, eid: str) -> int | None:
    """A thing's first or last year, or the year it happened: the case's dates, else the KB's."""
    for p, x, year in ground.dates:
        if x == eid and date_kind(p) == kind:
            return year
    entity = kb.entity(eid) if kb is not None and not eid.startswith("?") else None
    if entity is None:
        return None
    return {"start": entity.start_year, "end": entity.end_year, "point": entity.point_year}.get(kind)


def lifetimes(
    kb: KbLookup | None, ground: GroundGraph, claims: list[Claim]
) -> tuple[tuple[str, str, int], ...]:
    """The KB's birth and death years of the people the claims name: no one fathers a child born
    after his death, nor marries someone born after it."""
    named = {x for c in claims if c.statement for x in (c.statement[0], c.statement[2])}
    found = {(event, eid): year for event, eid, year in ground.years}
    for eid in sorted(named):
        for event in ("born", "died"):
            year = None if (event, eid) in found or is_year_id(eid) else year_of(kb, ground, event, eid)
            if year is not None:
                found[(event, eid)] = year
    return tuple((event, eid, year) for (event, eid), year in found.items())
