"""Open answers by the mixed similarity over the reply's parts, closed ones by oracle/answer.py."""

from __future__ import annotations

import pytest

from kgtest.oracle.conversation.answers import AnswerMatcher, candidates
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.metamorphic.mss import MixedSimilarity


@pytest.fixture(scope="module")
def matcher(embedder: Embedder) -> AnswerMatcher:
    return AnswerMatcher(MixedSimilarity(embedder), 0.6)


def test_the_parts_of_a_reply_an_answer_could_be() -> None:
    parts = candidates("Your favourite place is Saint Petersburg. It is lovely.", "Saint Petersburg")
    assert parts[:3] == ["Your favourite place is Saint Petersburg. It is lovely.",
                         "Your favourite place is Saint Petersburg.", "It is lovely."]  # fmt: skip
    assert "Saint Petersburg." in parts and "is Saint Petersburg." in parts
    assert all("lovely" not in p for p in parts[3:]), "runs of words that share no word with the answer"
    assert "Paris" not in candidates("It is not Paris, it is Rome.", "Paris")[2:]


@pytest.mark.parametrize(
    ("reply", "expected", "passed"),
    [
        ("Your favourite place is Paris.", ("Paris",), True),
        ("I think it was paris!", ("Paris",), True),
        ("It is not Paris, I believe it is Rome.", ("Paris",), False),
        ("I don't remember what you told me.", ("Paris",), False),
        ("You said Saint Petersburg, the city on the Neva.", ("Saint Petersburg",), True),
        ("Your hero is Curie.", ("Marie Curie",), True),
        ("Your hero is Pierre.", ("Marie Curie",), False),
        ("It is Lev Tolstoy.", ("Leo Tolstoy", "Lev Tolstoy"), True),
        ("", ("Paris",), False),
    ],
)
def test_open_answers(matcher: AnswerMatcher, reply: str, expected: tuple[str, ...], passed: bool) -> None:
    (check,) = matcher.check_many([(reply, expected, "open")])
    assert check.passed is passed, check


@pytest.mark.parametrize(
    ("reply", "expected", "passed"),
    [
        ("Yes, it is.", "Yes", True),
        ("No, that is not right.", "No", True),
        ("Yes.", "No", False),
        ("I don't know.", "No", False),
        ("Noted, I will keep that in mind.", "No", False),
    ],
)
def test_closed_answers_are_read_where_a_verdict_goes(
    matcher: AnswerMatcher, reply: str, expected: str, passed: bool
) -> None:
    (check,) = matcher.check_many([(reply, (expected,), "closed")])
    assert check.passed is passed, check
