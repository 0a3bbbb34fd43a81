"""Issue 27: bots that say nothing new (echo, one line, two lines in turn, a loop) no longer pass.

Before the echo and repeat tests, on these scripts (3 conversations of 24 rounds, linear
weights), the echo bot scored SWAN 0.709, the constant bot 0.507, the alternating bot 0.466,
the bot looping from round 4 0.695 (12: 0.867), and ``Perfect`` 0.9963 (measured on the oracle
of commit aa5a737 with these bots, before any change): ``BEFORE`` below. A loop's score now
follows the rounds before it: from round 2 it is under 0.4, from round 4 about 0.5 (its four
perfect rounds carry 29% of the linear weights), from round 12 more.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from kgtest.core.records import to_plain
from kgtest.generator.battery.model import Script, TestCode
from kgtest.generator.battery.script import ScriptSettings, build_scripts
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle.battery.audit import Auditor, BatteryResult
from kgtest.oracle.battery.swan import Swan
from kgtest.oracle.battery.verdicts import BatteryJudge, TestVerdict
from kgtest.oracle.embeddings import Embedder
from kgtest.runner.converse import ConverseSettings
from tests.generator.battery.kb import battery_view
from tests.oracle.battery.hold import hold
from tests.oracle.battery.test_planted import ALL, TURNS

VIEW = battery_view()
FREE = build_scripts(VIEW, 5, 2, 10, ScriptSettings(tests=()))
"""Two free conversations of 10 rounds: small talk to open, no injected test."""
BEFORE = {"Perfect": 0.9963}
BOTS = "plugin:tests.oracle.battery.bots:"
Run = Callable[..., BatteryResult]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder, extractor: SpacyExtractor) -> Run:
    judge = BatteryJudge(embedder=embedder)
    folder = tmp_path_factory.mktemp("parrots")
    scripts = folder / "scripts.json"
    scripts.write_text(json.dumps(to_plain(ALL)), encoding="utf-8")
    held: dict[str, BatteryResult] = {}

    def audit(
        bot: str, partner: str = "", turns: int = TURNS, chosen: list[Script] = ALL, **params: str
    ) -> BatteryResult:
        key = json.dumps([bot, partner, turns, len(chosen), params])
        if key not in held:
            query = "&".join(f"{k}={v}" for k, v in {"scripts": str(scripts), **params}.items())
            spec = BOTS + bot + (f"?{query}" if bot in ("Perfect", "LoopsFrom") else "")
            other = BOTS + partner if partner else None
            records = hold(chosen, spec, ConverseSettings(turns=turns), folder / "cache.sqlite", other)
            held[key] = Auditor(judge, extractor, VIEW).audit(records)
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
    scores = {}
    for at in (4, 12, 20):
        result = run("LoopsFrom", at=str(at))
        looping = 0
        for r in {v.conversation for v in result.verdicts}:
            a9 = {v.turn: v.passed for v in result.verdicts if v.code is TestCode.A9 and v.conversation == r}
            assert all(passed for turn, passed in a9.items() if turn <= at)
            failed = sum(not passed for turn, passed in a9.items() if turn > at)
            # Every round after the loop starts fails (one may ask round `at`'s line again), unless
            # the reply looped is a formula under five words ("No, it is not."): never a repeat.
            assert failed >= TURNS - at - 1 or failed == 0, (at, failed)
            looping += failed > 0
        assert looping >= 1, at
        (system,) = result.systems
        scores[at] = system.value
    assert scores[4] < scores[12] < scores[20], scores


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
    from kgtest.oracle.battery.audit import read_result, write_result

    result = run("Chatty", partner="Echo", turns=10, chosen=FREE)
    files = BatteryFiles(tmp_path)
    write_result(files, result)
    assert read_result(files) == result
