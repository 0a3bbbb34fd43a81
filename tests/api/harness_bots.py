"""Systems under test for the harness tests: the same replies whoever asks (kgtest, inspect_ai or
lm-evaluation-harness), so their verdicts can be compared reply for reply."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.suite_bots import Witness

_FACTS = {
    "twist": {"subject": "Oliver Twist", "relation": "author", "object": "Charles Dickens"},
    "born": {"subject": "Charles Dickens", "relation": "place of birth", "object": "Portsmouth"},
    "capital": {"subject": "France", "relation": "capital", "object": "Paris"},
}
QUESTIONS = "".join(
    json.dumps(q) + "\n"
    for q in (
        {"id": "dickens-twist", "question": "Did Charles Dickens write Oliver Twist?", "expected": "Yes",
         "evidence": [_FACTS["twist"]]},
        {"id": "dickens-london", "question": "Was Charles Dickens born in London?", "expected": "No",
         "evidence": [_FACTS["born"]]},
        {"id": "paris-capital", "question": "Is Paris the capital of France?", "expected": "Yes",
         "evidence": [_FACTS["capital"]]},
        {"id": "lyon-capital", "question": "Is Lyon the capital of France?", "expected": "No",
         "evidence": [_FACTS["capital"]]},
        {"id": "austen-emma", "question": "Did Jane Austen write Emma?", "expected": "Yes",
         "domain": "books"},
        {"id": "curie-nobel", "question": "Did Marie Curie win the Nobel Prize in Physics?",
         "expected": "Yes", "rule": "prize"},
    )
)  # fmt: skip
"""Six questions of one's own (docs/suite-format.md), most with the facts that prove them."""

REPLIES = {
    "Oliver Twist": "Yes. Charles Dickens wrote Oliver Twist.",
    "born in London": "Yes. Charles Dickens was born in London.",
    "Is Paris": "Yes. Paris is the capital of France.",
    "Is Lyon": "Yes. Lyon is the capital of France.",
    "Emma": "I don't know.",
    "Curie": "No.",
}


class Scripted:
    """Answers each of ``QUESTIONS`` with its line of ``REPLIES``: right, wrong knowledge, wrong
    inference, an abstention."""

    name = "scripted"

    def respond(self, conversation: list[dict[str, str]]) -> str:
        asked = conversation[-1]["content"]
        return next(reply for key, reply in REPLIES.items() if key in asked)


class Mixed:
    """A generated suite's cases answered right, with the answer flipped, or "I don't know", in turn."""

    name = "mixed"

    def __init__(self, suite: Path) -> None:
        self.right, self.wrong = Witness(str(suite)), Witness(str(suite), lie="1")
        self.order = list(self.right.cases)

    def respond(self, conversation: list[dict[str, str]]) -> str:
        turn = self.order.index(conversation[-1]["content"]) % 3
        return (self.right, self.wrong)[turn].respond(conversation) if turn < 2 else "I don't know."
