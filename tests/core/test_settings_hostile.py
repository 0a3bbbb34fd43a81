"""Hostile settings (issue 22, item 6): infinite and absurd numbers, misspelt variables, bad URIs
and workspaces are errors that name the file, line and key (or the variable), never tracebacks."""

from __future__ import annotations

import ast
import json
import math
from pathlib import Path

import pytest

from kgtest.core.config_checks import DIRECT_VARIABLES
from kgtest.core.errors import ConfigError
from kgtest.core.settings import environment_variables, load_settings
from kgtest.core.workspace import CONFIG_NAME

ROOT = Path(__file__).resolve().parents[2]


def _workspace(tmp_path: Path, text: str) -> Path:
    ws = tmp_path / "ws"
    ws.mkdir()
    (ws / CONFIG_NAME).write_text(text, encoding="utf-8")
    return ws


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "[battery.criteria]\ncoherence = inf\n",
            r":2: \[battery\] criteria\.coherence = inf: input should be a finite",
        ),
        (
            "[battery.criteria]\nrobustness = 2.0\ncoherence = 1e308\n",
            r":3: \[battery\] criteria\.coherence = 1e\+308: ",
        ),
        (
            "[battery]\ncriteria = { coherence = nan }\n",
            r":2: \[battery\] criteria\.coherence = nan: input should be a finite",
        ),
        ("[run]\ntemperature = inf\n", r":2: \[run\] temperature = inf: input should be a finite"),
        (
            "[run]\ntimeout = 1e300\n",
            r":2: \[run\] timeout = 1e\+300: input should be less than or equal to 1000000",
        ),
        ("[store]\ntimeout_s = -inf\n", r":2: \[store\] timeout_s = -inf: input should be"),
        ("[battery]\nstutter_threshold = inf\n", r":2: \[battery\] stutter_threshold = inf"),
        (
            "[run]\nmax_tokens = 99999999999999\n",
            r":2: \[run\] max_tokens = 99999999999999: input should be less",
        ),
        (
            "[run]\nseed = 999999999999999999999\n",
            r":2: \[run\] seed = 999999999999999999999: input should be less",
        ),
        ("[store]\nembedded_port = 70000\n", r":2: \[store\] embedded_port = 70000: input should be less"),
        (
            '[[sut]]\nname = "a"\nspec = "smollm2"\ntemperature = inf\n',
            r":4: \[\[sut\]\] number 1 \(name 'a'\) temperature = inf",
        ),
    ],
)
def test_non_finite_and_absurd_numbers_name_file_line_and_key(
    tmp_path: Path, text: str, message: str
) -> None:
    ws = _workspace(tmp_path, text)
    with pytest.raises(ConfigError, match=rf"^{ws / CONFIG_NAME}{message}"):
        load_settings(ws, env={})


def test_generous_values_still_load_and_give_finite_json(tmp_path: Path) -> None:
    text = "[battery.criteria]\ncoherence = 1000.0\ncorrectness = 0.0\n"
    text += "[run]\ntimeout = 3600.0\nmax_tokens = 100000\n"
    s = load_settings(_workspace(tmp_path, text), env={})
    assert s.battery.criteria["coherence"] == 1000.0 and s.run.timeout == 3600.0
    json.dumps(s.battery.criteria, allow_nan=False)
    assert all(math.isfinite(w) for w in s.battery.criteria.values())


@pytest.mark.parametrize(
    ("env", "message"),
    [
        (
            {"KGTEST_RUN_TIMEOUT": "inf"},
            r"^KGTEST_RUN_TIMEOUT: timeout = inf: input should be a finite number",
        ),
        (
            {"KGTEST_RUN_TEMPERATURE": "nan"},
            r"^KGTEST_RUN_TEMPERATURE: temperature = nan: input should be a finite",
        ),
        (
            {"KGTEST_JUDGE_FAIL_UNDER": "1e308"},
            r"^KGTEST_JUDGE_FAIL_UNDER: fail_under = 1e\+308: input should be less",
        ),
        (
            {"KGTEST_RUN_MAX_TOKEN": "5"},
            r"^environment variable KGTEST_RUN_MAX_TOKEN is set, .*Did you mean KGTEST_RUN_MAX_TOKENS\?",
        ),
        (
            {"KGTEST_JUGDE_FAIL_UNDER": "0.9"},
            r"KGTEST_JUGDE_FAIL_UNDER .*Did you mean KGTEST_JUDGE_FAIL_UNDER\?",
        ),
        ({"KGTEST_WORKSPCE": "/tmp/x"}, r"KGTEST_WORKSPCE .*Did you mean KGTEST_WORKSPACE\?"),
        (
            {"KGTEST_MY_KEY": "sk-1"},
            r"KGTEST_MY_KEY is set, but kgtest reads no such variable\. A key an api_key_env= of --sut reads "
            r"must have a name without KGTEST_",
        ),
        (
            {"KGTEST_STORE_URI": "garbage://x"},
            r"^KGTEST_STORE_URI: uri = 'garbage://x': value error, scheme 'garbage' is not Bolt",
        ),
        ({"NEO4J_URI": "bolt://[::1"}, r"^NEO4J_URI: uri = 'bolt://\[::1': value error, not a URI"),
        (
            {"KGTEST_STORE_URI": "bolt://db:99999"},
            r"^KGTEST_STORE_URI: uri = 'bolt://db:99999': value error, not a URI",
        ),
        (
            {"KGTEST_STORE_URI": "neo4j://"},
            r"^KGTEST_STORE_URI: uri = 'neo4j://': value error, names no host",
        ),
    ],
)
def test_bad_and_misspelt_variables_are_named(tmp_path: Path, env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        load_settings(tmp_path / "ws", env=env)


def test_variables_kgtest_reads_elsewhere_and_a_key_of_the_users_own_are_accepted(tmp_path: Path) -> None:
    text = (
        '[[sut]]\nname = "hosted"\nspec = "openai:http://127.0.0.1:1/v1?model=m&api_key_env=KGTEST_MY_KEY"\n'
    )
    ws = _workspace(tmp_path, text)
    env = {"KGTEST_WORKSPACE": str(ws), "KGTEST_JVM_CACHE": "0", "KGTEST_MY_KEY": "sk-123", "KGTEST_TYPO": ""}
    assert load_settings(ws, env={**env, "KGTEST_STORE_URI": "neo4j+s://db.example:7687"}).store.uri
    with pytest.raises(ConfigError, match="KGTEST_OTHER_KEY is set"):
        load_settings(ws, env={**env, "KGTEST_OTHER_KEY": "sk-123"})


def test_every_kgtest_variable_the_code_reads_is_accepted() -> None:
    """Any ``"KGTEST_..."`` string in kgtest's own code names a setting's variable or a direct one."""
    known = set(environment_variables()) | set(DIRECT_VARIABLES)
    found: dict[str, str] = {}
    packages = ("core", "kg", "prolog", "generator", "runner", "oracle", "report", "cli")
    for path in (p for package in packages for p in (ROOT / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                name = node.value
                if name.startswith("KGTEST_") and name.isupper() and name.rstrip("_") == name:
                    found[name] = str(path.relative_to(ROOT))
    assert "KGTEST_JVM_CACHE" in found
    assert {n: p for n, p in found.items() if n not in known} == {}


@pytest.mark.parametrize("where", ["/proc/kgtest-ws", "a-file"])
def test_a_workspace_that_cannot_be_made_is_a_config_error(tmp_path: Path, where: str) -> None:
    path = Path(where) if where.startswith("/") else tmp_path / where
    if not where.startswith("/"):
        path.write_text("not a folder", encoding="utf-8")
    with pytest.raises(ConfigError, match=rf"^cannot make the workspace {path}: .*give --workspace"):
        load_settings(path, env={})


@pytest.mark.parametrize(
    ("uri", "why"),
    [
        ("bolt://neo4j:sk-pw-4410@db:7687", "holds a user or password, which kgtest never takes from a URI"),
        ("neo4j+s://sk-pw-4410@db:7687", "holds a user or password"),
        ("bolt://neo4j:sk-pw-4410@db:99999", "not a URI"),
        ("ftp://neo4j:sk-pw-4410@db:21", "scheme 'ftp' is not Bolt"),
    ],
)
def test_a_password_in_a_store_uri_is_refused_and_never_shown(tmp_path: Path, uri: str, why: str) -> None:
    """The driver refused a URI's user and password with a traceback that printed them."""
    for name in ("KGTEST_STORE_URI", "NEO4J_URI"):
        with pytest.raises(ConfigError, match=f"^{name}: uri = '[a-z0-9+]+://\\*\\*\\*@db:") as refused:
            load_settings(tmp_path / "ws", env={name: uri})
        assert why in str(refused.value) and "sk-pw-4410" not in str(refused.value)
    with pytest.raises(ConfigError, match=r"^--store-uri: uri = ") as refused:
        load_settings(tmp_path / "ws", env={}, overrides={"store": {"uri": uri}})
    assert "sk-pw-4410" not in str(refused.value)
    if why.startswith("holds"):
        assert "the password in NEO4J_PASSWORD" in str(refused.value)


@pytest.mark.parametrize(
    ("text", "shown"),
    [("store = true\n", "store = True"), ("run = 3\n", "run = 3"), ('prompt = "x"\n', "prompt = 'x'")],
)
def test_a_section_written_as_a_value_says_how_to_write_it(tmp_path: Path, text: str, shown: str) -> None:
    """`store = true` was a TypeError traceback (checking it for a password); `run = 3` said
    'input should be a dictionary or an instance of RunSettings'."""
    ws = _workspace(tmp_path, text)
    section = text.split(" ")[0]
    with pytest.raises(ConfigError) as refused:
        load_settings(ws, env={})
    assert str(refused.value) == (
        f"{ws / CONFIG_NAME}: {shown}: [{section}] is a section, not a value; write [{section}] on a line "
        "of its own and its keys below it"
    )


def test_a_system_that_is_no_table_says_how_to_write_one(tmp_path: Path) -> None:
    """`sut = [3]` said '[[sut]] number 1  = 3: input should be a dictionary or an instance of SutEntry'."""
    ws = _workspace(tmp_path, "sut = [3]\n")
    with pytest.raises(
        ConfigError, match=r": \[\[sut\]\] number 1 is 3: write \[\[sut\]\] on a line of its own, then"
    ):
        load_settings(ws, env={})


@pytest.mark.parametrize(
    ("url", "why"),
    [
        ("not a url", "not an http(s) URL"),
        ("ftp://x/sparql", "not an http(s) URL"),
        ("http://[::1", "not a URL (Invalid IPv6 URL)"),
        ("http://u:sk-pw-4410@127.0.0.1:1/sparql", "holds a user or password"),
    ],
)
def test_a_sparql_endpoint_urllib_cannot_ask_is_refused(tmp_path: Path, url: str, why: str) -> None:
    """build-kb sparql --endpoint 'not a url' was a ValueError traceback; ftp:// was tried six
    times; a password in the URL was printed in the error."""
    with pytest.raises(ConfigError, match=r"^KGTEST_SPARQL_ENDPOINT: endpoint = ") as refused:
        load_settings(tmp_path / "env", env={"KGTEST_SPARQL_ENDPOINT": url})
    assert why in str(refused.value) and "sk-pw-4410" not in str(refused.value)
    ws = _workspace(tmp_path, f'[sparql]\nendpoint = "{url}"\n')
    with pytest.raises(ConfigError, match=r":2: \[sparql\] endpoint = "):
        load_settings(ws, env={})
