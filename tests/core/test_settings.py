"""Workspace settings: defaults, TOML, then environment, then flags; secrets only from the environment."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from kgtest.core.config_template import starting_config
from kgtest.core.errors import ConfigError, UnknownNameError
from kgtest.core.settings import (
    BatterySettings,
    ConfigFile,
    Criterion,
    JudgeConfig,
    RepeatSettings,
    RunSettings,
    SparqlSettings,
    StoreSettings,
    Weighting,
    environment_variables,
    load_settings,
    read_config,
    resolve_workspace,
)
from kgtest.core.workspace import CONFIG_NAME
from kgtest.runner.sut import Sampling, SutOptions


def test_new_workspace_gets_the_commented_starting_config(tmp_path: Path) -> None:
    s = load_settings(tmp_path / "ws", env={})
    assert (tmp_path / "ws" / CONFIG_NAME).read_text() == starting_config()
    assert s.store.embedded and s.sparql.endpoint.startswith("https://query.wikidata.org")
    assert [(e.name, e.spec) for e in s.suts] == [("smollm2", "smollm2")]


def test_the_starting_config_holds_the_built_in_defaults(tmp_path: Path) -> None:
    path = tmp_path / CONFIG_NAME
    path.write_text(starting_config(suts=()))
    assert read_config(path) == ConfigFile()
    # The runner's own defaults are the same numbers.
    run = RunSettings()
    assert Sampling() == Sampling(temperature=run.temperature, max_tokens=run.max_tokens, seed=run.seed)
    assert SutOptions() == SutOptions(
        concurrency=run.concurrency, batch_size=run.batch_size, timeout_s=run.timeout, retries=run.retries
    )


def test_every_commented_key_is_valid_when_uncommented(tmp_path: Path) -> None:
    """The example [[sut]] in the starting config is a working one, not prose."""
    text = re.sub(r"(?m)^# (\[\[sut\]\]|[a-z_]+ = .*)$", r"\1", starting_config())
    path = tmp_path / CONFIG_NAME
    path.write_text(text)
    suts = read_config(path).sut
    assert [s.name for s in suts] == ["smollm2", "local-server"]
    assert suts[1].max_tokens == 1024 and suts[1].timeout == 120.0 and suts[1].concurrency == 8


def test_layers_apply_in_order(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_text('[store]\nuri = "bolt://file:7687"\nuser = "fileuser"\n')
    assert load_settings(tmp_path, env={}).store.uri == "bolt://file:7687"
    env = {"NEO4J_URI": "bolt://env:7687", "NEO4J_PASSWORD": "s3cret"}
    s = load_settings(tmp_path, env=env)
    assert (s.store.uri, s.store.user, s.store.password) == ("bolt://env:7687", "fileuser", "s3cret")
    s = load_settings(tmp_path, env=env, overrides={"store": {"uri": "bolt://flag:7687", "user": None}})
    assert s.store.uri == "bolt://flag:7687"
    assert "s3cret" not in repr(s)


def test_a_system_takes_run_defaults_then_its_entry_then_the_environment(tmp_path: Path) -> None:
    (tmp_path / CONFIG_NAME).write_text(
        "[run]\nmax_tokens = 300\ntemperature = 0.5\n"
        '[[sut]]\nname = "a"\nspec = "smollm2"\nmax_tokens = 100\n'
        '[[sut]]\nname = "b"\nspec = "plugin:x:Y"\nsystem_prompt = "Be brief."\n'
    )
    s = load_settings(tmp_path, env={})
    a, b = s.sut("a"), s.sut("b")
    assert (a.max_tokens, a.temperature, a.system_prompt) == (100, 0.5, "")
    assert (b.max_tokens, b.temperature, b.system_prompt) == (300, 0.5, "Be brief.")
    unconfigured = s.sut("openai:http://x/v1?model=m")
    assert (unconfigured.name, unconfigured.spec, unconfigured.max_tokens) == (
        "openai:http://x/v1?model=m",
        "openai:http://x/v1?model=m",
        300,
    )
    s = load_settings(tmp_path, env={"KGTEST_RUN_MAX_TOKENS": "50", "KGTEST_RUN_SYSTEM_PROMPT": "Hi."})
    assert (s.sut("a").max_tokens, s.sut("b").max_tokens, s.sut("b").system_prompt) == (50, 50, "Hi.")
    assert s.sut("a").temperature == 0.5  # what the environment does not set stays as the file says


def test_kgtest_variables_win_over_neo4j_ones(tmp_path: Path) -> None:
    s = load_settings(tmp_path, env={"NEO4J_URI": "bolt://a", "KGTEST_STORE_URI": "bolt://b"})
    assert s.store.uri == "bolt://b"


def test_every_scalar_setting_has_a_variable() -> None:
    variables = environment_variables()
    for section, cls in (("store", StoreSettings), ("sparql", SparqlSettings), ("run", RunSettings),
                         ("judge", JudgeConfig), ("battery", BatterySettings)):  # fmt: skip
        for f in dataclasses.fields(cls):
            if f.name not in ("suites", "criteria", "repeats"):
                assert variables[f"KGTEST_{section}_{f.name}".upper()] == (section, f.name)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[store\n", r"toml:1: not valid TOML: .* \(column 7\)$"),  # file:line:, as every other error
        ('[run]\nmax_tokens = 5\nseed = = 1\n', r"toml:3: not valid TOML: Invalid value \(column 8\)$"),
        ('[store]\npassword = "x"\n', "NEO4J_PASSWORD"),
        ('[store]\nuri = ""\nport = 1\n', r":3: \[store\]: unknown key 'port'; known keys: uri, user"),
        ("[sparql]\nretries = 'many'\n", r":2: \[sparql\] retries = 'many': input should be a valid integer"),
        ("[rnu]\n", r"unknown section \[rnu\]. Did you mean \[run\]\?"),
        ("[dialog]\n", r"Did you mean \[dialogue\]\? Known: .*\[dialogue\], \[prompt\], \[\[sut\]\]$"),
        # a misspelt key is the problem, not the key it left missing (issue 41)
        ('[[sut]]\nnmae = "a"\nspec = "b"\n',
         r":2: \[\[sut\]\] number 1: unknown key 'nmae' \(did you mean 'name'\?\); known keys: name, spec"),
        ("[run]\nmax_tokens = 0\n", r":2: \[run\] max_tokens = 0: input should be greater than or equal"),
        ("[run]\nsuites = 'a.jsonl'\n", r"suites = 'a.jsonl': write an array, e.g. suites = \['a.jsonl'\]"),
        ("[judge]\nfail_under = 1.5\n", r"\[judge\] fail_under = 1.5: input should be less than or equal"),
        ('[sut]\nname = "a"\n', r"write \[\[sut\]\] before each, not \[sut\]"),
        ('[[sut]]\nname = "a"\nspec = "b"\n\n[[sut]]\nname = "c"\nspec = "d"\nmax_tokens = "lots"\n',
         r":8: \[\[sut\]\] number 2 \(name 'c'\) max_tokens = 'lots': input should be a valid integer"),
        ('[[sut]]\nname = "a"\n', r":1: \[\[sut\]\] number 1 \(name 'a'\): spec is required"),
        ('[[sut]]\nname = "a"\nspec = "b"\nmodel = "x"\n',
         r":4: \[\[sut\]\] number 1 \(name 'a'\): unknown key 'model'; known keys: name, spec, temperature"),
        ('[[sut]]\nname = "a"\nspec = "b"\n[[sut]]\nname = "a"\nspec = "c"\n', "'a' is used more than once"),
        ('[[sut]]\nname = ""\nspec = "b"\n', "name = '': string should have at least 1 character"),
        ("[run]\ntemperature = true\n", r"temperature = True: input should be a valid number"),
    ],
)  # fmt: skip
def test_bad_config_names_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / CONFIG_NAME).write_text(text)
    with pytest.raises(ConfigError, match=message) as info:
        load_settings(tmp_path, env={})
    assert str(tmp_path / CONFIG_NAME) in str(info.value)


def test_a_config_saved_with_a_byte_order_mark_reads(tmp_path: Path) -> None:
    # Windows editors start UTF-8 with one: TOML called it 'Invalid statement (at line 1, column 1)'.
    (tmp_path / CONFIG_NAME).write_bytes(b"\xef\xbb\xbf[run]\r\nmax_tokens = 7\r\n")
    assert load_settings(tmp_path, env={}).run.max_tokens == 7
    (tmp_path / CONFIG_NAME).write_bytes(b"\xef\xbb\xbf[run]\nmax_tokens = 'x'\n")
    with pytest.raises(ConfigError, match=r"toml:2: \[run\] max_tokens = 'x'"):
        load_settings(tmp_path, env={})
    (tmp_path / CONFIG_NAME).write_bytes("[run]\n".encode("utf-16"))
    with pytest.raises(ConfigError, match="save it as UTF-8"):
        load_settings(tmp_path, env={})


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"KGTEST_RUN_MAX_TOKENS": "lots"}, "KGTEST_RUN_MAX_TOKENS='lots' is not a valid int"),
        ({"KGTEST_RUN_MAX_TOKENS": "0"}, "KGTEST_RUN_MAX_TOKENS: max_tokens = 0: input should be greater"),
        ({"KGTEST_JUDGE_FAIL_UNDER": "2"}, "KGTEST_JUDGE_FAIL_UNDER: fail_under = 2.0: input should be less"),
    ],
)
def test_bad_variables_are_named(tmp_path: Path, env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=re.escape(message)):
        load_settings(tmp_path, env=env)


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
    assert battery.repeats == RepeatSettings()
    (tmp_path / "kgtest.toml").write_text("[battery.repeats]\necho_share = 0.6\nrepeat_words = 3\n")
    repeats = load_settings(tmp_path, env={}).battery.repeats
    assert (repeats.echo_share, repeats.repeat_words, repeats.block) == (0.6, 3, 4)
    (tmp_path / "kgtest.toml").write_text(
        '[battery]\nweighting = "recency"\nrecency_turns = 3\n[battery.criteria]\ncorrectness = 2.0\n'
    )
    env = {"KGTEST_BATTERY_WEIGHTING": "uniform", "KGTEST_BATTERY_PATIENCE": "4"}
    battery = load_settings(tmp_path, env=env).battery
    assert (battery.weighting, battery.patience, battery.recency_turns) == (Weighting.UNIFORM, 4, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[battery]\nstuter_threshold = 2\n",
            r":2: \[battery\]: unknown key 'stuter_threshold' "
            r"\(did you mean 'stutter_threshold'\?\); known keys: ",
        ),
        (
            '[battery]\nweighting = "cubic"\n',
            r":2: \[battery\] weighting = 'cubic': input should be 'uniform'",
        ),
        ("[battery.criteria]\nkindness = 1.0\n", r"\[battery\] criteria = .*unknown criterion 'kindness'"),
        ("[battery.criteria]\ncorrectness = -1.0\n", r"criteria.correctness = -1.0: input should be greater"),
        (
            "[battery.repeats]\necho_share = 1.5\n",
            r"repeats.echo_share = 1.5: input should be less than or equal",
        ),
        ("[battery.repeats]\nblock = 1\n", r"repeats.block = 1: input should be greater than or equal to 2"),
        ("[battery.repeats]\nechoes = 1\n", r"repeats.echoes"),
        (
            "[battery]\nstutter_max_order = 1\n",
            r"stutter_max_order = 1: input should be greater than or equal to 2",
        ),
    ],
)
def test_bad_battery_settings_name_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "kgtest.toml").write_text(text)
    with pytest.raises(ConfigError, match=f"kgtest.toml{message}" if message.startswith(":") else message):
        load_settings(tmp_path, env={})
