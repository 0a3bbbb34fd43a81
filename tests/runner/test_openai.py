"""The ``openai:`` client against the real OpenAI-compatible server (``kgtest serve-model``) on loopback.

Faults come from real backends behind the real server: a slow bot gives timeouts, a failing
one 500s, a full queue 429 with Retry-After, a key on the server 401s.
"""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import httpx
import pytest

from kgtest.core.errors import ConfigError, SutUnavailableError
from kgtest.runner.plugin import PluginSut
from kgtest.runner.registry import open_sut
from kgtest.runner.server import ModelServer
from kgtest.runner.sut import Conversation, Reply, Sampling, SutOptions, SystemUnderTest
from tests.runner.chatters import Echo, Flaky, Sleepy

QUESTION: Conversation = ({"role": "user", "content": "Is Paris the capital of France? Answer Yes or No."},)
OTHER: Conversation = ({"role": "user", "content": "Name a planet."},)


@contextmanager
def serving(sut: SystemUnderTest, **kwargs: Any) -> Iterator[ModelServer]:
    with ModelServer(sut, model="m", **kwargs) as server:
        yield server


def bot(chatter: Any) -> PluginSut:
    return PluginSut(chatter, f"plugin:{type(chatter).__name__}")


def client(url: str, query: str = "model=m", **options: Any) -> SystemUnderTest:
    return open_sut(f"openai:{url}?{query}", SutOptions(**options))


def free_url() -> str:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{s.getsockname()[1]}/v1"


@pytest.mark.slow
def test_the_real_model_answers_over_http_as_in_process(smollm2: SystemUnderTest) -> None:
    sampling = Sampling(max_tokens=8)
    direct = [next(iter(smollm2.replies([c], sampling)))[1] for c in (QUESTION, OTHER)]
    with serving(smollm2) as server:
        remote = dict(client(server.url, concurrency=1).replies([QUESTION, OTHER], sampling))
        assert server.status_counts == {200: 2}
    for i, local in enumerate(direct):
        assert remote[i].text == local.text
        assert (remote[i].prompt_tokens, remote[i].completion_tokens) == (
            local.prompt_tokens,
            local.completion_tokens,
        )
        assert remote[i].finish_reason == local.finish_reason
        assert remote[i].system == f"openai:{server.url}?model=m" and remote[i].sampling == sampling


def test_a_slow_reply_becomes_a_failed_reply_naming_the_timeout() -> None:
    with serving(bot(Sleepy("5"))) as server:
        started = time.monotonic()
        [(_, reply)] = list(client(server.url, timeout_s=0.3).replies([QUESTION], Sampling()))
        assert time.monotonic() - started < 4  # did not wait for the 5 s answer
    assert reply.error == f"no reply from {server.url} within 0.3 s"
    assert reply.text == "" and reply.latency_s >= 0.3


def test_429_is_retried_after_the_servers_retry_after() -> None:
    with serving(bot(Sleepy("0.2")), max_pending=1, retry_after_s=2) as server:
        started = time.monotonic()
        replies = dict(client(server.url, concurrency=2).replies([QUESTION, OTHER], Sampling()))
        elapsed = time.monotonic() - started
        assert server.status_counts[429] >= 1 and server.status_counts[200] == 2
    assert all(r.ok and r.text == "Yes" for r in replies.values())
    assert elapsed >= 2.0  # our own first backoff would be 0.5 s


def test_server_errors_are_retried_then_recorded() -> None:
    flaky = Flaky("2")
    with serving(bot(flaky)) as server:
        [(_, reply)] = list(client(server.url, retries=3).replies([QUESTION], Sampling()))
        assert reply.ok and reply.text == "No" and flaky.calls == 3
        assert server.status_counts == {500: 2, 200: 1}
    with serving(bot(Flaky("5"))) as server:
        [(_, reply)] = list(client(server.url, retries=1).replies([QUESTION], Sampling()))
    assert reply.error == f"HTTP 500 from {server.url}: RuntimeError: backend hiccup 2 (after 1 retries)"


def test_an_unreachable_server_stops_the_run_naming_the_url() -> None:
    url = free_url()
    with pytest.raises(
        SutUnavailableError, match=re.escape(f"no OpenAI-compatible server answers at {url}: cannot connect")
    ):
        list(client(url, retries=1).replies([QUESTION, OTHER], Sampling()))


def test_an_unknown_model_is_reported_with_what_to_check() -> None:
    with (
        serving(bot(Echo())) as server,
        pytest.raises(SutUnavailableError, match=r"HTTP 404 .*model='gpt-4'"),
    ):
        list(client(server.url, "model=gpt-4").replies([QUESTION], Sampling()))


def test_the_api_key_comes_from_the_environment_and_is_never_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    secret = "sk-test-7c1d"
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("KGTEST_TEST_KEY", raising=False)
    with serving(bot(Echo()), api_key=secret) as server:
        with pytest.raises(SutUnavailableError, match="it needs an API key: export OPENAI_API_KEY"):
            list(client(server.url).replies([QUESTION], Sampling()))
        with pytest.raises(ConfigError, match="reads its API key from KGTEST_TEST_KEY, which is not set"):
            client(server.url, "model=m&api_key_env=KGTEST_TEST_KEY")
        monkeypatch.setenv("KGTEST_TEST_KEY", "sk-wrong-93f2")
        with pytest.raises(SutUnavailableError, match="the key in KGTEST_TEST_KEY was refused") as refused:
            list(client(server.url, "model=m&api_key_env=KGTEST_TEST_KEY").replies([QUESTION], Sampling()))
        assert "sk-wrong-93f2" not in str(refused.value)
        monkeypatch.setenv("KGTEST_TEST_KEY", secret)
        sut = client(server.url, "model=m&api_key_env=KGTEST_TEST_KEY")
        [(_, reply)] = list(sut.replies([QUESTION], Sampling()))
    assert reply.ok
    assert secret not in f"{sut.spec} {sut!r} {reply.to_dict()}"
    assert sut.spec == f"openai:{server.url}?model=m"


def test_several_servers_share_the_load_and_a_dead_one_is_passed_over() -> None:
    questions = [({"role": "user", "content": f"Question {i}?"},) for i in range(8)]
    with serving(bot(Echo())) as one, serving(bot(Echo())) as two:
        replies = dict(client(f"{one.url},{two.url}", concurrency=4).replies(questions, Sampling()))
        assert one.status_counts[200] > 0 and two.status_counts[200] > 0
        assert one.status_counts[200] + two.status_counts[200] == 8
        assert [replies[i].text for i in range(8)] == [f"1: Question {i}?" for i in range(8)]
        served = dict(
            client(f"{free_url()},{one.url}", concurrency=2, retries=2).replies(questions, Sampling())
        )
    assert all(r.ok for r in served.values()) and len(served) == 8


def test_the_server_refuses_what_it_cannot_serve() -> None:
    with serving(bot(Echo())) as server, httpx.Client(base_url=server.url) as http:
        assert http.get("/models").json()["data"] == [{"id": "m", "object": "model"}]
        chat = "/chat/completions"
        assert http.post(chat, json={"model": "m", "messages": []}).status_code == 400
        streamed = http.post(chat, json={"model": "m", "messages": list(QUESTION), "stream": True})
        assert streamed.status_code == 400 and "stream=true is not supported" in streamed.text
        assert http.post(chat, content=b"x" * (11 * 2**20)).status_code == 413
        ok = http.post(chat, json={"model": "m", "messages": list(QUESTION)})
        assert ok.json()["choices"][0]["message"] == {
            "role": "assistant",
            "content": f"1: {QUESTION[0]['content']}",
        }
        assert server.status_counts == {200: 2, 400: 2, 413: 1}


@pytest.mark.parametrize("length", [b"abc", b"-5"])
def test_a_content_length_that_is_no_byte_count_is_answered_400(length: bytes) -> None:
    """It raised in the handler: a traceback on the server's stderr and no answer at all."""
    with serving(bot(Echo())) as server:
        host, port = server.url.removeprefix("http://").removesuffix("/v1").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as s:
            s.sendall(
                b"POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Length: " + length + b"\r\n\r\n{}"
            )
            answer = s.makefile("rb").read()
        assert answer.startswith(b"HTTP/1.1 400") and b"Content-Length is not a byte count" in answer
        assert server.status_counts == {400: 1}


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b'{"model": "m", "messages": [{"role": "user", "content": "x"}], "max_tokens": 1e999}', "infinity"),
        (b'{"model": "m", "messages": [{"role": "user", "content": "x"}], "seed": 1e999}', "infinity"),
        (
            b'{"model": "m", "messages": [{"role": "user", "content": "x"}], "max_tokens": -5}',
            "max_tokens -5",
        ),
        (
            b'{"model": "m", "messages": [{"role": "user", "content": "x"}], "temperature": NaN}',
            "temperature nan",
        ),
        (
            b'{"model": "m", "messages": [{"role": "user", "content": "x"}], "seed": 99999999999999999999}',
            "seed",
        ),
        (b"[" * 100_000, "recursion"),
    ],
)
def test_a_body_no_model_can_take_is_answered_400(body: bytes, why: str) -> None:
    """An infinite max_tokens (OverflowError) or a body nested 100,000 deep (RecursionError) raised in
    the handler: a traceback on the server's stderr, the connection closed with no answer."""
    with serving(bot(Echo())) as server, httpx.Client(base_url=server.url, timeout=10) as http:
        answer = http.post("/chat/completions", content=body)
        assert answer.status_code == 400 and why in answer.json()["error"]["message"], answer.text
        assert server.status_counts == {400: 1}


class BatchCounter:
    """Answers "Yes" to all it is given, noting how many conversations each call held; the first call
    waits for ``release`` so that requests sent meanwhile queue behind it."""

    spec = "plugin:BatchCounter"

    def __init__(self) -> None:
        self.entered, self.release, self.sizes = threading.Event(), threading.Event(), list[int]()

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        if not self.sizes:
            self.entered.set()
            self.release.wait(30)
        self.sizes.append(len(conversations))
        for i, _ in enumerate(conversations):
            yield i, Reply("Yes", self.spec, sampling, 0.0)

    def close(self) -> None:
        pass


@pytest.mark.parametrize(("options", "largest"), [({}, 39), ({"max_batch": 8}, 8)])
def test_waiting_requests_leave_in_one_batch_unless_a_batch_size_is_set(
    options: dict[str, int], largest: int
) -> None:
    """serve-model had a batch of 16 by default: a GPU model that batches 128 got 16 at a time.
    Unset, every waiting request goes to the system, which splits them into its own batches."""
    counter = BatchCounter()
    with serving(counter, **options) as server, httpx.Client(base_url=server.url, timeout=60) as http:
        body = {"model": "m", "messages": [{"role": "user", "content": "Is it?"}]}
        with ThreadPoolExecutor(40) as pool:
            first = pool.submit(http.post, "/chat/completions", json=body)
            assert counter.entered.wait(30)
            rest = [pool.submit(http.post, "/chat/completions", json=body) for _ in range(39)]
            deadline = time.monotonic() + 30
            while server.pending < 40:  # the first is in the system; the other 39 queue behind it
                assert time.monotonic() < deadline, f"only {server.pending} of 40 requests arrived"
                time.sleep(0.01)
            counter.release.set()
            answers = [first.result(), *(r.result() for r in rest)]
        assert all(r.status_code == 200 for r in answers)
    assert counter.sizes[0] == 1 and max(counter.sizes[1:]) == largest and sum(counter.sizes) == 40
