"""SWAN's formulas against a brute-force reading of the paper, nugget weights, KB checks, dialogue acts."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from kgtest.core.settings import BatterySettings, Criterion, Weighting
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle.conversation.kbcheck import KbChecker, KbFinding
from kgtest.oracle.conversation.nuggets import dialogue_acts, extract_nuggets
from kgtest.oracle.conversation.swan import ScoredNugget, conciseness, nugget_weight, swan
from tests.generator.conversation.kb import battery_view

CRITERIA = [c.value for c in Criterion]


def _nugget(turn: int, scores: dict[str, float], weight: float) -> ScoredNugget:
    return ScoredNugget("c", "s", turn, 1, "F", "", "", "", "", scores, weight)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(1, 20),
            st.dictionaries(st.sampled_from(CRITERIA), st.sampled_from([0.0, 0.25, 1.0]), max_size=3),
            st.sampled_from([0.0, 0.5, 1.0]),
        ),
        max_size=15,
    ),
    st.dictionaries(st.sampled_from(CRITERIA), st.sampled_from([0.0, 1.0, 2.0, 3.0])),
)
def test_wan_and_swan_are_equations_1_and_2(
    rows: list[tuple[int, dict[str, float], float]], weights: dict[str, float]
) -> None:
    config = BatterySettings(criteria={c: weights.get(c, 0.0) for c in CRITERIA})
    nuggets = [_nugget(t, s, w) for t, s, w in rows]
    got = swan("x", "s", nuggets, config)
    wan = {}
    for c in CRITERIA:  # eq. 2: sum NW*S / sum NW over the nuggets scored for c
        pairs = [(n.weight, n.scores[c]) for n in nuggets if c in n.scores]
        total = sum(w for w, _ in pairs)
        wan[c] = sum(w * s for w, s in pairs) / total if total else None
    assert {w.criterion: w.value for w in got.wans} == pytest.approx(
        {c: None if v is None else round(v, 4) for c, v in wan.items()}
    )
    counted = {c: v for c, v in wan.items() if v is not None and weights.get(c, 0) > 0}
    cw = sum(weights[c] for c in counted)  # eq. 1 over the criteria that have a WAN
    expected = sum(weights[c] * v for c, v in counted.items()) / cw if cw else None
    assert got.value == (None if expected is None else pytest.approx(expected, abs=2e-4))
    assert len(got.left_out) == len(CRITERIA) - len(counted)


def test_nugget_weights() -> None:
    uniform = BatterySettings(weighting=Weighting.UNIFORM)
    linear = BatterySettings(weighting=Weighting.LINEAR)
    recency = BatterySettings(weighting=Weighting.RECENCY, recency_turns=3)
    assert [nugget_weight(j, 4, uniform) for j in range(1, 5)] == [1, 1, 1, 1]
    assert [nugget_weight(j, 4, linear) for j in range(1, 5)] == [1.0, 0.8, 0.6, 0.4]  # patience = T + 1
    assert nugget_weight(3, 4, BatterySettings(patience=2)) == 0.0
    assert [nugget_weight(j, 5, recency) for j in range(1, 6)] == [0, 0, 1, 1, 1]


def test_conciseness_is_a_brevity_penalty() -> None:
    config = BatterySettings(concise_words=40)
    assert conciseness(10, config) == conciseness(40, config) == 1.0
    assert conciseness(80, config) == round(math.exp(-1), 4)


def test_a_criterion_unavailable_is_left_out_and_says_why() -> None:
    nuggets = [_nugget(1, {"coherence": 1.0}, 1.0)]
    got = swan("x", "s", nuggets, BatterySettings(), {"harmlessness": "no classifier"})
    assert got.value == 1.0
    assert "harmlessness: unavailable, no classifier" in got.left_out


def test_bad_battery_settings_name_the_setting() -> None:
    """Settings made in code are checked as the file's are (tests/core/test_settings.py)."""
    with pytest.raises(ValidationError, match=r"unknown criterion 'kindness'"):
        BatterySettings(criteria={"kindness": 1.0})
    with pytest.raises(ValidationError, match=r"criteria\.coherence\n.*greater than or equal to 0"):
        BatterySettings(criteria={"coherence": -1.0})


@pytest.fixture(scope="module")
def checker(extractor: SpacyExtractor) -> KbChecker:
    return KbChecker(battery_view(), extractor)


@pytest.mark.parametrize(
    ("reply", "check"),
    [
        ("Charles Dickens was born in Portsmouth.", KbFinding.CONFIRMED),
        ("Paris is the capital of France.", KbFinding.CONFIRMED),
        ("The City of Light is the capital of France.", KbFinding.CONFIRMED),  # a KB alias
        ("Charles Dickens was born in London.", KbFinding.CONTRADICTED),  # place of birth is functional
        ("Charles Dickens was not born in Portsmouth.", KbFinding.CONTRADICTED),
        ("Charles Dickens was born in 1812.", KbFinding.UNVERIFIED),  # not a KB entity
        ("Charles Dickens lived in London.", KbFinding.UNVERIFIED),  # a relation the KB does not hold
        ("My friend Bob was born in London.", KbFinding.UNVERIFIED),
    ],
)
def test_claims_against_the_kb(
    extractor: SpacyExtractor, checker: KbChecker, reply: str, check: KbFinding
) -> None:
    (nuggets,) = extract_nuggets(extractor, [(1, reply, False)])
    triples = [n.triple for n in nuggets if n.triple is not None]
    assert triples, f"no claim read from {reply!r}"
    assert checker.check_many(triples)[0].check is check


def test_dialogue_acts() -> None:
    acts = dialogue_acts("Hello! Sorry, I don't know. Do you like tea? Thanks, bye.", after_question=False)
    assert [a for a, _ in acts] == ["greeting", "apology", "dont_know", "question", "farewell", "thanks"]
    assert dialogue_acts("Paris is lovely.", after_question=True) == [("answer", "Paris is lovely.")]
    assert dialogue_acts("Yes, it is.", after_question=True) == [("agree", "Yes, it is.")]
    assert dialogue_acts("I cannot help with that.", after_question=True)[0][0] == "refusal"


def test_every_reply_has_a_first_nugget(extractor: SpacyExtractor) -> None:
    (nuggets,) = extract_nuggets(extractor, [(3, "Hmm.", False)])
    assert [(n.kind, n.act, n.index, n.turn) for n in nuggets] == [("O", "other", 1, 3)]


def test_swan_counts_replies_that_say_nothing_new_once_each_whatever_their_weight() -> None:
    """Eq. 1 x (1 - b): b per reply (not per nugget, not by position); a reply's nuggets are one reply."""

    def reply(conversation: str, turn: int, act: str, weight: float, n: int = 1) -> list[ScoredNugget]:
        scores = {"coherence": 1.0} if act == "" else {"coherence": 0.0}
        return [
            ScoredNugget(conversation, "s", turn, i, "O", act, "", "", "", scores if i == 1 else {}, weight)
            for i in range(1, n + 1)
        ]

    nuggets = [
        *reply("a", 1, "", 1.0, 3),
        *reply("a", 2, "repeat", 0.0),  # weight 0: still a reply that says nothing new
        *reply("b", 1, "", 1.0),
        *reply("b", 2, "echo", 0.5),
    ]
    got = swan("x", "s", nuggets, BatterySettings())
    assert (got.replies, got.nothing_new) == (4, 2)
    assert got.criteria == round(2 / 2.5, 4) and got.value == round(got.criteria * 0.5, 4)
    assert swan("x", "s", reply("a", 1, "echo", 1.0), BatterySettings()).value == 0.0
    clean = swan("x", "s", reply("a", 1, "", 1.0), BatterySettings())
    assert (clean.value, clean.criteria, clean.nothing_new) == (1.0, 1.0, 0)
