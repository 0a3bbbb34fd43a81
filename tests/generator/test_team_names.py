"""A club a person played for is named as football writes it: "Arsenal", "Reggiana", not
"Arsenal F.C." or "A.C. Reggiana 1919" (issue 37, fourteenth session: "Wikipedia-style club names",
and a founding year the club did not carry then)."""

from __future__ import annotations

import pytest

from kgtest.generator.asked import Asker
from kgtest.generator.kbview import KbView
from kgtest.generator.short_names import team_name
from kgtest.generator.temporal import worded
from kgtest.generator.temporal_kb import kb_events
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact


@pytest.mark.parametrize(
    ("label", "short"),
    [
        ("Arsenal F.C.", "Arsenal"),
        ("Juventus F.C.", "Juventus"),
        ("A.C. Reggiana 1919", "Reggiana"),
        ("S.C. Internacional", "Internacional"),
        ("ACF Fiorentina", "Fiorentina"),
        ("FC Bayern Munich", "Bayern Munich"),
        ("Villarreal Club de Fútbol", "Villarreal"),
        ("1. FC Kaiserslautern", "Kaiserslautern"),
        ("R.S.C. Anderlecht", "Anderlecht"),
        ("Cruzeiro E.C.", "Cruzeiro"),
        ("Real Madrid", ""),  # no legal form
        ("Parma Calcio 1913", "Parma Calcio"),  # "Calcio" is part of the name; the year is not
        ("Bologna FC 1909", "Bologna"),  # a year after the legal form: "Bologna FC 1909 in 1999"
        ("Como 1907", "Como"),
        ("Clube de Regatas do Flamengo", "Flamengo"),  # a legal form spelt out
        ("Futebol Clube do Porto", "FC Porto"),  # as English writes it (fifteenth session, mid)
        ("Avaí Futebol Clube", "Avaí"),
        ("Club Atlético River Plate", "River Plate"),
        ("Clube Atlético Mineiro", ""),  # "Atlético Mineiro" is its name
        ("UNAM. FC", ""),  # nothing left without its suffix
    ],
)
def test_a_club_played_for_drops_its_legal_form_and_founding_year(label: str, short: str) -> None:
    assert team_name(label) == short


def _view() -> KbView:
    people = Domain.PEOPLE
    entities = {
        "Q1": Entity("Q1", "Walter Mazzarri", types=("Q5",), domain=people),
        "Q2": Entity("Q2", "A.C. Reggiana 1919", domain=Domain.SOCIETY),
        "Q3": Entity("Q3", "Arsenal F.C.", domain=Domain.SOCIETY),
        "Q4": Entity("Q4", "C.D. Nacional", domain=Domain.SOCIETY),
        "Q5": Entity("Q5", "Nacional FC", domain=Domain.SOCIETY),
        "Q6": Entity("Q6", "FC Moscow", domain=Domain.SOCIETY),
        "Q7": Entity("Q7", "FC Spartak Moscow", domain=Domain.SOCIETY),
    }
    facts = tuple(Fact("Q1", "P54", f"Q{n}", 1980 + n, 1981 + n) for n in range(2, 8))
    return KbView(entities, facts, builtin_catalog())


def test_a_question_names_the_club_so_where_no_other_clubs_name_holds_that_name() -> None:
    asker = Asker(_view(), 2020, "plain")
    assert asker.naming(("Q1", "P54", "Q2")) == ("Walter Mazzarri", "Reggiana")
    assert asker.naming(("Q1", "P54", "Q3")) == ("Walter Mazzarri", "Arsenal")
    # two clubs' names hold "Nacional": each keeps its full name
    assert asker.naming(("Q1", "P54", "Q4")) == ("Walter Mazzarri", "C.D. Nacional")
    assert asker.naming(("Q1", "P54", "Q5")) == ("Walter Mazzarri", "Nacional FC")
    # "Moscow" is in another club's name: which of Moscow's clubs?
    assert asker.naming(("Q1", "P54", "Q6")) == ("Walter Mazzarri", "FC Moscow")
    assert asker.naming(("Q1", "P54", "Q7")) == ("Walter Mazzarri", "Spartak Moscow")
    # Drowzee's wording keeps the labels
    drowzee = Asker(_view(), 2020, "drowzee")
    assert "A.C. Reggiana 1919" in drowzee.question(("Q1", "P54", "Q2"), "original", 1981, "past")


def test_a_temporal_question_names_the_club_so_and_drowzees_statement_keeps_the_label() -> None:
    events = {ev.id: worded(ev) for ev in kb_events(_view())}
    played = events["Q1 P54 Q2"]
    assert played.clause is not None and played.clause.finite == "played for Reggiana"
    assert played.description == "Walter Mazzarri played for A.C. Reggiana 1919"
