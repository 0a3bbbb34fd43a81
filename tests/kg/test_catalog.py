"""The relation catalog and domain table: parsed strictly, consistent, deterministic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgtest.core.errors import ConfigError
from kgtest.kg.catalog import builtin_catalog, classify, domain_classes, parse_catalog
from kgtest.kg.model import Category, Domain


def test_builtin_catalog_is_consistent() -> None:
    catalog = builtin_catalog()
    assert len(catalog) >= 50
    for rel in catalog.values():
        assert rel.curated and rel.phrase and rel.label
        if rel.inverse and rel.inverse in catalog:
            assert catalog[rel.inverse].inverse == rel.id
        # A symmetric relation is its own inverse; naming another would derive wrong facts.
        assert not (rel.symmetric and rel.inverse)
    assert catalog["P26"].symmetric and catalog["P131"].transitive and catalog["P19"].functional
    assert catalog["P131"].category is Category.PASSIVE and catalog["P131"].inverse == "P150"
    # Every catalogued property carries Wikidata's aliases; no phrase is a bare function word.
    assert all(rel.aliases for rel in catalog.values())
    assert {"birthplace", "born in"} <= set(catalog["P19"].aliases)
    assert "won" in catalog["P166"].aliases and "passed away in" in catalog["P20"].paraphrases
    words = [w for rel in catalog.values() for w in (*rel.aliases, *rel.paraphrases)]
    assert not {w for w in words if w in ("by", "in", "at", "of", "on", "to", "is")}


def test_unknown_properties_get_a_default_that_derives_nothing() -> None:
    rel = builtin_catalog().resolve("P999999", "favourite colour")
    assert (rel.label, rel.category, rel.curated) == ("favourite colour", Category.NOUN, False)
    assert not (rel.symmetric or rel.transitive or rel.functional or rel.inverse)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[P1]\nlabel = "x"\ncategory = "adverb"\n', r"\[P1\]: 'adverb' is not a valid Category"),
        ('[P1]\nlabel = "x"\ntransitiv = true\n', r"unknown field\(s\) \['transitiv'\]"),
        ('[X1]\nlabel = "x"\n', "property id like P31"),
        ("[P1]\ncategory = 'noun'\n", "missing field 'label'"),
        ('[P1]\nlabel = "a"\ninverse = "P2"\n[P2]\nlabel = "b"\ninverse = "P3"\n', "does not name it back"),
        ('[P1]\nlabel = "x"\naliases = "born in"\n', r"\[P1\]: 'aliases' must be a list of"),
        ('[P1]\nlabel = "x"\nparaphrases = ["", "y"]\n', r"'paraphrases' must be a list"),
    ],
)
def test_bad_catalog_entries_name_the_property_and_field(text: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_catalog(text, "my.toml")


def test_classification_prefers_types_then_usage() -> None:
    assert classify(["Q5"]) is Domain.PEOPLE
    assert classify(["Q515", "Q5"]) is Domain.PLACES  # enum order breaks ties, not input order
    assert classify([], [Domain.PEOPLE, Domain.PEOPLE, Domain.SOCIETY]) is Domain.PEOPLE
    assert classify(["Q0"], [Domain.UNKNOWN]) is Domain.UNKNOWN


@given(st.lists(st.sampled_from([*sorted(domain_classes()), "Q1", "Q2"])), st.randoms())
def test_classification_ignores_order(types: list[str], rnd: object) -> None:
    shuffled = list(types)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    assert classify(types) is classify(shuffled)
