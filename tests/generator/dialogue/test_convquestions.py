"""ConvQuestions conversations grounded in the KB: rounds name, leave out and point back as meant."""

from __future__ import annotations

from pathlib import Path

from kgtest.generator.dialogue.convquestions import conv_dialogues
from kgtest.generator.dialogue.sources import ConvConversation, read_dialogue_file
from kgtest.generator.kbview import KbView
from kgtest.prolog.answerability import DialogueGraph, RefKind, Statement, StoryGraph, decide

from .convq_fixture import CONVERSATIONS
from .test_sources import _write


def _conversation(tmp_path: Path) -> ConvConversation:
    return read_dialogue_file(_write(tmp_path / "c.json", CONVERSATIONS)).conversations[0]


def test_rounds_link_to_kb_facts_and_point_back(view: KbView, tmp_path: Path) -> None:
    (seed,), skipped = conv_dialogues([_conversation(tmp_path)], view)
    assert skipped == 0 and seed.topic == "Q5686" and seed.story is None
    born, wife, death, county, before = seed.rounds
    assert born.graph.names == ("Q5686",) and born.graph.states == (Statement("Q5686", "P19", "Q1107"),)
    assert [(r.kind, r.target, r.pronoun) for r in wife.graph.refers] == [(RefKind.PRONOUN, "Q5686", "he")]
    assert wife.graph.states == (Statement("Q5686", "P26", "Q3048897"),) and wife.kb_facts
    assert [(r.kind, r.target) for r in death.graph.refers] == [(RefKind.MENTION, "Q5686")]
    assert death.rewrite == "Place of death? [about Charles Dickens]"
    assert county.graph.names == ("Q1107",) and county.graph.states == (Statement("Q1107", "P131", "Q23183"),)
    assert [(r.target, r.pronoun) for r in before.graph.refers] == [("Q3048897", "she")]
    assert before.answer == ("Yes",) and before.graph.states[0].object == "lit:yes"
    orders = [[1, 2, 3, 4, 5], [3, 1, 5, 2, 4], [1, 5, 4]]
    decided = decide(
        [DialogueGraph(StoryGraph(), tuple(seed.rounds[i - 1].graph for i in o)) for o in orders]
    )
    assert [[d.answerable for d in ds] for ds in decided] == [
        [True] * 5,
        [False, True, False, True, True],  # the topic left out before it was named; "she" before the wife
        [True, False, True],
    ]


def test_without_a_kb_the_rounds_keep_the_question_as_relation(tmp_path: Path) -> None:
    (seed,), _ = conv_dialogues([_conversation(tmp_path)], None)
    assert seed.rounds[0].graph.states == (Statement("Q5686", "q0", "Q1107"),) and not seed.rounds[0].kb_facts
    assert {c.key: c.label for c in seed.concepts}["Q3048897"] == "Catherine Dickens"
