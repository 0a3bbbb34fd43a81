"""near_miss.pl's one club at a time: a player at one club in some years did not play for another of
their clubs then; a national team is neither refuted nor a reason, and a loan the KB shows blocks."""

from __future__ import annotations

from pathlib import Path

from kgtest.generator.kbview import KbView
from kgtest.generator.proofs import prolog_text, to_proof
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.reasoner import FactPremise, Reasoner

ENTITIES = {
    "Q1": Entity("Q1", "Enzo Maresca", domain=Domain.PEOPLE, types=("Q5",), start_year=1980),
    "Q2": Entity("Q2", "West Bromwich Albion F.C.", domain=Domain.SOCIETY),
    "Q3": Entity("Q3", "Juventus FC", domain=Domain.SOCIETY),
    "Q4": Entity("Q4", "Sevilla FC", domain=Domain.SOCIETY),
    "Q5": Entity("Q5", "Italy national under-21 football team", domain=Domain.SOCIETY),
    "Q6": Entity("Q6", "Italy", domain=Domain.SOCIETY, types=("Q6979593",)),  # a national team by class
    "Q7": Entity("Q7", "Bologna F.C. 1909", domain=Domain.SOCIETY),
}
CAREER = [
    Fact("Q1", "P54", "Q2", start_year=1998, end_year=2000),
    Fact("Q1", "P54", "Q3", start_year=2000, end_year=2004),
    Fact("Q1", "P54", "Q4", start_year=2005, end_year=2009),
    Fact("Q1", "P54", "Q5", start_year=1999, end_year=2002),  # beside the clubs
    Fact("Q1", "P54", "Q6", start_year=2006, end_year=2006),
]


def _load(tmp: Path, facts: list[Fact]) -> tuple[Reasoner, KbView]:
    cat = RelationCatalog([builtin_catalog()["P54"]])
    return load_kb(kb_program(ENTITIES.values(), facts, cat), tmp), KbView(ENTITIES, tuple(facts), cat)


def test_a_player_plays_for_one_club_at_a_time(tmp_path: Path) -> None:
    reasoner, view = _load(tmp_path, CAREER)
    d = reasoner.refute([("Q1", "P54", "Q2")])[0]  # West Brom, in the years at Juventus or Sevilla
    assert d is not None and d.rule == "one_club_at_a_time"
    assert d.years is not None and 2007 in range(d.years[0][0], d.years[-1][1] + 1)
    assert not any(a <= y <= b for a, b in d.years for y in (1999, 2000, 2001))  # a year after West Brom
    proof = to_proof(d, view)
    assert "a player plays for one club at a time" in proof.assumption
    assert reasoner.check(prolog_text(proof))
    used = d.premises[0]
    assert isinstance(used, FactPremise)
    national = prolog_text(proof).replace(used.fact_id, CAREER[3].id)
    assert not reasoner.check(national)  # a national team proves nothing


def test_a_national_team_is_neither_refuted_nor_a_reason(tmp_path: Path) -> None:
    reasoner, _ = _load(tmp_path, CAREER)
    under21, italy = reasoner.refute([("Q1", "P54", "Q5"), ("Q1", "P54", "Q6")])
    assert under21 is None and italy is None
    reasoner, _ = _load(tmp_path / "alone", CAREER[3:])  # national teams only: no club to refute by
    assert reasoner.refute([("Q1", "P54", "Q7")])[0] is None
    reasoner, _ = _load(tmp_path / "club", [CAREER[0], *CAREER[3:]])  # the under-21s blocks no year of a club
    d = reasoner.refute([("Q1", "P54", "Q7")])[0]
    assert d is not None and d.years == ((1998, 2000),)


def test_a_loan_the_kb_shows_blocks_its_years(tmp_path: Path) -> None:
    loan = Fact("Q1", "P54", "Q7", start_year=2002, end_year=2003)  # from Juventus, on loan
    reasoner, _ = _load(tmp_path, [*CAREER, loan])
    d = reasoner.refute([("Q1", "P54", "Q7")])[0]
    assert d is None or not any(a <= y <= b for a, b in d.years or () for y in range(2001, 2005))
