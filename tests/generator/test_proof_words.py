"""A fact proof says its conclusion in words, so ``inspect`` shows names, not Prolog terms."""

from __future__ import annotations

import re
from pathlib import Path

from kgtest.generator.case import Proof
from kgtest.generator.facts import generate_fact_cases
from kgtest.generator.proofs import statement_words
from kgtest.prolog.export import kb_program, load_kb
from kgtest.prolog.reasoner import Derivation

from .kb_fixture import family_view


def _proofs(proof: Proof) -> list[Proof]:
    return [proof, *(q for p in proof.premises if isinstance(p, Proof) for q in _proofs(p))]


def test_every_fact_proof_says_its_conclusion_with_labels(tmp_path: Path) -> None:
    view = family_view(tmp_path)
    reasoner = load_kb(kb_program(view.entities.values(), view.facts, view.catalog), tmp_path / "prolog")
    cases, _ = generate_fact_cases(view, reasoner, count=30, seed=3)
    proofs = [p for c in cases if c.proof is not None for p in _proofs(c.proof)]
    assert len(proofs) > len(cases)  # nested proofs too
    for p in proofs:
        assert p.said and not re.search(r"\b[QP]\d+\b", p.said), p
        assert p.said.startswith("not: ") == p.conclusion.startswith("not(")


def test_a_property_read_backwards_is_said_the_right_way_round(tmp_path: Path) -> None:
    view = family_view(tmp_path)
    s, o = sorted(view.entities)[:2]
    forwards = statement_words(Derivation(True, "inverse", s, "P26", o, (), ((1990, 1995),)), view)
    backwards = statement_words(Derivation(False, "inverse", o, "^P26", s, ()), view)
    assert forwards == f"{view.label(s)} {view.relation('P26').label} {view.label(o)} in 1990-1995"
    assert backwards == f"not: {view.label(s)} {view.relation('P26').label} {view.label(o)}"
