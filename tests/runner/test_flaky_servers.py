"""Servers that misbehave: wrong shapes, echoed keys, endless 500s and 429s, two runs at once.

Timing is bounded by pytest-timeout, not asserted: the old client waited out a 100 s
Retry-After whatever --timeout said.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kgtest.core.errors import ConfigError, SutUnavailableError
from kgtest.core.settings import Settings
from kgtest.runner.openai_api import mask_secret
from kgtest.runner.plugin import PluginSut
from kgtest.runner.registry import open_sut
from kgtest.runner.run import read_replies
from kgtest.runner.server import ModelServer
from kgtest.runner.sut import Reply, Sampling, SutOptions
from tests.kinds import ask_suite
from tests.runner.chatters import Echo, Flaky, Recorder
from tests.runner.conftest import MakeSuite
from tests.runner.odd_server import Answer, completion, odd_server

QUESTION = ({"role": "user", "content": "Is Paris in France?"},)


def ask(url: str, **options: Any) -> Reply:
    sut = open_sut(f"openai:{url}?model=m", SutOptions(**options))
    [(_, reply)] = list(sut.replies([QUESTION], Sampling()))
    return reply


def always(status: int, body: bytes, headers: dict[str, str] | None = None) -> Callable[[Any], Answer]:
    return lambda request: (status, headers or {}, body)


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        (completion(usage=[1, 2]), "usage: Input should be an object"),
        (
            completion(usage={"completion_tokens": "lots"}),
            "usage.completion_tokens: Input should be a valid integer",
        ),
        (completion(content={"text": "Yes"}), "choices.0.message.content: Input should be a valid string"),
        (completion(content=42), "choices.0.message.content: Input should be a valid string"),
        (b'{"choices": []}', "choices: List should have at least 1 item"),
        (b"[1, 2]", "the body: Input should be an object"),
        (
            b"<html>busy</html>",
            "the body: Invalid JSON: expected value at line 1 column 1 (application/json), "
            "starting '<html>busy</html>'",
        ),
        (b'data: {"choices": []}\n\ndata: [DONE]\n\n', "the body is a streamed reply (application/json)"),
        (b"", "the body is empty (application/json)"),
    ],
)
def test_a_completion_of_the_wrong_shape_is_a_failed_reply_naming_the_field(body: bytes, reason: str) -> None:
    with odd_server(always(200, body)) as (url, _):
        reply = ask(url, retries=0)
    assert not reply.ok and not reply.transient
    assert reply.error is not None and reply.error.startswith(
        f"{url} sent no valid chat completion: {reason}"
    )


def test_a_streamed_reply_is_named_from_its_content_type() -> None:
    body = b'data: {"choices": [{"delta": {"content": "Yes"}}]}\n\ndata: [DONE]\n\n'
    with odd_server(always(200, body, {"Content-Type": "text/event-stream"})) as (url, _):
        reply = ask(url, retries=0)
    assert reply.error == (
        f"{url} sent no valid chat completion: the body is a streamed reply (text/event-stream), not one "
        'JSON object; kgtest asks without "stream": turn streaming off on the server'
    )


def test_a_body_its_content_encoding_does_not_decode_is_a_failed_reply() -> None:
    """httpx's DecodingError ended the whole run with a traceback."""
    with odd_server(always(200, completion(), {"Content-Encoding": "gzip"})) as (url, _):
        reply = ask(url, retries=0)
    assert not reply.ok and not reply.transient
    assert reply.error is not None and reply.error.startswith(
        f"{url} sent a body that its Content-Encoding does not decode (Error -3 while decompressing"
    )


@pytest.mark.parametrize(
    ("status", "location"), [(301, "/v2/chat/completions"), (307, "https://h.example/v1/chat/completions")]
)
def test_a_redirect_stops_the_run_naming_where_it_points(status: int, location: str) -> None:
    """It failed every case as "Invalid JSON: EOF while parsing a value at line 1 column 0"."""
    redirect = always(status, b"", {"Location": location})
    with odd_server(redirect) as (url, received), pytest.raises(SutUnavailableError) as stopped:
        ask(url)
    target = location if location.startswith("https") else url.removesuffix("/v1") + location
    assert str(stopped.value) == (
        f"{url}/chat/completions redirects (HTTP {status}) to {target}; kgtest does not follow redirects: "
        f"give the base URL it names in --sut (openai:{target.removesuffix('/chat/completions')}?model=...)"
    )
    assert len(received) == 1


def test_a_good_completion_still_reads_with_extra_fields() -> None:
    body = completion(
        "No.", usage={"prompt_tokens": 9, "completion_tokens": 2, "extra": [1]}, system_fingerprint=3
    )
    with odd_server(always(200, body)) as (url, _):
        reply = ask(url)
    assert (reply.text, reply.prompt_tokens, reply.completion_tokens, reply.finish_reason) == (
        "No.",
        9,
        2,
        "stop",
    )


def test_a_refused_key_echoed_by_the_server_is_masked(monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "sk-proj-Zq81bT5xK2mW9vL0aR7cF3nY"
    monkeypatch.setenv("OPENAI_API_KEY", secret)
    echoed = json.dumps(
        {"error": {"message": f"Incorrect API key provided: {secret}. Also {secret[:14]}..."}}
    )
    with odd_server(always(401, echoed.encode())) as (url, _), pytest.raises(SutUnavailableError) as refused:
        ask(url)
    message = str(refused.value)
    assert (
        "the key in OPENAI_API_KEY was refused" in message
        and "Incorrect API key provided: *** Also ***)" in message
    )
    assert secret not in message and secret[:14] not in message and secret[-10:] not in message


def test_a_key_with_a_line_end_is_sent_without_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key read from a file keeps its newline: every request failed as "Illegal header value"."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-Zq81bT5xK2mW9vL0aR7cF3nY\n")
    with odd_server(always(200, completion("No."))) as (url, _):
        assert ask(url).text == "No."


def test_a_key_no_header_can_carry_is_a_config_error_that_hides_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key with a non-ASCII letter ended the run in a UnicodeEncodeError traceback."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-proj-Zq81bT5xK2mW9vL0ключ")
    with odd_server(always(200, completion())) as (url, _), pytest.raises(ConfigError) as refused:
        ask(url)
    assert str(refused.value).startswith("OPENAI_API_KEY holds a character no HTTP header can carry")
    assert "Zq81bT5x" not in str(refused.value)


def test_mask_secret_stars_any_eight_characters_of_the_key() -> None:
    key = "sk-abcdefghijklmnop"
    assert mask_secret(f"key {key}, part 'efghijkl', near 'abcdefg', url=http://x/{key[3:12]}", key) == (
        "key ***, part '***', near 'abcdefg', url=http:***"
    )


@pytest.mark.timeout(60)
def test_retry_after_never_outlasts_the_timeout() -> None:
    with odd_server(always(429, b'{"error": "busy"}', {"Retry-After": "100"})) as (url, received):
        reply = ask(url, timeout_s=1.0, retries=2)
    assert len(received) == 3 and reply.transient
    assert reply.error == f"HTTP 429 from {url}: busy (after 2 retries)"


def test_a_replica_that_keeps_answering_500_is_taken_out_of_rotation() -> None:
    questions = [({"role": "user", "content": f"Question {i}?"},) for i in range(60)]
    sick = PluginSut(Flaky("100000"), "plugin:Flaky")
    with (
        ModelServer(PluginSut(Echo(), "plugin:Echo"), model="m") as good,
        ModelServer(sick, model="m") as bad,
    ):
        sut = open_sut(f"openai:{bad.url},{good.url}?model=m", SutOptions(concurrency=4, retries=3))
        replies = dict(sut.replies(questions, Sampling()))
        assert all(r.ok for r in replies.values()) and good.status_counts[200] == 60
        assert bad.status_counts[500] <= 8, bad.status_counts  # not one question in two


def test_transport_failures_are_not_cached_and_a_plain_rerun_asks_them_again(
    settings: Settings, make_suite: MakeSuite
) -> None:
    suite = make_suite("Is A B?", "Is C D?")
    calls = {"n": 0}

    def down_then_up(request: Any) -> Answer:
        calls["n"] += 1
        return (503, {}, b'{"error": "maintenance"}') if calls["n"] <= 2 else (200, {}, completion("Yes"))

    with odd_server(down_then_up) as (url, received):
        sut = open_sut(f"openai:{url}?model=m", SutOptions(retries=0, concurrency=1))
        first = ask_suite(suite, sut, Sampling(), settings)
        assert first.failed == 2 and all(r.transient for _, r in read_replies(first.replies_path))
        second = ask_suite(suite, sut, Sampling(), settings)  # no --retry-failed
        assert (second.asked, second.failed) == (2, 0) and len(received) == 4


def test_two_runs_of_the_same_suite_at_once_ask_each_question_once(
    settings: Settings, make_suite: MakeSuite, tmp_path: Path
) -> None:
    suite = make_suite(*(f"Question {i}?" for i in range(12)))
    log = tmp_path / "asked.log"
    summaries = []

    def run() -> None:
        bot = open_sut(f"plugin:tests.runner.chatters:Recorder?delay=0.05&log={log}")
        summaries.append(ask_suite(suite, bot, Sampling(), settings))

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    asked = log.read_text().splitlines()
    assert sorted(asked) == sorted(f"Question {i}?" for i in range(12)), "every question exactly once"
    assert sum(s.asked for s in summaries) == 12 and all(s.failed == 0 and s.cases == 12 for s in summaries)
    assert Recorder.__name__  # the bot that logs what it is asked
