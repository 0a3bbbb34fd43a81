"""The questions and the prompt exactly as a model will read them."""

from __future__ import annotations

import pytest

from kgtest.core.errors import UnknownNameError
from kgtest.generator.mtl_text import mtl2nl, temporal_prompt, year_text
from kgtest.prolog.mtl import And, Atom, Finally, Formula, Globally, Next, Not, Or, Until

SAY = {"d": "Charles Dickens was alive", "v": "the Victorian era was under way"}
D, V = Atom("d"), Atom("v")


@pytest.mark.parametrize(
    ("formula", "year", "question"),
    [
        (D, 1800, "Was it true in 1800 that Charles Dickens was alive?"),
        (
            Finally(0, 40, V),
            1800,
            "Was it true in at least one year from 0 to 40 years after 1800 (1800 to 1840) "
            "that the Victorian era was under way?",
        ),
        (
            Globally(30, 50, V),
            1800,
            "Was it true in every year from 30 to 50 years after 1800 (1830 to 1850) "
            "that the Victorian era was under way?",
        ),
        (Next(V), 1836, "Was it true in the year after 1836 (1837) that the Victorian era was under way?"),
        (
            Until(10, 20, D, V),
            1800,
            "Was there a year from 10 to 20 years after 1800 (1810 to 1820) in which the Victorian era "
            "was under way, such that in every year from 1800 up to but not including that year, "
            "Charles Dickens was alive?",
        ),
        (Not(V), 1800, "Was it false in 1800 that the Victorian era was under way?"),
        (
            And(D, V),
            1900,
            "Was it true in 1900 that both Charles Dickens was alive and the Victorian era was under way?",
        ),
        (
            Or(D, V),
            1900,
            "Was it true in 1900 that Charles Dickens was alive or the Victorian era was under way "
            "(or both)?",
        ),
        (
            Finally(5, 5, Not(D)),
            -50,
            "Was it true in the year exactly 5 years after 51 BC (46 BC) that it was not the case that "
            "Charles Dickens was alive?",
        ),
    ],
)
def test_table_iii_patterns(formula: Formula, year: int, question: str) -> None:
    assert mtl2nl(formula, year, SAY) == question


def test_nested_events_are_defined_before_the_question_innermost_first() -> None:
    question = mtl2nl(Globally(0, 5, Finally(0, 10, And(D, Next(V)))), 1850, SAY)
    assert question == (
        'Say that "Event 1" happened in a year Y if, in the year after Y, the Victorian era was under way. '
        'Say that "Event 2" happened in a year Y if, in Y, both Charles Dickens was alive and '
        '"Event 1" happened. '
        'Say that "Event 3" happened in a year Y if, in at least one year from 0 to 10 years after Y, '
        '"Event 2" happened. '
        'Was it true in every year from 0 to 5 years after 1850 (1850 to 1855) that "Event 3" happened?'
    )


def test_until_inside_a_definition() -> None:
    question = mtl2nl(Not(Until(1, 3, D, V)), 1830, SAY)
    assert question.startswith(
        'Say that "Event 1" happened in a year Y if there was a year from 1 to 3 years after Y in which '
        "the Victorian era was under way, such that in every year from Y up to but not including that year, "
        "Charles Dickens was alive. "
    )
    assert question.endswith('Was it false in 1830 that "Event 1" happened?')


def test_years_before_the_common_era() -> None:
    assert [year_text(y) for y in (1800, 1, 0, -43)] == ["1800", "1", "1 BC", "44 BC"]


def test_unknown_event_is_named() -> None:
    with pytest.raises(UnknownNameError, match="'x'"):
        mtl2nl(Finally(0, 1, Atom("x")), 1800, SAY)


def test_table_iv_prompt() -> None:
    prompt = temporal_prompt("Was it true in 1800 that Charles Dickens was alive?")
    assert prompt.startswith("Answer the question with your knowledge and reasoning power.\n")
    assert "Given the question: Was it true in 1800 that Charles Dickens was alive?\n" in prompt
    assert "metric temporal logic" in prompt and "point by point" in prompt
    assert prompt.endswith("The answer must contain 'Yes', 'No' or 'I don't know' at the beginning.")
