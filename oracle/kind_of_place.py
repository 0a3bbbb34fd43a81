"""Whether another place, where the proof has its own, could be a place of the same kind, and the
classes the checks compare (checks.py).

"Munich lies in Lower Bavaria" where the proof has Upper Bavaria misses the proof's fact; "the
Seychelles lie in the Indian Ocean" where it has East Africa does not: a thing lies in a sea and
on land at once. checks.py asks this where the KB gives no kind of one of the two; a body of water
(the name's last word: "Indian Ocean", "Gulf of Guinea", "Lake Geneva") is not of a land's kind.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from kgtest.kg.model import Domain, Fact
from kgtest.oracle.claims import Claim
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.worlds import is_year_id

_WATER = re.compile(
    r"\b(?:ocean|sea|gulf|bay|lake|river|strait|channel|lagoon|sound|bight|fjord)\b(?:\s+of\s+[\w\s]+)?$"
    r"|^(?:lake|river)\s+",
    re.I,
)


def maybe_one_kind(one: str, other: str) -> bool:
    """False when one name is a body of water and the other is not."""
    return bool(_WATER.search(one.strip())) == bool(_WATER.search(other.strip()))


def another_place(one: str, other: str) -> bool:
    """Whether ``one``, a name the KB does not know, may be a place other than ``other``: not when
    one is a body of water and the other is not, nor when it is ``other``'s name as a state's
    ("Federal Republic of Germany" beside Germany: its official name, not another country)."""
    words = set(re.findall(r"[a-z]+", one.lower()))
    own = set(re.findall(r"[a-z]+", other.lower()))
    return maybe_one_kind(one, other) and not (own and own < words and words - own <= _STATE_FORM)


_STATE_FORM = frozenset(
    {"republic", "federal", "kingdom", "united", "free", "state", "democratic", "people", "peoples"}
    | {"socialist", "commonwealth", "principality", "grand", "duchy", "of", "the"}
)
"""Words that make a country's name its name as a state: "Federal Republic of Germany"."""


COUNTRY, HISTORICAL = "Q6256", "Q3024240"
"""Wikidata's country and historical country: a place lies in one country of today at a time, while
empires and kingdoms of the past overlap them ("Smyrna belonged to the Ottoman Empire")."""


def in_another_country(
    value: str, other: str, above: Mapping[str, set[str]], kinds: Callable[[str], set[str]]
) -> bool:
    """Whether ``value`` is a country and a country around ``other`` is another: "Munich is in Austria"
    where the proof has Upper Bavaria, which is in Germany, misses the proof's fact, though a country
    is no region."""
    if not _country(kinds(value)):
        return False
    seen: set[str] = set()
    frontier = {other}
    while frontier:
        seen |= frontier
        frontier = {a for x in frontier for a in above.get(x, ())} - seen
    return any(a != value and _country(kinds(a)) for a in seen - {other})


def _country(kinds: set[str]) -> bool:
    return COUNTRY in kinds and HISTORICAL not in kinds


def kb_types(
    kb: KbLookup | None, ground: GroundGraph, claims: Sequence[Claim], background: Sequence[Fact]
) -> tuple[tuple[str, str], ...]:
    """The KB's classes of what claims name beyond the case, and of the evidence's values: "born in
    Colombia" conflicts with the KB's Ecuador only as another country (negation.pl)."""
    if kb is None or not background:
        return ()
    named = {x for c in claims if c.statement for x in (c.statement[0], c.statement[2])}
    named |= {e.object for e in ground.edges}
    known = set(ground.types)
    out = []
    for eid in sorted(x for x in named if not x.startswith("?") and not is_year_id(x)):
        entity = kb.entity(eid)
        out += [(eid, t) for t in (entity.types if entity else ()) if (eid, t) not in known]
    return tuple(out)


def kinds_of(kb: KbLookup | None, types: Sequence[tuple[str, str]], eid: str) -> set[str]:
    """The classes of ``eid``: those already gathered, else the KB's."""
    found = {t for e, t in types if e == eid}
    entity = kb.entity(eid) if not found and kb is not None else None
    return found | set(entity.types if entity else ())


def is_place(kb: KbLookup | None, eid: str) -> bool:
    """A place by the KB's domain: not the Nobel Prize in Physics of "the highest prize in physics"."""
    entity = kb.entity(eid) if kb is not None else None
    return entity is not None and entity.domain is Domain.PLACES
