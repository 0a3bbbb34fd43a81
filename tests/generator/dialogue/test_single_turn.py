"""METAL's single-turn perturbations and the WordNet reader behind SYR."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kgtest.core.errors import ConfigError
from kgtest.generator.dialogue.single_turn import SINGLE_TURN, perturb_question
from kgtest.generator.dialogue.wordnet import WordNet

from .wordnet_fixture import write_wordnet


@pytest.fixture(scope="module")
def wordnet(tmp_path_factory: pytest.TempPathFactory) -> WordNet:
    return WordNet(write_wordnet(tmp_path_factory.mktemp("wordnet")))


def test_wordnet_gives_the_first_senses_other_single_words(wordnet: WordNet) -> None:
    assert wordnet.synonyms("car") == ["auto", "automobile"]  # motor_vehicle is two words
    assert wordnet.synonyms("Cars") == ["auto", "automobile"]
    assert wordnet.synonyms("little") == ["small"]  # "(a)" marks dropped
    assert wordnet.synonyms("live") == ["dwell", "inhabit"] and wordnet.synonyms("eat") == []
    assert wordnet.synonyms("zebra") == []


def test_a_folder_without_wordnet_says_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="apt-get install wordnet-base"):
        WordNet(tmp_path)


def test_each_perturbation_changes_the_question_its_way(wordnet: WordNet) -> None:
    question = "Where did the little girl live with her car?"
    syr = perturb_question("SYR", question, random.Random(0), wordnet.synonyms)
    assert syr != question and set(syr.split()) - set(question.split()) <= {
        "small",
        "miss",
        "dwell",
        "inhabit",
        "auto",
        "automobile",
        "car?",
        "auto?",
        "automobile?",
    }
    leet = perturb_question("L33t", question, random.Random(0), wordnet.synonyms)
    assert leet != question and leet.translate(str.maketrans("431057", "aeiost")).lower() == question.lower()
    typo = perturb_question("Typo", question, random.Random(0), wordnet.synonyms)
    assert typo != question and len(typo.split()) == len(question.split())
    assert perturb_question("Typo", "Who?", random.Random(0), wordnet.synonyms) == "Who?"  # nothing eligible
    with pytest.raises(ValueError, match="SYR, L33t, Typo"):
        perturb_question("Swap", question, random.Random(0), wordnet.synonyms)


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz ?", max_size=60), st.integers(0, 10**6))
def test_same_seed_same_question_and_names_stay(text: str, seed: int) -> None:
    synonyms = {"car": ["auto"], "girl": ["miss"]}.get
    for kind in SINGLE_TURN:
        once = perturb_question(kind, "Marie " + text, random.Random(seed), lambda w: synonyms(w, []))
        assert once == perturb_question(kind, "Marie " + text, random.Random(seed), lambda w: synonyms(w, []))
        if kind == "SYR":
            assert once.startswith("Marie ")  # a capitalised name is never replaced
