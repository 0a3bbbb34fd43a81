"""Which name a pronoun stands for: the extractor offers the names before it, the oracle knows kinds.

The parse alone cannot tell a person from a prize: "The Albert Einstein Award was given to
Feynman, but he died in 1978" has the award as its last named subject, and "Hemingway never
received it" has Hemingway. The extractor stands in the last named subject and lists the names
before the clause (kg/extract/triples.py); here "he"/"she" take the first of them that is a
person (an entity of class Q5, or one with a lifetime in the case), "it" the first that is not,
and a reply's opening "he" with no name before it takes the case's person.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundGraph

_PERSON = {"he", "she", "him", "her", "his", "hers"}
_THING = {"it", "its"}
_HUMAN = "Q5"


def resolve(triples: Sequence[Triple], ground: GroundGraph, entities: EntityReader) -> list[Triple]:
    """The triples with each he/she/it end set to the name of the right kind, where one is known."""
    if entities.kb is None or not any(t.subject_pronoun or t.object_pronoun for t in triples):
        return list(triples)
    out = []
    for t in triples:
        if t.subject_pronoun:
            t = replace(t, subject=_name(t.subject_pronoun, t, ground, entities) or t.subject)
        if t.object_pronoun:
            t = replace(t, object=_name(t.object_pronoun, t, ground, entities) or t.object)
        out.append(t)
    return out


def _name(word: str, triple: Triple, ground: GroundGraph, entities: EntityReader) -> str | None:
    """The name ``word`` stands for; the word itself (no one known) when no name of its kind is near."""
    if word not in _PERSON | _THING:
        return None  # "they": the extractor's choice stands
    person = word in _PERSON
    name = next((n for n in triple.antecedents if _is_person(n, ground, entities) is person), None)
    if name is None and person:
        name = next((ground.label(x) for x in _case_people(ground, entities)), None)
    return name or word


def _is_person(name: str, ground: GroundGraph, entities: EntityReader) -> bool | None:
    """True for a person, False for another entity, None for a name nobody known bears."""
    match = entities.read(name, ground)
    return _human(match.id, ground, entities) if match.id is not None else None


def _human(eid: str, ground: GroundGraph, entities: EntityReader) -> bool:
    if (eid, _HUMAN) in ground.types or any(x == eid for _, x, _ in ground.years):
        return True
    entity = entities.kb.entity(eid) if entities.kb is not None else None
    return entity is not None and _HUMAN in entity.types


def _case_people(ground: GroundGraph, entities: EntityReader) -> list[str]:
    """The people the question names, its subject first."""
    ids = [ground.statement[0], ground.statement[2]] if ground.statement else []
    ids += [e.id for e in ground.entities]
    return [x for x in dict.fromkeys(ids) if not x.startswith("?") and _human(x, ground, entities)]
