"""A reply in the words of its relation's opposite (kg/data/relations.toml ``opposite``: "lack
diplomatic relations with", "miss" (once "absent from"), "outside"; "sit out" and "absent from"
read the same) states the relation's denial (oracle/opposites.py). Replies are written for these
tests, in the terse and chatty styles questions with opposites draw."""

from __future__ import annotations

import pytest

from kgtest.kg.extract.triples import Triple
from kgtest.oracle import Judge
from kgtest.oracle.opposites import read_through

from .test_styles import judged

ZURICH_SWITZERLAND = "859336dae3aa81b7"  # Zürich is located in Switzerland: Yes
NORWAY_DENMARK = "46295baff7d2f283"  # Norway has diplomatic relations with Denmark: Yes
USA_WAR = "07d4ced4fd35c3fb"  # "It is false that the USA participated in World War II": No


def test_an_opposite_word_of_the_case_relation_is_its_positive_denied() -> None:
    missed = read_through(Triple("Egoi Martínez", "missed", "2012 Tour de France", key="miss"), {"P710"})
    assert (missed.relation, missed.key, missed.negated) == ("took part in", "take part in", True)
    away = Triple("Egoi Martínez", "was absent from", "2012 Tour de France", key="absent from")
    absent = read_through(away, {"P710"})
    assert (absent.relation, absent.key, absent.negated) == ("took part in", "take part in", True)
    sat = read_through(Triple("Egoi Martínez", "sat out", "2012 Tour de France", key="sit out"), {"P710"})
    assert (sat.relation, sat.key, sat.negated) == ("took part in", "take part in", True)
    kept = read_through(Triple("A", "was not outside", "B", negated=True, key="outside"), {"P131"})
    assert (kept.relation, kept.negated) == ("was not in", False)
    lacking = read_through(Triple("A", "lacks relations with", "B", key="lack relation with"), {"P530"})
    assert (lacking.key, lacking.negated) == ("have relation with", True)


def test_without_the_relation_in_the_case_the_words_are_left_as_said() -> None:
    train = Triple("Anna", "missed", "the train", key="miss")
    assert read_through(train, {"P19", "P131"}) == train


@pytest.mark.parametrize(
    ("case_id", "reply", "outcome"),
    [
        (ZURICH_SWITZERLAND, "No. Zürich lies outside Switzerland.", "erroneous_knowledge"),
        (ZURICH_SWITZERLAND, "Yes! Zürich isn't outside Switzerland at all.", "correct"),
        (NORWAY_DENMARK, "No, Norway lacks diplomatic relations with Denmark.", "erroneous_knowledge"),
        (USA_WAR, "No. The United States did not miss World War II.", "correct"),
        (USA_WAR, "Yes, it is false: the United States missed World War II.", "erroneous_knowledge"),
        (USA_WAR, "Yes, it is false: the United States sat out World War II.", "erroneous_knowledge"),
        (USA_WAR, "No. The United States did not sit out World War II.", "correct"),
        (USA_WAR, "Yes, it is false: the United States was absent from World War II.", "erroneous_knowledge"),
        (USA_WAR, "No. The United States was not absent from World War II.", "correct"),
    ],
)
def test_a_reply_in_the_opposite_words_is_judged_on_what_it_states(
    kb_judge: Judge, case_id: str, reply: str, outcome: str
) -> None:
    verdict = judged(kb_judge, case_id, reply)
    assert verdict.outcome.value == outcome, verdict.reasons
