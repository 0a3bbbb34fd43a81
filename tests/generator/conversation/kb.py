"""A small KB in memory for the battery: places, people and works with facts a clause can state."""

from __future__ import annotations

from kgtest.generator.kbview import KbView
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact

PLACES = {
    "Q90": "Paris", "Q142": "France", "Q84": "London", "Q145": "United Kingdom", "Q64": "Berlin",
    "Q183": "Germany", "Q220": "Rome", "Q38": "Italy", "Q1107": "Portsmouth", "Q649": "Moscow",
    "Q159": "Russia", "Q1009": "Shrewsbury",
}  # fmt: skip
PEOPLE = {
    "Q5686": "Charles Dickens", "Q7200": "Alexander Pushkin", "Q1035": "Charles Darwin",
    "Q7186": "Marie Curie", "Q937": "Albert Einstein", "Q1048": "Julius Caesar",
}  # fmt: skip
WORKS = {"Q193": "Oliver Twist", "Q1044": "Eugene Onegin", "Q20124": "On the Origin of Species"}
FACTS = [
    ("Q142", "P36", "Q90"), ("Q145", "P36", "Q84"), ("Q183", "P36", "Q64"), ("Q38", "P36", "Q220"),
    ("Q159", "P36", "Q649"), ("Q1107", "P17", "Q145"), ("Q1009", "P17", "Q145"),
    ("Q5686", "P19", "Q1107"), ("Q7200", "P19", "Q649"), ("Q1035", "P19", "Q1009"),
    ("Q7186", "P27", "Q142"), ("Q937", "P27", "Q183"), ("Q1048", "P20", "Q220"),
    ("Q193", "P50", "Q5686"), ("Q1044", "P50", "Q7200"), ("Q20124", "P50", "Q1035"),
]  # fmt: skip


ALIASES = {"Q90": ("City of Light",), "Q7200": ("Pushkin",)}


def battery_view() -> KbView:
    entities = {}
    for table, domain in ((PLACES, Domain.PLACES), (PEOPLE, Domain.PEOPLE), (WORKS, Domain.CULTURE)):
        for qid, label in table.items():
            entities[qid] = Entity(qid, label, domain=domain, aliases=ALIASES.get(qid, ()))
    return KbView(entities, tuple(Fact(s, p, o) for s, p, o in FACTS), builtin_catalog())
