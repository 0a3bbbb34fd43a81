"""Hostile system specs, store URIs and ports at the command line (probe-12): each is one clear
error and exit 2, never a traceback, and a secret written into one is never shown or kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from kgtest import api
from kgtest.cli.disk import disk_error
from kgtest.cli.main import cli
from kgtest.core.errors import ConfigError
from kgtest.core.workspace import CONFIG_NAME
from kgtest.generator.case import write_suite

from ..runner.suite_fixture import case

ENV = {"NEO4J_URI": "", "KGTEST_STORE_URI": ""}
SECRET = "sk-probe-7713"


def kgtest(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), env=ENV)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stderr
    return result.exit_code, " ".join(result.output.split())


def _suite(tmp_path: Path) -> Path:
    path = tmp_path / "suite.jsonl"
    write_suite(path, [case(0, "Is A B?")])
    return path


@pytest.mark.parametrize(
    "spec",
    [
        f"openai:http://user:{SECRET}@127.0.0.1:9/v1?model=m",
        f"openai:http://127.0.0.1:9/v1,https://{SECRET}@127.0.0.1:10/v1?model=m",
    ],
)
def test_a_key_in_an_openai_url_is_refused_never_shown_or_kept(tmp_path: Path, spec: str) -> None:
    """It was sent, printed in the error and written into run.json and the report."""
    ws = tmp_path / "ws"
    code, out = kgtest("--workspace", str(ws), "run", str(_suite(tmp_path)), "--sut", spec, "--quiet")
    assert code == 2 and "a base URL holds a user or password" in out and "OPENAI_API_KEY" in out, out
    assert SECRET not in out
    assert not any(SECRET in p.read_text(errors="replace") for p in ws.rglob("*") if p.is_file())


@pytest.mark.parametrize("param", ["api_key", "token", "Authorization"])
def test_a_key_as_a_parameter_of_an_openai_spec_is_refused_never_shown(tmp_path: Path, param: str) -> None:
    """`?api_key=` was "unknown parameter(s) api_key" after the progress line had printed the spec
    with the key, into the terminal and a CI log."""
    ws, spec = tmp_path / "ws", f"openai:http://127.0.0.1:9/v1?model=m&{param}={SECRET}"
    for args in (("run", str(_suite(tmp_path)), "--sut", spec), ("init", "--sut", spec)):
        code, out = kgtest("--workspace", str(ws), *args)
        assert code == 2 and f"?{param}= puts a secret in the spec" in out and "OPENAI_API_KEY" in out, out
        assert SECRET not in out
    assert not any(SECRET in p.read_text(errors="replace") for p in ws.rglob("*") if p.is_file())


def test_a_key_in_an_openai_url_of_kgtest_toml_is_not_shown(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    ws.mkdir()
    spec = f"openai:http://u:{SECRET}@127.0.0.1:9/v1?model=m"
    (ws / CONFIG_NAME).write_text(f'[[sut]]\nname = "mine"\nspec = "{spec}"\n', encoding="utf-8")
    code, out = kgtest("--workspace", str(ws), "run", str(_suite(tmp_path)), "--quiet")
    assert code == 2 and "spec = 'openai:http://***@127.0.0.1:9/v1?model=m'" in out, out
    assert SECRET not in out


@pytest.mark.parametrize(
    ("uri", "why"),
    [
        ("bolt://127.0.0.1:1/db?x=1", "a query (?x=1) is a routing context, which only neo4j:// takes"),
        ("bolt+s://127.0.0.1:1?region=eu", "a query (?region=eu) is a routing context"),
        ("neo4j://127.0.0.1:1?policy", "routing context 'policy' needs one value"),
        ("neo4j://127.0.0.1:1?a=1&a=2", "routing context 'a' needs one value"),
    ],
)
def test_a_store_uri_query_the_driver_refuses_exits_2(tmp_path: Path, uri: str, why: str) -> None:
    """The Neo4j driver raised ConfigurationError from inside the command: a traceback, exit 1."""
    code, out = kgtest("--workspace", str(tmp_path / "ws"), "--store-uri", uri, "kb", "stats")
    assert code == 2 and f"--store-uri: uri = '{uri}': value error, {why}" in out, out


@pytest.mark.parametrize("port", ["99999", "-1"])
def test_serve_model_refuses_a_port_that_cannot_exist(port: str) -> None:
    """socket.bind raised OverflowError after the model had loaded: a traceback, exit 1."""
    code, out = kgtest("serve-model", "--sut", "baseline:yes", "--port", port)
    assert code == 2 and f"Invalid value for '--port': {port} is not in the range 0<=x<=65535" in out, out


def test_serve_model_api_refuses_a_port_that_cannot_exist() -> None:
    with pytest.raises(ConfigError, match=r"^--port 70000: a port is 0-65535"):
        api.serve_model("baseline:yes", port=70000).__enter__()


def test_an_output_folder_no_file_system_can_make_exits_2(tmp_path: Path) -> None:
    """mkdir under /proc raised FileNotFoundError: a traceback from report, judge --junit, import,
    gen and export --out; a missing file kgtest reads stays no disk problem."""
    suite, ws = str(_suite(tmp_path)), str(tmp_path / "ws")
    code, out = kgtest("--workspace", ws, "export", suite, "--to", "inspect", "--out", "/proc/kgtest-probe/x")
    assert code == 2, out
    assert out == (
        "error: cannot make the folder /proc/kgtest-probe: No such file or directory; give another path "
        "(--out, --junit) on a disk this user can write"
    )
    with pytest.raises(FileNotFoundError) as missing:
        (tmp_path / "no-such-file").read_text()
    assert disk_error(missing.value, tmp_path) is None


@pytest.mark.parametrize(
    "args",
    [("gen", "--count", "1"), ("converse", "--sut", "baseline:yes", "--turns", "2")],
)
@pytest.mark.parametrize("seed", [str(2**63), str(-(2**63) - 1)])
def test_a_seed_the_graph_store_cannot_hold_is_refused_before_any_work(
    tmp_path: Path, args: tuple[str, ...], seed: str
) -> None:
    """gen --seed 99999999999999999999999 wrote the suite, then raised OverflowError packing the
    seed for the graph store: a traceback, exit 1 (``[run] seed`` was bounded already)."""
    ws = tmp_path / "ws"
    code, out = kgtest("--workspace", str(ws), *args, "--seed", seed, "--quiet")
    assert code == 2 and f"Invalid value for '--seed': {seed} is not in the range" in out, out
    assert not (ws / "suites").exists()


def test_init_refuses_a_key_in_an_openai_url(tmp_path: Path) -> None:
    """It wrote the key into kgtest.toml, from where every run would have refused it."""
    ws = tmp_path / "ws"
    code, out = kgtest(
        "--workspace", str(ws), "init", "--sut", f"openai:http://u:{SECRET}@127.0.0.1:9/v1?model=m"
    )
    assert code == 2 and "a base URL holds a user or password" in out and SECRET not in out, out
    assert not (ws / CONFIG_NAME).exists()


def test_build_kb_endpoint_that_is_no_url_exits_2_before_the_database_starts(tmp_path: Path) -> None:
    code, out = kgtest("--workspace", str(tmp_path / "ws"), "build-kb", "sparql", "--endpoint", "not a url")
    assert code == 2 and "--endpoint: endpoint = 'not a url': value error, not an http(s) URL" in out, out
    assert not (tmp_path / "ws" / "db").exists()


def test_serve_model_with_an_empty_key_variable_name_refuses_to_serve_without_a_key() -> None:
    """`--api-key-env "$UNSET"` served every client with no key asked."""
    code, out = kgtest("serve-model", "--sut", "baseline:yes", "--api-key-env", "", "--port", "0")
    assert code == 2 and "--api-key-env '': the variable is not set" in out, out


def test_serve_model_on_a_host_no_resolver_knows_says_host() -> None:
    code, out = kgtest(
        "serve-model", "--sut", "baseline:yes", "--host", "no-such-host.invalid", "--port", "0"
    )
    assert (
        code == 2 and "cannot listen on no-such-host.invalid:0" in out and "choose another --host" in out
    ), out
