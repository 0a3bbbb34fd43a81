"""How far the offline CoQA reader's readings reach (issue 39, ninth and tenth sessions): a "they" last
said four or more turns back or only by the story, a bare auxiliary with a name for its subject, "back
then", "next to"."""

from __future__ import annotations

import pytest

from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.evidence import as_shown, shipped
from kgtest.generator.dialogue.records import SeedDialogue
from kgtest.generator.dialogue.sources import read_dialogue_file
from kgtest.prolog.answerability import Decision, DialogueGraph, RefKind, decide

from .coqa_fixture import coqa_file

FAIR_STORY = {
    "id": "fair-day",
    "story": (
        "Tom and Ann went to the fair in the park. The clown wore a red hat. A dog chased a ball across "
        "the grass. Tom and Ann had fun, and they went home at six. Sue Reed sold apples at the gate. "
        "The games were very cheap back then. Ann sat next to Tom at the gate."
    ),
    "rounds": [
        ("Who went to the fair?", "Tom and Ann"),
        ("What did the clown wear?", "a red hat"),
        ("What did the dog chase?", "a ball"),
        ("What did Sue Reed do?", "sold apples"),
        ("When did they go home?", "at six"),
        ("Who did?", "Sue Reed"),
        ("Were the games cheap back then?", "yes"),
        ("What happened then?", "they went home"),
        ("Did Ann sit next to Tom at the gate?", "yes"),
    ],
}


@pytest.fixture(scope="module")
def fair(tmp_path_factory: pytest.TempPathFactory) -> SeedDialogue:
    path = coqa_file(tmp_path_factory.mktemp("fair") / "fair.json", [FAIR_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    return seed


def _decide(seed: SeedDialogue, *orders: tuple[int, ...]) -> list[list[Decision]]:
    assert seed.story is not None
    return decide(
        [DialogueGraph(seed.story.graph, as_shown([seed.rounds[i] for i in o], shipped())) for o in orders]
    )


def test_a_they_the_storys_chain_reads_is_undecided_where_its_turn_was_moved(fair: SeedDialogue) -> None:
    """ "When did they go home?" asked right after the round it followed in the original is
    answerable; moved, it is undecided where the turn that named Tom and Ann is four or more back
    ("distant", 20 of 28 such decisions agreed with the reviewers; ninth session: by then people see
    another group, or none). One or two back ("near", 44 of 55) and three back ("far", 6 of 8) it is
    decided since the eleventh sample was fitted (thirteenth session, the table's threshold 0.78)."""
    (they,) = fair.rounds[4].graph.refers
    assert (they.kind, they.pronoun, they.path) == (RefKind.PRONOUN, "they", "they story's")
    assert "distant" in they.weak and not {"near", "far", "rival"} & set(they.weak)
    in_place, near, far, distant, farther = _decide(
        fair, (0, 1, 2, 3, 4), (0, 1, 4), (0, 2, 3, 4), (0, 2, 3, 1, 4), (0, 1, 2, 3, 6, 4)
    )
    for decisions in (in_place, near, far):
        assert [d.answerable for d in decisions] == [True] * len(decisions)
    for decisions in (distant, farther):
        assert [d.answerable for d in decisions] == [True] * (len(decisions) - 1) + [None]
        assert [(x.reason, x.position) for x in decisions[-1].doubts] == [("distant", 1)]


def test_a_bare_auxiliary_with_a_name_for_its_subject_is_a_whole_question(fair: SeedDialogue) -> None:
    """ "What did Sue Reed do?" ends on "do" like "Who did?", but names who did it: asked after
    an unrelated turn it is answerable, while "Who did?" there is still undecided (ninth session:
    the 7 such turns the reader had left undecided were all labelled answerable)."""
    assert not fair.rounds[3].graph.refers
    assert [r.kind for r in fair.rounds[5].graph.refers] == [RefKind.ELLIPSIS]
    named, bare = _decide(fair, (1, 3), (1, 5))
    assert [d.answerable for d in named] == [True, True]
    assert [d.answerable for d in bare] == [True, None]


def test_back_then_is_a_time_not_the_next_step(fair: SeedDialogue) -> None:
    """ "Were the games cheap back then?" leans on no turn; "What happened then?" continues the one
    before it, and after an unrelated turn is undecided: of the decisions that such a question
    ("instead", "then", "next") after another turn is unanswerable, 27 of 34 agreed with the
    reviewers (eleventh session, evidence_paths.toml)."""
    assert not fair.rounds[6].graph.refers
    assert [(r.kind, r.path, r.weak) for r in fair.rounds[7].graph.refers] == [
        (RefKind.ELLIPSIS, "ellipsis takes up", ("missing",))
    ]
    games, then, right_after = _decide(fair, (1, 6), (1, 7), (6, 7))
    assert [d.answerable for d in games] == [True, True]
    assert [d.answerable for d in then] == [True, None]
    assert [d.answerable for d in right_after] == [True, True]


def test_a_they_only_the_story_says_is_undecided(fair: SeedDialogue) -> None:
    """ "When did they go home?" (Tom and Ann, whom the first round named) after "What did the clown
    wear?" is met only by the story's "they": undecided, not answerable (tenth session, second round:
    of such decisions, 10 of 29 on the tuning samples were against the reviewers, "'they' has no
    antecedent"). A "they" the original dialogue left to the story stays firm (its writers answered
    it: test_coqa's originals)."""
    said, story = _decide(fair, (0, 1, 2, 3, 4), (1, 4))
    assert [d.answerable for d in said] == [True] * 5
    assert [d.answerable for d in story] == [True, None]
    assert [(x.reason, x.position) for x in story[-1].doubts] == [("story", 0)]


def test_next_to_is_a_place_not_the_next_step(fair: SeedDialogue) -> None:
    """ "Did Ann sit next to Tom at the gate?" leans on no turn, unlike "Where did he go next?":
    after an unrelated turn it is answerable (it was a firm gap, labelled answerable)."""
    assert not fair.rounds[8].graph.refers
    (after,) = _decide(fair, (1, 8))
    assert [d.answerable for d in after] == [True, True]
