"""The Prolog bridge: quoting, errors as exceptions, checked loads, the .qlf cache."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.core.errors import ReasoningError
from kgtest.prolog.engine import Raw, engine, quote_atom, term


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00")))
def test_any_text_round_trips_as_an_atom(text: str) -> None:
    row = engine().once(f"X = {quote_atom(text)}, atom_length(X, N)")
    assert row is not None and row["X"] == text and row["N"] == len(text)


@pytest.mark.parametrize("hostile", ["') :- halt.", "a'), halt, ('", "d'Anthès", "\\'", "'", "\n:- halt.\n"])
def test_hostile_atoms_stay_data(hostile: str) -> None:
    assert engine().once(f"atom({quote_atom(hostile)})") is not None
    assert engine().once(f"X = {term('f', hostile, 1, [hostile, -2])}, X = f(A, B, [C, D])") == {
        "X": engine().once(f"X = {term('f', hostile, 1, [hostile, -2])}")["X"],  # type: ignore[index]
        "A": hostile,
        "B": 1,
        "C": hostile,
        "D": -2,
    }


def test_prolog_errors_become_reasoning_errors_and_the_process_survives() -> None:
    with pytest.raises(ReasoningError, match="instantiation_error"):
        engine().query("atom_length(X, Y)")
    with pytest.raises(ReasoningError):
        engine().query(f"assertz({Raw('foo :- ')})")
    assert engine().holds("true")


def test_a_damaged_file_is_caught_by_errors_and_clause_counts(tmp_path: Path) -> None:
    bad = tmp_path / "bad.pl"
    bad.write_text(":- encoding(utf8).\nbad_fact(1).\nbad_fact('oops).\nbad_fact(3).\n", encoding="utf-8")
    with pytest.raises(ReasoningError, match=r"bad\.pl: SWI-Prolog reported 1 error"):
        engine().load(bad)
    short = tmp_path / "short.pl"
    short.write_text(":- encoding(utf8).\nshort_fact(1).\n", encoding="utf-8")
    with pytest.raises(ReasoningError, match="expected 2 clauses of short_fact/1 after loading, found 1"):
        engine().load(short, {("short_fact", 1): 2})


def test_qlf_cache_is_keyed_by_content(tmp_path: Path) -> None:
    src = tmp_path / "kbfacts.pl"
    src.write_text(
        ":- encoding(utf8).\ncached_fact('Zürich').\ncached_fact('d''Anthès').\n", encoding="utf-8"
    )
    qlf = engine().load_cached(src, tmp_path / "cache", {("cached_fact", 1): 2})
    assert qlf.exists() and qlf.suffix == ".qlf"
    assert [r["X"] for r in engine().query("cached_fact(X)")] == ["Zürich", "d'Anthès"]
    assert engine().load_cached(src, tmp_path / "cache") == qlf
    src.write_text(":- encoding(utf8).\ncached_fact(other).\n", encoding="utf-8")
    assert engine().load_cached(src, tmp_path / "cache", {("cached_fact", 1): 1}) != qlf
    assert [r["X"] for r in engine().query("cached_fact(X)")] == ["other"]


def test_starting_the_engine_leaves_no_temporary_folder(tmp_path: Path) -> None:
    """Every `kgtest gen` left a kgtest-prolog-* folder behind in the temporary directory."""
    import os
    import subprocess
    import sys

    script = "from kgtest.prolog.engine import engine; assert engine().holds('true')"
    done = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "TMPDIR": str(tmp_path)},
        capture_output=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_rule_file_another_one_loaded_is_not_loaded_again(tmp_path: Path) -> None:
    """negation.pl loads reasoning.pl itself; loading reasoning.pl again over it used to lose its
    tabling, so the next transitive proof ran out of stack. A fresh process, negation.pl first."""
    script = """
import sys
import subprocess
import sys
from pathlib import Path
from kgtest.prolog.engine import engine
engine().load_rules("negation.pl")
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Entity, Fact
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.claims import ClaimLogic, World, WorldFact
catalog = builtin_catalog()
entities = [Entity(q, q, types=("Q515",)) for q in ("Q1", "Q2", "Q3")]
facts = [Fact("Q1", "P131", "Q2"), Fact("Q2", "P131", "Q3")]
reasoner = load_kb(kb_program(entities, facts, catalog), Path(sys.argv[1]))
logic = ClaimLogic(catalog)
assert logic.answer(World((WorldFact("c:0", "Q3", "P131", "Q9"),)), ("Q1", "P131", "Q9"))[0] == "open"
assert "transitive" in reasoner.derivable()[("Q1", "P131", "Q3")].rules
"""
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
