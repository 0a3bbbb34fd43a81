"""Another country of birth is one people of the KB come from (issue 37: plausible near misses)."""

from __future__ import annotations

import random

from kgtest.generator.kbview import KbView
from kgtest.generator.negatives import Rules, candidates
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact

COUNTRY = ("Q3624078",)
HOMES = ("Norway", "Belgium", "Spain", "Germany")
ELSEWHERE = ("Nauru", "Uganda", "El Salvador", "Mauritania", "Bhutan", "Tonga", "Chad", "Fiji", "Laos")


def test_a_near_miss_country_of_birth_is_a_country_people_of_the_kb_are_citizens_of() -> None:
    """ "Was the cyclist Mads Pedersen born in Nauru?" is no near miss a person would be tempted by;
    "... in Norway?" is, where riders of the KB are Norwegian."""
    countries = {f"Q{100 + i}": name for i, name in enumerate(("Denmark", *HOMES, *ELSEWHERE))}
    entities = {q: Entity(q, name, types=COUNTRY, domain=Domain.PLACES) for q, name in countries.items()}
    riders = {f"Q{i}": Entity(f"Q{i}", f"Rider {i}", types=("Q5",)) for i in range(1, 6)}
    facts = [Fact("Q1", "P19", "Q100")]  # born in Denmark
    facts += [Fact(f"Q{i}", "P27", f"Q{100 + i}") for i in range(1, 5)]  # citizens of the HOMES
    view = KbView(entities | riders, tuple(facts), builtin_catalog())
    for seed in range(8):
        drawn = [
            st
            for _, st in candidates(view, [], Rules({}), random.Random(seed), lambda st: True, reverse=False)
            if "P19" in st[1]
        ]
        named = {countries[o if s == "Q1" else s] for s, _, o in drawn}
        assert named and named <= set(HOMES), (seed, named)
