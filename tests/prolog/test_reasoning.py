"""The rule library against a plain-Python reference, on random KBs, with every proof re-checked.

The KBs mix undated facts with closed periods, open ends (a start and no end, an end and no
start) and a few impossible ones (a start after the end, events outside lifetimes), so the
year-by-year referee in reference.py checks time and the sanity rules along with the rules.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgtest.generator.kbview import KbView
from kgtest.generator.proofs import prolog_text, to_proof
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.reasoner import Reasoner

from .near_miss_reference import NearMissReference
from .reference import ReferenceKb, premises_are_facts

# Real catalog entries, so the flags under test are the ones users get: symmetric (P26,
# P47), transitive with a curated inverse (P131/P150), inverse phrases (P40, P22),
# functional (P19, P22), lifetime rules (P26, P40, P22), and no flags at all (P54).
PROPERTIES = ("P19", "P22", "P26", "P40", "P47", "P54", "P131", "P150")
IDS = tuple(f"Q{i}" for i in range(1, 7))


def catalog() -> RelationCatalog:
    builtin = builtin_catalog()
    return RelationCatalog(builtin[p] for p in PROPERTIES)


@st.composite
def kbs(draw: st.DrawFn) -> tuple[dict[str, Entity], list[Fact]]:
    entities = {}
    for i, eid in enumerate(IDS):
        types = draw(st.sets(st.sampled_from(["Q5", "Q515"]), max_size=2))
        born = draw(st.none() | st.integers(1800, 1900))
        died = None if born is None else draw(st.none() | st.integers(born, born + 80))
        entities[eid] = Entity(
            eid,
            f"E{i} d'Anthès",
            types=tuple(sorted(types)),
            domain=Domain.PEOPLE,
            start_year=born,
            end_year=died,
        )
    triples = draw(
        st.lists(
            st.tuples(st.sampled_from(IDS), st.sampled_from(PROPERTIES), st.sampled_from(IDS)), max_size=14
        )
    )
    facts = []
    for n, (s, p, o) in enumerate(triples):
        start, end = draw(spans())
        facts.append(Fact(s, p, o, start, end, statement=f"S-{n}"))
    return entities, facts


def spans() -> st.SearchStrategy[tuple[int | None, int | None]]:
    """Undated, a closed period, an open end either way, or (rarely) a start after the end."""
    year = st.integers(1850, 1862)
    closed = st.tuples(year, year).map(lambda ab: (min(ab), max(ab)))
    return st.one_of(
        st.just((None, None)),
        closed,
        st.tuples(year, st.none()),
        st.tuples(st.none(), year),
        closed.filter(lambda ab: ab[0] < ab[1]).map(lambda ab: (ab[1], ab[0])),
    )


def _load(entities: dict[str, Entity], facts: list[Fact], cache: Path) -> tuple[Reasoner, KbView]:
    cat = catalog()
    view = KbView(entities, tuple(facts), cat)
    return load_kb(kb_program(entities.values(), facts, cat), cache), view


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kb=kbs())
def test_derivations_match_the_reference_and_their_proofs_check(
    kb: tuple[dict[str, Entity], list[Fact]], tmp_path: Path
) -> None:
    entities, facts = kb
    reasoner, view = _load(entities, facts, tmp_path / "prolog")
    ref = ReferenceKb(entities, facts, view.catalog)
    assert reasoner.excluded() == ref.excluded
    assert {(v.fact_id, v.rule) for v in reasoner.violations()} == ref.violations
    derivable = reasoner.derivable()
    assert set(derivable) == ref.derived()
    fact_ids = {f.id for f in facts}
    for t, d in zip(sorted(derivable), reasoner.prove(sorted(derivable)), strict=True):
        assert d is not None and d.holds and d.statement == t
        assert (d.rules(), d.years) == (derivable[t].rules, derivable[t].years)
        assert premises_are_facts(d, ref, fact_ids)
        # No derived conclusion spans a year where any of its premises does not hold.
        assert ref.sound(d), (d, ref.years(t))
        assert (d.years is None) == (ref.years(t) is None)
        assert reasoner.check(prolog_text(to_proof(d, view))), d
    holds = sorted(ref.holds)
    for t, proof in zip(holds, reasoner.prove(holds), strict=True):
        assert (
            proof is not None and proof.statement == t and reasoner.check(prolog_text(to_proof(proof, view)))
        )
    others = [(s, p, o) for s in IDS for p in PROPERTIES for o in IDS if (s, p, o) not in ref.holds]
    assert reasoner.prove(others) == [None] * len(others)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kb=kbs())
def test_refutations_are_exactly_the_justified_ones_and_their_proofs_check(
    kb: tuple[dict[str, Entity], list[Fact]], tmp_path: Path
) -> None:
    entities, facts = kb
    reasoner, view = _load(entities, facts, tmp_path / "prolog")
    ref = ReferenceKb(entities, facts, view.catalog)
    near = NearMissReference(ref)
    props = [*PROPERTIES, "^P40", "^P22"]
    statements = [(s, p, o) for s in IDS for p in props for o in IDS]
    fact_ids = {f.id for f in facts}
    for t, d in zip(statements, reasoner.refute(statements), strict=True):
        # false in every year where negation.pl can say so; else in the years of a near miss
        assert (d is not None) == (ref.refutable(t) or near.refutable(t)), (t, d)
        if d is None:
            continue
        assert not d.holds and d.statement == t, d
        if ref.refutable(t):
            assert d.years is None and ref.justified(d), d
        else:
            assert near.justified(d), d
        assert premises_are_facts(d, ref, fact_ids)
        proof = to_proof(d, view)
        assert proof.assumption, "a No states what it assumes"
        assert reasoner.check(prolog_text(proof)), d


def test_worked_example_of_each_rule(tmp_path: Path) -> None:
    human = ("Q5",)
    entities = {
        "Q1": Entity("Q1", "Charles Dickens", types=human, start_year=1812, end_year=1870),
        "Q2": Entity("Q2", "Catherine Dickens", types=human, start_year=1815, end_year=1879),
        "Q3": Entity("Q3", "Julius Caesar", types=human, start_year=-99, end_year=-43),
        "Q4": Entity("Q4", "Portsmouth", types=("Q515",)),
        "Q5": Entity("Q5", "London", types=("Q515",)),
        "Q6": Entity("Q6", "England", types=("Q6256",)),
        "Q7": Entity("Q7", "Hans Christian Andersen", types=human, start_year=1805, end_year=1875),
    }
    facts = [
        Fact("Q1", "P26", "Q2"),
        Fact("Q1", "P19", "Q4"),
        Fact("Q5", "P131", "Q6"),
        Fact("Q4", "P131", "Q6"),
    ]
    reasoner, _ = _load(entities, facts, tmp_path)
    derivable = reasoner.derivable()
    assert derivable[("Q2", "P26", "Q1")].rules == {"symmetric"}
    assert derivable[("Q6", "P150", "Q5")].rules == {"inverse"}
    cases = {
        ("Q1", "P19", "Q5"): "functional_conflict",  # born in Portsmouth, so not in London
        ("Q1", "P26", "Q3"): "coexistence_conflict",  # Caesar died 1,855 years before Dickens was born
        ("Q6", "P131", "Q5"): "antisymmetric",  # London is in England, so England is not in London
        ("Q3", "^P40", "Q1"): "inverse",  # Caesar, a child of Dickens? Not if born 1,911 years before him
    }
    got = reasoner.refute(list(cases))
    assert [d.rule if d else None for d in got] == list(cases.values())
    # never a guess: the KB says nothing about where Catherine was born or whom Andersen married,
    # and being born in Portsmouth does not rule out being born in England
    assert reasoner.refute([("Q2", "P19", "Q5"), ("Q2", "P26", "Q7"), ("Q1", "P19", "Q6")]) == [None] * 3


def test_the_checker_rejects_proofs_that_do_not_hold(tmp_path: Path) -> None:
    entities = {f"Q{i}": Entity(f"Q{i}", f"Place {i}", types=("Q515",)) for i in range(1, 5)}
    facts = [Fact("Q1", "P131", "Q2"), Fact("Q2", "P131", "Q3"), Fact("Q3", "P131", "Q4")]
    reasoner, view = _load(entities, facts, tmp_path)
    d = reasoner.prove([("Q1", "P131", "Q4")])[0]
    assert d is not None and d.rule == "transitive" and len(d.premises) == 3
    proof = to_proof(d, view)
    good = prolog_text(proof)
    assert reasoner.check(good)
    f1, f2 = (facts[0].id, facts[1].id)
    assert not reasoner.check(good.replace(f"fact('{f2}')", f"fact('{f1}')"))  # the chain breaks
    assert not reasoner.check(good.replace("'Q4')", "'Q3')", 1))  # conclusion not what the steps reach
    assert not reasoner.check(good.replace("'transitive'", "'symmetric'"))  # P131 is not symmetric
    refuted = reasoner.refute([("Q4", "P131", "Q1")])[0]
    assert refuted is not None
    text = prolog_text(to_proof(refuted, view))
    assert reasoner.check(text)
    assert not reasoner.check(
        text.replace("not(holds('Q4', 'P131', 'Q1'))", "not(holds('Q1', 'P131', 'Q4'))")
    )


@pytest.mark.parametrize("prop", ["P54", "P999"])
def test_properties_without_curated_flags_derive_and_refute_nothing(prop: str, tmp_path: Path) -> None:
    entities = {
        f"Q{i}": Entity(f"Q{i}", f"E{i}", types=("Q5",), start_year=1900 + i, end_year=1901 + i)
        for i in range(1, 4)
    }
    facts = [Fact("Q1", prop, "Q2"), Fact("Q2", prop, "Q3")]
    cat = RelationCatalog([*catalog().values(), builtin_catalog().resolve(prop)])
    reasoner = load_kb(kb_program(entities.values(), facts, cat), tmp_path)
    assert reasoner.derivable() == {}
    assert reasoner.refute([("Q3", prop, "Q1"), ("Q1", prop, "Q3"), ("Q2", prop, "Q1")]) == [None] * 3
