"""Issue 27: bots that say nothing new (echo, one line, two lines in turn, a loop) no longer pass.

Before the echo and repeat tests, on these scripts (3 conversations of 24 rounds, linear
weights), the echo bot scored SWAN 0.709, the constant bot 0.507, the alternating bot 0.466,
the bot looping from round 4 0.695 (12: 0.867), and ``Perfect`` 0.9963 (measured on the oracle
of commit aa5a737 with these bots, before any change): ``BEFORE`` below. SWAN is now eq. 1 times
the share of replies that say something new (oracle/conversation/swan.py), so a loop scores at most
the share of rounds before it, whatever the position weights.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from kgtest.core.records import to_plain
from kgtest.core.settings import BatterySettings, RepeatSettings, Weighting
from kgtest.generator.conversation.script import ScriptSettings, build_scripts
from kgtest.generator.conversation.script_records import Script, TestCode
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle.conversation.audit import Auditor, BatteryResult
from kgtest.oracle.conversation.lines import answers, asks, words
from kgtest.oracle.conversation.swan import Swan
from kgtest.oracle.conversation.verdicts import BatteryJudge, TestVerdict
from kgtest.oracle.embeddings import Embedder
from kgtest.runner.conversation import ConverseSettings
from tests.generator.conversation.kb import battery_view
from tests.oracle.conversation.bots import perfect_answer
from tests.oracle.conversation.hold import hold
from tests.oracle.conversation.test_planted import ALL, TURNS

VIEW = battery_view()
FREE = build_scripts(VIEW, 5, 2, 10, ScriptSettings(tests=()))
"""Two free conversations of 10 rounds: small talk to open, no injected test."""
BEFORE = {"Perfect": 0.9963}
BOTS = "plugin:tests.oracle.conversation.bots:"
Run = Callable[..., BatteryResult]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder, extractor: SpacyExtractor) -> Run:
    judge = BatteryJudge(embedder=embedder)
    auditors: dict[str, Auditor] = {}
    folder = tmp_path_factory.mktemp("parrots")
    scripts = folder / "scripts.json"
    scripts.write_text(json.dumps(to_plain(ALL)), encoding="utf-8")
    held: dict[str, BatteryResult] = {}

    def audit(
        bot: str,
        partner: str = "",
        turns: int = TURNS,
        chosen: list[Script] = ALL,
        config: BatterySettings | None = None,
        **params: str,
    ) -> BatteryResult:
        weights = repr(config or judge.config)
        key = json.dumps([bot, partner, turns, len(chosen), params, weights])
        if key not in held:
            known = {"scripts": str(scripts)} if bot in ("Perfect", "LoopsFrom") else {}
            query = "&".join(f"{k}={v}" for k, v in {**known, **params}.items())
            spec = BOTS + bot + (f"?{query}" if query else "")
            other = BOTS + partner if partner else None
            records = hold(chosen, spec, ConverseSettings(turns=turns), folder / "cache.sqlite", other)
            auditor = auditors.setdefault(weights, Auditor(judge, extractor, VIEW, config))
            held[key] = auditor.audit(records)
        return held[key]

    return audit


def _codes(verdicts: tuple[TestVerdict, ...], code: TestCode) -> list[bool | None]:
    return [v.passed for v in verdicts if v.code is code]


def _wans(s: Swan) -> dict[str, float | None]:
    return {w.criterion: w.value for w in s.wans}


def test_the_good_bot_keeps_its_score_and_passes_both_new_tests(run: Run) -> None:
    result = run("Perfect")
    (system,) = result.systems
    assert system.value is not None and abs(system.value - BEFORE["Perfect"]) <= 0.02
    assert set(_codes(result.verdicts, TestCode.A8)) == {True}
    assert set(_codes(result.verdicts, TestCode.A9)) == {True}
    assert len(_codes(result.verdicts, TestCode.A9)) == 3 * (TURNS - 1)
    # I13 asks the same question again and gets the same answer: judged, and passed.
    assert _codes(result.verdicts, TestCode.I13) and set(_codes(result.verdicts, TestCode.I13)) == {True}
    # Restating the partner's information is not a claim of its own: those nuggets are not scored.
    restated = [n for n in result.nuggets if n.kind == "F" and n.repeated]
    assert restated and all("correctness" not in n.scores for n in restated)


@pytest.mark.parametrize(
    ("bot", "params", "code"),
    [
        ("Echo", {}, TestCode.A8),
        ("Constant", {}, TestCode.A9),
        ("Alternating", {}, TestCode.A9),
        ("LoopsFrom", {"at": "2"}, TestCode.A9),
    ],
)
def test_a_bot_that_says_nothing_new_scores_low_and_fails_its_test_on_most_rounds(
    run: Run, bot: str, params: dict[str, str], code: TestCode
) -> None:
    result = run(bot, **params)
    (system,) = result.systems
    assert system.value is not None and system.value <= 0.4, (system.value, _wans(system))
    failed = _codes(result.verdicts, code)
    assert failed.count(False) > len(failed) / 2, failed
    # A reply that says nothing new is coherent with nothing: I3 fails wherever the new test does.
    bad = {(v.conversation, v.turn) for v in result.verdicts if v.code is code and v.passed is False}
    i3 = {(v.conversation, v.turn): v.passed for v in result.verdicts if v.code is TestCode.I3}
    assert all(i3[k] is False for k in bad)
    # ... and its nuggets are one act, with no claim and no word worth its place.
    nothing = [n for n in result.nuggets if (n.conversation, n.turn) in bad]
    assert {n.act for n in nothing} == {"echo" if code is TestCode.A8 else "repeat"}
    assert {n.scores.get("conciseness") for n in nothing} == {0.0}


def test_the_echo_bot_has_no_claim_and_no_consistency_of_its_own(run: Run) -> None:
    result = run("Echo")
    (system,) = result.systems
    wans = _wans(system)
    assert wans["correctness"] is None and wans["consistency"] is None
    assert any(why.startswith("correctness: no claim of its own") for why in system.left_out), system.left_out
    assert not [n for n in result.nuggets if n.kind == "F"]
    # I13 on echoes of the question compares the question with itself: not judged, not passed.
    assert set(_codes(result.verdicts, TestCode.I13)) == {None}
    assert all("vacuous" in v.reason for v in result.verdicts if v.code is TestCode.I13)


def test_i13_on_a_canned_reply_is_vacuous(run: Run) -> None:
    for bot in ("Constant", "Alternating"):
        verdicts = [v for v in run(bot).verdicts if v.code is TestCode.I13]
        assert verdicts and {v.passed for v in verdicts} == {None}, bot
        assert all("also its reply to round" in v.reason for v in verdicts)


def test_a_loop_fails_a9_exactly_from_the_round_after_it_starts(run: Run) -> None:
    """Every round after the loop starts fails A9, but a Yes/No formula said to a Yes/No question.

    "No, it is not." answers "Is my hometown Rome?" however often it comes; said again to
    "My secret word is London." or "What is my secret word?" it answers nothing and is a repeat,
    though under A9's five words (repeats.py's ``said_again``).
    """
    scores: dict[int, float] = {}
    formulas = 0
    for at in (4, 12, 20):
        result = run("LoopsFrom", at=str(at))
        for script, conversation in zip(ALL, result.conversations, strict=True):
            r = conversation.scope
            a9 = {v.turn: v.passed for v in result.verdicts if v.code is TestCode.A9 and v.conversation == r}
            assert sorted(a9) == list(range(2, TURNS + 1))
            formulas += _closed(script, at)  # ``Perfect`` says "Yes, it is." or "No, it is not."
            expected = {turn for turn in range(at + 1, TURNS + 1) if _repeat(script, at, turn)}
            assert {turn for turn, passed in a9.items() if not passed} == expected, (at, r)
        (system,) = result.systems
        assert system.value is not None
        scores[at] = system.value
    assert formulas >= 1, "a conversation loops on a Yes/No formula"
    assert scores[4] < scores[12] < scores[20], scores


def test_swan_is_at_most_the_share_of_replies_that_say_something_new(run: Run) -> None:
    """SWAN = eq. 1 x (1 - b), b the share of replies that say nothing new, counted per reply.

    Position weights cannot hide a loop: with a patience of 5 rounds the linear decay gives the
    rounds after 6 no weight, and eq. 1 alone scores a bot looping from round 12 as if it never
    looped; a system saying nothing new in half its replies scores at most 0.5 under any weighting.
    """
    short = BatterySettings(patience=5)
    for at in (2, 4, 8, 12, 16, 20):
        for config in (None, short, BatterySettings(weighting=Weighting.UNIFORM)):
            (system,) = run("LoopsFrom", config=config, at=str(at)).systems
            assert system.criteria is not None and system.value is not None
            b = system.nothing_new / system.replies
            assert system.value == round(system.criteria * (1 - b), 4)
            assert system.value <= 1 - b
    (system,) = run("LoopsFrom", config=short, at="12").systems
    # eq. 1 alone sees no loop here: every criterion a loop could lower is whole (harmlessness is
    # the toxicity model's soft score of the replies, below 1 for any system)
    seen = {
        w.criterion: w.value for w in system.wans if w.criterion != "harmlessness" and w.value is not None
    }
    assert system.criteria is not None and set(seen.values()) == {1.0}, seen
    assert system.value is not None and system.value <= 0.6
    for start in ("2", "4", "8"):
        (system,) = run("LoopsFrom", at=start).systems
        assert system.value is not None and system.value <= 0.4, (start, system.value)
    (system,) = run("LoopsFrom", at="12").systems
    assert system.value is not None and system.value <= 0.5
    (good,) = run("Perfect", config=short).systems
    assert good.nothing_new == 0 and good.value == good.criteria


@pytest.mark.parametrize(
    ("bot", "params"),
    [
        ("Constant", {"line": "Okay."}),
        ("Constant", {"line": "..."}),
        ("Constant", {"line": "Tell me more."}),
        ("Constant", {"line": "Yes."}),
        ("Alternating", {"first": "I see.", "second": "Go on."}),
        ("Alternating", {"first": "Yes, it is.", "second": "No, it is not."}),
    ],
)
def test_a_short_line_said_to_anything_is_a_repeat_where_it_answers_nothing(
    run: Run, bot: str, params: dict[str, str]
) -> None:
    """Under five words A9's shares mean nothing; said again to a line it does not answer, it is a loop."""
    result = run(bot, **params)
    (system,) = result.systems
    assert system.value is not None and system.value <= 0.4, (system.value, _wans(system))
    failed = _codes(result.verdicts, TestCode.A9)
    assert failed.count(False) > len(failed) / 2, failed
    assert set(_codes(result.verdicts, TestCode.I13)) == {None}, "its answer about itself is canned"


def test_a_free_conversation_is_judged_on_both_sides(run: Run) -> None:
    """An echoing partner fails A8 on its side; the system it echoes is judged apart, and fairly."""
    result = run("Chatty", partner="Echo", turns=10, chosen=FREE)
    mine = {c: _codes(result.verdicts, c) for c in (TestCode.A8, TestCode.A9)}
    theirs = {c: _codes(result.partner_verdicts, c) for c in (TestCode.A8, TestCode.A9)}
    assert set(mine[TestCode.A8]) == set(mine[TestCode.A9]) == {True}
    assert theirs[TestCode.A8] == [False] * 2 * 9, "the partner spoke in rounds 2..10 of both"
    assert {v.sut for v in result.partner_verdicts} == {BOTS + "Echo"}
    assert sorted({v.turn for v in result.partner_verdicts}) == list(range(2, 11))
    (system,), (partner,) = result.systems, result.partners
    assert partner.scope == f"{BOTS}Echo as partner" and partner.value is not None
    assert system.value is not None and partner.value <= 0.4 < system.value
    # The other way round: the system under test echoes, the partner does not.
    turned = run("Echo", partner="Chatty", turns=10, chosen=FREE)
    assert set(_codes(turned.verdicts, TestCode.A8)) == {False}
    assert set(_codes(turned.partner_verdicts, TestCode.A8)) == {True}


def test_partner_results_are_written_and_read_back(run: Run, tmp_path: Path) -> None:
    from kgtest.core.workspace import BatteryFiles
    from kgtest.oracle.conversation.audit import read_result, write_result

    result = run("Chatty", partner="Echo", turns=10, chosen=FREE)
    files = BatteryFiles(tmp_path)
    write_result(files, result)
    assert read_result(files) == result


def test_the_repeat_settings_of_the_file_reach_the_verdicts(
    run: Run, tmp_path: Path, embedder: Embedder, extractor: SpacyExtractor
) -> None:
    """[battery.repeats] is what the judge counts by: the echo bot fails A8 on most rounds under
    the defaults, and on none when an echo must be longer than any line it copies."""
    assert _codes(run("Echo").verdicts, TestCode.A8).count(False) > TURNS
    lax = BatterySettings(repeats=RepeatSettings(echo_words=10_000))
    records = hold(ALL, BOTS + "Echo", ConverseSettings(turns=TURNS), tmp_path / "cache.sqlite", None)
    result = Auditor(BatteryJudge(lax, embedder=embedder), extractor, VIEW).audit(records)
    assert _codes(result.verdicts, TestCode.A8) and False not in _codes(result.verdicts, TestCode.A8)


def _repeat(script: Script, at: int, turn: int) -> bool:
    """A9's rules (repeats.py) for ``LoopsFrom``, which says ``Perfect``'s reply of round ``at`` to
    every round from ``at`` on. A reply of five words or more repeats when another line got it
    before (said again to its own line only, it answers it as before). A shorter one (a formula)
    is judged by what it replies to: a repeat where it is no answer to the line (a Yes/No formula
    to anything but a Yes/No question), and to an open question too once it was said to a line
    that asks nothing."""
    said = [script.line(j).text for j in range(at, turn)]
    line = script.line(turn).text
    reply = words(perfect_answer(script, at))
    if len(reply) >= RepeatSettings().repeat_words:
        return any(s != line for s in said)
    if all(s == line for s in said):
        return False
    small_talk = any(asks(s) == "nothing" for s in said)
    return not answers(line, reply) or (small_talk and asks(line) == "open")


def _closed(script: Script, turn: int) -> bool:
    """Whether the line of ``turn`` asks a Yes/No test question, which ``Perfect`` answers with a
    formula (its words may be shuffled: "France my answer to yesterday's quiz Is?")."""
    line = script.line(turn)
    return line.role == "question" and bool(line.test) and script.test(line.test).form == "closed"
