"""oracle/form_chance.py: what reading the question's form alone gets, counted in chance."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from kgtest.generator.case import Answer, TestCase
from kgtest.oracle.chance import kind_score
from kgtest.oracle.form_chance import SPEC, question_form, wording_answers
from kgtest.oracle.kind_judge import Credit


def _case(i: int, question: str, expected: str) -> TestCase:
    return TestCase(id=f"c{i}", kind="fact", rule="r", domain="d", question=question, prompt=question,
                    expected=Answer(expected))  # fmt: skip


def test_the_form_keeps_the_wording_and_masks_names_years_and_numbers() -> None:
    assert question_form("Was Aude located in Hauts-de-France in 2016?") == "was e located in e in y?"
    assert (
        question_form("Was Cuxhaven ever located in the Province of Hanover?") == "was e ever located in e?"
    )
    assert question_form("Does the Holy See have diplomatic relations with Nepal?") == question_form(
        "Does Angola have diplomatic relations with Germany?"
    )
    assert question_form("Does Angola lack diplomatic relations with Germany?") != question_form(
        "Does Angola have diplomatic relations with Germany?"
    )


def test_forms_that_give_their_answer_away_are_read_and_balanced_ones_are_not() -> None:
    """Every "born in" a No and every "diplomatic relations" a Yes (as the plain wording drew them on
    CoDEx-S): the form reader gets all; where each form has both answers it gets none by reading."""
    leaky = [_case(i, f"Was Person{i} born in Town{i}?", "No") for i in range(4)]
    leaky += [
        _case(10 + i, f"Does Land{i} have diplomatic relations with Nation{i}?", "Yes") for i in range(4)
    ]
    said = wording_answers(leaky)
    assert all(said[c.id] == f"{c.expected.value}." for c in leaky)
    even = [_case(i, f"Was Person{i} born in Town{i}?", "No" if i % 2 else "Yes") for i in range(4)]
    said = wording_answers(even)
    assert (
        sum(said[c.id] == f"{c.expected.value}." for c in even) == 0
    )  # the others' majority is the other answer


def test_a_form_asked_once_is_no_knowledge_the_answer_most_others_have_stands_in() -> None:
    cases = [_case(0, "Was Alpha ever twinned with Beta?", "Yes")]
    cases += [_case(i, f"Did Person{i} die in Town{i}?", "No") for i in range(1, 4)]
    assert wording_answers(cases)["c0"] == "No."  # not its own Yes


@given(st.lists(st.sampled_from(["Yes", "No"]), min_size=2, max_size=30))
def test_a_suite_with_one_form_is_read_no_better_than_its_commonest_answer(answers: list[str]) -> None:
    cases = [_case(i, f"Was Person{i} born in Town{i}?", a) for i, a in enumerate(answers)]
    said = wording_answers(cases)
    right = sum(said[c.id] == f"{c.expected.value}." for c in cases)
    assert right <= max(answers.count("Yes"), answers.count("No"))


def test_chance_is_the_form_reader_where_it_beats_every_constant() -> None:
    keys = [f"c{i}" for i in range(8)]
    yes = {k: float(i % 2 == 0) for i, k in enumerate(keys)}
    baselines = {
        "baseline:yes": Credit("correct replies", yes, 0.5),
        "baseline:no": Credit("correct replies", {k: 1 - v for k, v in yes.items()}, 0.5),
        SPEC: Credit("correct replies", {k: float(k != "c0") for k in keys}, 7 / 8),
    }
    reader = kind_score("fact", baselines[SPEC], baselines)
    assert (reader.chance, reader.best_constant, reader.score) == (7 / 8, SPEC, 0.0)


def test_names_that_share_a_word_are_read_as_a_cue() -> None:
    """ "Was Hans Einstein a child of Albert Einstein?" Yes, "... a child of Michael Faraday?" No: a
    surname matched without knowing a fact (an audit's cue reader read parents so). Every question
    has the same form; only the shared word tells them apart."""
    kin = [_case(i, f"Was Kid{i} Kin{i} a child of Parent{i} Kin{i}?", "Yes") for i in range(4)]
    strangers = [_case(10 + i, f"Was Kid{i} Far{i} a child of Parent{i} Kin{i}?", "No") for i in range(4)]
    cases = [*kin, *strangers]
    assert len({question_form(c.question) for c in cases}) == 1
    said = wording_answers(cases)
    assert all(said[c.id] == f"{c.expected.value}." for c in cases)


def test_parents_named_by_strangers_are_read_as_a_person_who_studied_the_key_would() -> None:
    """The bundled KB's 120 fact questions of `gen --seed 79` (tests/oracle/forms): its near-miss
    parents are strangers, its true ones share a surname. Naive Bayes alone read 10 of the 23
    parent questions; with each form's own group (names sharing a word or not) read outright, 15."""
    path = Path(__file__).parent / "forms" / "example_seed79.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    cases = [_case(i, r["question"], r["expected"]) for i, r in enumerate(rows)]
    said = wording_answers(cases)
    parents = [c for c in cases if any(f" {w} of" in c.question for w in ("father", "mother", "parent"))]
    assert len(parents) == 23
    assert sum(said[c.id] == f"{c.expected.value}." for c in parents) >= 15
