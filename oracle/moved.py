"""A place that belongs, or is handed, put or passed, to another is in it, as one administered or
governed by another: "In 1946 the Lüneburg region was put into Lower Saxony", "in 2005 it was handed to
the Province of Olbia-Tempio", "it came back to Sassari", "Nosate is administered by Varese".

The words name no property; what they say of two places is that one is in the other, read as "is
in" (a year of the clause dates it as any fact's: dated.py). Read so only where both ends are places
by the KB's domain: "the prize was handed to Feynman" or "Einstein moved to Princeton" say nothing of
the kind. A verb that carries the thing over must be passive ("was handed to"; "France handed
Alsace to Germany" puts France nowhere): WordNet's verbs of possession (hand, cede, sell, annex) and
of placing or assigning; "belong" and the verbs of going are read active ("belonged to Sassari",
"passed to Prussia", "fell to France"). Between places this reading comes before WordNet's senses
(which make "belonged to" owned by and "was handed to" the winner of a prize).
"""

from __future__ import annotations

from kgtest.kg.extract.triples import Triple
from kgtest.kg.model import Domain
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.relations import words
from kgtest.oracle.wordnet import wordnet

MOVED = "moved"
"""``RelationMatch.how`` of a containment read from such words; kept only between two places."""
IN = "is in"
"""The words it is read as."""
_INTO = {"to", "into", "under"}
_OVER = {"back", "over"}
_PASSIVE = {"is", "was", "are", "were", "been", "being", "be"}
_GOING = {"belong", "pass", "come", "go", "fall", "return", "revert"}
"""Verbs a place does of itself: "belonged to Sassari", "passed to Prussia", "came back to Sassari"."""
_PLACING = {"transfer", "assign", "reassign", "put", "place", "move", "attach", "add", "incorporate", "merge"}
"""Verbs of placing or assigning (WordNet files them under contact, social, change, motion)."""


_GOVERNING = {"administer", "administrate", "govern", "rule"}
"""Verbs of governing: a place "administered by" or "governed by" another is in it."""


def moved_into(triple: Triple) -> bool:
    """Words that put the subject in the object: "was handed to", "came back to", "is administered by"."""
    said = words(triple.relation).split()
    if not 2 <= len(said) <= 3 or (len(said) == 3 and said[1] not in _OVER):
        return False
    net = wordnet()
    verb = net.base(said[0], "verb")
    said_words = triple.relation.split()
    before = said_words[: said_words.index(said[0])] if said[0] in said_words else []
    passive = bool(set(before) & _PASSIVE)
    if said[-1] == "by":
        return passive and verb in _GOVERNING
    if said[-1] not in _INTO:
        return False
    if verb in _GOING:
        return True
    return passive and (verb in _PLACING or net.kind(verb, "verb") == "verb.possession")


def between_places(subject: EntityMatch, obj: EntityMatch, kb: KbLookup | None) -> bool:
    """Both ends are places by the KB's domain (not the case's words: they may be any kind)."""
    return kb is not None and all(_place(m, kb) for m in (subject, obj))


def _place(match: EntityMatch, kb: KbLookup) -> bool:
    entity = kb.entity(match.id) if match.id is not None else None
    return entity is not None and entity.domain is Domain.PLACES
