"""The ground-truth graph: evidence plus conclusion, and the words each relation goes by."""

from __future__ import annotations

import dataclasses

from kgtest.kg.catalog import builtin_catalog
from kgtest.oracle.ground import CONCLUSION, ground_graph
from tests.oracle.cases import (
    ALIVE,
    BORN_IN_LONDON,
    BORN_IN_PORTSMOUTH,
    CAPITAL_OF,
    FATHER_OF,
    IN_ENGLAND,
    PORTSMOUTH,
    SPOUSE,
    WROTE,
)


def test_a_conclusion_that_is_an_evidence_fact_is_one_edge() -> None:
    graph = ground_graph(BORN_IN_PORTSMOUTH, builtin_catalog())
    (edge,) = graph.edges
    assert (edge.subject, edge.relation, edge.object, edge.negated) == (
        "Charles Dickens",
        "place of birth",
        "Portsmouth",
        False,
    )
    assert edge.origin == "evidence+conclusion"
    assert graph.conclusion == edge.id
    assert "was born in" in edge.forward
    assert graph.about == ("Charles Dickens", "Portsmouth")


def test_a_negated_conclusion_takes_its_labels_from_the_class_premises() -> None:
    graph = ground_graph(BORN_IN_LONDON, builtin_catalog())
    assert graph.nodes == ("Charles Dickens", "Portsmouth", "London")  # no "city": classes are no knowledge
    concluded = graph.edge(CONCLUSION)
    assert (concluded.subject, concluded.object, concluded.negated) == ("Charles Dickens", "London", True)
    assert [e.relation for e in graph.edges] == ["place of birth", "place of birth"]
    assert graph.notes == ()


def test_a_conclusion_entity_without_a_label_is_noted_not_invented() -> None:
    case = dataclasses.replace(BORN_IN_LONDON, evidence=BORN_IN_LONDON.evidence[:1])
    graph = ground_graph(case, builtin_catalog())
    assert "London" not in graph.nodes
    assert "no label for Q84" in graph.notes[0]
    assert not graph.edge(CONCLUSION).has_nodes


def test_a_backwards_property_is_the_property_the_other_way_round() -> None:
    graph = ground_graph(FATHER_OF, builtin_catalog())  # holds(John, ^P22, Charles)
    (edge,) = graph.edges
    assert (edge.subject, edge.relation, edge.object) == ("Charles Dickens", "father", "John Dickens")
    assert edge.origin == "evidence+conclusion"


def test_quoted_atoms_are_read_as_prolog_writes_them() -> None:
    fact = dataclasses.replace(
        BORN_IN_PORTSMOUTH.evidence[0], subject="d'Anthès", subject_label="Georges d'Anthès"
    )
    assert BORN_IN_PORTSMOUTH.proof is not None
    proof = dataclasses.replace(
        BORN_IN_PORTSMOUTH.proof, conclusion=f"holds('d\\'Anthès', 'P19', '{PORTSMOUTH}')"
    )
    case = dataclasses.replace(BORN_IN_PORTSMOUTH, evidence=(fact,), proof=proof)
    (edge,) = ground_graph(case, builtin_catalog()).edges
    assert edge.subject == "Georges d'Anthès" and edge.origin == "evidence+conclusion"


def test_relation_phrases_read_both_ways() -> None:
    catalog = builtin_catalog()
    (author,) = ground_graph(WROTE, catalog).edges
    assert author.forward == ("author", "was written by")
    assert "author of" in author.backward
    spouse = ground_graph(SPOUSE, catalog).edges[0]
    assert "was married to" in spouse.backward  # symmetric
    capital = ground_graph(CAPITAL_OF, catalog)
    assert {"capital of", "is the capital of"} <= set(capital.edges[0].backward)  # P36's inverse is P1376
    assert capital.edge(CONCLUSION).relation == "capital of"


def test_a_temporal_conclusion_is_about_the_evidence_subjects() -> None:
    graph = ground_graph(ALIVE, builtin_catalog())
    assert graph.about == ("Charles Dickens",)
    assert graph.nodes == ("Charles Dickens", "1812", "1870")
    assert "was born in" in graph.edges[0].forward


def test_transitive_evidence_keeps_every_hop() -> None:
    graph = ground_graph(IN_ENGLAND, builtin_catalog())
    assert graph.nodes == ("Oxford", "Oxfordshire", "England")
    assert [e.id for e in graph.edges] == ["e0", "e1", CONCLUSION]


def test_a_conclusion_with_the_years_it_holds_in_is_the_same_fact() -> None:
    assert IN_ENGLAND.proof is not None
    dated = IN_ENGLAND.proof.conclusion[:-1] + ", [[1930, 1950], [1974, -43]])"
    case = dataclasses.replace(IN_ENGLAND, proof=dataclasses.replace(IN_ENGLAND.proof, conclusion=dated))
    graph, undated = ground_graph(case, builtin_catalog()), ground_graph(IN_ENGLAND, builtin_catalog())
    assert graph.edges == undated.edges and graph.about == ("Oxford", "England")
