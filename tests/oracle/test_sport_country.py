"""A person who races, rides or competes for a country has it as their country for sport (P1532,
oracle/sport_country.py); for a team or a university the words name nothing. Replies are written
for these tests, in the chatty and terse styles."""

from __future__ import annotations

from kgtest.kg.extract.triples import Triple
from kgtest.oracle import Judge
from kgtest.oracle.sport_country import for_country

from .test_styles import MICHELLE_CHICAGO, judged


def test_words_of_racing_for() -> None:
    assert all(
        for_country(Triple("A", s, "B")) for s in ["races for", "has raced for", "competed for", "rode for"]
    )
    assert not any(
        for_country(Triple("A", s, "B")) for s in ["fought for", "plays for", "raced in", "voted for"]
    )


def test_racing_for_a_country_is_read(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge,
        MICHELLE_CHICAGO,
        "Yes! Michelle Obama was born in Chicago, and she raced for the United States.",
    )
    assert verdict.outcome.value == "correct", verdict.reasons
    assert any(c.statement is not None and c.statement[1] == "P1532" for c in verdict.claims)


def test_competing_for_a_university_names_nothing(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge,
        MICHELLE_CHICAGO,
        "Yes. Michelle Obama was born in Chicago and competed for Princeton University.",
    )
    assert verdict.outcome.value == "unreadable", verdict.reasons
