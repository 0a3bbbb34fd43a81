"""A city of millions asked as a place of birth or death the KB gives as a smaller place of the same
country is "the city of" its name (issue 37, seventh round: "Did Gene Kelly die in Los Angeles?",
he died in Beverly Hills, read two ways to every blind reader: the city, or its area)."""

from __future__ import annotations

from kgtest.generator.asked import BIG_CITY, MILLIONS, Asker
from kgtest.generator.clauses import PRESENT
from kgtest.generator.kbview import KbView
from kgtest.generator.templates import ORIGINAL
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact


def _asker(style: str = "plain") -> Asker:
    def place(q: str, name: str, *types: str) -> Entity:
        return Entity(q, name, types=types, domain=Domain.PLACES)

    entities = {
        "Q1": Entity("Q1", "Gene Kelly", types=("Q5",), domain=Domain.PEOPLE),
        "Q2": Entity("Q2", "Lauren Bacall", types=("Q5",), domain=Domain.PEOPLE),
        "Q10": place("Q10", "Los Angeles", BIG_CITY, MILLIONS),
        "Q11": place("Q11", "Beverly Hills"),
        "Q12": place("Q12", "Moscow", BIG_CITY, MILLIONS),
        "Q13": place("Q13", "Atlanta", BIG_CITY),
        "Q20": place("Q20", "United States of America"),
        "Q21": place("Q21", "Russia"),
    }
    facts = [
        Fact("Q1", "P20", "Q11", None, None, statement="s1"),
        Fact("Q2", "P19", "Q10", None, None, statement="s2"),
        Fact("Q10", "P17", "Q20", None, None, statement="s3"),
        Fact("Q11", "P17", "Q20", None, None, statement="s4"),
        Fact("Q12", "P17", "Q21", None, None, statement="s5"),
        Fact("Q13", "P17", "Q20", None, None, statement="s6"),
    ]
    return Asker(KbView(entities, tuple(facts), builtin_catalog()), None, style)


def test_a_city_of_millions_near_a_smaller_stated_place_is_the_city() -> None:
    asker = _asker()

    def asked(s: str, p: str, o: str) -> str:
        return asker.question((s, p, o), ORIGINAL, None, PRESENT)

    assert asked("Q1", "P20", "Q10") == "Did Gene Kelly die in the city of Los Angeles?"
    assert asked("Q1", "P20", "Q12") == "Did Gene Kelly die in Moscow?"  # another country
    assert asked("Q1", "P20", "Q13") == "Did Gene Kelly die in Atlanta?"  # a big city, not of millions
    assert asked("Q2", "P19", "Q10") == "Was Lauren Bacall born in Los Angeles?"  # the KB says so
    assert asked("Q2", "P20", "Q10") == "Did Lauren Bacall die in Los Angeles?"  # no place of death known
    assert _asker("drowzee").question(("Q1", "P20", "Q10"), ORIGINAL, None, PRESENT) == (
        "Is it true that Gene Kelly died in Los Angeles?"
    )
