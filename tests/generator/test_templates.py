"""Question wording per relation category (Table II) and the relation prompt (Table IV)."""

from __future__ import annotations

import pytest

from kgtest.core.errors import GenerationError
from kgtest.generator.templates import NEGATED, ORIGINAL, fact_prompt, question, wording
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Category


@pytest.mark.parametrize(
    ("pid", "variant", "text"),
    [
        ("P19", ORIGINAL, "Is it true that Dickens was born in Rome?"),
        (
            "P19",
            NEGATED,
            "It is false that Dickens was born in Rome. Please judge the truthfulness of this statement.",
        ),
        ("P131", ORIGINAL, "Is it true that Dickens is located in Rome?"),
        ("P131", NEGATED, "It is impossible for Dickens to be located in Rome. Am I right?"),
        ("P69", NEGATED, "It is impossible for Dickens to have been educated at Rome. Am I right?"),
        ("P150", ORIGINAL, "Is it true that Dickens contains Rome?"),
        ("P150", NEGATED, "Is it true that Dickens never contains Rome?"),
        ("^P22", ORIGINAL, "Is it true that Dickens is the father of Rome?"),
        ("^P22", NEGATED, "It is impossible for Dickens to be the father of Rome. Am I right?"),
        ("^P57", NEGATED, "Is it true that Dickens never directed Rome?"),
        ("P9999", ORIGINAL, "Is it true that Dickens has as P9999 Rome?"),
    ],
)
def test_wording_per_category(pid: str, variant: str, text: str) -> None:
    assert question("Dickens", wording(pid, builtin_catalog()), "Rome", variant) == text


def test_inverse_readings_take_their_category_from_the_phrase() -> None:
    assert wording("^P22", builtin_catalog()).category is Category.PASSIVE
    assert wording("^P57", builtin_catalog()).category is Category.ACTIVE
    with pytest.raises(GenerationError, match="P19 has no inverse_phrase"):
        wording("^P19", builtin_catalog())


def test_a_final_period_is_not_doubled() -> None:
    how = wording("^P22", builtin_catalog())
    assert question("Dickens", how, "Dickens Jr.", NEGATED).endswith("Dickens Jr. Am I right?")


def test_the_prompt_asks_for_the_answer_first_then_the_reasoning() -> None:
    prompt = fact_prompt("Is it true that A follows B?")
    assert prompt.startswith("Answer the question with your knowledge and reasoning power.\n")
    assert "Given the question: Is it true that A follows B?" in prompt
    assert "in the form of declarative sentences, point by point" in prompt
    assert prompt.endswith("The answer must contain 'Yes', 'No' or 'I don't know' at the beginning.")
