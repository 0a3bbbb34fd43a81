"""A conversation is stored once and keyed once, however many turns of it are asked (issue 42, goal 2).

A 10,000-turn conversation with a bot that answers at once took 571 s and left a 5.9 GB cache: each
turn's row held the whole conversation before it, and each turn's key hashed all of it again. Each
message is now a row of its own, keyed from its parent's key, and a cache written before is
converted when it is opened, so no question is asked twice across the upgrade.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import asdict
from pathlib import Path

import pytest

from kgtest.generator.conversation.cases import conversation_cases
from kgtest.generator.conversation.script import ScriptSettings, build_scripts
from kgtest.runner import cache as cache_module
from kgtest.runner.ask import Asker
from kgtest.runner.cache import Prefix, ReplyCache, prefix_of, reply_key
from kgtest.runner.conversation import ConverseSettings, ask_conversations
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Conversation, Sampling
from tests.generator.conversation.kb import battery_view

ECHO = "plugin:tests.runner.chatters:Echo"
TURNS = 120


def _hold(path: Path, turns: int = TURNS) -> list[str]:
    """A conversation of ``turns`` rounds with the scripted partner; the keys of the system's replies."""
    cases = conversation_cases(build_scripts(battery_view(), 5, 1, turns, ScriptSettings()))
    sut = open_sut(ECHO)
    with ReplyCache(path) as replies:
        (held,) = ask_conversations(Asker(replies, sut, Sampling()), cases, ConverseSettings(turns=turns))
    return [e.key for e in held.exchanges]


def test_each_message_is_stored_once_and_each_reply_row_names_its_conversation(tmp_path: Path) -> None:
    path = tmp_path / "replies.sqlite"
    keys = _hold(path)
    with sqlite3.connect(path) as db:
        messages = db.execute("SELECT count(*), sum(length(message)) FROM messages").fetchone()
        rows = db.execute("SELECT count(*), max(length(conversation)) FROM replies").fetchone()
    assert rows == (TURNS, 64)  # a reply's row holds its conversation's key, not the conversation
    assert messages[0] == 2 * TURNS - 1  # every partner line and every reply but the last, once
    with ReplyCache(path) as cache:
        last = cache.conversation(keys[-1])
        first = cache.conversation(keys[0])
    assert len(last) == 2 * TURNS - 1 and last[:1] == first
    assert messages[1] == sum(len(json.dumps(m, ensure_ascii=False, separators=(",", ":"))) for m in last)


def test_a_turn_keys_only_the_messages_it_adds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keying every turn of a conversation hashes each message about once: not n(n+1)/2 times."""
    calls = 0
    real = cache_module.message_key

    def counted(parent: str, message: dict[str, str]) -> str:
        nonlocal calls
        calls += 1
        return real(parent, message)  # type: ignore[arg-type]

    monkeypatch.setattr(cache_module, "message_key", counted)
    _hold(tmp_path / "replies.sqlite")
    assert calls <= 2 * (2 * TURNS)  # keyed when asked, and again when stored


def test_keys_from_a_prefix_are_the_keys_of_the_whole_conversation() -> None:
    said: Conversation = tuple(
        {"role": ("user", "assistant")[n % 2], "content": f"line {n}"} for n in range(9)
    )
    whole = prefix_of(said)
    for n in range(len(said) + 1):
        assert prefix_of(said, prefix_of(said[:n])) == whole
    assert reply_key("s", Sampling(), said) != reply_key("s", Sampling(), said[:-1])
    assert prefix_of(()) == Prefix()


def _schema_1(path: Path, rows: list[tuple[str, Conversation, str]]) -> None:
    """A cache as kgtest wrote it before (commit 2627fb5): the conversation's JSON in each row."""
    with sqlite3.connect(path) as db:
        db.execute(
            "CREATE TABLE replies (key TEXT PRIMARY KEY, system TEXT NOT NULL, sampling TEXT NOT NULL, "
            "conversation TEXT NOT NULL, reply TEXT NOT NULL, ok INTEGER NOT NULL, created REAL NOT NULL)"
        )
        db.execute("CREATE TABLE claims (key TEXT PRIMARY KEY, owner TEXT NOT NULL, created REAL NOT NULL)")
        for system, conversation, text in rows:
            plain = {"system": system, "sampling": asdict(Sampling()), "conversation": list(conversation)}
            key = hashlib.sha256(
                json.dumps(plain, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()
            ).hexdigest()
            reply = {"text": text, "system": system, "sampling": asdict(Sampling()), "latency_s": 0.1}
            db.execute(
                "INSERT INTO replies VALUES (?, ?, ?, ?, ?, 1, 0)",
                (key, system, json.dumps(asdict(Sampling()), sort_keys=True), json.dumps(list(conversation)),
                 json.dumps(reply)),
            )  # fmt: skip
        db.execute("INSERT INTO claims VALUES ('an old key', 'host:1:x', 0)")


def test_a_cache_written_before_is_converted_and_still_answers(tmp_path: Path) -> None:
    path = tmp_path / "replies.sqlite"
    asked: Conversation = ({"role": "user", "content": "Was Dickens born in Portsmouth?"},)
    longer: Conversation = (
        *asked,
        {"role": "assistant", "content": "Yes"},
        {"role": "user", "content": "Sure?"},
    )
    _schema_1(path, [(ECHO, asked, "Yes"), (ECHO, longer, "Quite sure")])
    sut = open_sut(ECHO)
    with ReplyCache(path) as cache:
        asker = Asker(cache, sut, Sampling())
        got = asker.ask([asked, longer], "fact")
        assert [r.text for _, r in got] == ["Yes", "Quite sure"] and asker.asked == 0
        assert cache.conversation(got[1][0]) == list(longer)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == cache_module.VERSION
        assert db.execute("SELECT count(*) FROM claims").fetchone()[0] == 0
    with ReplyCache(path) as cache:  # opened again: nothing left to convert, the same answers
        again = cache.get([k for k, _ in got])
        assert [again[k].text for k, _ in got] == ["Yes", "Quite sure"]
