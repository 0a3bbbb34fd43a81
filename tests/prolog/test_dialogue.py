"""dialogue.pl against a brute-force reference on random dialogues, and its proof checker."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.prolog.answerability import (
    WEAK,
    Decision,
    DialogueGraph,
    Reference,
    RefKind,
    RoundGraph,
    Statement,
    StoryGraph,
    Support,
    check,
    decide,
    failed_checks,
)

from .dialogue_reference import answerability

CONCEPTS = ("T", "X", "d'Anthès", "back\\slash")
FRAMES = ("P19", "P26", "q'1")
TRIPLES = tuple(Statement(s, r, o) for s in CONCEPTS[:2] for r in ("P19", "P26") for o in CONCEPTS[1:3])
PRONOUNS = ("he", "she", "it", "they")


def ref(
    kind: RefKind, target: str, pronoun: str = "", weak: tuple[str, ...] = (), rivals: tuple[str, ...] = ()
) -> Reference:
    return Reference(kind, "words", target, pronoun, weak, rivals)


concepts = st.sampled_from(CONCEPTS)
weak = st.lists(st.sampled_from(WEAK), max_size=4, unique=True).map(tuple)
references = st.one_of(
    st.builds(
        lambda c, p, w, r: ref(RefKind.PRONOUN, c, p, w, tuple(x for x in r if x != c)),
        concepts,
        st.sampled_from(PRONOUNS),
        weak,
        st.lists(concepts, max_size=2, unique=True),
    ),
    st.builds(lambda c, w: ref(RefKind.MENTION, c, weak=w), concepts, weak),
    st.builds(lambda f, w: ref(RefKind.ELLIPSIS, f, weak=w), st.sampled_from(FRAMES), weak),
)
rounds = st.builds(
    RoundGraph,
    frame=st.sampled_from(FRAMES),
    names=st.lists(concepts, max_size=2).map(tuple),
    introduces=st.lists(concepts, max_size=2).map(tuple),
    refers=st.lists(references, max_size=3).map(tuple),
    needs=st.lists(st.sampled_from(TRIPLES), max_size=2).map(tuple),
    states=st.lists(st.sampled_from(TRIPLES), max_size=2).map(tuple),
)
stories = st.builds(
    StoryGraph,
    names=st.lists(concepts, max_size=2).map(tuple),
    pronouns=st.lists(st.tuples(st.sampled_from(PRONOUNS), concepts), max_size=2).map(tuple),
    states=st.lists(st.sampled_from(TRIPLES), max_size=2).map(tuple),
)


@st.composite
def dialogues(draw: st.DrawFn) -> DialogueGraph:
    """A seed's rounds asked in any order, some more than once (as DS, DR and DD make them)."""
    seed = draw(st.lists(rounds, min_size=1, max_size=6))
    order = draw(st.lists(st.integers(0, len(seed) - 1), min_size=1, max_size=9))
    return DialogueGraph(draw(stories), tuple(seed[i] for i in order))


@settings(max_examples=300, deadline=None)
@given(st.lists(dialogues(), min_size=1, max_size=6))
def test_prolog_decides_as_the_brute_force_reference(batch: list[DialogueGraph]) -> None:
    decided = decide(batch)
    for d, decisions in zip(batch, decided, strict=True):
        expected = answerability(d)
        assert [x.position for x in decisions] == list(range(1, len(d.turns) + 1))
        for got, want in zip(decisions, expected, strict=True):
            assert got.answerable is want.answerable
            assert set(got.missing) == want.missing
            assert [(s.requirement, s.source, s.position) for s in got.support] == list(want.sources)
            assert [(x.requirement, x.reason, x.position, x.rival) for x in got.doubts] == list(want.doubts)
            assert got.checks == "undecided" if want.answerable is None else got.checks != "undecided"
    assert failed_checks(list(zip(batch, decided, strict=True))) == []


def test_the_checker_refuses_a_changed_decision() -> None:
    story = StoryGraph(names=("T",), pronouns=(("she", "T"),))
    first = RoundGraph("P19", introduces=("W",), refers=(ref(RefKind.PRONOUN, "T", "she"),))
    follow = RoundGraph("P19", refers=(ref(RefKind.ELLIPSIS, "P19"), ref(RefKind.MENTION, "W")))
    d = DialogueGraph(story, (first, follow))
    decisions = decide([d])[0]
    assert [x.answerable for x in decisions] == [True, True] and check(d, decisions)
    flipped = Decision(2, False, "none", (), (decisions[1].support[0].requirement,))
    assert not check(d, [decisions[0], flipped])
    moved = replace(
        decisions[1], support=(replace(decisions[1].support[0], position=2), *decisions[1].support[1:])
    )
    assert not check(d, [decisions[0], moved])
    from_story = Support(decisions[1].support[1].requirement, "story", 0)  # the story never names W
    assert not check(d, [decisions[0], replace(decisions[1], support=(decisions[1].support[0], from_story))])
    assert not check(d, decisions[:1])
    swapped = DialogueGraph(story, (follow, first))
    assert not check(swapped, decisions)


def test_what_an_unanswerable_turn_says_is_not_known_after_it() -> None:
    """Its answer is shown as "Unknown": what the answer named or stated does not count."""
    lost = RoundGraph("P26", introduces=("X",), refers=(ref(RefKind.ELLIPSIS, "P19"),), states=(TRIPLES[0],))
    later = RoundGraph("P1", refers=(ref(RefKind.MENTION, "X"),), needs=(TRIPLES[0],))
    named = RoundGraph("P2", names=("X",), refers=(ref(RefKind.ELLIPSIS, "P19"),))
    decisions = decide(
        [DialogueGraph(StoryGraph(), (lost, later)), DialogueGraph(StoryGraph(), (named, later))]
    )
    assert [x.answerable for x in decisions[0]] == [False, False]
    assert [m.kind for m in decisions[0][1].missing] == ["need", "mention"]
    # what the question names is shown whatever its answer: X is known, the triple is not
    assert [m.kind for m in decisions[1][1].missing] == ["need"]


def test_weak_references_leave_their_turn_undecided_and_a_firm_gap_still_decides() -> None:
    """Each weak condition, where it applies, makes the turn undecided (answerable None) with its
    doubt; a requirement nothing meets that is not weak there still makes it unanswerable."""
    he = ("missing", "story", "far", "rival")
    story = StoryGraph(names=("S",), pronouns=(("he", "S"),))
    tom = RoundGraph("q1", names=("T",))
    ann = RoundGraph("q2", introduces=("A",))
    other = RoundGraph("q3", names=("X",))
    asks = {
        "missing": RoundGraph("q9", refers=(ref(RefKind.PRONOUN, "Z", "he", he),)),
        "story": RoundGraph("q9", refers=(ref(RefKind.PRONOUN, "S", "he", he),)),
        "far": RoundGraph("q9", refers=(ref(RefKind.PRONOUN, "T", "he", he),)),
        "rival": RoundGraph("q9", refers=(ref(RefKind.PRONOUN, "T", "he", he, ("X",)),)),
    }
    turns = {"missing": (tom,), "story": (tom,), "far": (tom, ann, other), "rival": (tom, other)}
    graphs = [DialogueGraph(story, (*turns[k], asks[k])) for k in asks]
    for (reason, at, rival), decisions in zip(
        [("missing", 0, ""), ("story", 0, ""), ("far", 1, ""), ("rival", 2, "X")], decide(graphs), strict=True
    ):
        last = decisions[-1]
        assert last.answerable is None and last.checks == "undecided"
        assert [(x.reason, x.position, x.rival) for x in last.doubts] == [(reason, at, rival)]
    # not weak where it applies: decided as before (far without "far", the story without "story")
    exact = DialogueGraph(
        story, (tom, ann, other, RoundGraph("q9", refers=(ref(RefKind.PRONOUN, "T", "he"),)))
    )
    firm = DialogueGraph(
        story,
        (tom, RoundGraph("q9", refers=(ref(RefKind.PRONOUN, "Z", "he", he), ref(RefKind.ELLIPSIS, "q7")))),
    )
    exact_d, firm_d = decide([exact, firm])
    assert exact_d[-1].answerable is True and not exact_d[-1].doubts
    assert firm_d[-1].answerable is False and [x.reason for x in firm_d[-1].doubts] == ["missing"]


def test_distant_is_far_a_turn_later() -> None:
    """ "distant" (the CoQA reader's "they", ninth session): met by the turn three back, the turn is
    answerable; four or more back, undecided, the doubt pointing at the turn that meets it; a he
    that is only "far" is undecided three back already."""
    they = ("missing", "distant")
    group = RoundGraph("q1", names=("T",))
    other = RoundGraph("q2", names=("X",))
    asks = RoundGraph("q9", refers=(ref(RefKind.PRONOUN, "T", "they", they),))
    he = RoundGraph("q9", refers=(ref(RefKind.PRONOUN, "T", "he", ("far",)),))
    three, four, far = decide(
        [
            DialogueGraph(StoryGraph(), (group, other, other, asks)),
            DialogueGraph(StoryGraph(), (group, other, other, other, asks)),
            DialogueGraph(StoryGraph(), (group, other, other, he)),
        ]
    )
    assert three[-1].answerable is True and not three[-1].doubts
    assert four[-1].answerable is None
    assert [(x.reason, x.position) for x in four[-1].doubts] == [("distant", 1)]
    assert [(x.reason, x.position) for x in far[-1].doubts] == [("far", 1)]
    graph = DialogueGraph(StoryGraph(), (group, other, other, other, asks))
    assert check(graph, four)
    assert not check(graph, [*four[:-1], replace(four[-1], doubts=())])


def test_near_is_met_one_or_two_turns_back() -> None:
    """ "near" (a CoQA pronoun or ellipsis whose turn was moved, eleventh session's second round):
    met by the turn right before or the one before it, undecided, the doubt pointing at the turn
    that meets it; three back, not "near" (that is "far")."""
    she = RoundGraph("q9", refers=(ref(RefKind.PRONOUN, "T", "she", ("near",)),))
    anna, other = RoundGraph("q1", names=("T",)), RoundGraph("q2", names=("X",))
    one, two, three = decide([DialogueGraph(StoryGraph(), (anna, *[other] * n, she)) for n in (0, 1, 2)])
    assert one[-1].answerable is None and two[-1].answerable is None
    assert [(x.reason, x.position) for x in two[-1].doubts] == [("near", 1)]
    assert three[-1].answerable is True
    graph = DialogueGraph(StoryGraph(), (anna, other, she))
    assert check(graph, two)
    assert not check(graph, [*two[:-1], replace(two[-1], doubts=())])


def test_what_only_an_undecided_turn_says_is_doubtful_after_it() -> None:
    """An undecided turn's answer is shown: a later turn met only by it is undecided; one met by a
    question's names or another answerable turn is not; an ellipsis after it is undecided."""
    unsure = RoundGraph("q1", introduces=("A",), refers=(ref(RefKind.PRONOUN, "Z", "he", ("missing",)),))
    by_answer = RoundGraph("q2", refers=(ref(RefKind.MENTION, "A"),))
    fragment = RoundGraph("q3", refers=(ref(RefKind.ELLIPSIS, "q1"),))
    told = RoundGraph("q4", names=("A",))
    d1, d2, d3 = decide(
        [
            DialogueGraph(StoryGraph(), (unsure, by_answer)),
            DialogueGraph(StoryGraph(), (unsure, fragment)),
            DialogueGraph(StoryGraph(), (told, unsure, by_answer)),
        ]
    )
    assert [x.answerable for x in d1] == [None, None]
    assert [(x.reason, x.position) for x in d1[1].doubts] == [("undecided", 1)]
    assert d1[1].support[0].position == 1
    assert [x.answerable for x in d2] == [None, None] and d2[1].doubts[0].reason == "undecided"
    assert [x.answerable for x in d3] == [True, None, True], "A was named at turn 1, firmly"


def test_the_checker_refuses_a_changed_doubt() -> None:
    story = StoryGraph()
    first = RoundGraph("q1", names=("T",))
    asks = RoundGraph("q2", refers=(ref(RefKind.PRONOUN, "Z", "he", ("missing",)),))
    d = DialogueGraph(story, (first, asks))
    decisions = decide([d])[0]
    assert decisions[1].answerable is None and check(d, decisions)
    unanswerable = replace(decisions[1], answerable=False, checks="none", doubts=())
    assert not check(d, [decisions[0], unanswerable])
    other_reason = replace(decisions[1], doubts=(replace(decisions[1].doubts[0], reason="story"),))
    assert not check(d, [decisions[0], other_reason])
    invented = replace(decisions[0], answerable=None, checks="undecided", doubts=decisions[1].doubts)
    assert not check(d, [invented, decisions[1]])
