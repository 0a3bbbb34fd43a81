"""What the offline CoQA reader reads within one question (issue 39, fourteenth session): a name the
parse tags as another word, and an object pronoun that cannot be its verb's subject."""

from __future__ import annotations

from pathlib import Path

from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.records import SeedDialogue
from kgtest.generator.dialogue.sources import read_dialogue_file
from kgtest.prolog.answerability import RefKind

from .coqa_fixture import coqa_file
from .decided import last_decided

FARM_STORY = {
    "id": "farm",
    "story": (
        "Todd Baker is a farmer. He lives with his dog Max on a farm near the river. Todd is forty years "
        "old, and every morning he feeds the cows before breakfast."
    ),
    "rounds": [
        ("What does Todd do?", "he is a farmer"),
        ("Where does he live?", "on a farm"),
        ("how old was todd?", "forty"),
        ("Who won?", "nobody"),
    ],
}
STATION_STORY = {
    "id": "station",
    "story": (
        "Tom went to the station on Monday. There he met Bill, an old friend from school. Tom told Bill "
        "a secret about the farm, and Bill laughed."
    ),
    "rounds": [
        ("Where did Tom go?", "to the station"),
        ("Who did he meet there?", "Bill"),
        ("What did he tell him?", "a secret about the farm"),
        ("Did he laugh at him?", "yes"),
        ("Did he bring a map with him?", "no"),
    ],
}


def _read(tmp_path: Path, story: dict[str, object]) -> SeedDialogue:
    (seed,), _ = CoqaReader().read(read_dialogue_file(coqa_file(tmp_path / "s.json", [story])).stories)
    return seed


def test_a_name_the_parse_tags_as_another_word_is_still_a_name(tmp_path: Path) -> None:
    """spaCy tags "todd" in "how old was todd?" as an adjective: the question seemed to name nothing
    and leaned on the one before ("leans no noun", undecided or unanswerable when moved). A word
    that is the name of a person the story names is that name (fourteenth session: such questions,
    "Who is Tweeddale?", "Where was Emily?", "how old was todd?", were all labelled answerable), so
    the question is whole and answerable in any order; "Who won?", naming nothing, still leans."""
    seed = _read(tmp_path, FARM_STORY)
    assert "todd baker" in seed.rounds[2].graph.names
    assert not seed.rounds[2].graph.refers
    assert [r.path for r in seed.rounds[3].graph.refers] == ["leans no noun"]
    assert last_decided(seed, (2,), (1, 0, 2)) == [True, True]


def test_an_object_pronoun_is_not_its_verbs_subject(tmp_path: Path) -> None:
    """ "What did he tell him?": "him" is not whoever "he" is, nor in "Did he laugh at him?" (the
    object of the verb's preposition); the reader read both as the same man (fourteenth session: 8
    such turns labelled unanswerable had been decided answerable). After "with" it may be the same
    ("Did he bring a map with him?")."""
    seed = _read(tmp_path, STATION_STORY)
    pronouns = [[r for r in g.graph.refers if r.kind == RefKind.PRONOUN] for g in seed.rounds[2:]]
    assert [[r.text for r in p] for p in pronouns] == [["he", "him"]] * 3
    assert [{r.target for r in p} for p in pronouns] == [{"tom", "bill"}, {"tom", "bill"}, {"tom"}]
