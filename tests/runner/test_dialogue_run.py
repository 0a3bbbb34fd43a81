"""Dialogue runs: what each round is sent, batching across dialogues, prefix cache, resume, failures."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import kgtest
from kgtest.core.errors import GenerationError
from kgtest.core.settings import Settings
from kgtest.generator.case import TestCase, write_suite
from kgtest.generator.dialogue.cases import INSTRUCTION, KNOWLEDGE_INSTRUCTION
from kgtest.oracle.metamorphic.rounds import answered_rounds
from kgtest.runner.cache import ReplyCache
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Conversation, Reply, Sampling, SutOptions, SystemUnderTest
from tests.runner.dialogue_bots import gold_answers, reworded
from tests.runner.dialogue_fixture import dialogue_suite
from tests.runner.drive import run_dialogue_cases
from tests.runner.odd_server import Answer, completion, odd_server


class Counting:
    """A system wrapped to record how many conversations each ``replies`` call carries."""

    def __init__(self, inner: SystemUnderTest) -> None:
        self.inner, self.calls = inner, []
        self.spec = inner.spec

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        self.calls.append(len(conversations))
        yield from self.inner.replies(conversations, sampling)

    def close(self) -> None:
        self.inner.close()


@pytest.fixture
def suite(tmp_path: Path) -> tuple[Path, list[TestCase]]:
    return dialogue_suite(tmp_path)


def gold(path: Path) -> Counting:
    return Counting(open_sut(f"plugin:tests.runner.dialogue_bots:GoldBot?suite={path}"))


def test_each_round_is_sent_with_instruction_and_gold_history_round_k_batched_and_prefixes_asked_once(
    suite: tuple[Path, list[TestCase]], settings: Settings
) -> None:
    path, cases = suite
    sut = gold(path)
    run = run_dialogue_cases(cases, sut, settings)
    rounds = sum(len(c.dialogue.turns) for c in cases if c.dialogue)
    assert run.rounds == rounds and run.summary.failed == 0 and run.summary.incomplete == 0
    assert len(sut.calls) == max(len(c.dialogue.turns) for c in cases if c.dialogue)  # one call per round k
    assert run.summary.asked == run.distinct == sum(sut.calls) < rounds  # shared prefixes asked once
    replies = run.replies
    shuffled = next(c for c in cases if c.rule == "DS" and c.dialogue)
    third = next(r for r in replies if r.case_id == shuffled.id and r.position == 3)
    with ReplyCache(settings.paths.reply_cache) as cache:
        stored = cache.conversation(third.key)
    d = shuffled.dialogue
    assert d is not None
    # a KB dialogue's rounds may ask what the story does not tell: MORTAR's "cannot be answered from
    # them, answer Unknown" would tell the system to fail them; CoQA's keep MORTAR's words
    assert d.source == "kb" and shuffled.prompt == KNOWLEDGE_INSTRUCTION != INSTRUCTION
    assert stored[0] == {"role": "system", "content": KNOWLEDGE_INSTRUCTION}
    assert [m["content"] for m in stored[1:]] == [
        d.round(d.turns[0].origin).question,
        d.turns[0].expected[0],
        d.round(d.turns[1].origin).question,
        d.turns[1].expected[0],
        d.round(d.turns[2].origin).question,
    ]
    again = gold(path)
    assert run_dialogue_cases(cases, again, settings).summary.asked == 0 and again.calls == []


def test_history_sut_feeds_back_the_systems_own_answers(
    suite: tuple[Path, list[TestCase]], settings: Settings
) -> None:
    _, cases = suite
    echo = open_sut("plugin:tests.runner.chatters:Echo")
    replies = run_dialogue_cases(cases[:1], echo, settings, history="sut").replies
    # Echo says how many messages it got: system, then two per earlier round, then the question.
    assert [r.reply.text.split(":")[0] for r in replies] == [str(2 * k) for k in range(1, len(replies) + 1)]
    assert replies[1].reply.text.endswith(replies[1].question)


@pytest.mark.parametrize("failure", ["500", "timeout"])
def test_a_system_failing_mid_dialogue_leaves_it_resumable_never_half_judged(
    suite: tuple[Path, list[TestCase]], settings: Settings, failure: str
) -> None:
    path, cases = suite
    exact, before = gold_answers(path)
    broken = {"on": True}
    victim = next(c for c in cases if c.rule == "original" and c.dialogue)
    assert victim.dialogue is not None
    second = victim.dialogue.round(victim.dialogue.turns[1].origin).question

    def answer(request: dict[str, Any]) -> Answer:
        messages = tuple(request["messages"])
        if broken["on"] and messages[-1]["content"] == second:
            if failure == "500":
                return 500, {}, b'{"error": "boom"}'
            time.sleep(1.5)
        text = exact.get(json.dumps(messages)) or reworded(messages, before)
        return 200, {}, completion(text)

    with odd_server(answer) as (url, _):
        sut = open_sut(f"openai:{url}?model=m", SutOptions(retries=0, timeout_s=0.5, concurrency=2))
        first = run_dialogue_cases(cases, sut, settings)
        replies = first.replies
        answered, unjudged = answered_rounds(cases, replies)
        failed = {r.case_id for r in replies if not r.reply.ok}
        assert first.summary.incomplete == len(failed) > 0 and all(
            r.reply.transient for r in replies if not r.reply.ok
        )
        assert {u.case_id for u in unjudged} == failed and all("run it again" in u.reason for u in unjudged)
        assert not {a.case_id for a in answered} & failed  # none of their rounds is judged
        broken["on"] = False
        second_run = run_dialogue_cases(cases, sut, settings)
        sut.close()
    assert second_run.summary.incomplete == 0
    assert second_run.summary.asked == len({r.key for r in replies if not r.reply.ok})
    answered, unjudged = answered_rounds(cases, second_run.replies)
    assert unjudged == [] and len(answered) == first.rounds


def test_an_empty_or_non_text_reply_is_a_recorded_failure_with_its_reason(
    suite: tuple[Path, list[TestCase]], settings: Settings
) -> None:
    path, cases = suite
    d = cases[0].dialogue
    assert d is not None
    empty, none = (d.round(d.turns[i].origin).question for i in (1, 2))
    spec = f"plugin:tests.runner.dialogue_bots:Broken?suite={path}&empty={empty}&none={none}"
    summary = run_dialogue_cases(cases, open_sut(spec), settings)
    replies = summary.replies
    reasons = {r.question: r.reply.error for r in replies if not r.reply.ok}
    assert set(reasons) == {empty, none}
    assert reasons[empty] is not None and reasons[empty].startswith("empty reply")
    assert reasons[none] == "not text: respond() returned NoneType"
    answered, unjudged = answered_rounds(cases, replies)
    assert {u.reason for u in unjudged} == set(reasons.values())  # listed, the other rounds judged
    assert len(answered) == summary.rounds - len(unjudged)


def _broken(case: TestCase, how: str) -> TestCase:
    d = case.dialogue
    assert d is not None
    if how == "no question":
        rounds = (d.rounds[0], replace(d.rounds[1], question="  "), *d.rounds[2:])
        return replace(case, dialogue=replace(d, rounds=rounds))
    if how == "no rounds":
        return replace(case, dialogue=replace(d, rounds=()))
    if how == "no expected":
        return replace(case, dialogue=replace(d, turns=(replace(d.turns[0], expected=()), *d.turns[1:])))
    return replace(case, dialogue=replace(d, turns=()))


@pytest.mark.parametrize(
    ("how", "expect"),
    [
        ("no question", r"dialogue.rounds\[1\].question is empty: dialogue.turns\[\d+\] would ask nothing"),
        ("no rounds", r"dialogue.turns\[0\].origin is \d+, but dialogue.rounds holds 0 round\(s\)"),
        ("no expected", r"dialogue.turns\[0\].expected is empty: give the gold answer \(or \"Unknown\"\)"),
        ("no turns", r"dialogue.turns is empty: nothing to ask"),
    ],
)
def test_a_dialogue_edited_so_it_cannot_be_asked_is_named_before_any_run_starts(
    suite: tuple[Path, list[TestCase]], settings: Settings, how: str, expect: str
) -> None:
    """A hand-edited suite: an IndexError halfway through asking (or an empty question sent), once."""
    path, cases = suite
    first = next(i for i, c in enumerate(cases) if c.dialogue is not None)
    cases = [*cases[:first], _broken(cases[first], how), *cases[first + 1 :]]
    with pytest.raises(GenerationError, match=rf"case {cases[first].id}: {expect}\. Fix the case's line"):
        run_dialogue_cases(cases, gold(path), settings)
    assert not settings.paths.runs.exists() or not any(settings.paths.runs.iterdir())


def test_inspect_names_what_keeps_such_a_dialogue_from_being_asked(
    suite: tuple[Path, list[TestCase]], settings: Settings
) -> None:
    """`kgtest inspect` of a dialogue whose rounds were emptied was an IndexError traceback."""
    _, cases = suite
    broken = _broken(next(c for c in cases if c.dialogue is not None), "no rounds")
    settings.paths.suites.mkdir(parents=True, exist_ok=True)
    write_suite(settings.paths.suites / "suite.jsonl", [broken])
    with pytest.raises(GenerationError, match=rf"^case {broken.id}: dialogue.turns\[0\].origin is \d+, but"):
        kgtest.inspect(broken.id, workspace=settings.paths.root)
