"""Answers compared by what they say (issue 26's four kinds of wrong verdict), with the example KB."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kgtest.oracle import ViewKb
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.metamorphic.gold import ENTITY, NUMBER, TEXT, YEAR, YESNO, Gold, text_gold
from kgtest.oracle.metamorphic.mss import MixedSimilarity
from kgtest.oracle.metamorphic.reading import numbers, span, years
from kgtest.oracle.metamorphic.relations import Answered, Check, check_relations

DIED = Gold(YEAR, "Q34296", "P570", ("1924",), ("Q34296",), ("Woodrow Wilson",))
WORKED = Gold(ENTITY, "Q34296", "P106", ("Q82955",), ("Q34296",), ("Woodrow Wilson",))
EDUCATED = Gold(ENTITY, "Q9696", "P69", ("Q13371",), ("Q9696",), ("John F. Kennedy",))
DIED_IN = Gold(ENTITY, "Q40904", "P20", ("Q1726",), ("Q40904",), ("Werner Heisenberg",))


def answered(answer: str, gold: Gold, question: str, expected: tuple[str, ...], case: str = "c1") -> Answered:
    return Answered(case, "kb-x", "DS", case, 1, 1, 0, True, question, answer, expected, gold)


def mr1(
    answer: str, gold: Gold, question: str, expected: tuple[str, ...], kb: ViewKb, mss: MixedSimilarity
) -> Check:
    (check,) = check_relations([answered(answer, gold, question, expected)], mss, kb=kb)
    return check


@pytest.fixture(scope="module")
def mss(embedder: Embedder) -> MixedSimilarity:
    return MixedSimilarity(embedder)


def test_years_are_compared_by_value_and_the_verb_picks_among_several() -> None:
    assert years("He died on December 18, 1976.") == [1976]
    assert years("Born in 1870 and died in 1924.", "When did he die?") == [1924, 1870]
    assert years("Born in 1870 and died in 1924.", "When was he born?") == [1870, 1924]
    assert years("in 44 BC") == [-43] and years("about 1,000 people") == []
    assert numbers("Ten years, not 12.5") == [10.0, 12.5]
    assert span("The lion flew on a red airplane.", "What did the lion fly on?") == "flew on red airplane"


def test_a_bare_wrong_year_is_flagged_and_a_sentence_with_the_right_one_passes(
    example_kb: ViewKb, mss: MixedSimilarity
) -> None:
    q, gold = "When did he die?", ("1924",)
    echoes = ("When did he die?", "When did Woodrow Wilson die?", "He died.", "The year he died.")
    for wrong in ("1929", "1917", "He died in 1920.", "Born in 1924, he died in 1980.", *echoes):
        check = mr1(wrong, DIED, q, gold, example_kb, mss)
        assert not check.passed, (wrong, check.basis)
    for right in (
        "1924",
        "He died on February 3, 1924.",
        "Woodrow Wilson was born in 1856 and died in 1924.",
    ):
        check = mr1(right, DIED, q, gold, example_kb, mss)
        assert check.passed, (right, check.basis)


def test_a_full_sentence_or_a_short_form_of_the_gold_entity_passes(
    example_kb: ViewKb, mss: MixedSimilarity
) -> None:
    q, gold = "Where was he educated?", ("Harvard University", "Harvard")
    for right in (
        "John F. Kennedy was educated at Harvard University.",
        "Harvard",
        "At Harvard, in Cambridge.",
    ):
        assert mr1(right, EDUCATED, q, gold, example_kb, mss).passed, right
    for wrong in ("He was educated at Princeton University.", "John F. Kennedy studied at Yale.", "Unknown"):
        assert not mr1(wrong, EDUCATED, q, gold, example_kb, mss).passed, wrong


def test_a_more_specific_value_the_kb_holds_passes(example_kb: ViewKb, mss: MixedSimilarity) -> None:
    q = "What did he work as?"
    assert mr1("President of the United States", WORKED, q, ("politician",), example_kb, mss).passed
    assert mr1("Woodrow Wilson was a politician.", WORKED, q, ("politician",), example_kb, mss).passed
    assert not mr1("He was a lawyer.", WORKED, q, ("politician",), example_kb, mss).passed
    assert not mr1("He was a physicist.", WORKED, q, ("politician",), example_kb, mss).passed
    where = "Where did he die?"
    for right in ("Munich, Germany", "He died in Bavaria."):  # the gold place, and one around it
        assert mr1(right, DIED_IN, where, ("Munich", "München"), example_kb, mss).passed, right
    assert not mr1("He died in Berlin.", DIED_IN, where, ("Munich", "München"), example_kb, mss).passed
    without_kb = check_relations(
        [answered("President of the United States", WORKED, q, ("politician",))], mss
    )
    assert not without_kb[0].passed, "without the KB, only the gold's own names count"


def test_mr2_compares_what_two_answers_claim_not_their_wording(
    example_kb: ViewKb, mss: MixedSimilarity
) -> None:
    def mr2(a: str, b: str, gold: Gold, q: str, expected: tuple[str, ...]) -> Check:
        pair = [answered(a, gold, q, expected, "c1"), answered(b, gold, q, expected, "c2")]
        return next(c for c in check_relations(pair, mss, kb=example_kb) if c.relation == "MR2")

    assert mr2(
        "Harvard", "John F. Kennedy was educated at Harvard University.", EDUCATED, "Where?", ("Harvard",)
    ).passed
    assert mr2("President of the United States", "politician", WORKED, "Work?", ("politician",)).passed
    same_wrong = mr2(
        "1917", "Woodrow Wilson died in the year 1917, in Washington.", DIED, "When did he die?", ("1924",)
    )
    assert same_wrong.passed, "the same wrong year twice is MR1's bug, not MR2's"
    assert not mr2("1917", "1918", DIED, "When did he die?", ("1924",)).passed
    assert not mr2("1924", "Unknown", DIED, "When did he die?", ("1924",)).passed
    assert mr2("Unknown", "I don't know.", DIED, "When did he die?", ("1924",)).passed
    yale = mr2("He studied at Yale University.", "Yale", EDUCATED, "Where?", ("Harvard",))
    assert yale.passed and "Q49112" in yale.basis  # Yale University, both times


def test_gold_types_read_from_strings_for_free_text_sources() -> None:
    assert text_gold(("yes",)).kind == YESNO and text_gold(("No.",)).kind == YESNO
    assert text_gold(("1906", "1906.")).kind == YEAR
    assert text_gold(("Ten years", "10 years")).kind == NUMBER
    assert text_gold(("a red airplane",)).kind == TEXT


def test_free_text_passes_on_the_gold_span_or_a_lead_alike_by_mss(mss: MixedSimilarity) -> None:
    q = "What did the lion fly on?"
    base = Answered("c1", "coqa-x", "DS", "c1", 1, 1, 0, True, q, "", ("a red airplane", "an airplane"))
    right, wordy, wrong = check_relations(
        [
            replace(base, answer="The lion flew on a red airplane."),
            replace(base, case_id="c2", answer="an aeroplane that was red", origin=2),
            replace(base, case_id="c3", answer="The lion went to school.", origin=3),
        ],
        mss,
    )
    assert right.passed and "says" in right.basis
    assert wordy.passed == (wordy.mss >= 0.6) and not wrong.passed
    yes = replace(base, question="Were there other animals?", expected=("yes",))
    assert check_relations([replace(yes, answer="Yes, a tiger and a bear.")], mss)[0].passed
    assert not check_relations([replace(yes, answer="No, only the lion.")], mss)[0].passed


def test_an_echo_of_a_when_question_is_no_year(example_kb: ViewKb, mss: MixedSimilarity) -> None:
    """A reply that only says the question again names no year: it is not the gold year, however
    alike its words (an audit's echo bot passed MR1 on "When did Alfred Hitchcock die?" by an MSS of
    0.61 against "1980")."""
    died = Gold(YEAR, "Q7374", "P570", ("1980",), ("Q7374",), ("Alfred Hitchcock",))
    q = "When did Alfred Hitchcock die?"
    for echo in (q, "When did Alfred Hitchcock die", "Alfred Hitchcock died."):
        check = mr1(echo, died, q, ("1980",), example_kb, mss)
        assert not check.passed, (echo, check.basis)
