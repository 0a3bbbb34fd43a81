"""The conversation driver of the one runner: what each speaker sees, partners, caching, failures, storage."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kgtest.core.errors import RunnerError
from kgtest.core.settings import Settings
from kgtest.generator.conversation.script import ScriptSettings, build_scripts
from kgtest.runner.conversation import PARTNER, SUT, Utterance, tokens, window
from kgtest.runner.registry import open_sut
from kgtest.runner.transcript import read_transcripts
from tests.generator.conversation.kb import battery_view
from tests.runner.drive import hold

SCRIPTS = build_scripts(battery_view(), 1, 2, 6, ScriptSettings())


def test_each_round_the_partner_speaks_then_the_system_replying_to_all_of_it(settings: Settings) -> None:
    echo = open_sut("plugin:tests.runner.chatters:Echo")
    records = hold(SCRIPTS, echo, settings)
    for record, script in zip(records, SCRIPTS, strict=True):
        assert [u.speaker for u in record.utterances] == [PARTNER, SUT] * 6
        for turn in range(1, 7):
            line = script.line(turn).text
            assert record.said(turn, PARTNER).text == line
            # Echo says how many messages it saw: the whole conversation so far.
            assert record.said(turn).text == f"{2 * turn - 1}: {line}"


def test_the_same_battery_again_is_answered_from_the_cache(tmp_path: Path, settings: Settings) -> None:
    log = tmp_path / "asked.txt"
    bot = open_sut(f"plugin:tests.runner.chatters:Recorder?log={log}")
    first = hold(SCRIPTS, bot, settings)
    assert len(log.read_text().splitlines()) == 12
    again = hold(SCRIPTS, bot, settings)
    assert len(log.read_text().splitlines()) == 12, "nothing asked twice"
    assert first == again


def test_a_partner_system_sees_the_conversation_from_its_side(settings: Settings) -> None:
    sut = open_sut("plugin:tests.runner.chatters:Echo")
    partner = open_sut("plugin:tests.runner.chatters:Echo?who=partner")
    short = build_scripts(battery_view(), 1, 1, 3, ScriptSettings(tests=()))
    records = hold(short, sut, settings, partner=partner, partner_context_tokens=10_000)
    (record,) = records
    assert record.partner == partner.spec
    assert record.said(1, PARTNER).text == short[0].line(1).text  # the opener
    # Round 2: the partner saw the opener (its own) and the system's reply: two messages.
    assert record.said(2, PARTNER).text == f"2: {record.said(1).text}"
    assert record.said(2).text == f"3: {record.said(2, PARTNER).text}"
    assert partner.chatter.seen[0] == [  # type: ignore[attr-defined]
        {"role": "assistant", "content": short[0].line(1).text},
        {"role": "user", "content": record.said(1).text},
    ]


def test_a_failed_reply_is_kept_with_its_reason_and_the_conversation_goes_on(settings: Settings) -> None:
    bot = open_sut("plugin:tests.runner.chatters:Flaky?failures=1")
    (record,) = hold(build_scripts(battery_view(), 1, 1, 3, ScriptSettings(tests=())), bot, settings)
    first = record.said(1)
    assert first.failed and first.text == "" and "backend hiccup 1" in (first.reply.error or "")  # type: ignore[union-attr]
    assert record.said(2).text == "No" and not record.said(2).failed


def test_a_partner_systems_failure_stops_its_conversation_the_system_is_not_judged_on_it(
    settings: Settings,
) -> None:
    sut = open_sut("plugin:tests.runner.chatters:Echo")
    partner = open_sut("plugin:tests.runner.chatters:Flaky?failures=1")
    short = build_scripts(battery_view(), 1, 1, 4, ScriptSettings(tests=()))
    assert hold(short, sut, settings, partner=partner) == []  # nothing to judge: it stopped in round 2
    (run,) = settings.paths.all_runs()
    (transcript,) = read_transcripts(run.replies)
    assert transcript.stopped.startswith("the partner system failed in round 2")
    assert [(e.position, e.speaker) for e in transcript.exchanges] == [(1, SUT), (2, PARTNER)]


def test_transcripts_are_read_back_whole_or_a_bad_line_is_named(settings: Settings) -> None:
    echo = open_sut("plugin:tests.runner.chatters:Echo")
    records = hold(SCRIPTS, echo, settings)
    (run,) = settings.paths.all_runs()
    transcripts = list(read_transcripts(run.replies))
    assert [t.case_id for t in transcripts] == [r.id for r in records]
    lines = run.replies.read_text().splitlines()
    broken = json.loads(lines[1])
    broken["exchanges"][0]["position"] = "one"
    run.replies.write_text(lines[0] + "\n" + json.dumps(broken) + "\n")
    with pytest.raises(RunnerError, match=r"replies.jsonl:2: .*exchanges\[0\]\.position: expected int"):
        list(read_transcripts(run.replies))


def _u(n: int, text: str) -> Utterance:
    return Utterance((n + 2) // 2, PARTNER if n % 2 == 0 else SUT, text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text("ab .?", min_size=1, max_size=20), min_size=1, max_size=12), st.integers(0, 40))
def test_a_window_is_the_longest_run_of_newest_turns_within_the_budget(texts: list[str], budget: int) -> None:
    said = [_u(n, t) for n, t in enumerate(texts)]
    got = window(said, SUT, budget)
    # Brute force: the most newest turns whose tokens fit, at least one.
    fits = [k for k in range(1, len(said) + 1) if sum(tokens(u.text) for u in said[-k:]) <= budget]
    k = len(said) if budget == 0 else max(fits, default=1)
    assert [m["content"] for m in got] == [u.text for u in said[-k:]]
    assert all(
        m["role"] == ("assistant" if u.speaker == SUT else "user")
        for m, u in zip(got, said[-k:], strict=True)
    )
