"""The ground truth of a case: its entities with their other names, its facts, and what it asks."""

from __future__ import annotations

import dataclasses

from kgtest.generator.case import Answer
from kgtest.oracle.ground import ground_graph
from tests.oracle.cases import (
    ALIVE,
    BORN_IN_LONDON,
    BORN_IN_PORTSMOUTH,
    DICKENS,
    FATHER_OF,
    IN_ENGLAND,
    JOHN,
    LONDON,
    PORTSMOUTH,
)


def test_entities_facts_and_the_question() -> None:
    graph = ground_graph(BORN_IN_PORTSMOUTH)
    (edge,) = graph.edges
    assert (edge.subject, edge.property, edge.object, edge.text()) == (
        DICKENS,
        "P19",
        PORTSMOUTH,
        "Charles Dickens place of birth Portsmouth",
    )
    assert graph.statement == (DICKENS, "P19", PORTSMOUTH) and graph.holds and graph.yes_means_holds
    assert [e.label for e in graph.entities] == ["Charles Dickens", "Portsmouth"]
    assert graph.properties == {"P19"}


def test_a_no_keeps_its_class_premises_apart_and_labels_the_other_value() -> None:
    graph = ground_graph(BORN_IN_LONDON)
    assert [e.label for e in graph.entities] == ["Charles Dickens", "Portsmouth", "London"]
    assert graph.types == ((PORTSMOUTH, "Q515"), (LONDON, "Q515"))
    assert (graph.statement, graph.holds, graph.yes_means_holds) == ((DICKENS, "P19", LONDON), False, True)
    assert len(graph.edges) == 1 and graph.notes == ()


def test_a_question_worded_the_other_way_flips_what_yes_means() -> None:
    negated = dataclasses.replace(BORN_IN_PORTSMOUTH, expected=Answer.NO, variant="negated")
    assert ground_graph(negated).yes_means_holds is False  # "It is false that Dickens was born in Portsmouth"


def test_aliases_come_from_the_case_and_labels_from_the_evidence() -> None:
    case = dataclasses.replace(FATHER_OF, aliases={DICKENS: ("Boz",)})
    graph = ground_graph(case)
    assert graph.statement == (JOHN, "^P22", DICKENS)
    assert graph.entity(DICKENS) is not None and graph.entity(DICKENS).aliases == ("Boz",)  # type: ignore[union-attr]
    assert graph.properties == {"P22"} and graph.prominence(DICKENS) == 2


def test_an_unlabelled_question_entity_is_noted_not_invented() -> None:
    case = dataclasses.replace(BORN_IN_LONDON, evidence=BORN_IN_LONDON.evidence[:1])
    graph = ground_graph(case)
    assert graph.label(LONDON) == LONDON
    assert graph.notes == (f"no label for {LONDON} in the evidence",)


def test_quoted_atoms_are_read_as_prolog_writes_them() -> None:
    fact = dataclasses.replace(BORN_IN_PORTSMOUTH.evidence[0], subject="d'Anthès", subject_label="d'Anthès")
    assert BORN_IN_PORTSMOUTH.proof is not None
    proof = dataclasses.replace(
        BORN_IN_PORTSMOUTH.proof, conclusion=f"holds('d\\'Anthès', 'P19', '{PORTSMOUTH}')"
    )
    graph = ground_graph(dataclasses.replace(BORN_IN_PORTSMOUTH, evidence=(fact,), proof=proof))
    assert graph.statement == ("d'Anthès", "P19", PORTSMOUTH)


def test_years_are_lifetimes_not_facts_and_a_formula_is_no_statement() -> None:
    graph = ground_graph(ALIVE)
    assert graph.edges == () and graph.years == (("born", DICKENS, 1812), ("died", DICKENS, 1870))
    assert graph.statement is None and "is no statement" in graph.notes[0]


def test_transitive_evidence_keeps_every_hop() -> None:
    graph = ground_graph(IN_ENGLAND)
    assert [e.id for e in graph.edges] == ["e0", "e1"]
    assert [e.label for e in graph.entities] == ["Oxford", "Oxfordshire", "England"]
