"""Derivations in time: a conclusion holds only in the years all its premises hold together.

The property test draws chain-heavy KBs (containment with its inverse, a symmetric border,
spouses, fathers) over four entities and a dozen years, and checks every derivation against
the year-by-year referee in reference.py: nothing is derived that holds in no year, nothing
that holds in some year is missed, and no conclusion claims a year in which one of its
premises does not hold.
"""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgtest.generator.kbview import KbView
from kgtest.generator.proofs import prolog_text, to_proof
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.model import Entity, Fact
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.reasoner import Reasoner

from .reference import ReferenceKb, premises_are_facts
from .test_reasoning import spans

PROPERTIES = ("P131", "P150", "P47", "P26", "P22")
IDS = ("Q1", "Q2", "Q3", "Q4")


def _load(entities: dict[str, Entity], facts: list[Fact], cache: Path) -> tuple[Reasoner, KbView]:
    builtin = builtin_catalog()
    cat = RelationCatalog(builtin[p] for p in PROPERTIES)
    view = KbView(entities, tuple(facts), cat)
    return load_kb(kb_program(entities.values(), facts, cat), cache), view


@st.composite
def chains(draw: st.DrawFn) -> list[Fact]:
    triples = draw(
        st.lists(
            st.tuples(st.sampled_from(IDS), st.sampled_from(PROPERTIES), st.sampled_from(IDS)),
            min_size=2,
            max_size=9,
        )
    )
    return [Fact(s, p, o, *draw(spans()), statement=f"S-{n}") for n, (s, p, o) in enumerate(triples)]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(facts=chains())
def test_no_conclusion_spans_a_year_where_a_premise_does_not_hold(facts: list[Fact], tmp_path: Path) -> None:
    entities = {e: Entity(e, f"Place {e}") for e in IDS}
    reasoner, view = _load(entities, facts, tmp_path)
    ref = ReferenceKb(entities, facts, view.catalog)
    derivable = reasoner.derivable()
    assert set(derivable) == ref.derived()
    statements = sorted(derivable)
    for t, d in zip(statements, reasoner.prove(statements), strict=True):
        assert d is not None and d.years == derivable[t].years
        assert premises_are_facts(d, ref, {f.id for f in facts})
        assert ref.sound(d), (d, ref.years(t))
        assert (d.years is None) == (ref.years(t) is None), "undated premises only <=> always"
        assert reasoner.check(prolog_text(to_proof(d, view))), d
    unproven = [(s, p, o) for s in IDS for p in PROPERTIES for o in IDS if (s, p, o) not in ref.holds]
    assert reasoner.prove(unproven) == [None] * len(unproven)


def _places(n: int) -> dict[str, Entity]:
    return {f"Q{i}": Entity(f"Q{i}", f"Place {i}", types=("Q515",)) for i in range(1, n + 1)}


def test_a_chain_with_no_common_year_derives_nothing(tmp_path: Path) -> None:
    # Rotenburg joined Lower Saxony in 1979; the state it is read through ended in 1946.
    facts = [
        Fact("Q1", "P131", "Q2", 1979, 2020, statement="a"),
        Fact("Q2", "P131", "Q3", 1900, 1946, statement="b"),
    ]
    reasoner, _ = _load(_places(3), facts, tmp_path)
    assert ("Q1", "P131", "Q3") not in reasoner.derivable()
    assert reasoner.prove([("Q1", "P131", "Q3")]) == [None]


def test_conclusions_carry_the_common_years_and_say_when_undated_premises_are_assumed(tmp_path: Path) -> None:
    facts = [
        Fact("Q1", "P131", "Q2", 1900, 1950, statement="a"),
        Fact("Q2", "P131", "Q3", 1930, 1990, statement="b"),
        Fact("Q3", "P131", "Q4", statement="c"),  # undated
        Fact("Q4", "P47", "Q5", 1960, None, statement="d"),  # from 1960 on, end unknown
    ]
    reasoner, view = _load(_places(5), facts, tmp_path)
    derivable = reasoner.derivable()
    assert derivable[("Q1", "P131", "Q3")].years == ((1930, 1950),)
    assert derivable[("Q1", "P131", "Q4")].years == ((1930, 1950),)
    assert derivable[("Q4", "P150", "Q3")].years is None  # the inverse of an undated fact: always
    assert derivable[("Q3", "P150", "Q2")].years == ((1930, 1990),)  # the inverse of a dated fact
    assert derivable[("Q5", "P47", "Q4")].years == ((1960, 1960),)  # an open end: only its start is known
    (d,) = reasoner.prove([("Q1", "P131", "Q4")])
    assert d is not None
    proof = to_proof(d, view)
    assert proof.conclusion == "holds('Q1', 'P131', 'Q4', [[1930, 1950]])"
    assert proof.assumption == "undated facts held in 1930-1950: Place 3 is located in Place 4"
    text = prolog_text(proof)
    assert reasoner.check(text)
    # The checker holds the proof to its years: wider or narrower ones are not what the premises give.
    assert not reasoner.check(text.replace("[[1930, 1950]]", "[[1900, 1950]]"))
    assert not reasoner.check(text.replace("[[1930, 1950]]", "[[1930, 1940]]"))
    assert not reasoner.check(text.replace(", [[1930, 1950]])", ")"))


def test_of_several_chains_the_one_with_most_years_is_given(tmp_path: Path) -> None:
    facts = [
        Fact("Q1", "P131", "Q2", 1900, 1910, statement="a"),
        Fact("Q2", "P131", "Q4", 1900, 1910, statement="b"),
        Fact("Q1", "P131", "Q3", 1900, 1990, statement="c"),
        Fact("Q3", "P131", "Q5", 1900, 1990, statement="d"),
        Fact("Q5", "P131", "Q4", 1950, 1990, statement="e"),
    ]
    reasoner, _ = _load(_places(5), facts, tmp_path)
    (d,) = reasoner.prove([("Q1", "P131", "Q4")])
    assert d is not None and d.years == ((1950, 1990),) and len(d.premises) == 3
