"""Echo (A8) and self-repetition (A9): the copy measure, and the detectors on labelled SmolLM2 replies."""

from __future__ import annotations

import pytest

from kgtest.oracle.battery.repeats import RepeatSettings, canned, copied, copy_of, find_repeats, words
from tests.oracle.battery.repeat_labels import load


def test_copied_counts_runs_of_words_in_order() -> None:
    line = words("My favourite place is Paris, which is the capital of France.")
    assert copied(words("My favourite place is Paris, which is the capital of France!"), line) == 11
    # A word changed splits the copy: "my favourite" (two words, chance) and the eight after it.
    assert (
        copied(words("Charles Dickens was born in London."), words("Charles Darwin was born in Shrewsbury."))
        == 0
    )
    assert copied(words("My favourite town is Paris, which is the capital of France."), line) == 8
    # A word added: "my" alone is left out, the ten after "own" are one run.
    assert copied(words("My own favourite place is Paris, which is the capital of France."), line) == 10
    # Runs shorter than four words are chance, not copying.
    assert copied(words("Is it the capital? Paris is lovely."), line) == 0
    assert copied([], line) == copied(line, []) == 0


def test_an_echo_copies_most_of_the_line_and_adds_nothing() -> None:
    line = "I'm sorry for any mistake, but as a baking AI I cannot taste the cake."
    rounds = [
        (line, line),  # word for word
        (line, "Sorry for any mistake, but as a baking AI I cannot taste the cake!"),  # nearly
        (line, "As a baking AI I cannot taste it, but I can tell you how long to bake it: forty minutes."),
        (line, "Thank you for telling me."),
        ("Hello there!", "Hello there!"),  # a greeting, too short to be an echo
    ]
    assert [r.is_echo for r in find_repeats(rounds)] == [True, True, False, False, False]


def test_a_repeat_says_an_earlier_reply_again_unless_the_line_was_the_same() -> None:
    loop = "A most excellent question, my dear fellow! I am but a humble chatbot."
    rounds = [
        ("Hi!", "Hello! How can I help you today?"),
        ("What is your name?", loop),
        ("Where do you live?", loop),  # the same reply to another line
        ("What is your name?", loop),  # round 2's line again, but round 3's other line had it too
        ("What is your name?", "I am SmolLM, a small model made to chat."),
        ("Who are you?", "Hello! How can I help you today?"),
        ("What is your name?", "I am SmolLM, a small model made to chat."),  # the same line: fair
        ("Do you like tea?", "Yes, I do."),
        ("Do you like coffee?", "Yes, I do."),  # a short formula
        ("Tell me about dogs.", "A most excellent question, my dear fellow! Dogs are loyal animals."),
    ]
    found = find_repeats(rounds)
    assert [r.is_repeat for r in found] == [False, False, True, True, False, True, False, False, False, False]
    assert found[2].repeat.turn == 2
    # The answer to "What is your name?" is also the answer to "Where do you live?": canned.
    assert canned(rounds, 2).turn == 3
    assert canned(rounds, 6).turn == 1  # "Who are you?" got the greeting of round 1
    assert canned(rounds, 5).turn == 0  # said again only to the same line


def test_a_short_answer_taking_up_a_phrase_of_a_longer_reply_is_no_repeat() -> None:
    rounds = [
        ("My role model is Marie Curie.", "Thank you. I will remember that. My role model is Marie Curie."),
        ("Who is my role model?", "Your role model is Marie Curie."),
    ]
    (_, second) = find_repeats(rounds)
    assert second.repeat.share == 0.8333 and second.repeat.held < 0.5 and not second.is_repeat


@pytest.mark.parametrize("kind", ["echo", "repeat"])
def test_the_detectors_agree_with_the_labelled_replies(kind: str) -> None:
    """Labels written from the definitions alone, before any detector ran (repeat_labels.py)."""
    sides = load()
    found = [(label, r) for s in sides for label, r in zip(s.labels, find_repeats(s.rounds), strict=True)]
    assert len(found) >= 150
    said = [r.is_echo if kind == "echo" else r.is_repeat for _, r in found]
    truth = [kind in label for label, _ in found]
    hits = sum(s and t for s, t in zip(said, truth, strict=True))
    precision = hits / max(1, sum(said))
    recall = hits / max(1, sum(truth))
    config = RepeatSettings()
    share = config.echo_share if kind == "echo" else config.repeat_share
    print(
        f"\n{kind}: {len(found)} labelled replies, {sum(truth)} labelled {kind}, {sum(said)} found; "
        f"precision {precision:.3f}, recall {recall:.3f} (share {share})"
    )
    assert sum(truth) >= 10, "enough positives to measure"
    assert precision >= 0.9 and recall >= 0.9


def test_copy_of_reports_both_shares() -> None:
    c = copy_of("the cat sat on the mat", "the cat sat on the mat and slept all day long", 4)
    assert (c.share, c.words, c.turn, c.held) == (1.0, 6, 4, 0.5455)
