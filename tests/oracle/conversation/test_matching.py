"""The bounded repeat detector gives the answers of the plain one, and its cost stays bounded.

oracle/conversation/matching.py replaces difflib's matching blocks and oracle/conversation/repeats.py the
comparison of every reply with every earlier one (issue 42): both are held to the plain reference
(tests/oracle/conversation/repeats_reference.py, the code of commit 2627fb5) on random conversations,
and a reply or a conversation the system under test makes enormous is judged at a bounded cost.
"""

from __future__ import annotations

import time
from difflib import SequenceMatcher
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st

from kgtest.generator.conversation.script import ScriptSettings, build_scripts
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle.conversation import matching, repeats
from kgtest.oracle.conversation.audit import Auditor
from kgtest.oracle.conversation.matching import COMPARED_WORDS, Vocabulary, matched
from kgtest.oracle.conversation.repeats import RepeatFinder, find_repeats
from kgtest.oracle.conversation.swan import Claim, EarlierClaims
from kgtest.oracle.conversation.verdicts import BatteryJudge
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.judge import READ_LIMIT
from kgtest.runner.conversation import ConverseSettings
from kgtest.runner.sut import STORE_LIMIT
from tests.generator.conversation.kb import battery_view
from tests.oracle.conversation import repeats_reference as reference
from tests.oracle.conversation.hold import hold

few_words = st.lists(st.sampled_from(["a", "b", "c", "d", "the", "cat"]), max_size=60)


@given(few_words, few_words, st.integers(min_value=2, max_value=6))
def test_matched_is_difflibs_sum_of_blocks(reply: list[str], source: list[str], block: int) -> None:
    vocabulary = Vocabulary()
    blocks = SequenceMatcher(None, reply, source, autojunk=False).get_matching_blocks()
    got = matched(vocabulary.code(reply), vocabulary.code(source), block)
    assert got.whole and got.words == sum(m.size for m in blocks if m.size >= block)


LINES = ["What is your name?", "Is my hometown Rome?", "My hometown is Rome.", "Tell me more.", "Hi!"]
REPLIES = [
    "I am a humble chatbot made to talk with you.",
    "I am a humble chatbot made to talk with you today.",
    "No, it is not.",
    "Okay.",
    "...",
    "",
    "Rome is the capital of Italy and my hometown is Rome too.",
    "my hometown is rome",
    "I don't know.",
]
rounds = st.lists(st.tuples(st.sampled_from(LINES), st.sampled_from(REPLIES)), max_size=24)


@given(rounds)
def test_find_repeats_and_canned_agree_with_the_plain_reference(said: list[tuple[str, str]]) -> None:
    finder = RepeatFinder(said)
    assert [(r.echo, r.repeat, r.is_echo, r.is_repeat) for r in finder.found] == [
        (r.echo, r.repeat, r.is_echo, r.is_repeat) for r in reference.find_repeats(said)
    ]
    assert all(not (r.echo_open or r.repeat_open) for r in finder.found)
    assert [finder.canned(k) for k in range(1, len(said) + 1)] == [
        reference.canned(said, k) for k in range(1, len(said) + 1)
    ]


def test_a_long_conversation_compares_each_reply_with_few_earlier_ones(monkeypatch: object) -> None:
    """A bot that says one of a few long replies, round after round: the plain detector compared
    every pair of rounds (3,000 rounds: 4.5 million comparisons); each round now compares a few."""
    calls = 0
    real = repeats.matched

    def counted(*args: object) -> matching.Copied:
        nonlocal calls
        calls += 1
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(repeats, "matched", counted)  # type: ignore[attr-defined]
    texts = [" ".join(f"w{n}x{i}" for i in range(40)) for n in range(7)]
    said = [(f"Line {k}.", texts[k % 7]) for k in range(3000)]
    found = find_repeats(said)
    assert all(r.is_repeat for r in found[7:]) and not any(r.is_repeat for r in found[:7])
    assert calls <= 3 * len(said)


def test_an_enormous_repetitive_reply_is_compared_in_bounded_time() -> None:
    """Two 100,000-character replies of one word with another now and then: difflib took minutes."""
    one = ("a " * 6 + "b ") * 7_000
    other = ("a " * 5 + "b ") * 8_000
    started = time.perf_counter()
    found = find_repeats([("Hi.", one), ("Hello.", other), ("Hey.", one)])
    assert time.perf_counter() - started < 30, "a guard against hangs; speed: bench/bench_bounded_judging.py"
    assert found[2].is_repeat and found[2].repeat.turn == 1
    assert found[1].repeat.words <= COMPARED_WORDS


claims = st.lists(
    st.tuples(
        st.sampled_from("ab"), st.sampled_from(["born", "lives"]), st.sampled_from("xyz"), st.booleans()
    ),
    max_size=30,
)


@given(claims, st.booleans())
def test_earlier_claims_find_the_first_contradiction_as_a_scan_does(
    said: list[Claim], functional: bool
) -> None:
    def scanned(claim: Claim, before: list[Claim]) -> Claim | None:  # swan.py's loop of 2627fb5
        s, key, o, negated = claim
        for x in before:
            if x[:2] == (s, key) and (
                (x[2] == o and x[3] != negated) or (functional and x[2] != o and not x[3] and not negated)
            ):
                return x
        return None

    index = EarlierClaims()
    for n, claim in enumerate(said):
        assert index.contradiction(claim, functional) == scanned(claim, said[:n])
        index.append(claim)


def test_a_conversation_of_enormous_replies_is_judged_on_their_first_characters(
    tmp_path: Path, embedder: Embedder, extractor: SpacyExtractor
) -> None:
    """A bot whose every reply is stored cut at 100,000 characters: the audit reads 20,000 of each,
    as the fact judge does (a run of such replies took `judge` 752 s and 3.2 GB)."""
    scripts = build_scripts(battery_view(), 21, 1, 2, ScriptSettings())
    line = "The weather is lovely today and I am happy to talk with you about anything at all. "
    records = hold(
        scripts,
        f"plugin:tests.oracle.conversation.bots:Constant?line={line * 1500}",
        ConverseSettings(turns=2),
        tmp_path / "c.sqlite",
    )
    assert max(len(u.text) for r in records for u in r.utterances) == STORE_LIMIT
    result = Auditor(BatteryJudge(embedder=embedder), extractor, battery_view()).audit(records)
    assert result.nuggets and max(len(n.text) for n in result.nuggets) <= READ_LIMIT
    assert all(len(v.read) <= READ_LIMIT for v in result.verdicts)
    assert [v.passed for v in result.verdicts if v.code.value == "A9"] == [False], "said again: a repeat"
