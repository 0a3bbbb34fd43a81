"""``plugin:module:Class``: a user's chat bot class as a system under test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from kgtest.core.errors import ConfigError
from kgtest.runner.plugin import PluginSut
from kgtest.runner.registry import open_sut
from kgtest.runner.sut import Sampling
from tests.runner.chatters import Echo, Sleepy, Tattler


def test_plugin_gets_the_whole_conversation_and_its_reply_is_recorded() -> None:
    sut = open_sut("plugin:tests.runner.chatters:Echo")
    assert isinstance(sut, PluginSut) and isinstance(sut.chatter, Echo)
    history = ({"role": "user", "content": "My cat is Tom."}, {"role": "assistant", "content": "Nice."})
    question = {"role": "user", "content": "What is my cat called?"}
    [(index, reply)] = list(sut.replies([(*history, question)], Sampling(max_tokens=5)))
    assert index == 0
    assert reply.text == "3: What is my cat called?"
    assert reply.ok and reply.system == "plugin:tests.runner.chatters:Echo"
    assert reply.sampling == Sampling(max_tokens=5) and reply.latency_s >= 0
    assert sut.chatter.seen == [[*history, question]]


def test_plugin_exceptions_become_failed_replies_and_the_rest_go_on() -> None:
    sut = open_sut("plugin:tests.runner.chatters:Flaky?failures=1")
    conversation = ({"role": "user", "content": "Is it?"},)
    replies = dict(sut.replies([conversation, conversation], Sampling()))
    assert replies[0].error == "RuntimeError: backend hiccup 1" and replies[0].text == ""
    assert replies[1].ok and replies[1].text == "No"


def test_query_parameters_are_constructor_arguments_and_part_of_the_spec() -> None:
    sut = open_sut("plugin:tests.runner.chatters:Sleepy?seconds=0.01")
    assert sut.spec == "plugin:tests.runner.chatters:Sleepy?seconds=0.01"
    assert isinstance(sut, PluginSut) and isinstance(sut.chatter, Sleepy) and sut.chatter.seconds == 0.01


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("plugin:Echo", "write plugin:package.module:ClassName"),
        ("plugin:tests.runner.nowhere:Echo", "cannot import 'tests.runner.nowhere'"),
        ("plugin:tests.runner.chatters:Nobody", "has no 'Nobody'"),
        ("plugin:tests.runner.chatters:Echo?colour=red", r"Echo\(colour\) failed"),
        ("plugin:tests.runner.chatters:Message", "no respond"),
    ],
)
def test_bad_plugin_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        open_sut(spec)


def test_a_plugin_beside_the_user_says_how_to_reach_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The kgtest command's Python searches its own bin folder, not the current one: my_bots.py
    # beside the user was 'No module named' with 'install it or add it to PYTHONPATH' only.
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", str(Path.cwd()))])
    monkeypatch.chdir(tmp_path)
    (tmp_path / "probe14_bots.py").write_text("class Bot:\n    def respond(self, c): return 'Yes.'\n")
    beside = r"probe14_bots\.py is in the current folder.*`PYTHONPATH=\. kgtest"
    with pytest.raises(ConfigError, match=beside):
        open_sut("plugin:probe14_bots:Bot")
    with pytest.raises(ConfigError, match="install it or add its folder to PYTHONPATH"):
        open_sut("plugin:probe14_elsewhere:Bot")


SECRET = "sk-PLUGINSECRET-1234567890abcd"


def test_a_secret_in_a_plugin_spec_is_refused_without_being_shown() -> None:
    """A spec is written to run.json, the replies and the cache: ?api_token=... once sat there in clear."""
    with pytest.raises(ConfigError) as refused:
        open_sut(f"plugin:tests.runner.chatters:Tattler?api_token={SECRET}")
    assert SECRET not in str(refused.value) and "?api_token_env=MY_VAR" in str(refused.value)


def test_a_secret_comes_from_the_environment_by_name_and_is_starred_in_replies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TATTLER_SETTING", SECRET)
    sut = open_sut("plugin:tests.runner.chatters:Tattler?api_token_env=TATTLER_SETTING&author=Ann")
    assert SECRET not in sut.spec and "api_token_env=TATTLER_SETTING" in sut.spec
    assert isinstance(sut, PluginSut) and isinstance(sut.chatter, Tattler) and sut.chatter.api_token == SECRET
    ((_, reply),) = sut.replies([[{"role": "user", "content": "Q?"}]], Sampling())
    assert SECRET not in reply.text and "***" in reply.text and "by Ann" in reply.text  # author: no secret
    with pytest.raises(ConfigError, match="the environment has no NOT_SET_ANYWHERE"):
        open_sut("plugin:tests.runner.chatters:Tattler?api_token_env=NOT_SET_ANYWHERE")
