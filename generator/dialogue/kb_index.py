"""The KB as the dialogue builder reads it: what can be asked of an entity, and who it is.

Built once per suite from the ``KbView``: the askable objects of every entity by property
(entity objects with a label, and years kept on the entity as birth, death or inception),
the pronoun an entity is called by, and the noun for its class ("that city").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from kgtest.generator.dialogue.wording import BIRTH_YEAR, DEATH_YEAR, INCEPTION_YEAR, askable
from kgtest.generator.kbview import KbView
from kgtest.kg.model import Domain, Entity

HUMAN = "Q5"
SEX_OR_GENDER = "P21"
_MALE = {"Q6581097", "Q2449503"}
_FEMALE = {"Q6581072", "Q1052281"}
_FATHER, _MOTHER = "P22", "P25"
_DOMAIN_NOUNS = {
    Domain.PLACES: "place",
    Domain.CULTURE: "work",
    Domain.SOCIETY: "organisation",
    Domain.EVENTS: "event",
}


@dataclass(frozen=True, slots=True)
class Value:
    """One askable object: an entity id, or a year."""

    value: str
    label: str
    fact_id: str = ""
    """The KB fact stating it; empty for a year kept on the entity."""
    entity: bool = True


@dataclass
class KbIndex:
    view: KbView
    objects: dict[str, dict[str, list[Value]]] = field(default_factory=dict)
    """subject -> property -> askable objects, ordered by label then id."""
    fathers: set[str] = field(default_factory=set)
    mothers: set[str] = field(default_factory=set)
    genders: dict[str, str] = field(default_factory=dict)

    @staticmethod
    def build(view: KbView) -> KbIndex:
        index = KbIndex(view)
        found: dict[str, dict[str, list[Value]]] = defaultdict(lambda: defaultdict(list))
        for f in view.facts:
            if f.property == SEX_OR_GENDER:  # says which pronoun; not a question worth asking
                index.genders[f.subject] = "he" if f.object in _MALE else "she" if f.object in _FEMALE else ""
                continue
            if f.property == _FATHER:
                index.fathers.add(f.object)
            elif f.property == _MOTHER:
                index.mothers.add(f.object)
            target = view.entities.get(f.object)
            if target is None or not target.label or f.object == f.subject:
                continue
            if not askable(view.relation(f.property)):
                continue
            found[f.subject][f.property].append(Value(f.object, target.label, f.id))
        for e in view.entities.values():
            for pid, year in _years(e):
                found[e.id][pid].append(Value(str(year), str(year), entity=False))
        index.objects = {
            s: {p: _distinct(values) for p, values in sorted(by_p.items())} for s, by_p in found.items()
        }
        return index

    def accepted(self, values: Sequence[Value]) -> tuple[str, ...]:
        """Every string a gold answer may be given as: each value's label, then its KB aliases, once."""
        labels = [v.label for v in values]
        aliases = [a for v in values for a in self._aliases(v)]
        return tuple(dict.fromkeys(n for n in (*labels, *aliases) if n))

    def _aliases(self, value: Value) -> tuple[str, ...]:
        e = self.view.entities.get(value.value) if value.entity else None
        return e.aliases if e is not None else ()

    def asks(self, entity: str) -> dict[str, list[Value]]:
        return self.objects.get(entity, {})

    def label(self, entity: str) -> str:
        return self.view.label(entity)

    def is_person(self, entity: str) -> bool:
        e = self.view.entities.get(entity)
        return e is not None and _person(e)

    def pronoun(self, entity: str) -> str:
        """he / she where the KB says (gender; being a father or mother), else they; it for things."""
        if not self.is_person(entity):
            return "it"
        if self.genders.get(entity):
            return self.genders[entity]
        if entity in self.fathers:
            return "he"
        return "she" if entity in self.mothers else "they"

    def class_noun(self, entity: str) -> str:
        """The noun for the entity's class: its type's label where the KB has one ("city"), else its
        domain's ("place"); empty where neither says."""
        if self.is_person(entity):
            return "person"
        e = self.view.entities.get(entity)
        if e is None:
            return ""
        for t in e.types:
            label = self.view.label(t)
            if label != t and label == label.lower() and label.replace(" ", "").isalpha() and len(label) < 20:
                return label
        return _DOMAIN_NOUNS.get(e.domain, "")


def _distinct(values: list[Value]) -> list[Value]:
    """One value per object (a fact restated with other dates is one answer), by label then id."""
    first: dict[str, Value] = {}
    for v in sorted(values, key=lambda v: (v.label, v.value, v.fact_id)):
        first.setdefault(v.value, v)
    return list(first.values())


def _person(e: Entity) -> bool:
    return HUMAN in e.types or e.domain is Domain.PEOPLE


def _years(e: Entity) -> list[tuple[str, int]]:
    if _person(e):
        pairs = [(BIRTH_YEAR, e.start_year), (DEATH_YEAR, e.end_year)]
    else:
        pairs = [(INCEPTION_YEAR, e.start_year)]
    return [(p, y) for p, y in pairs if y is not None]
