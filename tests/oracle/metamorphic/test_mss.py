"""MORTAR's mixed similarity score against its definition, with the real packaged MiniLM."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.metamorphic.mss import MixedSimilarity, Similarity, exact_match, normalise, token_f1


def test_normalisation_is_squads() -> None:
    assert normalise("  The Eiffel-Tower, in PARIS! ") == "eiffeltower in paris"
    assert normalise("An apple a day") == "apple day"


def test_exact_match_and_token_f1() -> None:
    assert exact_match("The Beatles.", "beatles") == 1.0
    assert exact_match("Beatles", "The Rolling Stones") == 0.0
    assert token_f1("Charles Dickens", "Dickens") == pytest.approx(2 * 0.5 * 1 / 1.5)
    assert token_f1("Paris", "London") == 0.0
    assert token_f1("", "") == 1.0 and token_f1("", "Paris") == 0.0


@given(st.floats(0, 1), st.floats(0, 1), st.floats(0, 1))
def test_each_weight_is_its_scores_share_of_the_sum(ss: float, em: float, f1: float) -> None:
    total = ss + em + f1
    expected = 0.0 if total == 0 else (ss / total) * ss + (em / total) * em + (f1 / total) * f1
    mixed = Similarity(ss, em, f1).mixed
    assert mixed == pytest.approx(expected, abs=1e-4)
    assert min(ss, em, f1) - 1e-4 <= mixed <= max(ss, em, f1) + 1e-4


def test_same_answers_score_one_and_wordy_or_wrong_ones_less(embedder: Embedder) -> None:
    mss = MixedSimilarity(embedder)
    same, wordy, wrong = mss.score_many(
        [("Paris", "paris."), ("It is Paris, the capital of France.", "Paris"), ("London", "Paris")]
    )
    assert same.mixed == 1.0
    assert 0.05 < wrong.mixed < wordy.mixed < same.mixed
    assert wrong.exact == wrong.f1 == 0.0 and wrong.mixed == pytest.approx(wrong.semantic, abs=1e-4)


def test_best_of_the_accepted_answers_and_one_model_call_per_batch(embedder: Embedder) -> None:
    mss = MixedSimilarity(embedder)
    calls = embedder.encode_calls
    best = mss.best("NYC", ["New York City", "NYC", "New York"])
    assert best.exact == 1.0 and best.mixed == 1.0
    assert embedder.encode_calls - calls <= 1
    mss.score_many([("NYC", "New York City"), ("New York", "NYC")])
    assert embedder.encode_calls - calls <= 1, "answers seen before are not embedded again"
    assert mss.score("", "Paris").mixed == 0.0
