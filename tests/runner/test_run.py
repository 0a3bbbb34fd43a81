"""A run: every case asked once, replies cached as they come, written in suite order."""

from __future__ import annotations

import json
from pathlib import Path

from kgtest.core.settings import Settings
from kgtest.runner.plugin import PluginSut
from kgtest.runner.registry import open_sut
from kgtest.runner.run import read_replies
from kgtest.runner.sut import Sampling
from tests.kinds import ask_suite
from tests.runner.chatters import Echo, Flaky
from tests.runner.conftest import MakeSuite
from tests.runner.suite_fixture import case


def echo() -> PluginSut:
    sut = open_sut("plugin:tests.runner.chatters:Echo")
    assert isinstance(sut, PluginSut)
    return sut


def test_replies_are_written_in_suite_order_with_the_settings(
    settings: Settings, make_suite: MakeSuite
) -> None:
    suite = make_suite("Is A B?", "Is C D?", "Is E F?")
    summary = ask_suite(suite, echo(), Sampling(max_tokens=8, seed=3), settings)
    assert (summary.cases, summary.asked, summary.cached, summary.failed) == (3, 3, 0, 0)
    assert summary.replies_path == settings.workspace / "runs" / summary.run_id / "replies.jsonl"
    replies = list(read_replies(summary.replies_path))
    assert [(cid, r.text) for cid, r in replies] == [
        ("c0", "1: Is A B?"),
        ("c1", "1: Is C D?"),
        ("c2", "1: Is E F?"),
    ]
    assert all(r.sampling == Sampling(max_tokens=8, seed=3) for _, r in replies)
    manifest = json.loads((summary.replies_path.parent / "run.json").read_text())
    assert manifest["status"] == "complete" and manifest["system"] == "plugin:tests.runner.chatters:Echo"
    assert manifest["sampling"] == {"temperature": 0.0, "max_tokens": 8, "seed": 3}
    assert manifest["suite"] == str(suite.resolve())


def test_a_second_run_asks_nothing_and_other_settings_ask_again(
    settings: Settings, make_suite: MakeSuite
) -> None:
    suite = make_suite("Is A B?", "Is C D?")
    first = ask_suite(suite, echo(), Sampling(), settings)
    sut = echo()
    again = ask_suite(suite, sut, Sampling(), settings)
    assert (again.asked, again.cached, again.run_id) == (0, 2, first.run_id)
    assert isinstance(sut.chatter, Echo) and sut.chatter.seen == []
    other = ask_suite(suite, sut, Sampling(temperature=0.5), settings)
    assert (other.asked, other.cached) == (2, 0) and other.run_id != first.run_id
    assert len(sut.chatter.seen) == 2


def test_a_question_shared_by_two_suites_is_asked_once(settings: Settings, make_suite: MakeSuite) -> None:
    sut = echo()
    ask_suite(make_suite("Is A B?", "Is A B?", "Is C D?", name="one.jsonl"), sut, Sampling(), settings)
    summary = ask_suite(make_suite("Is C D?", "Is G H?", name="two.jsonl"), sut, Sampling(), settings)
    assert isinstance(sut.chatter, Echo)
    assert [c[-1]["content"] for c in sut.chatter.seen] == ["Is A B?", "Is C D?", "Is G H?"]
    assert (summary.asked, summary.cached) == (1, 1)


def test_dialogue_history_is_sent_before_the_question(settings: Settings, make_suite: MakeSuite) -> None:
    turns = [
        {"role": "user", "content": "I have a cat."},
        {"role": "assistant", "content": "What is its name?"},
    ]
    sut = echo()
    ask_suite(make_suite(case(0, "Is its name Tom?", turns)), sut, Sampling(), settings)
    assert isinstance(sut.chatter, Echo)
    assert sut.chatter.seen == [[*turns, {"role": "user", "content": "Is its name Tom?"}]]


def test_failures_are_recorded_and_asked_again_only_when_asked(
    settings: Settings, make_suite: MakeSuite
) -> None:
    suite = make_suite("Is A B?", "Is C D?")
    flaky = open_sut("plugin:tests.runner.chatters:Flaky?failures=1")
    assert isinstance(flaky, PluginSut) and isinstance(flaky.chatter, Flaky)
    first = ask_suite(suite, flaky, Sampling(), settings)
    assert first.failed == 1
    [(_, failed), (_, answered)] = read_replies(first.replies_path)
    assert failed.error == "RuntimeError: backend hiccup 1" and answered.text == "No"
    resumed = ask_suite(suite, flaky, Sampling(), settings)
    assert (resumed.asked, resumed.failed, flaky.chatter.calls) == (0, 1, 2)
    retried = ask_suite(suite, flaky, Sampling(), settings, retry_failed=True)
    assert (retried.asked, retried.failed, flaky.chatter.calls) == (1, 0, 3)
    assert [r.text for _, r in read_replies(retried.replies_path)] == ["No", "No"]


def test_limit_takes_the_first_cases_and_progress_is_reported(
    settings: Settings, make_suite: MakeSuite
) -> None:
    seen: list[tuple[str, int, int]] = []
    summary = ask_suite(
        make_suite("Q1?", "Q2?", "Q3?"),
        echo(),
        Sampling(),
        settings,
        limit=2,
        progress=lambda *a: seen.append(a),
    )
    assert summary.cases == 2
    assert seen == [("replies", 0, 2), ("replies", 1, 2), ("replies", 2, 2)]
    assert [cid for cid, _ in read_replies(summary.replies_path)] == ["c0", "c1"]


def test_the_run_id_names_the_cases_system_and_settings(
    settings: Settings, make_suite: MakeSuite, tmp_path: Path
) -> None:
    one = ask_suite(make_suite("Q1?", "Q2?"), echo(), Sampling(), settings)
    assert (
        ask_suite(make_suite("Q1?", "Q2?", name="copy.jsonl"), echo(), Sampling(), settings).run_id
        == one.run_id
    )
    assert (
        ask_suite(make_suite("Q1?", "Q3?", name="b.jsonl"), echo(), Sampling(), settings).run_id != one.run_id
    )
    assert ask_suite(make_suite("Q1?", "Q2?"), echo(), Sampling(seed=1), settings).run_id != one.run_id
