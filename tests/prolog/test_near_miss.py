"""near_miss.pl: near misses proven false in the years of their premises, checked like every proof."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgtest.generator.kbview import KbView
from kgtest.generator.proofs import prolog_text, to_proof
from kgtest.kg.catalog import RelationCatalog, builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.reasoner import Derivation, Reasoner

from .near_miss_reference import NearMissReference
from .reference import ReferenceKb, premises_are_facts

PROPERTIES = ("P17", "P26", "P54", "P131", "P150")


def _load(entities: dict[str, Entity], facts: list[Fact], cache: Path) -> tuple[Reasoner, KbView]:
    builtin = builtin_catalog()
    cat = RelationCatalog(builtin[p] for p in PROPERTIES)
    return load_kb(kb_program(entities.values(), facts, cat), cache), KbView(entities, tuple(facts), cat)


def _checks(reasoner: Reasoner, view: KbView, d: Derivation | None) -> bool:
    return d is not None and reasoner.check(prolog_text(to_proof(d, view)))


def test_another_spouse_or_country_is_false_while_the_known_one_lasts(tmp_path: Path) -> None:
    people = {
        q: Entity(q, name, types=("Q5",)) for q, name in [("Q1", "Arquette"), ("Q2", "Cage"), ("Q3", "Jane")]
    }
    places = {
        q: Entity(q, name) for q, name in [("Q10", "Hanau"), ("Q11", "Nazi Germany"), ("Q12", "France")]
    }
    places |= {q: Entity(q, name) for q, name in [("Q13", "Soviet Union"), ("Q14", "Ukrainian SSR")]}
    places |= {q: Entity(q, name) for q, name in [("Q15", "Kherson"), ("Q16", "Mykolaiv")]}
    facts = [
        Fact("Q2", "P26", "Q1", 1995, 2000),
        Fact("Q1", "P26", "Q3", 2006, 2011),
        Fact("Q10", "P17", "Q11", 1933, 1945),
        Fact("Q10", "P17", "Q12", 1946, 1946),
        Fact("Q15", "P17", "Q13", 1922, 1991),
        Fact("Q16", "P17", "Q13", 1922, 1991),
        Fact("Q16", "P17", "Q14", 1922, 1991),  # held together: the two are no alternatives
    ]
    reasoner, view = _load(people | places, facts, tmp_path)
    cage, hanau, kherson = reasoner.refute(
        [("Q1", "P26", "Q2"), ("Q10", "P17", "Q12"), ("Q15", "P17", "Q14")]
    )
    assert cage is not None and cage.rule == "one_at_a_time"
    assert cage.years == ((2006, 2011),)  # married to Jane then; 2001 and 2005 are too close to call
    assert hanau is not None and hanau.years == ((1933, 1944),)  # France from 1946: 1945 is left out
    assert kherson is None  # Mykolaiv lay in both at once
    for d in (cage, hanau):
        assert _checks(reasoner, view, d)
    proof = prolog_text(to_proof(cage, view))
    assert not reasoner.check(proof.replace("[[2006, 2011]]", "[[2001, 2011]]"))  # a year it may hold in
    assert not reasoner.check(proof.replace(facts[1].id, facts[0].id))  # Cage himself is no other value
    # read backwards: Cage married to Arquette, through R-Sym
    back = reasoner.refute([("Q2", "P26", "Q1")])[0]
    assert (
        back is not None
        and back.rule == "symmetric"
        and back.years == cage.years
        and _checks(reasoner, view, back)
    )


def test_a_country_and_a_state_within_it_are_no_alternatives(tmp_path: Path) -> None:
    """Minsk lay within the Byelorussian SSR while its country was the Soviet Union, so "Was
    Gomel in the Byelorussian SSR?" is no near miss of Gomel's Soviet Union."""
    places = {
        q: Entity(q, name) for q, name in [("Q17", "Minsk"), ("Q18", "Gomel"), ("Q19", "Byelorussian SSR")]
    }
    within = [
        Fact("Q17", "P131", "Q19", 1922, 1991),  # Minsk within the one while the other is its country
        Fact("Q17", "P17", "Q13", 1922, 1991),
        Fact("Q18", "P17", "Q13", 1922, 1991),
    ]
    gomel = _load(places | {"Q13": Entity("Q13", "Soviet Union")}, within, tmp_path)[0]
    assert gomel.refute([("Q18", "P17", "Q19")]) == [None]


def test_another_province_of_the_same_region(tmp_path: Path) -> None:
    entities = {
        q: Entity(q, name, domain=Domain.PLACES)
        for q, name in [
            ("Q1", "Lavagna"),
            ("Q2", "Province of Genoa"),
            ("Q3", "Province of Savona"),
            ("Q4", "Liguria"),
            ("Q5", "Varazze"),
            ("Q6", "Genoa"),
        ]
    }
    entities["Q6"] = Entity("Q6", "Genoa", types=("Q515",))
    entities["Q7"] = Entity("Q7", "Chiavari", domain=Domain.PLACES)
    facts = [
        Fact("Q1", "P131", "Q2", 1960, 2014),
        Fact("Q2", "P131", "Q4", 1927, 2014),
        Fact("Q4", "P150", "Q3"),  # undated, read backwards
        Fact("Q5", "P131", "Q3"),
        Fact("Q6", "P131", "Q4"),  # a city directly in the region: another level (a class)
        Fact("Q7", "P131", "Q4"),  # ... or, unclassed, one that holds no unit of its own
    ]
    reasoner, view = _load(entities, facts, tmp_path)
    savona, contains, genoa, varazze, chiavari = reasoner.refute(
        [
            ("Q1", "P131", "Q3"),
            ("Q3", "P150", "Q1"),
            ("Q1", "P131", "Q6"),
            ("Q5", "P131", "Q2"),
            ("Q1", "P131", "Q7"),
        ]
    )
    assert savona is not None and savona.rule == "partition" and savona.years == ((1960, 2014),)
    assert contains is not None and contains.rule == "inverse" and contains.years == savona.years
    assert genoa is None  # the city has a class, the provinces none: not one level
    assert chiavari is None  # "Was Lavagna located in Chiavari?": a town is no province
    assert varazze is not None and varazze.years == ((1927, 2014),)  # Genoa's own years in Liguria
    for d in (savona, contains, varazze):
        assert _checks(reasoner, view, d)
    assert not reasoner.check(prolog_text(to_proof(savona, view)).replace("1960", "1950"))


@st.composite
def kbs(
    draw: st.DrawFn, properties: tuple[str, ...] = PROPERTIES, size: int = 8, most: int = 12
) -> tuple[dict[str, Entity], list[Fact]]:
    ids = [f"Q{i}" for i in range(1, size)]
    classes = st.sets(st.sampled_from(["Q5", "Q515", "Q6979593"]), max_size=1)  # the last a national team
    named = st.sampled_from(["", " national team", " Olympic team"])  # a national team by its name
    entities = {eid: Entity(eid, f"E{eid}{draw(named)}", types=tuple(draw(classes))) for eid in ids}
    year = st.integers(1850, 1870)
    span = st.one_of(
        st.just((None, None)),
        st.tuples(year, year).map(lambda ab: (min(ab), max(ab))),
        st.tuples(year, st.none()),
        st.tuples(st.none(), year),
    )
    triples = draw(
        st.lists(
            st.tuples(st.sampled_from(ids), st.sampled_from(properties), st.sampled_from(ids)), max_size=most
        )
    )
    facts = [Fact(s, p, o, *draw(span), statement=f"S-{n}") for n, (s, p, o) in enumerate(triples) if s != o]
    return entities, facts


@st.composite
def regions(draw: st.DrawFn) -> tuple[dict[str, Entity], list[Fact]]:
    """X in A, A and B in R (each fact either way round), and a few more containments that may
    link X to B, nest A and B or put something in both."""
    entities, extra = draw(kbs(("P131", "P150"), 7, 4))
    tree = [("Q1", "Q2"), ("Q2", "Q4"), ("Q3", "Q4")]  # X=Q1 in A=Q2, A and B=Q3 in R=Q4
    facts = []
    for n, (child, parent) in enumerate(tree):
        start = draw(st.none() | st.integers(1850, 1860))
        end = draw(st.none() | st.integers(1858, 1870))
        upward = draw(st.booleans())
        s, p, o = (child, "P131", parent) if upward else (parent, "P150", child)
        facts.append(Fact(s, p, o, start, end, statement=f"T-{n}"))
    return entities, facts + extra


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kb=st.one_of(kbs(), regions()))
def test_near_misses_are_exactly_the_justified_ones(
    kb: tuple[dict[str, Entity], list[Fact]], tmp_path: Path
) -> None:
    entities, facts = kb
    reasoner, view = _load(entities, facts, tmp_path / "prolog")
    ref = ReferenceKb(entities, facts, view.catalog)
    near = NearMissReference(ref)
    statements = [(s, p, o) for s in entities for p in PROPERTIES for o in entities if s != o]
    for t, d in zip(statements, reasoner.refute(statements), strict=True):
        assert (d is not None) == (ref.refutable(t) or near.refutable(t)), (t, d)
        if d is None or ref.refutable(t):
            continue
        assert near.justified(d) and premises_are_facts(d, ref, {f.id for f in facts}), d
        assert _checks(reasoner, view, d), d
