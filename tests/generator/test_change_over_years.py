"""Truths a plain question could ask only in the year they ended in are not drawn (issue 37)."""

from __future__ import annotations

from kgtest.generator.asked import Asker
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_text import DROWZEE, PLAIN
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog.reasoner import Derivation, FactPremise

PLACES = Domain.PLACES
_NAMES = {
    "Q1": "Magomadas",
    "Q2": "Province of Nuoro",
    "Q3": "Province of Oristano",
    "Q4": "Ulyanovsk",
    "Q5": "Simbirsk Governorate",
    "Q6": "Russian Empire",
    "Q7": "Moneglia",
    "Q8": "Province of Genoa",
    "Q9": "Liguria",
}
MOVED = Fact("Q1", "P131", "Q2", None, 2005, statement="s1")  # Magomadas left Nuoro in 2005
THEN = Fact("Q1", "P131", "Q3", 2005, None, statement="s2")
IN_GOVERNORATE = Fact("Q4", "P131", "Q5", 1796, 1928, statement="s3")
GOVERNORATE_IN_EMPIRE = Fact("Q5", "P131", "Q6", None, 1917, statement="s4")
IN_PROVINCE = Fact("Q7", "P131", "Q8", None, 2014, statement="s5")  # the province, not Liguria, ended
PROVINCE_IN_REGION = Fact("Q8", "P131", "Q9", 2014, 2014, statement="s6")
FACTS = (MOVED, THEN, IN_GOVERNORATE, GOVERNORATE_IN_EMPIRE, IN_PROVINCE, PROVINCE_IN_REGION)


def _asker(style: str = PLAIN) -> Asker:
    entities = {q: Entity(q, name, domain=PLACES) for q, name in _NAMES.items()}
    return Asker(KbView(entities, FACTS, builtin_catalog()), 2020, style)


def _derived(s: str, p: str, o: str, year: int, *facts: Fact) -> Derivation:
    premises = tuple(FactPremise(f.id) for f in facts)
    return Derivation(True, "transitive", s, p, o, premises, ((year, year),))


def test_a_truth_known_only_in_the_year_it_ended_is_not_asked() -> None:
    """ "Was Magomadas in the Province of Nuoro in 2005?" (asked from the part, P150) and
    "Was Ulyanovsk located in the Russian Empire in 1917?" each read two ways."""
    asker = _asker()
    nuoro = Derivation(True, "inverse", "Q2", "P150", "Q1", (FactPremise(MOVED.id),), ((2005, 2005),))
    assert asker.asked_only_as_it_ended(nuoro)
    empire = _derived("Q4", "P131", "Q6", 1917, IN_GOVERNORATE, GOVERNORATE_IN_EMPIRE)
    assert asker.asked_only_as_it_ended(empire)
    assert not _asker(DROWZEE).asked_only_as_it_ended(empire)  # Drowzee's questions stay as they were


def test_an_end_further_down_a_chain_or_a_point_in_time_ends_nothing() -> None:
    asker = _asker()
    region = _derived("Q7", "P131", "Q9", 2014, IN_PROVINCE, PROVINCE_IN_REGION)
    assert not asker.asked_only_as_it_ended(region)  # Moneglia stayed in Liguria
    single = Derivation(
        True, "ground", "Q8", "P131", "Q9", (FactPremise(PROVINCE_IN_REGION.id),), ((2014, 2014),)
    )
    assert not asker.asked_only_as_it_ended(single)  # a stated year, start and end alike
    later = Derivation(True, "ground", "Q1", "P131", "Q3", (FactPremise(THEN.id),), ((2005, 2005),))
    assert not asker.asked_only_as_it_ended(later)  # the year it began reads one way
