"""A term (a post, an owner) is not asked in the present tense, which a reader takes for their own
year (issue 37, sixth round: "Is Elizabeth II the head of state of Grenada?" holds in a KB of 2020)."""

from __future__ import annotations

import random

from kgtest.generator.asked import EVER, NOW, Asker
from kgtest.generator.clauses import PRESENT
from kgtest.generator.kbview import KbView
from kgtest.generator.templates import NEGATED, ORIGINAL
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact

HEAD = ("Q1", "P35", "Q2")
CAPITAL = ("Q3", "P1376", "Q1")


def _asker(now: int | None, style: str = "plain") -> Asker:
    entities = {
        "Q1": Entity("Q1", "Grenada", types=("Q6256",), domain=Domain.PLACES),
        "Q2": Entity("Q2", "Elizabeth II", types=("Q5",), domain=Domain.PEOPLE),
        "Q3": Entity("Q3", "St. George's", domain=Domain.PLACES),
    }
    facts = (Fact(*HEAD, 1974, None, statement="s1"), Fact(*CAPITAL, 1974, None, statement="s2"))
    return Asker(KbView(entities, facts, builtin_catalog()), now, style)


def test_a_term_that_holds_in_the_reference_year_names_that_year() -> None:
    asker = _asker(2020)
    year, tense = asker.when(HEAD, [(1974, 2020)], random.Random(1))
    assert (year, tense) == (None, NOW)  # the case's year stays unset: it holds in the reference year
    asked = asker.question(HEAD, ORIGINAL, year, tense)
    assert asked == "Was Elizabeth II the head of state of Grenada in 2020?"
    assert asker.question(HEAD, NEGATED, year, tense) == (
        'Is this statement true: "Elizabeth II was not the head of state of Grenada in 2020"?'
    )
    # a capital is no term: the present as before
    year, tense = asker.when(CAPITAL, [(1974, 2020)], random.Random(1))
    assert tense == PRESENT and asker.question(CAPITAL, ORIGINAL, year, tense) == (
        "Is St. George's the capital of Grenada?"
    )


def test_an_undated_truth_about_a_term_is_asked_whether_it_ever_held() -> None:
    asker = _asker(None)  # a KB with no years (CoDEx-S)
    year, tense = asker.when(HEAD, None, random.Random(1))
    assert (year, tense) == (None, EVER)
    asked = asker.question(HEAD, ORIGINAL, year, tense)
    assert asked == "Was Elizabeth II ever the head of state of Grenada?"
    # a near miss is refuted only as the KB stands: not "ever"
    assert asker.when(HEAD, None, random.Random(1), near_miss=True) == (None, PRESENT)


def test_drowzee_wording_keeps_the_present() -> None:
    asker = _asker(2020, "drowzee")
    assert asker.when(HEAD, [(1974, 2020)], random.Random(1)) == (None, PRESENT)
    assert asker.when(HEAD, None, random.Random(1)) == (None, PRESENT)
