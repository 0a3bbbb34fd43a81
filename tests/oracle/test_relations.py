"""Which property a reply's relation names: labels, Wikidata's aliases, paraphrases, voice, cosine."""

from __future__ import annotations

import pytest

from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.kg.extract.triples import Triple
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.relations import RelationKeys, RelationReader, words

CATALOG = builtin_catalog()


def named(reader: RelationReader, relation: str, value: bool = False) -> set[tuple[str, bool, str]]:
    return {(m.property, m.forwards, m.source) for m in reader.by_words(Triple("A", relation, "B"), value)}


@pytest.mark.parametrize(
    ("relation", "expected"),
    [
        ("was born in", ("P19", True, "phrase")),  # kgtest's sentence phrase
        ("is birthplace of", ("P19", False, "alias")),  # Wikidata's "birthplace", read backwards
        ("won", ("P166", True, "alias")),
        ("received", ("P166", True, "paraphrase")),
        ("worked at", ("P108", True, "alias")),
        ("passed away in", ("P20", True, "paraphrase")),
        ("is capital of", ("P1376", True, "label")),
        ("capital", ("P36", True, "label")),
        ("is capital city of", ("P1376", True, "alias")),
        ("is father of", ("P22", False, "backwards")),  # the inverse phrase
        ("is daughter of", ("P22", True, "alias")),
        ("is twin city of", ("P190", True, "alias")),  # symmetric: both ways
        ("frontier with", ("P47", True, "paraphrase")),  # styled_blind13 W2-021: "no direct land frontier"
        ("is located in", ("P131", True, "phrase")),
        ("is in", ("P131", True, "phrase")),  # "located" adds nothing before a preposition
    ],
)
def test_catalog_words_name_properties(relation: str, expected: tuple[str, bool, str]) -> None:
    assert expected in named(RelationReader(CATALOG), relation)


def test_without_aliases_or_paraphrases_their_words_name_nothing() -> None:
    bare = RelationReader(CATALOG, aliases=False, paraphrases=False)
    assert not {p for p, _, _ in named(bare, "won")} & {"P166"}
    assert not named(bare, "passed away in")
    assert ("P19", True, "phrase") in named(bare, "was born in")


def test_a_year_object_is_read_by_date_properties_only() -> None:
    reader = RelationReader(CATALOG)
    assert {p for p, _, _ in named(reader, "was born in", value=True)} == {"P569"}
    assert "P569" not in {p for p, _, _ in named(reader, "was born in")}


def test_words_drop_auxiliaries_and_articles() -> None:
    assert words("was born in") == words("born in") == "born in"
    assert words("is the capital of") == "capital of"
    assert words("has as capital") == "has as capital"  # a light verb with "as" stays


def test_keys_read_any_tense_and_the_other_voice(extractor: SpacyExtractor) -> None:
    reader, keys = RelationReader(CATALOG), RelationKeys(lambda: extractor)
    (wrote,) = extractor.extract(["Dickens wrote Oliver Twist."])[0]
    voice = reader.by_key(wrote, {"P50"}, keys, value=False)
    assert [(m.property, m.forwards, m.how) for m in voice] == [("P50", False, "voice")]
    (born,) = extractor.extract(["Dickens is born in Portsmouth."])[0]
    assert ("P19", True, "key") in {
        (m.property, m.forwards, m.how) for m in reader.by_key(born, {"P19"}, keys, False)
    }


@pytest.mark.parametrize(
    "text",
    [
        "AEL Limassol was one of the regular top-flight clubs in Cyprus in that era.",
        "Step 2: Limassol is the second-largest city in Cyprus.",
    ],
)
def test_a_phrase_keyed_by_a_preposition_alone_names_nothing(extractor: SpacyExtractor, text: str) -> None:
    """ "was a participant in" keys as "in": any "was one of the X in Y" took part in Y (tenth session)."""
    reader, keys = RelationReader(CATALOG), RelationKeys(lambda: extractor)
    (triples,) = extractor.extract([text])
    assert triples and all(t.key == "in" for t in triples if "Cyprus" in t.object), triples
    assert not [m for t in triples for m in reader.by_key(t, {"P1344"}, keys, value=False)], triples


def test_cosine_is_the_fallback_for_the_cases_relations_only(embedder: Embedder) -> None:
    reader = RelationReader(CATALOG, aliases=False, paraphrases=False)  # label and phrase only
    awarded = Triple("Marie Curie", "was awarded", "Nobel Prize in Physics")
    assert not reader.by_words(awarded, False)
    found = reader.by_cosine(awarded, {"P166"}, embedder, 0.8, False)
    assert {m.property for m in found} == {"P166"} and all(
        m.how == "cosine" and m.score >= 0.8 for m in found
    )
    assert reader.by_cosine(awarded, {"P19"}, embedder, 0.8, False) == []  # not one of the case's
    assert reader.by_cosine(awarded, {"P166"}, embedder, 0.9, False) == []  # a stricter threshold
