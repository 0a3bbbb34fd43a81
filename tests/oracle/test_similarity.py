"""Node and edge identification: the cheap path, cosine with the name guard, Jaccard, batching."""

from __future__ import annotations

import pytest

from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.extract.triples import Triple
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.ground import RelationKeys, ground_graph
from kgtest.oracle.similarity import Comparer, Thresholds, different_names, is_value, name_key
from tests.oracle.cases import BORN_IN_PORTSMOUTH, SPOUSE


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("World War II", "the Second World War"),
        ("Dickens, Charles", "Charles Dickens"),
        ("University of Oxford", "Oxford University"),
        ("Georges d'Anthès", "Georges d'Anthes"),
        ("Elizabeth I", "Elizabeth the First"),
    ],
)
def test_names_equal_once_normalised(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)


def test_the_name_guard_separates_namesakes_not_short_forms() -> None:
    assert different_names("Catherine Dickens", "Charles Dickens")
    assert different_names("Nobel Prize in Physics", "Nobel Prize in Chemistry")
    assert not different_names("Dickens", "Charles Dickens")
    assert not different_names("United States", "United States of America")
    assert not different_names("London", "Paris")  # nothing shared: cosine decides


@pytest.mark.parametrize(
    "text", ["1812", "in 1812", "1830s", "7 February 1812", "Feb. 7, 1812", "44 BC", "1812-02-07"]
)
def test_dates_and_numbers_are_values(text: str) -> None:
    assert is_value(text)


@pytest.mark.parametrize("text", ["Portsmouth", "Route 66", "World War II"])
def test_names_are_not_values(text: str) -> None:
    assert not is_value(text)


@pytest.fixture
def comparer(embedder: Embedder, extractor: SpacyExtractor) -> Comparer:
    return Comparer(embedder, RelationKeys(extractor), Thresholds())


def triple(subject: str, relation: str, obj: str, key: str = "", negated: bool = False) -> Triple:
    return Triple(subject, relation, obj, negated, key)


def test_cosine_identifies_short_forms_and_the_guard_refuses_namesakes(comparer: Comparer) -> None:
    ground = ground_graph(SPOUSE, builtin_catalog())
    found = comparer.compare([triple("Dickens", "married", "John Dickens", "marry")], True, ground)
    short, namesake = found.nodes
    assert (short.ground, short.how) == ("Charles Dickens", "cosine")
    assert short.score >= 0.8
    # MiniLM puts John Dickens (his father) 0.96 from Charles Dickens; the guard refuses and says so.
    assert (namesake.ground, namesake.nearest, namesake.how) == (None, "Charles Dickens", "guard")
    assert namesake.score >= 0.9


def test_without_the_guard_cosine_alone_would_match_namesakes(
    embedder: Embedder, extractor: SpacyExtractor
) -> None:
    loose = Comparer(embedder, RelationKeys(extractor), Thresholds(name_guard=False))
    found = loose.compare(
        [triple("Charles Dickens", "married", "John Dickens", "marry")],
        True,
        ground_graph(SPOUSE, builtin_catalog()),
    )
    assert found.nodes[1].ground == "Charles Dickens"


def test_jaccard_over_identified_nodes_and_edges(comparer: Comparer) -> None:
    ground = ground_graph(BORN_IN_PORTSMOUTH, builtin_catalog())
    stated = [
        triple("Dickens", "was born in", "Portsmouth", "bear in"),
        triple("Charles Dickens", "was born in", "Portsmouth", "bear in"),  # the same edge again
        triple("Dickens", "was born in", "1812", "bear in"),  # a date: the ground has none, not counted
        triple("Dickens", "wrote", "Bleak House", "write"),  # off topic: not counted
    ]
    found = comparer.compare(stated, True, ground)
    assert (found.node_jaccard, found.edge_jaccard) == (1.0, 1.0)
    assert found.reply_edges == ("e0",)
    assert [e.relevant for e in found.edges] == [True, True, False, False]


def test_a_wrong_entity_is_charged_to_nodes_only(comparer: Comparer) -> None:
    ground = ground_graph(BORN_IN_PORTSMOUTH, builtin_catalog())
    found = comparer.compare([triple("Dickens", "was born in", "London", "bear in")], True, ground)
    assert found.reply_nodes == ("Charles Dickens", "Portsmouth", "reply:london")
    assert found.node_jaccard == pytest.approx(2 / 3)
    assert found.edge_jaccard == 1.0  # the answer's conclusion edge is right


def test_a_denied_fact_and_a_wrong_answer_are_contradictions(comparer: Comparer) -> None:
    ground = ground_graph(BORN_IN_PORTSMOUTH, builtin_catalog())
    found = comparer.compare(
        [triple("Dickens", "was born in", "Portsmouth", "bear in", negated=True)], False, ground
    )
    assert found.reply_edges == ("not e0",)
    assert found.edge_jaccard == 0.0
    assert found.denied_conclusion
    assert found.denied_evidence == ("e0",)


def test_one_encode_call_per_batch_then_the_cache(extractor: SpacyExtractor) -> None:
    embedder = Embedder(cache_size=1_000)  # its own cache, so the count is this test's
    embedder.prepare(["Charles Dickens", "Portsmouth", "was born in", "place of birth"])
    assert embedder.encode_calls == 1
    embedder.prepare(["Portsmouth", "Charles Dickens"])
    assert embedder.encode_calls == 1
    assert embedder.cosine("Charles Dickens", "Charles Dickens") == pytest.approx(1.0, abs=1e-5)
