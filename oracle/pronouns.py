"""Which name a pronoun stands for: the extractor offers the names before it, the oracle knows kinds.

The parse alone cannot tell a person from a prize: "The Albert Einstein Award was given to
Feynman, but he died in 1978" has the award as its last named subject, and "Hemingway never
received it" has Hemingway. The extractor stands in the last named subject and lists the names
before the clause (kg/extract/triples.py); here "he"/"she" take the first of them that is a
person (an entity of class Q5, or one with a lifetime in the case), "it" the first that is not,
and a reply's opening "he" with no name before it takes the case's person.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from kgtest.kg.extract.triples import Triple
from kgtest.kg.model import Domain
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.references import KINDS, kind_named, place_before

_PERSON = {"he", "she", "him", "her", "his", "hers"}
_THING = {"it", "its"}
_PLACE = {"there"}
"""What the extractor reads "there", "that town", "the city" as: a place named before."""
_HUMAN = "Q5"
_OF_PEOPLE = {"P19", "P20", "P26", "P22", "P25", "P40", "P69", "P108", "P166", "P106", "P27", "P3373", "P509"}
_OF_PEOPLE |= {"P54", "P102", "P39", "P737", "P184", "P185", "P1411"}
"""Properties whose subject is a person: place of birth, spouse, father, educated at, award, sports
team, party, position held, influenced by, doctoral advisor and student, nominated for ..."""
_PEOPLE = {"P26", "P22", "P25", "P40", "P3373", "P50", "P57", "P112"}
"""Properties whose value is a person: spouse, father, mother, child, sibling, author, director, founder."""
_THINGS = {"P19", "P20", "P69", "P108", "P166", "P27", "P509", "P131", "P17", "P150", "P36", "P1376", "P30"}
"""Properties whose value is a place, an institution, an award or a cause: no person."""
_PLACES = {"P19", "P20", "P131", "P17", "P150", "P36", "P1376", "P551", "P27", "P47"}
"""Properties whose value is a place."""


def resolve(triples: Sequence[Triple], ground: GroundGraph, entities: EntityReader) -> list[Triple]:
    """The triples with each he/she/it end set to the name of the right kind, where one is known."""
    triples = _the_only_one(triples, ground)
    triples = kind_named(triples, lambda name, kind: _of_kind(name, kind, ground, entities))
    if entities.kb is None or not any(t.subject_pronoun or t.object_pronoun for t in triples):
        return list(triples)
    out = []
    for t in triples:
        if t.subject_pronoun:  # "he started it": the object a pronoun too, its stand-in is no one yet
            other = "" if t.object_pronoun else t.object
            t = replace(t, subject=_name(t.subject_pronoun, t, ground, entities, other) or t.subject)
        if t.object_pronoun:
            t = replace(t, object=_name(t.object_pronoun, t, ground, entities, t.subject) or t.object)
        out.append(t)
    return out


def _name(word: str, triple: Triple, ground: GroundGraph, entities: EntityReader, other: str) -> str | None:
    """The name ``word`` stands for, never the triple's other end ("Elsa was his wife" is no one's own
    wife); the word itself (no one known) when no name of its kind is near."""
    if word not in _PERSON | _THING | _PLACE:
        return None  # "they": the extractor's choice stands
    person = word in _PERSON
    near = [n for n in triple.antecedents if n != other]
    name = next((n for n in near if word in _PLACE and _is_place(n, ground, entities)), None)
    if name is None and word in _PLACE:  # "a Chicago kid — he was born there": no antecedent the parse saw
        name = place_before(triple.sentence, lambda n: _place_id(n, ground, entities))
    name = name or next((n for n in near if _is_person(n, ground, entities) is person), None)
    if name is None and person:
        name = next((ground.label(x) for x in _case_people(ground)), None)
    return name or word


def _is_person(name: str, ground: GroundGraph, entities: EntityReader) -> bool | None:
    """True for a person, False for another entity, None for a name nobody known bears."""
    match = entities.read(name, ground, look_up=False)  # the case's names first: no KB to load
    if match.id is None and not match.candidates:
        match = entities.read(name, ground)
    return _human(match.id, ground, entities) if match.id is not None else None


def _is_place(name: str, ground: GroundGraph, entities: EntityReader) -> bool:
    return _place_id(name, ground, entities) is not None


def _place_id(name: str, ground: GroundGraph, entities: EntityReader) -> str | None:
    """A place by the case's evidence (the object of a place of birth, a containment) or the KB's domain."""
    match = entities.read(name, ground, look_up=False)
    if match.id is None:
        match = entities.read(name, ground)
    if match.id is None:
        return None
    if any(e.object == match.id and e.property in _PLACES for e in ground.edges):
        return match.id
    entity = entities.kb.entity(match.id) if entities.kb is not None else None
    return match.id if entity is not None and entity.domain is Domain.PLACES else None


def _of_kind(name: str, kind: str, ground: GroundGraph, entities: EntityReader) -> str | None:
    """A name's entity id when the KB's label or description calls it a thing of ``kind`` (a club)."""
    if entities.kb is None:
        return None
    match = entities.read(name, ground)
    entity = entities.kb.entity(match.id) if match.id is not None else None
    said = f" {entity.label} {entity.description} ".lower() if entity is not None else ""
    return match.id if any(f" {w} " in said for w in KINDS[kind]) else None


def _human(eid: str, ground: GroundGraph, entities: EntityReader) -> bool:
    """Whether ``eid`` is a person: by the case's evidence when it tells, else by the KB's classes."""
    known = _kind_in_case(eid, ground)
    if known is not None:
        return known
    entity = entities.kb.entity(eid) if entities.kb is not None else None
    return entity is not None and _HUMAN in entity.types


def _kind_in_case(eid: str, ground: GroundGraph) -> bool | None:
    """A lifetime, or the subject of a person's property, makes a person; the object of a property
    whose values are places, works or awards makes a thing; else the case does not tell."""
    if (eid, _HUMAN) in ground.types or any(x == eid for _, x, _ in ground.years):
        return True
    for e in ground.edges:
        if (e.subject == eid and e.property in _OF_PEOPLE) or (e.object == eid and e.property in _PEOPLE):
            return True
        if e.object == eid and e.property in _THINGS:
            return False
    return None


def _case_people(ground: GroundGraph) -> list[str]:
    """The people the question names, its subject first; the KB is not asked (start-up)."""
    ids = [ground.statement[0], ground.statement[2]] if ground.statement else []
    ids += [e.id for e in ground.entities]
    return [x for x in dict.fromkeys(ids) if not x.startswith("?") and _kind_in_case(x, ground)]


_KINDS = {"club", "team", "side", "company", "firm", "band", "university", "school", "league", "race", "tour"}
_KINDS |= {"painting", "language", "film", "novel", "book", "song", "album", "war", "revolution", "season"}
"""Nouns a reply calls the case's one entity by: "No - the club wasn't founded until 1967"."""


_THE = re.compile(r"\bthe\s+(\w+)")


def _the_only_one(triples: Sequence[Triple], ground: GroundGraph) -> list[Triple]:
    """ "the club" for the case's only entity, where the reply names nothing else ("the club ... the
    league" is two things: neither is guessed)."""
    only = ground.only
    ends = [x for t in triples for x in (t.subject, t.object) if not x[:1].isdigit()]
    if only is None or len({x.lower() for x in ends}) != 1 or ends[0].lower() not in _KINDS:
        return list(triples)
    said = " ".join(dict.fromkeys(t.sentence.lower() for t in triples))
    if {w for w in _THE.findall(said) if w in _KINDS} != {ends[0].lower()}:
        return list(triples)  # "the language ... and the book": two things
    return [
        replace(t, subject=only) if f"the {t.subject.lower()}" in t.sentence.lower() else t for t in triples
    ]
