"""Tense follows validity: present wording only for statements that hold in the reference year."""

from __future__ import annotations

import pytest

from kgtest.generator.case import Answer, TestCase
from kgtest.generator.clauses import PAST
from kgtest.generator.phrasing import relation_clause
from kgtest.generator.suite import SuiteRequest, generate_suite
from kgtest.generator.templates import NEGATED, ORIGINAL, past, plain_question, table_question, wording
from kgtest.kg.catalog import builtin_catalog

from .conftest import Kb

ST_PETERSBURG_CAPITAL = ("Q656", "P1376", "Q159")  # from "Russia has as capital ...", 1712-1918
MOSCOW_CAPITAL = ("Q649", "P1376", "Q159")  # 1918-2024
CATHERINE_MARRIED = ("Q3048897", "P26", "Q5686")  # 1836-1870


def _by_statement(kb: Kb, **request: object) -> dict[tuple[str, ...], TestCase]:
    view, reasoner = kb
    asked = SuiteRequest(kinds=("symmetric", "inverse"), count=60, seed=2, balance=False, **request)  # type: ignore[arg-type]
    return {tuple(c.meta.statement): c for c in generate_suite(view, reasoner, asked).cases}


def test_a_statement_that_ended_before_the_reference_year_names_a_year_it_held_in(family: Kb) -> None:
    cases = _by_statement(family)
    now = cases[MOSCOW_CAPITAL]
    assert now.meta.reference_year == 2024  # the latest year the KB names
    assert now.meta.years == ((1918, 2024),) and now.meta.year is None
    assert now.question == "Is Moscow the capital of Russia?"
    old = cases[ST_PETERSBURG_CAPITAL]
    year = old.meta.year
    assert old.meta.years == ((1712, 1918),) and 1712 <= year <= 1918
    assert old.question == f"Was Saint Petersburg the capital of Russia in {year}?"
    married = cases[CATHERINE_MARRIED]
    assert 1836 <= married.meta.year <= 1870
    # "married to X in 1850" reads as the wedding's year (the ninth round's blind reading)
    assert married.question == (
        f"Was Catherine Dickens married to Charles Dickens at any time in {married.meta.year}?"
    )
    assert all(c.expected is Answer.YES for c in cases.values())
    # undated statements keep today's wording
    undated = [c for c in cases.values() if c.meta.years is None]
    assert undated and all(c.meta.year is None and " in 1" not in c.question for c in undated)


def test_the_reference_year_can_be_set(family: Kb) -> None:
    cases = _by_statement(family, reference_year=1900)
    assert cases[ST_PETERSBURG_CAPITAL].question == "Is Saint Petersburg the capital of Russia?"
    moscow = cases[MOSCOW_CAPITAL]
    assert moscow.meta.reference_year == 1900 and 1918 <= moscow.meta.year <= 2024
    assert moscow.question == f"Was Moscow the capital of Russia in {moscow.meta.year}?"


def test_drowzee_wording_asks_table_iii_questions(family: Kb) -> None:
    cases = _by_statement(family, wording="drowzee")
    year = cases[ST_PETERSBURG_CAPITAL].meta.year
    assert cases[ST_PETERSBURG_CAPITAL].question == (
        f'Did "Saint Petersburg was the capital of Russia" happen at year {year}?'
    )


def test_every_catalog_phrase_has_a_past_tense() -> None:
    present = {"is", "are", "has", "have", "contains", "follows", "owns", "produces", "shares"}
    for rel in builtin_catalog().values():
        for phrase in filter(None, (rel.phrase, rel.inverse_phrase)):
            first = past(phrase).split(" ", 1)[0]
            assert first not in present and (first.endswith("ed") or first in _IRREGULAR), (rel.id, phrase)


_IRREGULAR = {"was", "were", "had", "held", "took", "went", "won", "died", "ceased", "began", "ended"}


@pytest.mark.parametrize(
    ("pid", "variant", "text"),
    [
        ("P131", ORIGINAL, "Was Fontaine located in Haut-Rhin in 1850?"),
        ("P131", NEGATED, 'Is this statement true: "Fontaine was not located in Haut-Rhin in 1850"?'),
        ("P150", ORIGINAL, "Was Haut-Rhin in Fontaine in 1850?"),
        ("P150", NEGATED, 'Is this statement true: "Haut-Rhin was not in Fontaine in 1850"?'),
        ("P54", ORIGINAL, "Did Fontaine play for Haut-Rhin in 1850?"),
        ("P1376", NEGATED, 'Is this statement true: "Fontaine was not the capital of Haut-Rhin in 1850"?'),
    ],
)
def test_questions_about_a_year_read_naturally(pid: str, variant: str, text: str) -> None:
    said = relation_clause(pid, pid, "Fontaine", "Haut-Rhin", PAST)
    assert plain_question(said, variant, 1850) == text


def test_drowzee_table_iii_templates_for_a_year() -> None:
    how = wording("P131", builtin_catalog())
    assert table_question("A", how, "B", ORIGINAL, -43) == 'Did "A was located in B" happen at year 44 BC?'
    assert table_question("A", how, "B", NEGATED, 1850) == (
        'Did "Event" not happen at year 1850, where "Event" is "A was located in B"?'
    )
