"""Names equal once normalised, years by value, and the embedding cache behind the fallback."""

from __future__ import annotations

import pytest

from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.similarity import is_value, name_key, year_of, year_text


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("World War II", "the Second World War"),
        ("Dickens, Charles", "Charles Dickens"),
        ("University of Oxford", "Oxford University"),
        ("Georges d'Anthès", "Georges d'Anthes"),
        ("Elizabeth I", "Elizabeth the First"),
        ("Maria Skłodowska", "Maria Sklodowska"),
    ],
)
def test_names_equal_once_normalised(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)


@pytest.mark.parametrize(
    ("text", "year"),
    [
        ("1812", 1812),
        ("in 1812", 1812),
        ("7 February 1812", 1812),
        ("44 BC", -43),
        ("1830s", None),
        ("May 11, 1918", 1918),
        ("the 11th of May 1918", 1918),
        ("1918-05-11", 1918),  # was read as the year -11
    ],
)
def test_dates_are_values_and_give_their_year(text: str, year: int | None) -> None:
    assert is_value(text)
    assert year_of(text) == year


@pytest.mark.parametrize("text", ["Portsmouth", "Route 66", "World War II"])
def test_names_are_not_values(text: str) -> None:
    assert not is_value(text) and year_of(text) is None


def test_years_read_as_people_write_them() -> None:
    assert (year_text(1812), year_text(-43), year_text(0)) == ("1812", "44 BC", "1 BC")


def test_one_encode_call_per_batch_then_the_cache(embedder: Embedder) -> None:
    fresh = Embedder(cache_size=1_000)  # its own cache, so the count is this test's
    fresh.prepare(["was born in", "place of birth", "died in"])
    assert fresh.encode_calls == 1
    fresh.prepare(["died in", "was born in"])
    assert fresh.encode_calls == 1
    assert fresh.cosine("died in", "died in") == pytest.approx(1.0, abs=1e-5)
    # Cosine measures topic: MiniLM puts "passed away in" below the 0.8 threshold from "died in".
    assert 0.6 < embedder.cosine("passed away in", "died in") < 0.8
