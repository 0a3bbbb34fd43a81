"""The reply made plain before it is read (rewrite.py), and WordNet as the oracle reads it (wordnet.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgtest.core.wordnet import WordNet
from kgtest.oracle import Judge
from kgtest.oracle.rewrite import absolute, expand_abbreviations, readable

from .test_reading_rules import TESLA_NYC
from .test_styles import judged

NET = WordNet()
needs_wordnet = pytest.mark.skipif(not NET.available, reason="Debian's wordnet-base (.ci/setup installs it)")


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("In 1905 he wrote four papers; a decade later he finished it.", "in 1915 he finished it"),
        ("He moved in 1933. Two years later he was naturalised.", "in 1935 he was naturalised"),
        ("The treaty was signed in 1990, and the following year it took effect.", "in 1991 it took effect"),
        ("She was born in 1867; three years earlier her brother was.", "in 1864 her brother was"),
    ],
)
def test_a_year_said_relative_to_another_is_written_out(text: str, said: str) -> None:
    assert said in absolute(text)


def test_a_gap_said_as_an_aside_is_no_new_year() -> None:
    text = "Queen Victoria wasn't born until 1819, two years later, so she was not her mother."
    assert absolute(text) == text


def test_abbreviations_a_reply_introduces_stand_for_their_names() -> None:
    text = "The Missile Technology Control Regime (MTCR) was founded in 1987. Germany is part of the MTCR."
    assert expand_abbreviations(text).endswith("Germany is part of the Missile Technology Control Regime.")


def test_sources_and_quoted_verdicts() -> None:
    text = 'According to Britannica, Estonia is part of it, so "Wassenaar is part of Estonia" is false.'
    assert readable(text) == "Estonia is part of it, so it is false that Wassenaar is part of Estonia."


@needs_wordnet
def test_wordnet_gives_synonyms_kinds_lemmas_and_countries() -> None:
    assert "die" in NET.synonyms("pass_away", "verb", 3)
    assert "spouse" in NET.synonyms("consort", "noun", 1, broader=True)
    assert NET.base("born", "verb") == "bear" and NET.base("died", "verb") == "die"
    assert NET.kind("acknowledge", "verb") == "verb.communication"
    assert NET.pertainyms("danish")[0] == "denmark"


def test_without_the_database_wordnet_answers_nothing(tmp_path: Path) -> None:
    empty = WordNet(tmp_path)
    assert not empty.available
    assert (
        empty.synonyms("die", "verb", 3) == []
        and empty.pertainyms("danish") == []
        and empty.kind("die", "verb") == ""
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("Kanin was married to Ruth Gordon from 1942 until her death in 1985.", "from 1942 until 1985."),
        ("He taught at Jena up to his death in 1868, per the university.", "up to 1868, per"),
    ],
)
def test_until_a_death_in_a_year_is_until_that_year(text: str, said: str) -> None:
    assert said in readable(text)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Pakistan accredits an ambassador to the Holy See.", "Pakistan has diplomatic relations with Holy"),
        ("- **Missions:** Palestine keeps an embassy accredited to Rome.", "has diplomatic relations"),
        ("Palestine opened an embassy to the Holy See in 2017, as Rome notes.", "has diplomatic relations"),
    ],
)
def test_a_mission_said_outright_is_a_diplomatic_relation(text: str, read: str) -> None:
    assert read in readable(text)


@pytest.mark.parametrize(
    "text",
    [
        "Hungary has no embassy accredited to Somalia.",
        "They never accredited an ambassador to Bamako, so no.",
        "Morocco has an embassy in Bangui.",  # a city: no relation of two states
    ],
)
def test_a_mission_denied_or_in_a_city_is_left_as_written(text: str) -> None:
    assert readable(text) == text


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("He's buried at Bard College, but the death itself was in Manhattan.", "but he died in Manhattan."),
        ("Her birth took place in Warsaw, then in the Russian Empire.", "she was born in Warsaw"),
    ],
)
def test_a_lifes_event_placed_is_the_event(text: str, said: str) -> None:
    """ "the death itself was in Manhattan" (styled_blind11 W1-009): no verb of dying for the parser."""
    assert said in readable(text)


def test_a_death_placed_is_read(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge,
        TESLA_NYC,
        "Yes. Tesla's ashes are kept in Belgrade, but his death itself was in New York City.",
    )
    assert verdict.outcome.value == "correct", verdict.reasons


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("SC Freiburg traces its founding to 1904, so it existed.", "SC Freiburg was founded in 1904"),
        ("The Erasmus Prize was first awarded in 1958.", "The Erasmus Prize was founded in 1958"),
        ("He traces his interest back to 1990.", "He traces his interest back to 1990."),  # no founding
    ],
)
def test_a_beginning_said_by_its_first_time_is_a_founding(text: str, said: str) -> None:
    """ "SC Freiburg traces its founding to 1904" (styled_blind10 W2-040): the parser reads no date of it."""
    assert said in readable(text)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # step by step (styled_blind9 W2-033): the parser read nothing between "there are" and two names
        (
            "4. Therefore there are no diplomatic relations between Mali and North Korea.",
            "Mali has no diplomatic relations with North Korea",
        ),
        ("There is a long border between France and Spain.", "France has a long border with Spain"),
        (
            "There have been formal diplomatic relations between the Holy See and Myanmar since 2017.",
            "Holy See has had formal diplomatic relations with Myanmar since 2017",
        ),
    ],
)
def test_a_relation_between_two_is_each_ones_with_the_other(text: str, read: str) -> None:
    assert read in readable(text)


def test_a_relation_between_two_in_a_question_restated_is_left_as_written() -> None:
    """styled_blind12 W3-018: "What's being asked: whether there is *no* diplomatic relationship ..."."""
    text = "Asked: whether there is *no* diplomatic relationship between Afghanistan and Ukraine."
    assert readable(text) == text


def test_a_place_said_by_a_cleft_is_the_event_there() -> None:
    """styled_blind12 W1-038: "Hamburg is where he died." was unread."""
    assert readable("Hamburg is where he died.") == "He died in Hamburg."
    assert readable("Yes: Ulm is the city where he was born.") == "Yes: He was born in Ulm."
    assert readable("So Cambridge was where he trained.") == "So Cambridge was where he trained."
