"""Replies nobody checked poisoned the cache (issue 22, items 3, 8 and 9): ``checked`` is the gate.

Real components: the SQLite reply cache, plug-in bots loaded by spec, the ``openai:`` client
against a real HTTP server on loopback that echoes the request's Authorization header.
"""

from __future__ import annotations

import json
import math
import sqlite3
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from kgtest.runner.cache import ReplyCache, reply_key
from kgtest.runner.plugin import PluginSut
from kgtest.runner.registry import open_sut
from kgtest.runner.reply_check import (
    ERROR_LIMIT,
    FINISH_LIMIT,
    checked,
    cleaned,
    secrets_from_environment,
)
from kgtest.runner.server import ModelServer
from kgtest.runner.sut import STORE_LIMIT, Conversation, Reply, Sampling, SutOptions
from tests.runner.hostile_bots import Anything, Hang
from tests.runner.odd_server import completion, odd_server

QUESTION = ({"role": "user", "content": "Is Paris in France?"},)
KEY = "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12"


def reply(**fields: Any) -> Reply:
    return Reply(**{"text": "Yes", "system": "s", "sampling": Sampling(), "latency_s": 0.1, **fields})


def stored(path: Path, answer: Reply) -> Reply:
    """``answer`` put into a real reply cache and read back."""
    key = reply_key("s", Sampling(), QUESTION)
    with ReplyCache(path) as cache:
        cache.put(key, QUESTION, answer)
    with ReplyCache(path) as cache:
        return cache.get([key])[key]


def test_a_lone_surrogate_crashed_the_cache_and_checked_replies_store(tmp_path: Path) -> None:
    poisoned = reply(text="Yes \ud800, and a pair \ud83d\ude00")
    with pytest.raises(UnicodeEncodeError):  # what every rerun met before the check
        stored(tmp_path / "raw.sqlite", poisoned)
    safe = checked(poisoned)
    assert safe.ok and safe.text == "Yes \ufffd, and a pair \U0001f600"
    assert stored(tmp_path / "checked.sqlite", safe) == safe


def test_a_finish_reason_that_is_no_text_is_a_failure_naming_the_field() -> None:
    bad = checked(reply(finish_reason=5))
    assert not bad.ok and bad.text == "" and not bad.transient
    assert bad.error == "bad finish_reason: expected text, got int 5"
    assert checked(reply(finish_reason=None)).finish_reason == ""
    assert checked(reply(finish_reason="x" * 500)).finish_reason == "x" * FINISH_LIMIT


def test_no_text_empty_text_and_bad_numbers() -> None:
    assert checked(reply(text=None)).error == "not text: the reply is NoneType"
    assert checked(reply(text=b"Yes")).error == "not text: the reply is bytes"
    assert checked(reply(text=" \n", finish_reason="stop")).error == "empty reply (finish reason stop)"
    assert cleaned(reply(text="")).ok  # a backend may pass an empty answer on; the runner decides
    odd = checked(reply(latency_s=math.nan, prompt_tokens=True, completion_tokens=-3, cut_from="9"))
    assert (odd.latency_s, odd.prompt_tokens, odd.completion_tokens, odd.cut_from) == (0.0, None, None, None)
    failed = checked(reply(text="half", error="x" * 10_000, transient=True))
    assert failed.text == "" and len(failed.error or "") == ERROR_LIMIT and failed.transient


def test_text_is_capped_at_the_store_limit_with_its_length_kept() -> None:
    long = checked(reply(text="y" * (STORE_LIMIT + 7)))
    assert len(long.text) == STORE_LIMIT and long.cut_from == STORE_LIMIT + 7
    assert checked(long) == long


def test_secrets_of_the_environment_are_masked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    monkeypatch.setenv("HF_TOKEN", "hf_abcdefghijklmnop")
    monkeypatch.setenv("NEO4J_PASSWORD", "correct-horse-battery")
    monkeypatch.setenv("SHORT_TOKEN", "abc")  # too short to mask without starring words
    said = checked(
        reply(text=f"Authorization: Bearer {KEY}; hf=hf_abcdefghijklmnop, pw correct-horse-battery. abc")
    )
    assert said.text == "Authorization: Bearer ***; ***, pw *** abc"  # whole words go
    assert (
        checked(reply(text="", error=f"HTTP 400: key {KEY[:12]} refused")).error
        == "HTTP 400: key *** refused"
    )
    assert checked(reply(text="Bearer tok-1234567890"), ("tok-1234567890",)).text == "Bearer ***"
    assert "abc" not in secrets_from_environment({"SHORT_TOKEN": "abc", "PATH": "/usr/bin/x" * 3})


# Hypothesis: anything a system might hand back, fields of any type, text with surrogates.
ANY_TEXT = st.text(st.characters(codec=None, exclude_categories=()), max_size=60)
ODD = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.binary(max_size=5), ANY_TEXT)
REPLIES = st.builds(
    Reply,
    text=st.one_of(ANY_TEXT, ANY_TEXT.map(lambda t: t * 2000), st.just(f"echo {KEY} end"), ODD),
    system=st.just("plugin:x:Y"),
    sampling=st.just(Sampling()),
    latency_s=ODD,
    prompt_tokens=ODD,
    completion_tokens=ODD,
    finish_reason=ODD,
    error=st.one_of(st.none(), st.none(), ANY_TEXT, st.just(f"refused {KEY}")),
    cut_from=ODD,
    transient=st.one_of(st.booleans(), ODD),
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(REPLIES)
# an empty answer with a finish reason: its failure kept the reason, which a second check dropped
@example(Reply(text="", system="plugin:x:Y", sampling=Sampling(), latency_s=None, finish_reason="0"))
def test_any_reply_checked_is_storable_readable_and_checked_again_unchanged(answer: Reply) -> None:
    safe = checked(answer, (KEY,))
    assert checked(safe, (KEY,)) == safe
    assert isinstance(safe.text, str) and len(safe.text) <= STORE_LIMIT
    assert safe.text.strip() if safe.ok else safe.text == "" and isinstance(safe.error, str)
    assert isinstance(safe.finish_reason, str) and isinstance(safe.transient, bool)
    plain = json.dumps(safe.to_dict(), ensure_ascii=False, allow_nan=False)
    plain.encode("utf-8")
    assert KEY[:8] not in plain and Reply.from_dict(json.loads(plain)) == safe
    with tempfile.TemporaryDirectory() as folder:
        assert stored(Path(folder) / "replies.sqlite", safe) == safe


def test_plugin_replies_are_cleaned_where_they_are_made(tmp_path: Path) -> None:
    surrogate = open_sut("plugin:tests.runner.hostile_bots:Surrogate")
    [(_, said)] = list(surrogate.replies([QUESTION], Sampling()))
    assert said.text == "Yes \ufffd and a pair \U0001f600" and stored(tmp_path / "c.sqlite", said) == said
    number = open_sut("plugin:tests.runner.hostile_bots:NumberFinish")
    [(_, bad)] = list(number.replies([QUESTION], Sampling()))
    assert bad.error == "bad finish_reason: expected text, got int 5"
    anything = Anything()
    anything.said = ["a", "list"]
    [(_, listed)] = list(PluginSut(anything, "plugin:x:Anything").replies([QUESTION], Sampling()))
    assert listed.error == "not text: respond() returned list"


def test_a_plugin_that_never_returns_times_out_and_the_next_question_is_answered() -> None:
    sut = open_sut("plugin:tests.runner.hostile_bots:Hang", SutOptions(timeout_s=0.5))
    assert isinstance(sut, PluginSut) and isinstance(sut.chatter, Hang)
    hang = ({"role": "user", "content": "please hang"},)
    started = time.monotonic()
    got = dict(sut.replies([hang, QUESTION, hang, QUESTION], Sampling()))
    assert time.monotonic() - started < 5
    assert got[0].error == "timed out after 0.5 s: respond() did not return" and got[0].transient
    assert got[1].ok and got[1].text == "No" and got[3].text == "No" and got[2].transient
    sut.chatter.forever.set()  # let the abandoned calls end
    sut.close()


def test_a_plugin_that_exits_gives_a_failed_reply() -> None:
    class Exits:
        def respond(self, conversation: list[dict[str, str]]) -> str:
            raise SystemExit(0)

    ((_, reply),) = PluginSut(Exits(), "plugin:x:Exits").replies([QUESTION], Sampling())
    assert reply.error is not None and reply.error.startswith("respond() called sys.exit(0)")


@contextmanager
def echo_server() -> Iterator[str]:
    """A chat server on loopback whose 200 answers repeat the request's Authorization header."""

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            said = f"You sent Authorization: {self.headers.get('Authorization')}"
            body = json.dumps({"choices": [{"message": {"content": said}, "finish_reason": "stop"}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("variable", ["OPENAI_API_KEY", "MY_SERVICE_CREDENTIAL"])
def test_a_200_that_echoes_the_key_stores_no_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, variable: str
) -> None:
    monkeypatch.setenv(variable, KEY)
    query = "model=m" if variable == "OPENAI_API_KEY" else f"model=m&api_key_env={variable}"
    with echo_server() as url:
        sut = open_sut(f"openai:{url}?{query}", SutOptions(retries=0))
        [(_, said)] = list(sut.replies([QUESTION], Sampling()))
    assert said.ok and said.text == "You sent Authorization: Bearer ***"
    path = tmp_path / "replies.sqlite"
    stored(path, checked(said))
    with sqlite3.connect(path) as db:
        dump = "\n".join(db.iterdump())
    assert KEY[:8] not in dump and "Bearer ***" in dump


class RawSurrogate:
    """A system under test (not a plug-in, so nothing cleans its reply) that answers a lone surrogate."""

    spec = "raw:surrogate"

    def replies(
        self, conversations: Sequence[Conversation], sampling: Sampling
    ) -> Iterator[tuple[int, Reply]]:
        for i, _ in enumerate(conversations):
            yield i, Reply("Yes \ud800", self.spec, sampling, 0.0, finish_reason="stop")

    def close(self) -> None:
        pass


def test_serve_model_sends_a_lone_surrogate_as_json_escapes_and_the_client_cleans_it() -> None:
    with ModelServer(RawSurrogate(), model="m") as server:
        sut = open_sut(f"openai:{server.url}?model=m", SutOptions(retries=0))
        [(_, said)] = list(sut.replies([QUESTION], Sampling()))
        assert server.status_counts == {200: 1}
    assert said.ok and said.text == "Yes \ufffd"


def test_a_server_that_sends_an_escaped_lone_surrogate_gives_an_answer() -> None:
    with odd_server(lambda request: (200, {}, completion("Yes \ud800, said as \\ud800"))) as (url, _):
        [(_, said)] = list(
            open_sut(f"openai:{url}?model=m", SutOptions(retries=0)).replies([QUESTION], Sampling())
        )
    assert said.ok and said.text == "Yes \ufffd, said as \\ud800"
