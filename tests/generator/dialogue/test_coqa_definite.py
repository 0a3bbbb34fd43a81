"""A whole question's "the X" with no referent shown (issue 39, fifteenth session, second round): a
mention requirement on a path that says whether the story uses the noun for one thing or several."""

from __future__ import annotations

from pathlib import Path

from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.definite import ONE, SEVERAL
from kgtest.generator.dialogue.sources import read_dialogue_file
from kgtest.prolog.answerability import RefKind

from .coqa_fixture import coqa_file
from .decided import last_decided

CASTLE_STORY = {
    "id": "castle",
    "story": (
        "The king lived in a castle by the sea. The castle had a door on the north side and a door on the "
        "south side. One day a boy came to the castle, and he knocked on a door. The king let him in."
    ),
    "rounds": [
        ("Who lived in the castle?", "the king"),
        ("Who came one day?", "a boy"),
        ("Did the boy go up to the door?", "yes"),
        ("Who are the stars?", "the king and the boy"),
        ("What is the name of the king?", "we are not told"),
    ],
}


def test_a_definite_noun_is_a_mention_on_a_path_of_what_the_story_holds(tmp_path: Path) -> None:
    """ "the castle", "the boy", "the stars": the story's one castle and one boy; two doors brought in
    with "a"; no star at all. "the name of the king" is described by its own words."""
    path = coqa_file(tmp_path / "castle.json", [CASTLE_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    got = [
        [(r.text, r.target, r.path) for r in x.graph.refers if r.kind is RefKind.MENTION] for x in seed.rounds
    ]
    assert got == [
        [("the castle", "castle", ONE)],
        [],
        [("the boy", "boy", ONE), ("the door", "door", SEVERAL)],
        [("the stars", "star", ONE)],
        [("the king", "king", ONE)],
    ]


def test_a_definite_noun_nothing_shown_or_told_leaves_its_turn_undecided(tmp_path: Path) -> None:
    """ "Who are the stars?" (of which film?) with no star in the story nor in the turns shown: people
    answer most such turns, but not as often as the reader's decisions need (pooled, 19 of 182
    labelled unanswerable), so the turn is undecided, not decided answerable as a whole question
    was; "the castle", the story's only one, is decided first or later."""
    path = coqa_file(tmp_path / "castle.json", [CASTLE_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    assert last_decided(seed, (3,), (0, 1, 3), (0,), (1, 0)) == [None, None, True, True]
