"""A footballer's clubs as near misses (near_misses.clubs): another club of the same player, never a
national team, asked as a person would ("Did Enzo Maresca play for Sevilla FC in 2001?")."""

from __future__ import annotations

import random
from pathlib import Path

from kgtest.generator.facts import generate_fact_cases
from kgtest.generator.kbview import KbView
from kgtest.generator.near_misses import clubs, national_team
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog.export import kb_program, load_kb

HUMAN = ("Q5",)
_TEAMS = ["West Bromwich Albion F.C.", "Juventus FC", "Sevilla FC", "Olympiacos F.C.", "Málaga CF"]
ENTITIES = {
    **{f"Q{i}": Entity(f"Q{i}", name, domain=Domain.SOCIETY) for i, name in enumerate(_TEAMS, 1)},
    "Q8": Entity("Q8", "Italy national under-21 football team", domain=Domain.SOCIETY),
    "Q9": Entity("Q9", "Great Britain Olympic football team", domain=Domain.SOCIETY),
    **{
        f"Q{i}": Entity(f"Q{i}", f"Player {chr(55 + i)}", domain=Domain.PEOPLE, types=HUMAN, start_year=1970)
        for i in range(10, 22)
    },
}
FACTS = [
    fact
    for i in range(10, 22)
    for fact in (
        Fact(f"Q{i}", "P54", f"Q{1 + i % 5}", start_year=1990 + i, end_year=1993 + i),
        Fact(f"Q{i}", "P54", f"Q{1 + (i + 1) % 5}", start_year=1995 + i, end_year=1998 + i),
        Fact(f"Q{i}", "P54", "Q8" if i % 2 else "Q9", start_year=1992 + i, end_year=1996 + i),
    )
]


def test_a_national_team_is_told_by_its_class_or_its_name() -> None:
    view = KbView(ENTITIES, (), builtin_catalog())
    assert national_team(view, "Q8") and national_team(view, "Q9")
    assert not national_team(view, "Q4")  # Olympiacos, a club
    typed = {"Q1": Entity("Q1", "Italy", types=("Q6979593",))}
    assert national_team(KbView(typed, (), builtin_catalog()), "Q1")


def test_another_club_of_the_player_never_a_national_team() -> None:
    view = KbView(ENTITIES, tuple(FACTS), builtin_catalog())
    drawn = list(clubs(view, frozenset({"P54"}), random.Random(3)))
    assert drawn and all(o not in ("Q8", "Q9") for _, _, o in drawn)
    own = {(f.subject, f.object) for f in FACTS}
    assert all((s, o) in own for s, _, o in drawn)  # a club the player had, asked in another's years
    assert drawn == list(clubs(view, frozenset({"P54"}), random.Random(3)))


def test_a_club_near_miss_is_asked_and_proven(tmp_path: Path) -> None:
    cat = RelationCatalog([builtin_catalog()["P54"]])
    view = KbView(ENTITIES, tuple(FACTS), cat)
    reasoner = load_kb(kb_program(ENTITIES.values(), FACTS, cat), tmp_path)
    cases, _ = generate_fact_cases(view, reasoner, kinds=("negation",), count=6, seed=5, balance=False)
    assert cases and all(c.rule == "negation" and c.proof.rule == "one_club_at_a_time" for c in cases)
    assert all(c.question.startswith("Did Player ") and " play for " in c.question for c in cases)
    assert not any("national" in c.question or "Olympic" in c.question for c in cases)
