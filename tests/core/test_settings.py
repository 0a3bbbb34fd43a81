"""Workspace settings: TOML, then environment, then flags; secrets only from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from kgtest.core.errors import ConfigError, UnknownNameError
from kgtest.core.settings import Criterion, Weighting, load_settings, resolve_workspace
from kgtest.core.workspace import CONFIG_NAME


def test_new_workspace_gets_a_commented_default_config(tmp_path: Path) -> None:
    s = load_settings(tmp_path / "ws", env={})
    assert (tmp_path / "ws" / CONFIG_NAME).read_text().startswith("# kgtest workspace settings")
    assert s.store.embedded and s.sparql.endpoint.startswith("https://query.wikidata.org")


def test_layers_apply_in_order(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_text('[store]\nuri = "bolt://file:7687"\nuser = "fileuser"\n')
    assert load_settings(tmp_path, env={}).store.uri == "bolt://file:7687"
    env = {"NEO4J_URI": "bolt://env:7687", "NEO4J_PASSWORD": "s3cret"}
    s = load_settings(tmp_path, env=env)
    assert (s.store.uri, s.store.user, s.store.password) == ("bolt://env:7687", "fileuser", "s3cret")
    s = load_settings(tmp_path, env=env, overrides={"store": {"uri": "bolt://flag:7687", "user": None}})
    assert s.store.uri == "bolt://flag:7687"
    assert "s3cret" not in repr(s)


def test_kgtest_variables_win_over_neo4j_ones(tmp_path: Path) -> None:
    s = load_settings(tmp_path, env={"NEO4J_URI": "bolt://a", "KGTEST_STORE_URI": "bolt://b"})
    assert s.store.uri == "bolt://b"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[store\n", "not valid TOML"),
        ('[store]\npassword = "x"\n', "NEO4J_PASSWORD"),
        ('[store]\nuri = "x"\nport = 1\n', r"unknown setting\(s\) \['port'\]"),
        ("[sparql]\nretries = 'many'\n", "retries='many' is not a valid int"),
    ],
)
def test_bad_config_names_file_and_field(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / CONFIG_NAME).write_text(text)
    with pytest.raises(ConfigError, match=message) as info:
        load_settings(tmp_path, env={})
    assert str(tmp_path) in str(info.value)


def test_workspace_resolution(tmp_path: Path) -> None:
    assert resolve_workspace(tmp_path / "a", env={"KGTEST_WORKSPACE": "/elsewhere"}) == tmp_path / "a"
    assert resolve_workspace(None, env={"KGTEST_WORKSPACE": str(tmp_path / "b")}) == tmp_path / "b"
    assert resolve_workspace(None, env={}).name == "kgtest-workspace"


def test_unknown_names_suggest_the_closest() -> None:
    err = UnknownNameError("domain", "peple", ["people", "places", "events"])
    assert "Did you mean 'people'?" in str(err) and "Known domains: events, people, places" in str(err)


def test_battery_settings_come_from_the_workspace_file(tmp_path: Path) -> None:
    (tmp_path / "kgtest.toml").write_text(
        '[battery]\nweighting = "recency"\nrecency_turns = 3\n[battery.criteria]\ncorrectness = 2.0\n'
    )
    battery = load_settings(tmp_path, env={}).battery
    assert battery.weighting is Weighting.RECENCY and battery.recency_turns == 3
    assert battery.weight(Criterion.CORRECTNESS) == 2.0 and battery.weight(Criterion.COHERENCE) == 1.0
    (tmp_path / "kgtest.toml").write_text("[battery]\nstuter_threshold = 2\n")
    with pytest.raises(
        ConfigError, match=r"kgtest.toml \[battery\]: unknown setting\(s\) \['stuter_threshold'\]"
    ):
        load_settings(tmp_path, env={})
