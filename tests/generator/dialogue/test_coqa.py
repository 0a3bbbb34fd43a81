"""The offline CoQA reader against hand labels, and what it reads from a story and its rounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgtest.generator.dialogue.coqa import CoqaReader
from kgtest.generator.dialogue.evidence import as_shown, shipped
from kgtest.generator.dialogue.records import SeedDialogue
from kgtest.generator.dialogue.sources import read_dialogue_file
from kgtest.prolog.answerability import DialogueGraph, RefKind, decide
from kgtest.report.stats import cohen_kappa

from .coqa_fixture import STORIES, coqa_file, labelled_orders


@pytest.fixture(scope="module")
def seeds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, SeedDialogue]:
    path = coqa_file(tmp_path_factory.mktemp("coqa") / "stories.json")
    made, skipped = CoqaReader().read(read_dialogue_file(path).stories)
    assert skipped == 0
    return {s.id.removeprefix("coqa-"): s for s in made}


def test_the_reader_agrees_with_hand_labels(seeds: dict[str, SeedDialogue]) -> None:
    orders = labelled_orders()
    graphs = [
        DialogueGraph(
            seeds[sid].story.graph, as_shown([seeds[sid].rounds[o - 1] for o, _ in turns], shipped())
        )  # type: ignore[union-attr]
        for sid, _, turns, _, _ in orders
    ]
    tool = [d.answerable for decisions in decide(graphs) for d in decisions]
    hand = [label for *_, labels, _ in orders for label in labels]
    assert len(hand) == 120 and hand.count(False) == 18
    decided = [(t, h) for t, h in zip(tool, hand, strict=True) if t is not None]
    kappa = cohen_kappa([t for t, _ in decided], [h for _, h in decided])
    assert len(decided) >= 70, (
        f"{len(decided)} of 120 turns decided (docs/history/dialogue-measured.md reports 70)"
    )
    assert kappa >= 0.85, (
        f"Cohen's kappa {kappa:.2f} on the decided turns (docs/history/dialogue-measured.md reports 0.951)"
    )


def test_originals_are_answerable_and_rounds_read_as_meant(seeds: dict[str, SeedDialogue]) -> None:
    graphs = [DialogueGraph(s.story.graph, as_shown(s.rounds, shipped())) for s in seeds.values()]  # type: ignore[union-attr]
    decided = [d.answerable for decisions in decide(graphs) for d in decisions]
    assert False not in decided and decided.count(None) <= 3, (
        "undecided: a 'she' with two readings, the ellipsis after it, an 'it' with a rival shown since"
    )
    anna = seeds["anna-bakery"]
    assert ("she", "anna") in anna.story.graph.pronouns  # type: ignore[union-attr]
    when = anna.rounds[4].graph  # "When?" continues "Who helped her?"
    assert [r.kind for r in when.refers] == [RefKind.ELLIPSIS] and when.frame == anna.rounds[3].graph.frame
    deliver = anna.rounds[5]  # "Where did he deliver the pies?" he = Paul, the brother
    assert deliver.rewrite == "Where did Paul deliver the pies?"
    marie = seeds["marie-curie"]
    married = marie.rounds[4]  # "When did they marry?": Marie and Pierre, whom the story calls "they"
    assert [(r.target, r.pronoun) for r in married.graph.refers] == [("pierre curie", "they")]
    assert ("they", "pierre curie") in marie.story.graph.pronouns  # type: ignore[union-attr]
    assert "Pierre Curie" in married.rewrite
    school = seeds["school-trip"]
    assert not [p for p in school.story.graph.pronouns if p[0] == "it"], "the story's 'it' means two things"  # type: ignore[union-attr]


def test_a_story_without_usable_rounds_is_skipped_and_counted(tmp_path: Path) -> None:
    stories = [dict(STORIES[0], rounds=[("", "Tom")]), STORIES[1]]
    path = coqa_file(tmp_path / "two.json", stories)
    made, skipped = CoqaReader().read(read_dialogue_file(path).stories)
    assert [s.id for s in made] == ["coqa-anna-bakery"] and skipped == 1


RULES_STORY = {
    "id": "lynch-golf",
    "story": (
        "Tom Lynch grew up near a golf course in Ohio. On Monday the town council met for two hours. "
        "Lynch began as a caddy when he was twelve. A big storm came in that summer and flooded the course. "
        "The council voted to rebuild it."
    ),
    "rounds": [
        ("How old was Lynch when he began as a caddy?", "twelve"),
        ("Where did he grow up?", "near a golf course in Ohio"),
        ("When did the council meet?", "On Monday"),
        ("How many voted for it?", "unknown"),
        ("how big was the storm that came in?", "big"),
        ("What did it flood?", "the course"),
        ("What did they do instead?", "voted to rebuild it"),
        ("In what state?", "Ohio"),
        ("Who did?", "the council"),
    ],
}


def test_the_reading_rules_of_issue_23(tmp_path: Path) -> None:
    """A pronoun the question names itself, times never antecedents, CoQA's "unknown", and ellipsis
    told by the parse: no finite verb, "instead", a bare auxiliary, not a relative "that"."""
    path = coqa_file(tmp_path / "rules.json", [RULES_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    graphs = [r.graph for r in seed.rounds]
    assert not graphs[0].refers, "'he' is Lynch, whom the question names"
    voted = graphs[3]
    assert "monday" not in {r.target for r in voted.refers}, "'it' never stands for a day"
    assert [n.relation for n in voted.needs] == ["answers"], "CoQA's 'unknown': the story does not say"
    ellipses = [any(r.kind is RefKind.ELLIPSIS for r in g.refers) for g in graphs]
    # "How many voted for it?" counts nothing it names: of the council, which the question before asked
    # about (a count with nothing counted, twelfth session, second round)
    assert ellipses == [False, False, False, True, False, False, True, True, True]
    (decisions,) = decide([DialogueGraph(seed.story.graph, as_shown(seed.rounds, shipped()))])  # type: ignore[union-attr]
    # "What did it flood?": the course, which only "Where did he grow up?" four turns back said (the
    # turn between is unanswerable). In the original order each turn comes right after the one it
    # followed, so the "it" is on its in-place path; people agreed with 3 of 4 such decisions met that
    # far back, which the table fitted with the twelfth sample (threshold 0.80) no longer trusts: it is
    # undecided, and so are the ellipses that take up its question; asked right after "How many voted
    # for it?" instead of the storm, it is undecided for the same reason (evidence_paths.toml)
    assert [d.answerable for d in decisions] == [True, True, True, False, True, None, None, None, None]
    assert [x.reason for x in decisions[5].doubts] == ["far"]
    (moved,) = decide(
        [DialogueGraph(seed.story.graph, as_shown([seed.rounds[i] for i in (0, 1, 2, 3, 5)], shipped()))]
    )  # type: ignore[union-attr]
    assert moved[-1].answerable is None and [x.reason for x in moved[-1].doubts] == ["far"]
    (shuffled,) = decide(
        [DialogueGraph(seed.story.graph, as_shown([seed.rounds[i] for i in (0, 7, 3, 8)], shipped()))]
    )  # type: ignore[union-attr]
    # "Who did?" after an unanswerable turn: a bare auxiliary, read by people as a whole question
    # often enough that where its frame is not the turn before it is undecided, not unanswerable
    assert [d.answerable for d in shuffled] == [True, False, False, None]


BIKE_STORY = {
    "id": "bike-kitchen",
    "story": (
        "Sam wanted a bike for his birthday. His mother hid the bike in the kitchen. "
        "On his birthday Sam met his aunt Hilda, and she was excited to see him."
    ),
    "rounds": [
        ("Where was the bike hidden?", "in the kitchen"),
        ("Who rode it?", "Sam"),
        ("Who did Sam meet?", "his aunt Hilda"),
        ("Why was she excited?", "to see him"),
    ],
}


def test_a_pronoun_takes_up_the_answer_only_when_the_question_asked_for_someone(tmp_path: Path) -> None:
    """ "Where was the bike hidden? In the kitchen. Who rode it?": "it" is the bike the question was
    about, not the kitchen that answered "where"; after "Who did Sam meet? Hilda", "she" is Hilda."""
    path = coqa_file(tmp_path / "bike.json", [BIKE_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    rode, excited = seed.rounds[1].graph, seed.rounds[3].graph
    assert {r.target for r in rode.refers if r.kind is RefKind.PRONOUN} == {"bike"}
    assert {r.target for r in excited.refers if r.kind is RefKind.PRONOUN} == {"hilda"}


BAKER_STORY = {
    "id": "baker-town",
    "story": (
        "Tom Baker lived in a small town with his sister Ann. Tom worked at the bakery, and he baked bread "
        "every day. Ann was a teacher, and she loved books. Their neighbour Mr. Green grew apples in his "
        "garden. He gave Tom a basket of apples. Mrs. Hill ran the shop. One night a storm broke the window "
        "of the bakery."
    ),
    "rounds": [
        ("Where did Tom work?", "at the bakery"),
        ("What did he bake?", "bread"),
        ("Who was his sister?", "Ann"),
        ("What was her job?", "a teacher"),
        ("Who ran the shop?", "Mrs. Hill"),
        ("What did she love?", "books"),
        ("Why?", "she was a teacher"),
        ("Who grew apples?", "Mr. Green"),
        ("What did he give Tom?", "a basket of apples"),
        ("What broke the window?", "a storm"),
        ("When?", "one night"),
        ("Who else lived in the town?", "Ann"),
    ],
}


def test_the_reader_leaves_a_turn_undecided_where_its_evidence_is_weak(tmp_path: Path) -> None:
    """Each trigger on a written story (docs/dialogue.md, "Undecided turns"), in the order asked:
    (the undecided turn's answerability, its doubt's reason, the turn it points at, the rival)."""
    path = coqa_file(tmp_path / "baker.json", [BAKER_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    orders = {
        # "she" (the story's Ann) after Mrs. Hill answered the turn before: two readings, and the
        # fragment "Why?" after it, met only through that undecided turn
        (6, 7): [(None, "ambiguous", 0, "hill"), (None, "undecided", 1, "")],
        # "What did he bake?" moved after "What did he give Tom?" (Mr. Green shown there too): the
        # reader's "he" met one turn back by a turn it did not follow (twelfth session: "near")
        (1, 8, 9, 2): [(True, "", 0, ""), (True, "", 0, ""), (True, "", 0, ""), (None, "near", 3, "")],
        (1, 10, 5, 2): [(True, "", 0, ""), (True, "", 0, ""), (True, "", 0, ""), (None, "far", 1, "")],
        # the story calls both Tom and Mr. Green "he": no dominant referent, and nothing said before
        (3,): [(None, "missing", 0, "")],
        (1, 11): [(True, "", 0, ""), (False, "", 0, "")],  # a fragment: firm
        (1, 12): [(True, "", 0, ""), (None, "missing", 0, "")],  # "Who else ...?": weak
        (10, 11, 12): [(True, "", 0, "")] * 3,
    }
    graphs = [
        DialogueGraph(seed.story.graph, as_shown([seed.rounds[o - 1] for o in order], shipped()))
        for order in orders
    ]  # type: ignore[union-attr]
    for (order, want), decisions in zip(orders.items(), decide(graphs), strict=True):
        got = [
            (
                d.answerable,
                *((d.doubts[0].reason, d.doubts[0].position, d.doubts[0].rival) if d.doubts else ("", 0, "")),
            )
            for d in decisions
        ]
        assert got == want, order
    (original,) = decide([DialogueGraph(seed.story.graph, as_shown(seed.rounds, shipped()))])  # type: ignore[union-attr]
    # in the original order every turn is in place: "What did she love?" right after "Who ran the
    # shop?" is decided (people agreed with the reader's two readings there 33 of 36 times)
    assert [d.answerable for d in original] == [True] * 12


STEPMOTHER_STORY = {
    "id": "stepmother",
    "story": (
        "Mary Santiago lived in a small town. She worked at a diner after school, and she dreamed of "
        "college. She lived with her stepmother Dominique and two stepsisters, who were cruel to her. "
        "She met Joey at the diner, and she liked him."
    ),
    "rounds": [
        ("Where did Mary work?", "at a diner"),
        ("Is there a stepmother?", "yes"),
        ("What kind of stepmother is she?", "cruel"),
        ("What is her name?", "Dominique"),
    ],
}


def test_a_he_or_she_the_question_before_names_beats_the_storys_usual_one(tmp_path: Path) -> None:
    """The story's "she" is mostly Mary, but right after "Is there a stepmother?" "she" is the
    stepmother, and so is the "her" after that; an answer naming a woman is only a rival (above)."""
    path = coqa_file(tmp_path / "stepmother.json", [STEPMOTHER_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    assert ("she", "mary santiago") in seed.story.graph.pronouns  # type: ignore[union-attr]
    kind, name = seed.rounds[2], seed.rounds[3]
    assert kind.graph.introduces == ("dominique",)  # what "she" meant ("her stepmother Dominique")
    assert {x.target for x in name.graph.refers if x.kind is RefKind.PRONOUN} == {"dominique"}


def test_two_readings_of_a_he_or_she_leave_it_undecided_wherever_it_is_met(tmp_path: Path) -> None:
    """ "Who ran the shop? Mrs. Hill. What did she love?": the story's "she" is mostly Ann, the round
    before names Mrs. Hill; asked after "Who was his sister? Ann" alone, Ann is met and no rival is
    shown, yet people read Mrs. Hill as often (fifth session); asked right after the round it
    followed ("Who ran the shop?"), people agreed with the reader 33 of 36 times (evidence_paths.toml,
    "in place"), and it is decided. The guess is no mention for the
    pronouns after it; "there" that nothing before meets is undecided, as "it" is; a name the
    question says in another clause is a he or she's referent only where the text says it is one."""
    path = coqa_file(tmp_path / "baker.json", [BAKER_STORY, DOCTOR_STORY])
    (seed, doctor), _ = CoqaReader().read(read_dialogue_file(path).stories)
    love = seed.rounds[5].graph
    assert [(r.target, r.path, r.rivals[0]) for r in love.refers] == [("ann", "he/she two readings", "hill")]
    assert "ambiguous" in love.refers[0].weak
    assert love.introduces[-1] == "ann"
    orders = [(1, 2, 3, 6), (1, 2, 3, 8, 6), (1, 2, 3, 4, 5, 6)]
    story = seed.story.graph  # type: ignore[union-attr]
    graphs = [
        DialogueGraph(story, as_shown([seed.rounds[o - 1] for o in order], shipped())) for order in orders
    ]
    *moved, in_place = decide(graphs)
    for decisions in moved:
        assert [d.answerable for d in decisions] == [True] * (len(decisions) - 1) + [None]
        assert [(x.reason, x.rival) for x in decisions[-1].doubts] == [("ambiguous", "hill")]
    assert [d.answerable for d in in_place] == [True] * 6
    there, say = doctor.rounds[1].graph, doctor.rounds[2].graph
    weak = ("missing", "distant", "rival")
    assert [(r.pronoun, r.target, r.weak) for r in there.refers] == [("there", "garden", weak)]
    (alone,) = decide([DialogueGraph(doctor.story.graph, (there,))])  # type: ignore[union-attr]
    assert alone[0].answerable is None and alone[0].doubts[0].reason == "missing"
    assert "doctor" in say.names and [r.pronoun for r in say.refers] == ["she"], "she is not the Doctor"


DOCTOR_STORY = {
    "id": "doctor-gate",
    "story": (
        "The Doctor came home late. Aubrey had been ill all week, and she was asleep upstairs. "
        "Ethel waited in the garden with a lamp."
    ),
    "rounds": [
        ("Where did Ethel wait?", "in the garden"),
        ("How many lamps were there?", "one"),
        ("Does the Doctor say she is ill?", "yes"),
    ],
}


FAIR_STORY = {
    "id": "village-fair",
    "story": (
        "The village of Elmstead held its first fair in 1920. Farmers brought their best cows, and the "
        "mayor gave a prize to the biggest one. The fair grew every year. Today it draws thousands of "
        "visitors."
    ),
    "rounds": [
        ("When was the first fair held?", "in 1920"),
        ("how long ago was this?", "about a hundred years ago"),
        ("Who gave a prize?", "the mayor"),
        ("Why did the mayor do that?", "to reward the biggest cow"),
        ("What village is this story set in?", "Elmstead"),
    ],
}


def test_this_story_is_the_text_shown_and_leans_on_no_turn(tmp_path: Path) -> None:
    """ "What village is this story set in?" names the text everyone is shown: asked after any turn
    it needs nothing ("this technique" for nothing said still leans on the turn before)."""
    path = coqa_file(tmp_path / "fair.json", [FAIR_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    graphs = [r.graph for r in seed.rounds]
    assert not graphs[4].refers
    (got,) = decide([DialogueGraph(seed.story.graph, as_shown([seed.rounds[2], seed.rounds[4]], shipped()))])  # type: ignore[union-attr]
    assert [d.answerable for d in got] == [True, True]


def test_a_this_standing_alone_is_undecided_where_its_frame_is_not_the_turn_before(tmp_path: Path) -> None:
    """ "how long ago was this?" continues the turn before it; asked after another turn it is
    undecided (people read some from the story), while "that" there stays unanswerable; "this
    story" is the text everyone is shown, and leans on no turn (seventh session)."""
    path = coqa_file(tmp_path / "fair.json", [FAIR_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    graphs = [r.graph for r in seed.rounds]
    this, that, story = graphs[1], graphs[3], graphs[4]
    assert [(r.kind, r.weak) for r in this.refers] == [(RefKind.ELLIPSIS, ("missing",))]
    assert [(r.kind, r.weak) for r in that.refers] == [(RefKind.ELLIPSIS, ())]
    assert not story.refers
    orders = [(0, 1), (2, 1), (0, 3), (0, 4), (2, 4)]
    got = decide(
        [
            DialogueGraph(seed.story.graph, as_shown([seed.rounds[i] for i in order], shipped()))
            for order in orders
        ]
    )  # type: ignore[union-attr]
    assert [d[-1].answerable for d in got] == [True, None, False, True, True]
    assert [x.reason for x in got[1][-1].doubts] == ["missing"]


KIDS_STORY = {
    "id": "kids-money",
    "story": (
        "Tom is ten, and he sells lemonade on his street. Susan is twelve, and she draws pictures for "
        "people. The two kids help one another every summer."
    ),
    "rounds": [
        ("What does Tom sell?", "lemonade"),
        ("Where does Tom sell it?", "on his street"),
        ("What is the name of another kid?", "Susan"),
        ("Did the kids help one another?", "yes"),
    ],
}


def test_another_before_a_noun_leans_on_the_turn_before(tmp_path: Path) -> None:
    """ "the name of another kid" presupposes a kid just spoken of, as "other kids" does: right after
    its frame it is answerable, after another turn undecided (eighth session); "one another" leans
    on nothing."""
    path = coqa_file(tmp_path / "kids.json", [KIDS_STORY])
    (seed,), _ = CoqaReader().read(read_dialogue_file(path).stories)
    graphs = [r.graph for r in seed.rounds]
    assert [(r.kind, r.weak) for r in graphs[2].refers] == [(RefKind.ELLIPSIS, ("missing",))]
    assert not graphs[3].refers
    orders = [(0, 1, 2), (1, 0, 2), (2,)]
    got = decide(
        [
            DialogueGraph(seed.story.graph, as_shown([seed.rounds[i] for i in order], shipped()))
            for order in orders
        ]
    )  # type: ignore[union-attr]
    assert [d[-1].answerable for d in got] == [True, None, None]
