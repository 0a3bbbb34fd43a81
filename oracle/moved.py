"""A place administered or governed by another is in it: "Nosate is administered by the Province of
Varese, not by Milan".

The words name no property; what they say of two places is that one is in the other, read as "is
in" (a year of the clause dates it as any fact's: dated.py). Read so only where both ends are
places by the KB's domain, and only in the passive ("Varese administers Nosate" is left to the
catalog). The wider reading of the same session (a place that belongs, or is handed, put or passed,
to another) was taken back before merging: it changed verdicts on the set kept aside (held2) while
that set's classes right fell (docs/oracle.md, fifth session).
"""

from __future__ import annotations

from kgtest.core.wordnet import wordnet
from kgtest.kg.extract.triples import Triple
from kgtest.kg.model import Domain
from kgtest.oracle.entities import EntityMatch
from kgtest.oracle.kb_lookup import KbLookup
from kgtest.oracle.relations import words

MOVED = "moved"
"""``RelationMatch.how`` of a containment read from such words; kept only between two places."""
IN = "is in"
"""The words it is read as."""
_PASSIVE = {"is", "was", "are", "were", "been", "being", "be"}
_GOVERNING = {"administer", "administrate", "govern", "rule"}
"""Verbs of governing: a place "administered by" or "governed by" another is in it."""


def moved_into(triple: Triple) -> bool:
    """Words that put the subject in the object: "is administered by", "was governed by"."""
    said = words(triple.relation).split()
    if len(said) != 2 or said[-1] != "by":
        return False
    verb = wordnet().base(said[0], "verb")
    said_words = triple.relation.split()
    before = said_words[: said_words.index(said[0])] if said[0] in said_words else []
    return bool(set(before) & _PASSIVE) and verb in _GOVERNING


def between_places(subject: EntityMatch, obj: EntityMatch, kb: KbLookup | None) -> bool:
    """Both ends are places by the KB's domain (not the case's words: they may be any kind)."""
    return kb is not None and all(_place(m, kb) for m in (subject, obj))


def _place(match: EntityMatch, kb: KbLookup) -> bool:
    entity = kb.entity(match.id) if match.id is not None else None
    return entity is not None and entity.domain is Domain.PLACES
