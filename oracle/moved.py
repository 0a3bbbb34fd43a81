"""A place that passes, comes, falls or ends up in another, is put, folded, assigned or handed to it,
or is administered or governed by it, is in it: "in 2015 Oullins passed to the new Metropolis of
Lyon", "in 1936 Zhytomyr came under Kyiv Oblast", "it ended up in Grand Est", "In 1946 the Lüneburg
region was put into Lower Saxony", "Nosate is administered by the Province of Varese".

The words name no property; what they say of two places is that one is in the other, read as "is
in" (a year of the clause dates it as any fact's: dated.py). Read so only where both ends are places
by the KB's domain: "the prize was handed to Feynman" or "Einstein moved to Princeton" say nothing of
the kind. A verb that carries the thing over must be passive ("was handed to": "France handed Alsace
to Germany" puts France nowhere): WordNet's verbs of possession (hand, cede) and of placing or
assigning; the verbs of going are read active ("passed to Prussia", "came back to Sassari"). "Merged
with" joins equals, and "belonged to" stays WordNet's several relations (owned by, part of, member
of: guessed.py): the fifth session read it as "is in" too, and that gave wrong classes on held2.

``kept`` holds every reading that only some kinds of ends bear: these between places, a partnership
between places (a twinning), a country for sport (sport_country.py), a birth or a death (a person's).
"""

from __future__ import annotations

from kgtest.core.wordnet import wordnet
from kgtest.kg.extract.triples import Triple
from kgtest.kg.model import Domain
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.relations import RelationMatch, words

MOVED = "moved"
"""``RelationMatch.how`` of a reading kept only between two places: a containment from such words, or a
twinning from a partnership's."""
IN = "is in"
"""The words a containment is read as."""
TWINNED = "is twinned with"
"""The words a partnership between places is read as (P190's phrase)."""
_PASSIVE = {"is", "was", "are", "were", "been", "being", "be"}
_GOVERNING = {"administer", "administrate", "govern", "rule"}
"""Verbs of governing: a place "administered by" or "governed by" another is in it."""
_INTO = {"to", "into", "under"}
_OVER = {"back", "over", "up"}
_GOING = {"pass", "come", "go", "fall", "return", "revert", "move", "end"}
_PLACING = {"transfer", "assign", "reassign", "put", "place", "move", "attach", "add", "incorporate", "fold"}
_PLACING |= {"absorb", "integrate", "merge", "list", "group", "class", "classify", "count", "file"}
"""... and of filing: "is listed under the Free Municipal Consortium of Agrigento", "was grouped under"."""


def moved_into(triple: Triple) -> bool:
    """Words that put the subject in the object: "is administered by", "was governed by"."""
    said = words(triple.relation).split()
    said_words = triple.relation.split()
    before = said_words[: said_words.index(said[0])] if said and said[0] in said_words else []
    passive = bool(set(before) & _PASSIVE)
    net = wordnet()
    verb = net.base(said[0], "verb") if said else ""
    if len(said) == 2 and said[-1] == "by":
        return passive and verb in _GOVERNING
    if said[-2:] == ["up", "in"] and verb == "end":
        return len(said) == 3
    if not 2 <= len(said) <= 3 or said[-1] not in _INTO or (len(said) == 3 and said[1] not in _OVER):
        return False
    if verb in _GOING:
        return True
    return passive and (verb in _PLACING or net.kind(verb, "verb") == "verb.possession")


_SUPPORT = {"have", "sign", "conclude", "establish", "form", "forge", "enter", "keep", "maintain", "agree"}
"""Light verbs that add nothing to the noun after them: "signed a twinning with", "concluded a
partnership with" say what "has a partnership with" says."""
_PARTNERSHIP = {"partnership", "twinning", "twinship"}


def partnered(triple: Triple) -> bool:
    """Words of a partnership with the object: "has a partnership with", "concluded a city partnership
    with", "signed a twinning with". Between two places that is a twinning (P190); between others it
    names nothing (``kept`` checks the ends)."""
    said = words(triple.relation).split()
    net = wordnet()
    if len(said) == 3 and net.base(said[0], "verb") in _SUPPORT:
        said = said[1:]
    return len(said) == 2 and said[1] == "with" and net.base(said[0], "noun") in _PARTNERSHIP


FOR_PLACE = "for a place"
"""``RelationMatch.how`` of a reading kept only from a person to a place: a country for sport."""


_LIFE = {"P569", "P570"}
"""Birth and death: only a person's ("| Santa Cruz | 1991–1992 |", a table of clubs, is no lifetime)."""


def kept(match: RelationMatch, subject: EntityMatch, obj: EntityMatch, kb: KbLookup | None) -> bool | None:
    """Whether a reading holds between these ends by the KB's domains (not the case's words: they may
    be any kind): a containment or a twinning between places, a country for sport from a person to a
    place, a birth or death of anything but what the KB holds is no person; None for a reading kept
    anywhere."""
    if match.how == MOVED:
        return kb is not None and all(_domain(m, kb) is Domain.PLACES for m in (subject, obj))
    if match.how == FOR_PLACE:
        return kb is not None and (_domain(subject, kb), _domain(obj, kb)) == (Domain.PEOPLE, Domain.PLACES)
    if match.property in _LIFE and kb is not None:
        domain = _domain(subject if match.forwards else obj, kb)
        return False if domain not in (None, Domain.PEOPLE, Domain.UNKNOWN) else None
    return None


def _domain(match: EntityMatch, kb: KbLookup) -> Domain | None:
    entity = kb.entity(match.id) if match.id is not None else None
    return entity.domain if entity is not None else None
