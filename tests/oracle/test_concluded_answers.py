"""The answer said again as the reply's conclusion (oracle/answered.py): where it is what the KB
contradicts, after reasoning of the reply's own, the oracle cannot tell whether the reply believes it
(wrong knowledge) or draws it (a wrong inference), as two sets of blind labels read it each way; said
alone, or after a premise that is itself wrong, it stays wrong knowledge. Replies are written for this
test over the example KB's Tesla (died in New York City)."""

from __future__ import annotations

import pytest

from kgtest.oracle import Judge

from .test_reading_rules import TESLA_NYC
from .test_styles import judged


@pytest.mark.parametrize(
    "reply",
    [
        "Step 1: Tesla moved to the United States in 1884.\nStep 2: He worked for Edison for a while.\n\n"
        "Conclusion: No, Tesla did not die in New York City.",
        "No - Tesla spent his last decades in hotels, so he did not die in New York City.",
        "According to Carlson's biography, Tesla lived in Colorado Springs for years. On that basis the "
        "answer is no: Tesla never died in New York City.",
        # "given that", "as a result" conclude too (a citing reply of the class development set)
        "Tesla lived in Colorado Springs for years. Given that move, the answer is no: Tesla never "
        "died in New York City.",
        "No. Tesla moved to the United States in 1884. As a result, Tesla did not die in New York City.",
        # the answer's label closes the reasoning, and the sentence after it restates the answer
        "- Tesla moved to the United States in 1884.\n- He worked for Edison for a while.\n\n"
        "**Answer: No** - Tesla did not die in New York City.",
    ],
)
def test_a_wrong_conclusion_after_reasoning_cannot_be_told(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, TESLA_NYC, reply)
    assert verdict.outcome.value == "unreadable", verdict.reasons
    assert verdict.reasons[0].startswith("cannot tell: it concludes"), verdict.reasons


@pytest.mark.parametrize(
    "reply",
    [
        "No, Tesla did not die in New York City.",  # no reasoning: what it believes
        "**Answer: No** - Tesla did not die in New York City.",
        "No. Tesla died in Paris in 1943, so he did not die in New York City.",  # a wrong premise
    ],
)
def test_alone_or_from_a_wrong_premise_it_is_wrong_knowledge(kb_judge: Judge, reply: str) -> None:
    verdict = judged(kb_judge, TESLA_NYC, reply)
    assert verdict.outcome.value == "erroneous_knowledge", verdict.reasons
