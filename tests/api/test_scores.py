"""Scores that rank systems as people would (docs/scores.md), through the one pipeline on a suite of
every kind: a system that knows every answer scores at the top, every know-nothing system at 0."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import NoReturn

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

import kgtest
from kgtest.api.workspace import Once
from kgtest.core.settings import load_settings
from kgtest.generator.case import Answer
from kgtest.oracle.chance import CHANCE, kind_score
from kgtest.oracle.form_chance import SPEC as WORDING
from kgtest.oracle.judge import Judge
from kgtest.oracle.kind_judge import Credit, JudgeContext, OracleKit
from kgtest.oracle.scores import KindScore, headline
from kgtest.oracle.single_turn import SingleTurnJudge
from kgtest.report.gate import gate
from kgtest.runner.baseline import REFERENCE
from kgtest.runner.runs import run_cases
from kgtest.runner.sut import Reply, Sampling
from kgtest.runner.transcript import Transcript
from tests.api.knower import Knower

KINDS = ("fact", "temporal", "dialogue", "conversation")


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A workspace whose suite holds every kind, asked of the knower and of a coin, both judged."""
    ws = tmp_path_factory.mktemp("scores") / "ws"
    kgtest.build_kb(["example"], workspace=ws)
    request = kgtest.GenRequest(
        questions=kgtest.SuiteRequest(count=24, mtl_depth=2, temporal_count=12, seed=5),
        dialogues=kgtest.DialogueRequest(count=2, seed=5),
        conversations=kgtest.ConversationRequest(count=2, turns=8),
    )
    suite = kgtest.generate(request, workspace=ws, graph=False)
    assert set(suite.kinds) == set(KINDS)
    kgtest.run([suite.path], [Knower(str(suite.path)), "baseline:random"], workspace=ws)
    return ws


@pytest.fixture(scope="module")
def judged(mixed: Path) -> tuple[kgtest.Judged, kgtest.Judged]:
    """The knower's run and the coin's, judged under a gate of 0.5 on every kind's score."""
    knower, coin = _runs(mixed)
    first, second = (
        kgtest.judge(r.run_id, workspace=mixed, graph=False, fail_under=0.5) for r in (knower, coin)
    )
    return first, second


def test_knowing_everything_tops_every_kind_and_knowing_nothing_scores_zero(
    judged: tuple[kgtest.Judged, kgtest.Judged],
) -> None:
    knower, coin = judged
    for kind in KINDS:
        top, low = knower.verdicts.score(kind), coin.verdicts.score(kind)
        assert top is not None and low is not None, kind
        assert top.score is not None and top.score >= 0.9, (kind, top)
        assert low.score is not None and low.score <= 0.1, (kind, low)
        # every know-nothing system, judged on the knower's own exchanges
        assert set(top.baseline_scores) == {b.spec for b in REFERENCE} | {WORDING}
        assert all(s is not None and s <= 0.1 for s in top.baseline_scores.values()), (
            kind,
            top.baseline_scores,
        )
        # chance: the best constant answer, or reading the wording where that gets more
        assert top.chance is not None and top.best_constant in CHANCE
        assert top.chance == max(v for s, v in top.baselines.items() if s in CHANCE and v is not None)
    # the coin asked for real gets what the coin gets when judged on the knower's exchanges
    real, computed = coin.verdicts.score("fact"), knower.verdicts.score("fact")
    assert real is not None and computed is not None and real.value == computed.baselines["baseline:random"]


def test_the_gate_and_the_json_compare_the_score_with_chance_beside_it(
    judged: tuple[kgtest.Judged, kgtest.Judged],
) -> None:
    knower, coin = judged
    assert knower.gate.passed and not coin.gate.passed
    fact = coin.gate.to_json()["kinds"]["fact"]
    facts = [r for r in coin.verdicts.records if r.kind == "fact" and r.verdict is not None]
    wrong = [r for r in facts if r.verdict.answer.answer in (Answer.YES, Answer.NO)  # type: ignore[union-attr]
             and r.verdict.answer.answer != r.verdict.expected]  # type: ignore[union-attr]  # fmt: skip
    assert wrong and fact["measure"] == "correct less wrong answers"
    assert fact["measure_value"] == pytest.approx(fact["rate"] - len(wrong) / len(facts), abs=1e-4)
    measured = coin.verdicts.score("fact")
    assert measured is not None and measured.chance is not None
    assert fact["chance"] == pytest.approx(measured.chance, abs=1e-4)
    assert measured.chance == max(v for s, v in measured.baselines.items() if s in CHANCE and v is not None)
    assert fact["score"] == 0.0 and fact["gate_on"] == "score" and not fact["gate_passed"]
    # the raw rate stays a gate of its own: the coin's share of right replies passes a gate at that
    # share, where its score (0) fails any gate above 0
    v = coin.verdicts
    scores = {s.kind: s for s in v.scores}
    share = fact["rate"] - 1e-3  # the JSON rounds it
    assert 0 < share < 1
    for gate_on, passes in (("rate", True), ("score", False)):
        found = gate(
            v.run_id, "coin", "coin", v.records, share, kgtest.KINDS.units(), scores=scores, gate_on=gate_on
        )
        assert {k.kind: k.ok for k in found.kinds}["fact"] is passes, gate_on


def test_the_report_shows_scores_first_and_tells_real_differences_apart(
    mixed: Path, judged: tuple[kgtest.Judged, kgtest.Judged], tmp_path: Path
) -> None:
    drawn = kgtest.make_report(workspace=mixed, out=tmp_path)
    page = json.loads(drawn.paths["json"].read_text())["scores"]
    rows = {(r["system"], r["kind"]): r for r in page["rows"]}
    assert {s for s, _ in rows} == {"knower", "baseline:random"}
    assert "0 is no better than knowing nothing" in rows[("knower", "fact")]["meaning"]
    apart = {d["kind"]: d for d in page["differences"]}
    fact = apart["fact"]
    knower_ahead = fact["difference"] if fact["first"] == "knower" else -fact["difference"]
    assert fact["real"] and knower_ahead > 0.5 and fact["words"].startswith("knower scores higher")
    html = drawn.paths["html"].read_text()
    assert html.index('id="scores"') < html.index("<h2>Runs</h2>") and "baseline:idk" in html


def _runs(ws: Path) -> list[kgtest.RunInfo]:
    runs, _ = kgtest.list_runs(workspace=ws)
    return sorted(runs, key=lambda r: r.name != "knower")


ANSWERS = st.builds(
    lambda lead, mark, tail: f"{lead}{mark}{tail}",
    st.sampled_from(
        ["Yes", "No", "I don't know", "Maybe", "Absolutely", "Certainly not", "Paris", "It depends", ""]
    ),
    st.sampled_from([".", ",", "!", ""]),
    st.sampled_from(["", " That is right.", " I am not sure.", " I think so.", " Definitely not."]),
)


Pairs = list[tuple[kgtest.TestCase, Transcript]]


@pytest.fixture(scope="module")
def balanced(mixed: Path) -> tuple[Pairs, JudgeContext, dict[str, Credit]]:
    """The mixed suite's fact questions (half Yes, half No), a context to judge them with the fact
    oracle alone, and the know-nothing baselines' credit on them."""
    files = next(r.files for r in _runs(mixed) if r.name == "knower")
    manifest, pairs = run_cases(files)
    single = [(c, t) for c, t in pairs if c.kind == "fact"]
    kit = OracleKit(load_settings(mixed, env={}), fact_judge=Once(Judge), embedder=_refuse, view=_refuse)
    context = JudgeContext(files, manifest, kit)
    judge = SingleTurnJudge()
    found = {b.spec: _credit(judge, _said(single, b.says), context) for b in REFERENCE}
    return single, context, found


@hypothesis_settings(max_examples=25, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(answer=ANSWERS)
def test_any_constant_answer_scores_no_more_than_chance(
    balanced: tuple[Pairs, JudgeContext, dict[str, Credit]], answer: str
) -> None:
    single, context, baselines = balanced
    expected = [c.expected.value for c, _ in single]
    assert expected.count("Yes") == expected.count("No")
    credit = _credit(SingleTurnJudge(), _said(single, lambda asked: answer), context)
    scored = kind_score("fact", credit, baselines)
    # always Yes or always No: as many wrong as right, 0; chance is 0 on a balanced suite
    assert scored.chance == 0.0 and scored.score is not None and scored.score <= 0.1, (answer, scored.value)


def test_the_score_is_zero_at_chance_and_one_at_the_top() -> None:
    assert headline(0.5, [1.0, 0.0] * 10, 0.5)[0] == 0.0
    assert headline(1.0, [1.0] * 20, 0.5)[0] == 1.0
    assert headline(0.3, [0.0] * 14 + [1.0] * 6, 0.5)[0] == 0.0  # worse than chance: still 0
    low = headline(0.7, [1.0] * 14 + [0.0] * 6, 0.5)
    assert low[0] is not None and low[1] is not None and 0 < low[0] < low[1] == pytest.approx(0.4)


def test_a_reply_the_oracle_failed_to_judge_is_left_out_not_counted_zero() -> None:
    """A judge's failure (outcome ``unjudged``) says nothing of the system: its units leave the score
    and the baselines' measures beside it; a run with none judged has no score at all."""
    baselines = {
        "baseline:yes": Credit("correct replies", {"a": 1.0, "b": 0.0, "c": 1.0, "d": 0.0}, 0.5),
        "baseline:no": Credit("correct replies", {"a": 0.0, "b": 1.0, "c": 0.0, "d": 1.0}, 0.5),
    }
    failed = frozenset({"c", "d"})
    scored = kind_score("fact", Credit("correct replies", {"a": 1.0, "b": 1.0}, 1.0, failed), baselines)
    assert set(scored.units) == {"a", "b"} and scored.value == 1.0
    assert scored.baselines == {"baseline:yes": 0.5, "baseline:no": 0.5}
    assert scored.unjudged == 2 and scored.to_json()["unjudged"] == 2  # shown beside the score
    # a failed reply counted 0 would have put this system at 0.5, the constant answer's chance
    nothing = kind_score("fact", Credit("correct replies", {}, None, frozenset("abcd")), baselines)
    assert nothing.value is None and nothing.score is None


def _said(pairs: Pairs, says: Callable[[str], str]) -> Pairs:
    """``pairs`` with each reply replaced by what ``says`` answers to its question."""
    out = []
    for case, transcript in pairs:
        e = transcript.exchanges[0]
        reply = Reply(says(e.asked), "constant", Sampling(), 0.0, finish_reason="stop")
        out.append((case, Transcript(case.id, case.kind, (replace(e, reply=reply),))))
    return out


def _credit(judge: SingleTurnJudge, pairs: Pairs, context: JudgeContext) -> Credit:
    return judge.credit(list(judge.judge(pairs, context).records.values()), None)


def _refuse() -> NoReturn:
    raise AssertionError("single questions need no other oracle")


def test_the_raw_dialogue_share_counts_each_check_once(judged: tuple[kgtest.Judged, kgtest.Judged]) -> None:
    """A check between two dialogue cases (MR2) was counted with each: '110 of 250 checks passed'
    where the run held 62 of 151."""
    for run in judged:
        detail = run.verdicts.details["dialogue"]
        checks = detail.checks  # type: ignore[attr-defined]
        dialogue = {k.kind: k for k in run.gate.kinds}["dialogue"]
        assert any(c.right is not None for c in checks)  # MR2 pairs are there to be counted once
        assert (dialogue.passed, dialogue.total) == (sum(c.passed for c in checks), len(checks))


def test_knowing_some_and_saying_i_dont_know_scores_as_guessing_the_rest_would(
    balanced: tuple[Pairs, JudgeContext, dict[str, Credit]],
) -> None:
    """A system that knows half the answers and says "I don't know." to the rest earns what the same
    knowledge guessing the rest earns on average: guessing wrong costs what guessing right gains. An
    audit's abstainer scored 0.00 beside a guesser's 0.45 when a wrong answer cost nothing."""
    single, context, baselines = balanced
    known = {c.question for i, (c, _) in enumerate(single) if i % 2 == 0}
    truth = {c.question: c.expected.value for c, _ in single}

    def system(otherwise: Callable[[str], str]) -> KindScore:
        def says(asked: str) -> str:
            question = next(q for q in truth if q in asked)
            return f"{truth[question]}." if question in known else otherwise(question)

        return kind_score("fact", _credit(SingleTurnJudge(), _said(single, says), context), baselines)

    flip = {"Yes": "No.", "No": "Yes."}
    abstains = system(lambda q: "I don't know.")
    right_guesses, wrong_guesses = system(lambda q: f"{truth[q]}."), system(lambda q: flip[truth[q]])
    assert abstains.value is not None and right_guesses.value is not None and wrong_guesses.value is not None
    assert abstains.value > 0  # it was 0 (chance) before
    assert abstains.value == pytest.approx((right_guesses.value + wrong_guesses.value) / 2)
