"""Fact suites end to end on a KB loaded into the embedded store: every answer is proven."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from kgtest.core.errors import IncompleteBuildError, UnknownNameError
from kgtest.core.settings import Settings
from kgtest.generator.case import Answer, Proof, read_suite, write_suite
from kgtest.generator.facts import RULE_KINDS, kind_of
from kgtest.generator.kbview import read_view
from kgtest.generator.proofs import prolog_text
from kgtest.generator.suite import SuiteRequest, generate_suite
from kgtest.generator.templates import NEGATED, ORIGINAL
from kgtest.kg.knowledge_base import KnowledgeBase
from kgtest.kg.store import GraphStore

from ..prolog.near_miss_reference import NearMissReference
from ..prolog.reference import ReferenceKb
from .conftest import Kb


def test_every_answer_is_proven_and_its_proof_checks(family: Kb, tmp_path: Path) -> None:
    view, reasoner = family
    result = generate_suite(view, reasoner, SuiteRequest(kinds=RULE_KINDS, count=100, seed=7))
    cases = result.cases
    assert len(cases) == 100 and not result.notes, result.notes
    ref = ReferenceKb(view.entities, view.facts, view.catalog)
    near = NearMissReference(ref)
    for case in cases:
        assert case.proof is not None and case.evidence
        s, p, o = case.meta.statement
        holds = case.meta.holds
        if holds:
            assert (s, p, o) in ref.holds
            assert not case.proof.assumption or case.proof.assumption.startswith("undated facts held in")
        else:
            assert (ref.refutable((s, p, o)) or near.refutable((s, p, o))) and case.proof.assumption
        assert case.expected == (Answer.YES if holds == (case.variant == ORIGINAL) else Answer.NO)
        assert reasoner.check(prolog_text(case.proof)), case.question
        assert case.meta.checked_by == "proofcheck.pl"
        assert case.question in case.prompt and "'I don't know' at the beginning" in case.prompt
    kinds = Counter(c.rule for c in cases)
    assert set(kinds) == set(RULE_KINDS), kinds
    answers = Counter(c.expected for c in cases)  # half the count near misses, asked positively
    assert abs(answers[Answer.YES] - answers[Answer.NO]) <= 1, answers
    assert {c.variant for c in cases if c.rule == "negation"} == {ORIGINAL}
    negated = [c for c in cases if c.variant == NEGATED]  # only what the near misses could not fill
    assert len(negated) == max(0, 50 - kinds["negation"]), (len(negated), kinds)
    drowzee = generate_suite(
        view, reasoner, SuiteRequest(kinds=RULE_KINDS, count=100, seed=7, wording="drowzee")
    ).cases
    for kind in kinds:  # Drowzee's balance: half of each kind in the negated wording
        answers = Counter(c.expected for c in drowzee if c.rule == kind)
        assert abs(answers[Answer.YES] - answers[Answer.NO]) <= 1, (kind, answers)
    negative = generate_suite(view, reasoner, SuiteRequest(kinds=("negation",), count=40, seed=7))
    used = Counter(rule for c in negative.cases if c.proof for rule in _rules(c.proof))
    negations = {"functional_conflict", "coexistence_conflict", "parent_lifetime_conflict", "one_at_a_time"}
    assert negations <= set(used)
    # a reversed containment only where nothing plausible is left, and a quarter of them at most
    reversed_ = sum("antisymmetric" in _rules(c.proof) for c in negative.cases if c.proof)
    assert reversed_ == negative.facts.negation_reversed and 4 * reversed_ <= len(negative.cases)
    path = tmp_path / "suite.jsonl"
    write_suite(path, cases)
    assert tuple(read_suite(path)) == cases


def _rules(proof: Proof) -> set[str]:
    return {proof.rule}.union(*(_rules(p) for p in proof.premises if isinstance(p, Proof)))


def test_a_rule_kind_is_the_kind_of_its_proof(family: Kb) -> None:
    _, reasoner = family
    by_kind = {st: kind_of(d.rules) for st, d in reasoner.derivable().items()}
    assert by_kind[("Q3048897", "P26", "Q5686")] == "symmetric"
    assert by_kind[("Q2967", "^P40", "Q5686")] == "inverse"  # Charles Jr. is a child of Charles Dickens
    assert by_kind[("Q1107", "P131", "Q21")] == "transitive"  # Portsmouth is in England
    assert by_kind[("Q145", "P150", "Q1107")] == "composite"  # the UK contains Portsmouth: R-Inverse, R-Trans


def test_same_seed_same_suite_other_seed_other_suite(family: Kb, tmp_path: Path) -> None:
    view, reasoner = family
    files = []
    for n, seed in enumerate((3, 3, 4)):
        request = SuiteRequest(count=40, seed=seed, mtl_depth=1, temporal_count=5)
        result = generate_suite(view, reasoner, request)
        files.append(tmp_path / f"{n}.jsonl")
        write_suite(files[-1], result.cases)
    assert files[0].read_bytes() == files[1].read_bytes()
    assert files[0].read_bytes() != files[2].read_bytes()


def test_cases_carry_the_kbs_other_names_for_their_entities(family: Kb, tmp_path: Path) -> None:
    view, reasoner = family
    assert view.entities["Q5686"].aliases == ("Boz", "Charles John Huffam Dickens")
    cases = generate_suite(view, reasoner, SuiteRequest(count=40, seed=3)).cases
    named = [c for c in cases if any(f.subject == "Q5686" or f.object == "Q5686" for f in c.evidence)]
    assert named and all(c.aliases["Q5686"] == ("Boz", "Charles John Huffam Dickens") for c in named)
    assert all(set(c.aliases) <= {x for f in c.evidence for x in (f.subject, f.object)} for c in cases)
    write_suite(tmp_path / "s.jsonl", cases)
    assert tuple(read_suite(tmp_path / "s.jsonl")) == cases  # aliases survive the suite file


def test_domains_and_plain_wording(family: Kb) -> None:
    view, reasoner = family
    places = generate_suite(view, reasoner, SuiteRequest(domains=("places",), count=20, seed=1)).cases
    assert places and {c.domain for c in places} == {"places"}
    plain = generate_suite(view, reasoner, SuiteRequest(count=20, seed=1, balance=False)).cases
    assert {c.variant for c in plain} == {ORIGINAL}
    assert {c.expected for c in plain if c.rule == "negation"} == {Answer.NO}
    assert {c.expected for c in plain if c.rule != "negation"} == {Answer.YES}
    balanced = generate_suite(view, reasoner, SuiteRequest(count=20, seed=1)).cases
    assert Counter(c.expected for c in balanced) == {Answer.YES: 10, Answer.NO: 10}
    assert {c.expected for c in balanced if c.rule == "negation"} == {Answer.NO}
    drowzee = generate_suite(view, reasoner, SuiteRequest(count=20, seed=1, wording="drowzee")).cases
    assert {c.variant for c in drowzee} == {ORIGINAL, NEGATED}


def test_unknown_names_say_what_exists(family: Kb) -> None:
    view, reasoner = family
    with pytest.raises(UnknownNameError, match=r"Unknown rule kind 'inverce'. Did you mean 'inverse'\?"):
        generate_suite(view, reasoner, SuiteRequest(kinds=("inverce",)))
    with pytest.raises(UnknownNameError, match=r"Did you mean 'people'\?"):
        generate_suite(view, reasoner, SuiteRequest(domains=("peple",)))


def test_an_empty_kb_is_refused_with_the_kbs_own_error(store: GraphStore, tmp_path: Path) -> None:
    with pytest.raises(IncompleteBuildError, match="is empty; run `kgtest build-kb example`"):
        read_view(KnowledgeBase(store), tmp_path / "kb-view.json")


def test_the_view_cache_follows_the_builds(
    family: Kb, store: GraphStore, embedded_settings: Settings, tmp_path: Path
) -> None:
    view, _ = family
    again = read_view(KnowledgeBase(store), tmp_path / "cache" / "kb-view.json")
    assert again.key == view.key and again.entities == view.entities and again.facts == view.facts
    store.query("MATCH (b:KbBuild) SET b.finished = 'later'")
    assert read_view(KnowledgeBase(store), tmp_path / "cache" / "kb-view.json").key != view.key
