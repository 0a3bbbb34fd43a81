"""The rule library over a reply's small world (claims.pl), against the plain-Python reference."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgtest.kg.model import Entity, Fact
from kgtest.prolog.claims import ClaimLogic, Status, World, WorldFact
from kgtest.prolog.export import kb_program, load_kb

from .reference import ReferenceKb
from .test_reasoning import IDS, PROPERTIES, catalog, kbs

CATALOG = catalog()


def world_of(
    entities: dict[str, Entity], facts: list[Fact], denied: tuple[tuple[str, str, str], ...]
) -> World:
    return World(
        tuple(
            WorldFact(f"k:{f.id}", f.subject, f.property, f.object, f.start_year, f.end_year) for f in facts
        ),
        denied,
        tuple((e.id, t) for e in entities.values() for t in e.types),
        tuple(
            (event, e.id, year)
            for e in entities.values()
            for event, year in (("born", e.start_year), ("died", e.end_year))
            if year is not None
        ),
    )


def denial_readings(denied: set[tuple[str, str, str]], ref: ReferenceKb) -> set[tuple[str, str, str]]:
    """What a denial denies, read as the rules read a fact: symmetric, inverse, ``^P``."""
    out = set(denied)
    for s, p, o in denied:
        if p in ref.flags and ref.flags[p].symmetric:
            out.add((o, p, s))
        if p in ref.inverse:
            out.add((o, ref.inverse[p], s))
        if p in ref.phrased:
            out.add((o, f"^{p}", s))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kb=kbs(), data=st.data())
def test_a_worlds_answer_is_what_the_reference_concludes(
    kb: tuple[dict[str, Entity], list[Fact]], data: st.DataObject
) -> None:
    entities, facts = kb
    # Every entity of a world is also a "thing", so a functional property conflicts on any two values.
    entities = {k: replace(e, types=tuple(sorted({*e.types, "thing"}))) for k, e in entities.items()}
    statements = [(s, p, o) for s in IDS for p in PROPERTIES for o in IDS]
    denied = tuple(data.draw(st.lists(st.sampled_from(statements), max_size=3, unique=True)))
    ref = ReferenceKb(entities, facts, CATALOG)
    denials = denial_readings(set(denied), ref)
    logic = ClaimLogic(CATALOG)
    world = world_of(entities, facts, denied)
    for t in data.draw(st.lists(st.sampled_from(statements), min_size=1, max_size=8, unique=True)):
        holds, no = t in ref.holds, t in denials
        want = "both" if holds and no else "holds" if holds else "fails" if no or ref.refutable(t) else "open"
        assert logic.answer(world, t)[0] == want, t


def test_knowledge_statuses_and_contradicted_facts() -> None:
    logic = ClaimLogic(CATALOG)
    born = World((WorldFact("e:0", "Dickens", "P19", "Portsmouth"),))
    assert logic.statuses(
        born,
        [
            (("Dickens", "P19", "Portsmouth"), False),  # the fact itself
            (("Dickens", "P19", "London"), False),  # another value of a functional property
            (("Dickens", "P19", "Portsmouth"), True),  # denies the fact
            (("Dickens", "P26", "Catherine"), False),  # nothing known
        ],
    ) == [Status("proven"), Status("refuted"), Status("refuted"), Status("open")]
    places = World(
        (
            WorldFact("e:0", "Oxford", "P131", "Oxfordshire"),
            WorldFact("e:1", "Oxfordshire", "P131", "England"),
        )
    )
    assert logic.statuses(
        places, [(("Oxford", "P131", "Berkshire"), False), (("England", "P150", "Oxford"), False)]
    ) == [
        Status("other", "Oxfordshire"),  # another value where the world has one
        Status("proven"),  # the inverse property, through the chain
    ]
    # A claim of another birthplace takes the fact's place; a broader place (Queens in NYC) does not.
    claimed = World((*born.facts, WorldFact("c:0", "Dickens", "P19", "London")))
    assert logic.answer(claimed, ("Dickens", "P19", "Portsmouth"), drop_contradicted=True) == (
        "fails",
        ["e:0"],
    )
    broader = World(
        (
            WorldFact("e:0", "Trump", "P19", "Queens"),
            WorldFact("k:0", "Queens", "P131", "NYC"),
            WorldFact("c:0", "Trump", "P19", "NYC"),
        )
    )
    assert logic.answer(broader, ("Trump", "P19", "Queens"), drop_contradicted=True) == ("holds", [])


def test_worlds_leave_the_loaded_kb_alone(tmp_path: Path) -> None:
    entities = {q: Entity(q, q, types=("Q515",)) for q in IDS[:3]}
    facts = [Fact("Q1", "P131", "Q2"), Fact("Q2", "P131", "Q3")]
    reasoner = load_kb(kb_program(entities.values(), facts, CATALOG), tmp_path)
    before = reasoner.derivable()
    logic = ClaimLogic(CATALOG)
    assert logic.answer(World((WorldFact("c:0", "Q3", "P131", "Q9"),)), ("Q1", "P131", "Q9"))[0] == "open"
    assert reasoner.derivable() == before
    assert "transitive" in before[("Q1", "P131", "Q3")].rules and ("Q1", "P131", "Q9") not in before
