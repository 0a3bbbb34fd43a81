"""Drowzee's Table III templates, word for word (``kgtest gen --wording drowzee``)."""

from __future__ import annotations

import pytest

from kgtest.core.errors import GenerationError, UnknownNameError
from kgtest.generator.mtl_table3 import table3_question
from kgtest.generator.mtl_windows import sayable
from kgtest.generator.suite import SuiteRequest
from kgtest.generator.temporal import generate_temporal_cases, temporal_plan
from kgtest.prolog import mtl
from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until

from .temporal_fixture import EVENTS, UNIVERSE

DESCRIBE = {"d": "Charles Dickens was alive", "v": "the Victorian era was under way"}
D, V = Atom("d"), Atom("v")


@pytest.mark.parametrize(
    ("formula", "text"),
    [
        (D, 'Did "Charles Dickens was alive" happen at year 1800?'),
        (
            Finally(0, 40, V),
            'Did "Event" finally happen within the time frame of [0, 40] after the year 1800, '
            'where "Event" is defined as "the Victorian era was under way"?',
        ),
        (
            Globally(30, 50, V),
            'Did "Event" globally happen within the time frame of [30, 50] after the year 1800, '
            'where "Event" is defined as "the Victorian era was under way"?',
        ),
        (
            Next(V),
            'Did "Event" happen in the next year of 1800, where "Event" is defined as '
            '"the Victorian era was under way"?',
        ),
        (
            Until(10, 20, D, V),
            'Did "Event1" happen continuously until "Event2" started, during the period [10, 20] after the '
            'year 1800, where "Event1" is "Charles Dickens was alive" and "Event2" is "the Victorian era was '
            'under way"?',
        ),
        (
            And(D, V),
            'Did both "Event1" and "Event2" happen at year 1800, where "Event1" is '
            '"Charles Dickens was alive" and "Event2" is "the Victorian era was under way"?',
        ),
        (
            Or(D, V),
            'Did either "Event1" or "Event2" happen at year 1800, where "Event1" is '
            '"Charles Dickens was alive" and "Event2" is "the Victorian era was under way"?',
        ),
        (Not(D), 'Did "Event" not happen at year 1800, where "Event" is "Charles Dickens was alive"?'),
    ],
)
def test_each_operator_has_its_table_iii_template(formula: Formula, text: str) -> None:
    assert table3_question(formula, 1800, DESCRIBE) == text


def test_a_nested_formula_is_its_question_again_about_that_year() -> None:
    text = table3_question(Not(Next(D)), -43, DESCRIBE)
    assert text == (
        'Did "Event" not happen at year 44 BC, where "Event" is (Did "Event" happen in the next year of '
        'that year, where "Event" is defined as "Charles Dickens was alive"?)?'
    )


def test_an_unknown_event_is_named() -> None:
    with pytest.raises(UnknownNameError, match="Unknown event 'x'"):
        table3_question(Atom("x"), 1800, DESCRIBE)


def test_temporal_cases_take_the_wording_asked_for() -> None:
    plain, _ = generate_temporal_cases(temporal_plan(EVENTS, depth=1, count=5, seed=1, universe=UNIVERSE))
    flat, _ = generate_temporal_cases(
        temporal_plan(EVENTS, depth=1, count=5, seed=1, universe=UNIVERSE, wording="drowzee")
    )
    assert all(c.question.startswith("Did ") for c in flat) and not any('"' in c.question for c in plain)
    assert all(sayable(mtl.from_json(c.temporal.formula)) for c in plain if c.temporal)
    with pytest.raises(GenerationError, match="wording='flat'"):
        generate_temporal_cases(
            temporal_plan(EVENTS, depth=1, count=5, seed=1, universe=UNIVERSE, wording="flat")
        )
    with pytest.raises(UnknownNameError, match="Unknown wording 'flat'"):
        SuiteRequest(wording="flat").validate()
