"""The KB program and its derivations kept under the KB's key: used when it matches, never when not."""

from __future__ import annotations

from pathlib import Path

from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Entity, Fact
from kgtest.prolog.export import KbProgram, kb_program, load_kb, load_kb_keyed
from kgtest.prolog.reasoner import rules_digest


def _chain(n: int) -> KbProgram:
    """Q1 -P131-> Q2 -> ... -> Qn: every pair further along is derived (P131 is transitive)."""
    entities = [Entity(f"Q{i}", f"E{i}") for i in range(1, n + 1)]
    facts = [Fact(f"Q{i}", "P131", f"Q{i + 1}") for i in range(1, n)]
    return kb_program(entities, facts, builtin_catalog())


class Maker:
    """Makes a program and counts how often it was asked to: a cache hit asks nothing."""

    def __init__(self, program: KbProgram) -> None:
        self.program = program
        self.calls = 0

    def __call__(self) -> KbProgram:
        self.calls += 1
        return self.program


def test_the_program_is_made_once_per_key_and_a_new_key_replaces_it(tmp_path: Path) -> None:
    three, four = Maker(_chain(3)), Maker(_chain(4))
    first = load_kb_keyed("kb-a", three, tmp_path)
    derived = first.derivable()
    assert {st for st in derived if st[1] == "P131"} == {("Q1", "P131", "Q3")}
    load_kb(_chain(2), tmp_path / "other")  # another KB in between, so the next load reads the file
    again = load_kb_keyed("kb-a", three, tmp_path)
    assert three.calls == 1, "the compiled program of kb-a came from the cache"
    assert again.derivable() == derived
    load_kb_keyed("kb-b", four, tmp_path)
    assert len(list(tmp_path.glob("kbkey-*.qlf"))) == 1, "kb-b's files replaced kb-a's"
    load_kb_keyed("kb-a", three, tmp_path)
    assert three.calls == 2, "kb-a's program was gone, so it was made again"


def test_damaged_clause_counts_make_the_program_again(tmp_path: Path) -> None:
    maker = Maker(_chain(3))
    load_kb_keyed("kb-c", maker, tmp_path)
    (counts,) = tmp_path.glob("kbkey-*.counts.json")
    counts.write_text("[[", encoding="utf-8")
    load_kb(_chain(2), tmp_path / "other")
    reasoner = load_kb_keyed("kb-c", maker, tmp_path)
    assert maker.calls == 2
    assert ("Q1", "P131", "Q3") in reasoner.derivable()


def test_derivations_are_kept_under_the_kb_and_the_rules(tmp_path: Path) -> None:
    reasoner = load_kb_keyed("kb-e", Maker(_chain(3)), tmp_path)
    derived = reasoner.derivable()
    (kept,) = tmp_path.glob("derivable-*.json")
    assert kept.name == f"derivable-{reasoner.digest}-{rules_digest()}.json"
    kept.write_text("[]", encoding="utf-8")  # what the file says is what the reasoner answers
    assert reasoner.derivable() == {}
    other = load_kb_keyed("kb-f", Maker(_chain(3)), tmp_path)
    assert other.derivable() == derived, "another KB's key never reads kb-e's derivations"
    assert len(list(tmp_path.glob("derivable-*.json"))) == 1
