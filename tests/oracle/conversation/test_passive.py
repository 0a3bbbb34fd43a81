"""Stutter, repeated questions and coherence, the tests every reply gets."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.core.settings import BatterySettings
from kgtest.oracle.conversation.passive import (
    coherence,
    direct_answer,
    questions,
    repeated_questions,
    stutter,
)
from kgtest.oracle.embeddings import Embedder
from tests.oracle.conversation.coherence_fixture import CONVERSATION, INPUT


def reference_stutter(text: str, max_order: int) -> float:
    """The seed's definition read literally: for each order, n x the count of the n-gram seen most, if > 1."""
    words = [w.lower() for w in re.findall(r"[\w']+", text)]
    products = []
    for n in range(2, max_order + 1):
        grams = [words[i : i + n] for i in range(len(words) - n + 1)]
        most = max((sum(g == h for h in grams) for g in grams), default=0)
        products.append(n * most if most > 1 else 0)
    return round(sum(products) / len(products), 4)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["I", "have", "a", "cat", "the", "dog", "."]), max_size=30), st.integers(2, 8)
)
def test_stutter_is_the_seeds_n_gram_score(words: list[str], max_order: int) -> None:
    text = " ".join(words)
    assert stutter(text, max_order) == reference_stutter(text, max_order)


def test_the_seeds_example_stutters_and_a_plain_sentence_does_not() -> None:
    limit = BatterySettings().stutter_threshold
    # 2-grams: "i have" x3 -> 6; 3-grams x2 -> 6; 4-gram "i have i have" x2 -> 8; orders 5, 6: 0.
    assert stutter("I have I have I have a cat.", 6) == 4.0 >= limit
    assert stutter("The capital of France is Paris, and the capital of Italy is Rome.", 6) == 2.0 < limit
    assert stutter("", 6) == 0.0
    # "A 2-gram occurring six times adds the same as a 6-gram occurring 2 times": 12 each.
    assert stutter(" ".join(f"a b c{i}" for i in range(6)), 2) == 12.0
    six_twice = "a b c d e f x a b c d e f"  # every order 2..6 repeats twice: (4 + 6 + 8 + 10 + 12) / 5
    assert stutter(six_twice, 6) == 8.0


def test_questions_are_read_and_a_repeated_one_is_found() -> None:
    assert questions("Hi! What is your name? I like tea. Do you?") == ["what is your name", "do you"]
    found = repeated_questions(
        ["What is your name?", "Nice.", "And what is YOUR name?", "What is your name?"]
    )
    assert found == [(False, ()), None, (False, ()), (True, ("what is your name",))]


def test_a_direct_answer_to_a_question_is_coherent_whatever_its_words() -> None:
    assert direct_answer("Is my secret word Moscow?", "No, it is not.")
    assert direct_answer("Do you like tea?", "I don't know.")
    assert not direct_answer("I like tea.", "Yes.")
    assert not direct_answer("Do you like tea?", "Bananas are yellow.")


@pytest.fixture(scope="module")
def fixture_scores(embedder: Embedder) -> tuple[list[float], list[float]]:
    i3 = coherence(embedder, [(reply, [said]) for said, reply, _ in INPUT])
    i2 = coherence(embedder, [(reply, turns) for turns, reply, _ in CONVERSATION])
    return i3, i2


def test_the_coherence_thresholds_agree_with_the_labelled_fixture(
    fixture_scores: tuple[list[float], list[float]],
) -> None:
    """docs/battery.md: 40 input pairs and 16 conversations, labelled before the thresholds were set."""
    i3, i2 = fixture_scores
    config = BatterySettings()
    right3 = [
        (direct_answer(said, reply) or score >= config.coherence_input) == label
        for (said, reply, label), score in zip(INPUT, i3, strict=True)
    ]
    right2 = [
        (direct_answer(turns[-1], reply) or score >= config.coherence_conversation) == label
        for (turns, reply, label), score in zip(CONVERSATION, i2, strict=True)
    ]
    assert sum(right3) / len(right3) >= 0.95
    assert sum(right2) / len(right2) >= 0.9
    # The cosine alone, without the direct-answer rule, gets the short answers wrong.
    alone = [
        (score >= config.coherence_input) == label for (_, _, label), score in zip(INPUT, i3, strict=True)
    ]
    assert sum(alone) < sum(right3)
