"""dialogue.pl against a brute-force reference on random dialogues, and its proof checker."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.prolog.dialogue import (
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


def ref(kind: RefKind, target: str, pronoun: str = "") -> Reference:
    return Reference(kind, "words", target, pronoun)


concepts = st.sampled_from(CONCEPTS)
references = st.one_of(
    st.builds(lambda c, p: ref(RefKind.PRONOUN, c, p), concepts, st.sampled_from(PRONOUNS)),
    st.builds(lambda c: ref(RefKind.MENTION, c), concepts),
    st.builds(lambda f: ref(RefKind.ELLIPSIS, f), st.sampled_from(FRAMES)),
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
