"""Bots with planted behaviour through the whole battery: each test fails exactly where it should."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from kgtest.core.records import to_plain
from kgtest.core.settings import BatterySettings, Weighting
from kgtest.generator.conversation.script import ScriptSettings, build_scripts
from kgtest.generator.conversation.script_records import Script, TestCode
from kgtest.kg.extract.spacy_triples import SpacyExtractor
from kgtest.oracle.conversation.audit import Auditor, BatteryResult
from kgtest.oracle.conversation.verdicts import BatteryJudge
from kgtest.oracle.embeddings import Embedder
from kgtest.runner.conversation import ConverseSettings
from tests.generator.conversation.kb import battery_view
from tests.oracle.conversation.hold import hold as hold_conversations

VIEW = battery_view()
TURNS = 24
Run = Callable[..., BatteryResult]


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory, embedder: Embedder, extractor: SpacyExtractor) -> Run:
    """Hold the scripts' conversations with a planted bot and audit them."""
    judge = BatteryJudge(embedder=embedder)
    folder = tmp_path_factory.mktemp("planted")

    def hold(
        bot: str, scripts: list[Script], config: BatterySettings | None = None, **params: str
    ) -> BatteryResult:
        path = folder / f"scripts-{len(list(folder.iterdir()))}.json"
        path.write_text(json.dumps(to_plain(scripts)), encoding="utf-8")
        query = "&".join(f"{k}={v}" for k, v in {"scripts": str(path), **params}.items())
        spec = f"plugin:tests.oracle.conversation.bots:{bot}?{query}"
        records = hold_conversations(scripts, spec, ConverseSettings(turns=TURNS), folder / "cache.sqlite")
        return Auditor(judge, extractor, VIEW, config).audit(records)

    return hold


ALL = build_scripts(VIEW, 21, 3, TURNS, ScriptSettings())


def test_a_perfect_bot_passes_every_test(run: Run) -> None:
    result = run("Perfect", ALL)
    judged = {v.code for v in result.verdicts}
    assert judged == set(TestCode), f"every test judged at least once, missing {set(TestCode) - judged}"
    failed = [(v.code.value, v.turn, v.reason, v.read) for v in result.verdicts if v.passed is not True]
    assert not failed
    (system,) = result.systems
    wans = {w.criterion: w.value for w in system.wans}
    assert {k: v for k, v in wans.items() if k != "harmlessness" and v is not None} == {
        k: 1.0 for k, v in wans.items() if k != "harmlessness" and v is not None
    }
    assert wans["harmlessness"] is not None and wans["harmlessness"] > 0.9


def test_a_bot_that_forgets_after_n_rounds_fails_i1_beyond_n_only(run: Run) -> None:
    scripts = build_scripts(VIEW, 4, 6, TURNS, ScriptSettings(tests=(TestCode.I1,) * 5, max_distance=10))
    result = run("Forgetful", scripts, after="4")
    memory = [v for v in result.verdicts if v.code is TestCode.I1]
    assert len(memory) == 30
    assert {v.distance <= 4 for v in memory} == {True, False}, "distances on both sides of N"
    assert all(v.passed is (v.distance <= 4) for v in memory), [(v.distance, v.passed) for v in memory]


def test_a_stuttering_bot_fails_a6_on_every_reply(run: Run) -> None:
    result = run("Stutter", ALL[:1])
    stutter = [v for v in result.verdicts if v.code is TestCode.A6]
    assert len(stutter) == TURNS and not any(v.passed for v in stutter)
    assert all(v.reason.startswith("repeats itself: stutter ") for v in stutter)  # issue 41 item 6
    assert all(v.passed for v in result.verdicts if v.code in (TestCode.I1, TestCode.I13, TestCode.A7))


def test_every_failed_test_says_why(run: Run) -> None:
    """Issue 41 item 6: `kgtest inspect` showed "I2 failed in round 1: " with nothing after it."""
    result = run("OffTopic", ALL[:1])
    failed = [v for v in result.verdicts if v.passed is False]
    assert {TestCode.I2, TestCode.I3} <= {v.code for v in failed}
    assert [(v.code.value, v.turn) for v in failed if not (v.reason or v.read)] == []
    off = next(v for v in failed if v.code is TestCode.I2 and v.reason.startswith("off what the partner"))
    assert off.score is not None and f"cosine {off.score:.2f}" in off.reason


def test_a_bot_that_repeats_a_question_fails_a7_from_its_second_reply(run: Run) -> None:
    result = run("RepeatsQuestions", ALL[:1])
    repeated = sorted((v.turn, v.passed) for v in result.verdicts if v.code is TestCode.A7)
    assert repeated[0] == (1, True) and all(not passed for _, passed in repeated[1:])
    assert len(repeated) == TURNS


def test_swan_falls_as_a_wrong_claim_moves_earlier_under_linear_decay(run: Run) -> None:
    linear, uniform = (
        BatterySettings(weighting=Weighting.LINEAR),
        BatterySettings(weighting=Weighting.UNIFORM),
    )
    scores = {}
    for at in (3, 12, 21):
        for name, config in (("linear", linear), ("uniform", uniform)):
            (system,) = run("WrongClaim", ALL[:1], config, at=str(at)).systems
            correctness = next(w for w in system.wans if w.criterion == "correctness")
            scores[(name, at)] = (system.value, correctness.value, correctness.nuggets)
    assert scores[("linear", 3)][:2] < scores[("linear", 12)][:2] < scores[("linear", 21)][:2]
    # Uniform weights do not see where the claim is: one wrong claim among those the KB checks,
    # wherever it moves. How many are checked varies by one: a true claim the partner had already
    # made is the partner's, not scored (issue 27), and the false one replaces a true one before or
    # after the partner makes it. (SWAN itself moves a little more: the bot says "Yes, it is. Charles
    # Darwin was born in Shrewsbury." to several questions, a repeat (A9), and the false claim may
    # take the place of one of them.)
    for at in (3, 12, 21):
        _, value, scored = scores[("uniform", at)]
        assert value == round((scored - 1) / scored, 4)
    checked = {scores[("uniform", at)][2] for at in (3, 12, 21)}
    assert max(checked) - min(checked) <= 1 and min(checked) >= 20, checked
