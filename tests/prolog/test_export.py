"""The KB as a Prolog program: hostile atoms stay data, loads are checked, a new KB replaces the old."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kgtest.core.errors import ReasoningError
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog.engine import engine, quote_atom
from kgtest.prolog.export import KbProgram, kb_program, load_kb

HOSTILE = [
    "') :- halt.",
    "d'Anthès",
    "a\\'b",
    "line\nbreak",
    "tab\there",
    "Zürich 🏙",
    "",
    "'",
    "%",
    "x. y(z).",
]


def _read_back() -> tuple[set[tuple[str, str, str]], set[tuple[str, str, str, str]]]:
    entities = {(str(r["I"]), str(r["L"]), str(r["D"])) for r in engine().query("kb_entity(I, L, D)")}
    facts = {
        (str(r["F"]), str(r["S"]), str(r["P"]), str(r["O"])) for r in engine().query("kb_fact(F, S, P, O)")
    }
    return entities, facts


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_ids_and_labels_round_trip(text: str, tmp_path: Path) -> None:
    entities = [Entity(f"Q1{text}", text, types=(text,), domain=Domain.PEOPLE), Entity("Q2", f"label {text}")]
    facts = [Fact(f"Q1{text}", f"P{text}", "Q2", statement=text or "x")]
    load_kb(kb_program(entities, facts, builtin_catalog()), tmp_path)
    got_entities, got_facts = _read_back()
    assert got_entities == {(f"Q1{text}", text, "people"), ("Q2", f"label {text}", "unknown")}
    assert got_facts == {(facts[0].id, f"Q1{text}", f"P{text}", "Q2")}
    assert engine().once(f"kb_type(X, C), C == {quote_atom(text)}") is not None


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    labels=st.lists(
        st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00")), min_size=1, max_size=5
    )
)
def test_any_labels_round_trip(labels: list[str], tmp_path: Path) -> None:
    entities = [Entity(f"Q{i}", label) for i, label in enumerate(labels)]
    load_kb(kb_program(entities, [], builtin_catalog()), tmp_path)
    assert _read_back()[0] == {(f"Q{i}", label, "unknown") for i, label in enumerate(labels)}


def test_a_damaged_program_is_refused_by_its_clause_counts(tmp_path: Path) -> None:
    entities = [Entity("Q1", "a"), Entity("Q2", "b")]
    program = kb_program(entities, [Fact("Q1", "P26", "Q2"), Fact("Q2", "P26", "Q1")], builtin_catalog())
    damaged = KbProgram(
        "\n".join(line for line in program.text.splitlines() if "'Q2', 'P26'" not in line) + "\n",
        program.counts,
    )
    with pytest.raises(ReasoningError, match=r"expected 2 clauses of kb_fact/4 after loading, found 1"):
        load_kb(damaged, tmp_path)


def test_a_new_kb_replaces_the_old_one_entirely(tmp_path: Path) -> None:
    catalog = builtin_catalog()
    first = kb_program(
        [Entity(f"Q{i}", f"E{i}") for i in range(1, 4)],
        [Fact("Q1", "P131", "Q2"), Fact("Q2", "P131", "Q3", 1900, 1950)],
        catalog,
    )
    old = load_kb(first, tmp_path)
    assert {st for st in old.derivable() if st[1] == "P131"} == {("Q1", "P131", "Q3")}
    second = kb_program([Entity("Q1", "E1"), Entity("Q3", "E3")], [Fact("Q3", "P131", "Q1")], catalog)
    new = load_kb(second, tmp_path)
    assert set(new.derivable()) == {("Q1", "P150", "Q3")}  # nothing of the first KB survives
    assert engine().query("kb_fact_time(F, S, E)") == []
    with pytest.raises(ReasoningError, match="another knowledge base was loaded"):
        old.derivable()
    assert len(list(tmp_path.glob("*.qlf"))) == 2
    load_kb(first, tmp_path)
    assert len(list(tmp_path.glob("*.qlf"))) == 2, "the first KB's compiled file is reused"


def test_only_curated_flags_reach_prolog(tmp_path: Path) -> None:
    program = kb_program([], [], builtin_catalog())
    assert "kb_symmetric('P26')." in program.text and "kb_functional('P19')." in program.text
    assert "kb_inverse('P131', 'P150')." in program.text and "kb_inverse('P150', 'P131')." in program.text
    assert "kb_inverse_phrase('P22')." in program.text  # no curated inverse property, an inverse phrase
    assert "kb_inverse_phrase('P131')" not in program.text  # P150 is its inverse
    assert program.counts[("kb_fact", 4)] == 0 and ":- dynamic(kb_fact/4)." in program.text
