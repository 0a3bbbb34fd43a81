"""A profile card's field lines speak of the entity its title names, in a case of two entities
(oracle/cards.py; issue 38, fifteenth session: styled_blind11 W2-009, styled_blind12 W3-012,
styled_blind16 W1-025, styled_dev14 D1-016, styled_dev14b E1-018, E2-002, six writers). Read as
nothing, "- **Born:** 1943, Hamilton, Ontario" left a wrong birthplace unread. Replies are written
for these tests in the card styles of those writers (a bold title, a heading, a line that introduces
the card), over the example KB's "Is it true that Donald Trump was born in New York City?"."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge
from kgtest.oracle.cards import fields

from .test_places_and_names import TRUMP_NYC
from .test_styles import judged


@pytest.mark.parametrize(
    ("reply", "outcome"),
    [
        (
            "**Donald Trump – quick facts**\n\n- **Born:** 1946, Chicago, Illinois\n"
            "- **Known for:** real estate, television\n\n**Answer:** No.",
            "erroneous_knowledge",
        ),
        ("### Donald Trump\n- **Born:** June 14, 1946, New York City\n\n**Answer:** Yes.", "correct"),
        (
            "Quick facts on Donald Trump:\n- **Born:** 14 June 1946, in Chicago\n\nSo no.",
            "erroneous_knowledge",
        ),
    ],
)
def test_a_cards_field_lines_are_said_of_its_title(kb_judge: Judge, reply: str, outcome: str) -> None:
    verdict = judged(kb_judge, TRUMP_NYC, reply)
    assert verdict.outcome.value == outcome, verdict.reasons


def test_a_field_line_with_no_title_is_not_read_as_right(kb_judge: Judge) -> None:
    verdict = judged(kb_judge, TRUMP_NYC, "- **Born:** 1946, Chicago, Illinois\n\n**Answer:** No.")
    assert verdict.outcome.value != "correct", verdict.reasons


def test_the_place_is_put_before_the_date() -> None:
    card = "- **Born:** 1943, Hamilton, Ontario\n- **Died:** 29 March 1982, Munich\n- **Died:** 2012, aged 86"
    assert fields(card, "X") == (
        "- **Born:** Hamilton, Ontario, in 1943\n- **Died:** Munich, 29 March 1982\n- **Died:** 2012, aged 86"
    )
    assert (
        fields("- **Born:** Leningrad (today Saint Petersburg), 1926", "X")
        == "- **Born:** Saint Petersburg, 1926"
    )
    assert fields(card, None) == card
