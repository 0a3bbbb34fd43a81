"""near_miss.pl's one league a season: a club in one division's season is not in another division's
season of the same years, checked like every proof."""

from __future__ import annotations

from pathlib import Path

from kgtest.generator.kbview import KbView
from kgtest.generator.proofs import prolog_text, to_proof
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.reasoner import Reasoner

SEASON, CLUB, LEAGUE = "Q27020041", "Q476028", "Q15991303"


def _season(q: str, name: str, start: int) -> Entity:
    return Entity(q, name, domain=Domain.EVENTS, types=(SEASON,), start_year=start, end_year=start + 1)


ENTITIES = {
    "Q1": Entity("Q1", "Onisilos Sotira", domain=Domain.SOCIETY, types=(CLUB,), start_year=1950),
    "Q2": Entity("Q2", "Cypriot First Division", types=(LEAGUE,)),
    "Q3": Entity("Q3", "Cypriot Second Division", types=(LEAGUE,)),
    "Q4": Entity("Q4", "Premier League", types=(LEAGUE,)),
    "Q5": Entity("Q5", "Cyprus"),
    "Q6": Entity("Q6", "United Kingdom"),
    "Q10": _season("Q10", "2007–08 Cypriot Second Division", 2007),
    "Q11": _season("Q11", "2007–08 Cypriot First Division", 2007),
    "Q12": _season("Q12", "2008–09 Cypriot First Division", 2008),
    "Q13": _season("Q13", "2007–08 Premier League", 2007),
    "Q20": Entity("Q20", "Some Player", domain=Domain.PEOPLE, types=("Q5",), start_year=1980),
    "Q21": Entity("Q21", "Ermis Aradippou", domain=Domain.SOCIETY, types=(CLUB,), start_year=1958),
}
FACTS = [
    Fact("Q10", "P3450", "Q3"),
    Fact("Q11", "P3450", "Q2"),
    Fact("Q12", "P3450", "Q2"),
    Fact("Q13", "P3450", "Q4"),
    Fact("Q2", "P17", "Q5"),
    Fact("Q3", "P17", "Q5"),
    Fact("Q4", "P17", "Q6"),
    Fact("Q1", "P1344", "Q10"),  # the club in the Second Division that season
    Fact("Q20", "P1344", "Q10"),  # a player: may move mid-season
    Fact("Q21", "P1344", "Q10"),
]


def _load(tmp: Path, facts: list[Fact]) -> tuple[Reasoner, KbView]:
    builtin = builtin_catalog()
    cat = RelationCatalog(builtin[p] for p in ("P17", "P1344", "P710"))
    return load_kb(kb_program(ENTITIES.values(), facts, cat), tmp), KbView(ENTITIES, tuple(facts), cat)


def test_a_club_plays_in_one_league_of_its_country_a_season(tmp_path: Path) -> None:
    reasoner, view = _load(tmp_path, FACTS)
    first = reasoner.refute([("Q1", "P1344", "Q11")])[0]
    assert first is not None and first.rule == "one_league_a_season" and first.years is None
    proof = prolog_text(to_proof(first, view))
    assert reasoner.check(proof)
    assert not reasoner.check(proof.replace(FACTS[7].id, FACTS[8].id))  # the player's season proves nothing
    assert "a club plays in one league of its country a season" in to_proof(first, view).assumption
    back = reasoner.refute([("Q11", "P710", "Q1")])[0]  # read backwards through R-Inverse
    assert back is not None and back.rule == "inverse" and reasoner.check(prolog_text(to_proof(back, view)))


def test_no_refutation_without_the_rules_conditions(tmp_path: Path) -> None:
    reasoner, _ = _load(tmp_path, FACTS)
    later, abroad, player = reasoner.refute(
        [
            ("Q1", "P1344", "Q12"),  # another year: nothing says where the club played then
            ("Q1", "P1344", "Q13"),  # a league of another country
            ("Q20", "P1344", "Q11"),  # a person, not a club
        ]
    )
    assert later is None and abroad is None and player is None


def test_two_seasons_something_took_part_in_both_are_no_alternatives(tmp_path: Path) -> None:
    reasoner, _ = _load(tmp_path, [*FACTS, Fact("Q21", "P1344", "Q11")])
    onisilos, ermis = reasoner.refute([("Q1", "P1344", "Q11"), ("Q21", "P1344", "Q11")])
    assert onisilos is None and ermis is None  # Ermis shown in both; and its own stated season holds
