"""Echo (A8) and self-repetition (A9): the copy measure, and the detectors on labelled SmolLM2 replies."""

from __future__ import annotations

import json

import pytest

from kgtest.core.conversation_settings import RepeatSettings
from kgtest.oracle.conversation.lines import answers, words
from kgtest.oracle.conversation.repeats import canned, copied, copy_of, find_repeats
from tests.oracle.conversation import formula_labels, repeat_labels
from tests.oracle.conversation.repeat_labels import BLIND, blind, independent, load, reply_id


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


def test_a_formula_said_again_is_a_repeat_only_where_it_answers_nothing() -> None:
    rounds = [
        ("Is my hometown Rome?", "No, it is not."),
        ("Is my secret word Paris?", "No, it is not."),  # a Yes/No question: an answer, again
        ("My secret word is London.", "No, it is not."),  # a statement asks for no verdict
        ("What is my secret word?", "No, it is not."),  # an open question wants no Yes/No
        ("I keep thinking about it. Was it Berlin?", "No, it is not."),  # the last sentence asks
        ("What is my hometown?", "I don't know."),
        ("What is my favourite colour?", "I don't know."),  # "I don't know" answers any question
        ("My favourite colour is blue.", "I don't know."),
        ("Tell me about your day.", "Okay."),
        ("I went for a walk.", "Okay."),
        ("Tell me about your day.", "Okay."),  # round 9's line again, but round 10's other line had it too
        ("What is your name?", "Okay."),  # said to lines that ask nothing, it is no answer to "what" either
        ("What is the capital of Italy?", "Rome."),
        ("Where was Julius Caesar killed?", "Rome."),  # a name may answer two open questions
    ]
    found = find_repeats(rounds)
    assert [r.is_repeat for r in found] == [
        False, False, True, True, False, False, False, True, False, True, True, True, False, False,
    ]  # fmt: skip
    assert found[2].repeat.turn == 1 and found[2].repeat.share == 1.0 and found[9].repeat.turn == 9
    assert not found[0].is_echo and not found[8].is_repeat
    assert answers("Was it Berlin?", words("Yes.")) and not answers("Was it Berlin?", words("Tell me more."))
    assert not answers("Berlin.", words("Yes.")) and answers("Where is it?", words("Berlin."))


def test_a_formula_said_to_a_line_it_cannot_answer_is_canned_for_i13() -> None:
    rounds = [
        ("What is your name?", "Tell me more."),
        ("My hometown is Rome.", "Tell me more."),
        ("What is your name?", "Tell me more."),
    ]
    assert canned(rounds, 1).turn == 2 and canned(rounds, 3).turn == 2
    fair = [
        ("What is your name?", "Percy."),
        ("Where do you live?", "Percy."),
        ("What is your name?", "Percy."),
    ]
    assert canned(fair, 1).turn == 0, "a short answer to two questions may be right for both"


def test_the_blind_copy_holds_the_labelled_replies_and_no_label() -> None:
    """What the second reviewer reads (repeat_blind/replies.jsonl) is the labelled text, nothing more."""
    text = (BLIND / "replies.jsonl").read_text(encoding="utf-8")
    assert [json.loads(line) for line in text.splitlines()] == blind(load())
    assert '"labels"' not in text and sum(len(s.rounds) for s in load()) >= 150
    # ... and the reviewer labels by the first labeller's definitions, word for word.
    task = " ".join((BLIND / "task.md").read_text(encoding="utf-8").split())
    first = " ".join((repeat_labels.__doc__ or "").split())
    definitions = first[first.index("* **echo**") : first.index("a repeat.", first.index("* **fine**")) + 9]
    assert len(definitions) > 1000 and definitions in task


@pytest.mark.parametrize("kind", ["echo", "repeat"])
def test_the_detectors_agree_with_the_second_reviewers_labels(kind: str) -> None:
    """The blind second labels (bench/bench_repeat_labels.py prints both sets and the labellers' kappa)."""
    second = independent()
    if second is None:
        pytest.skip("no second reviewer's labels yet: repeat_blind/labels.jsonl")
    found = [
        (kind in second[reply_id(n, k)], r.is_echo if kind == "echo" else r.is_repeat)
        for n, side in enumerate(load(), 1)
        for k, r in enumerate(find_repeats(side.rounds), 1)
    ]
    hits = sum(t and s for t, s in found)
    precision, recall = hits / max(1, sum(s for _, s in found)), hits / max(1, sum(t for t, _ in found))
    print(f"\n{kind} against the second labels: precision {precision:.3f}, recall {recall:.3f}")
    assert precision >= 0.9 and recall >= 0.9


def test_a9_on_short_replies_labelled_by_meaning() -> None:
    """formula_labels.py: short replies said again, labelled answer or loop by reading them."""
    found = [
        (label == "repeat", r.is_repeat)
        for conversation in formula_labels.CASES
        for (_, _, label), r in zip(
            conversation, find_repeats([(x, y) for x, y, _ in conversation]), strict=True
        )
    ]
    hits = sum(t and s for t, s in found)
    precision, recall = hits / max(1, sum(s for _, s in found)), hits / max(1, sum(t for t, _ in found))
    labelled = sum(t for t, _ in found)
    print(f"\nshort replies: {len(found)}, {labelled} labelled repeat; {precision=:.3f} {recall=:.3f}")
    assert len(found) >= 40 and labelled >= 10
    assert precision >= 0.9 and recall >= 0.9


def test_a_reply_without_words_said_again_is_a_repeat() -> None:
    rounds = [("What is my hometown?", "..."), ("My hometown is Rome.", "..."), ("Is it Rome?", "...")]
    assert [r.is_repeat for r in find_repeats(rounds)] == [False, True, True]
    assert canned(rounds, 1).turn == 2 and not answers("What is it?", []) and not answers("Why?", ["..."])
