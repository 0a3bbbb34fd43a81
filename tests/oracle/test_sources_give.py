"""A fact a source gives (oracle/rewrite.py ``_LISTED_AS``), and "both" where it names two sources, not
the question's two ends (oracle/both.py): the citing style of styled_blind11 (W2-028, "His
ProCyclingStats profile and the bio on his team's website both list his birthplace as Ipiales").
Replies are written for these tests over the example KB's Michelle Obama (born in Chicago)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.rewrite import readable

from .test_styles import MICHELLE_CHICAGO, judged


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("His profile and his team's bio both list his birthplace as Ipiales.", "His birthplace is Ipiales."),
        ("No. Britannica gives her place of death as Paris, France.", "Her place of death is Paris, France."),
    ],
)
def test_a_source_giving_a_fact_is_the_fact(text: str, said: str) -> None:
    assert readable(text).endswith(said)


@pytest.mark.parametrize(
    "reply",
    [
        "No. Her Britannica entry and the White House biography both list her birthplace as Springfield, "
        "Massachusetts.",
        "No - her official biography gives her birthplace as Springfield, Massachusetts.",
    ],
)
def test_a_birthplace_a_source_gives_is_read(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, MICHELLE_CHICAGO, reply)
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons


def test_both_sources_are_not_the_questions_two_ends(kb_judge: Judge) -> None:
    """Read as "she and Chicago", "both list her birthplace" stated the question: a birthplace is no
    relation of two of a kind."""
    verdict = judged(
        kb_judge, MICHELLE_CHICAGO, "No. Her memoir and her official biography both mention her birthplace."
    )
    assert not any(c.triple.sentence.startswith("Her memoir") and c.statement for c in verdict.claims), (
        verdict.claims
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "3. Belgium and Spain are separate countries; neither lies within the other.",
            "Belgium is not located in Spain, and Spain is not located in Belgium",
        ),
        (
            "Brooklyn and Manhattan are different boroughs; one doesn't lie within the other.",
            "Brooklyn is not located in Manhattan, and Manhattan is not located in Brooklyn",
        ),
    ],
)
def test_neither_within_the_other_denies_both_ways(text: str, said: str) -> None:
    """The step-by-step style's "neither lies within the other" (styled_blind10 W3-025, styled_blind11
    W3-037): the parser finds no name in "neither" and "the other"."""
    assert said in readable(text)


def test_neither_within_the_other_is_read_as_two_denials(kb_judge: Judge) -> None:
    verdict = judged(
        kb_judge,
        MICHELLE_CHICAGO,
        "Yes. Chicago and Boston are different cities; neither lies within the other. She was born in "
        "Chicago.",
    )
    denied = {c.statement for c in verdict.claims if c.negated and c.statement}
    assert len(denied) == 2, verdict.claims
    assert verdict.outcome.value == "correct", verdict.reasons


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (
            "Hungary is one of the Zangger Committee's member states.",
            "Hungary is a member of Zangger Committee",
        ),
        (
            "Yes - Japan was among the Asian Development Bank's founding members!",
            "Japan was a member of Asian",
        ),
    ],
)
def test_one_of_a_bodys_members_is_a_member_of_it(text: str, said: str) -> None:
    """The member list's words (styled_blind11 W1-022): the parser hangs the body on "states"."""
    assert said in readable(text)
