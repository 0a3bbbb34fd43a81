"""A truth known only in the first or last year of a stretch is asked whether it ever held (issue 37)."""

from __future__ import annotations

import random

from kgtest.generator.asked import EVER, Asker
from kgtest.generator.clauses import PAST, PRESENT
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_text import DROWZEE, PLAIN
from kgtest.generator.templates import NEGATED, ORIGINAL
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog.reasoner import Statement

_NAMES = {"Q1": "Magomadas", "Q2": "Province of Nuoro", "Q3": "Trier", "Q4": "Pula", "Q5": "Connie Willis"}
_NAMES |= {"Q6": "Nebula Award for Best Short Story", "Q7": "Celle", "Q8": "Province of Hanover"}


def _asker(style: str = PLAIN) -> Asker:
    domains = {"Q5": Domain.PEOPLE, "Q6": Domain.CULTURE}
    entities = {q: Entity(q, name, domain=domains.get(q, Domain.PLACES)) for q, name in _NAMES.items()}
    return Asker(KbView(entities, (), builtin_catalog()), 2020, style)


def _asked(asker: Asker, statement: Statement, years: tuple[tuple[int, int], ...]) -> tuple[str, str]:
    year, tense = asker.when(statement, years, random.Random(1))
    return asker.question(statement, ORIGINAL, year, tense), asker.question(statement, NEGATED, year, tense)


def test_a_year_that_begins_or_ends_a_stretch_is_not_named() -> None:
    """The year a twinning began, a place moved or an award was given read two ways."""
    asker = _asker()
    assert _asked(asker, ("Q3", "P190", "Q4"), ((1971, 1971),)) == (
        "Was Trier ever twinned with Pula?",
        'Is this statement true: "Trier was never twinned with Pula"?',
    )
    assert (
        _asked(asker, ("Q1", "P131", "Q2"), ((2005, 2005),))[0]
        == "Was Magomadas ever located in the Province of Nuoro?"
    )
    assert _asked(asker, ("Q5", "P166", "Q6"), ((1992, 1992),)) == (
        "Did Connie Willis ever receive the Nebula Award for Best Short Story?",
        'Is this statement true: "Connie Willis never received the Nebula Award for Best Short Story"?',
    )


def test_a_year_inside_a_stretch_is_named() -> None:
    asker = _asker()
    year, tense = asker.when(("Q7", "P131", "Q8"), ((1885, 1946),), random.Random(1))
    assert tense == PAST and year is not None and 1885 < year < 1946
    assert asker.when(("Q3", "P190", "Q4"), ((1971, 1972),), random.Random(1)) == (None, EVER)  # no inside
    short = {asker.when(("Q3", "P190", "Q4"), ((2000, 2003),), random.Random(i)) for i in range(40)}
    assert short == {(2001, PAST), (2002, PAST)}  # two years inside: named, not "ever"
    assert _asker(DROWZEE).when(("Q3", "P190", "Q4"), ((1971, 1971),), random.Random(1)) == (1971, PAST)
    near_miss = asker.when(("Q3", "P190", "Q4"), ((1971, 1971),), random.Random(1), near_miss=True)
    assert near_miss[1] == PAST  # a near miss is asked in the years it is refuted in


def test_what_the_kbs_class_says_is_gone_is_asked_in_the_past() -> None:
    """LitWD1K gives the Soviet Union no end year, but its class (historical country) says it is
    gone: "Did the Holy See have diplomatic relations with the Soviet Union?", not "Does"."""
    entities = {
        "Q1": Entity("Q1", "Holy See", domain=Domain.PLACES),
        "Q2": Entity("Q2", "Soviet Union", types=("Q3024240",), domain=Domain.PLACES),
        "Q3": Entity("Q3", "Hungary", types=("Q6256",), domain=Domain.PLACES),
    }
    asker = Asker(KbView(entities, (), builtin_catalog()), 2020, PLAIN)
    assert asker.when(("Q1", "P530", "Q2"), None, random.Random(1)) == (None, PAST)
    assert asker.when(("Q1", "P530", "Q3"), None, random.Random(1)) == (None, "present")
    assert asker.question(("Q1", "P530", "Q2"), ORIGINAL, None, PAST).startswith("Did the Holy See have")


def test_a_place_still_where_an_open_chain_of_containments_puts_it_is_asked_in_the_present() -> None:
    """ "Was Verden ever located in Germany?" read stiff to both fifteenth-session final readers: a
    containment the KB gives no end (itself or through the places between) is asked as it is now;
    one that ended, or whose whole is gone, keeps "ever"."""
    names = {"Q7": "Celle", "Q8": "Province of Hanover", "Q9": "Lower Saxony", "Q10": "Germany"}
    entities = {q: Entity(q, name, domain=Domain.PLACES) for q, name in names.items()}
    entities["Q11"] = Entity("Q11", "Hanover Region", types=("Q19953632",), domain=Domain.PLACES)
    facts = (
        Fact("Q7", "P131", "Q8", 1885, 1946, statement="s1"),
        Fact("Q7", "P131", "Q9", 1946, None, statement="s2"),
        Fact("Q10", "P150", "Q9", 1990, None, statement="s3"),  # "Germany contains Lower Saxony"
        Fact("Q7", "P131", "Q11", 1990, None, statement="s4"),
    )
    asker = Asker(KbView(entities, facts, builtin_catalog()), 2020, PLAIN)
    now = asker.when(("Q7", "P131", "Q10"), ((1990, 1990),), random.Random(1))
    assert now == (None, PRESENT)
    assert asker.question(("Q7", "P131", "Q10"), ORIGINAL, *now) in (
        "Is Celle located in Germany?",
        "Is Celle in Germany?",
    )
    assert asker.when(("Q10", "P150", "Q7"), ((1990, 1990),), random.Random(1)) == (None, PRESENT)
    assert asker.when(("Q7", "P131", "Q8"), ((1946, 1946),), random.Random(1)) == (None, EVER)  # ended
    assert asker.when(("Q7", "P131", "Q11"), ((1990, 1990),), random.Random(1)) == (None, EVER)  # gone
    assert asker.when(("Q7", "P190", "Q9"), ((1990, 1990),), random.Random(1)) == (None, EVER)  # no place's
