"""Shared fixtures: a real embedded graph database (and a real Neo4j when NEO4J_URI is set)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

from kgtest.core.settings import Settings, load_settings
from kgtest.kg.schema import KGTEST_LABELS
from kgtest.kg.store import GraphStore, open_store

if TYPE_CHECKING:
    from kgtest.kg.extract.spacy_triples import SpacyExtractor

# Speed is measured in bench/, not by timed tests: a property test's example that takes 350 ms on a
# loaded 2-core machine is no failure (hypothesis's default deadline is 200 ms).
settings.register_profile("kgtest", deadline=None)
settings.load_profile("kgtest")
# No JVM cache trained in the background while tests run; tests/kg/test_jvm_cache.py makes its own.
os.environ.setdefault("KGTEST_JVM_CACHE", "0")
# No embedded database left serving after a command (kg/linger.py); tests/kg/test_linger.py turns it on.
os.environ.setdefault("KGTEST_STORE_LINGER_S", "0")


@pytest.fixture(scope="session")
def embedded_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return load_settings(tmp_path_factory.mktemp("workspace"), env={})


@pytest.fixture(scope="session")
def _embedded_store(embedded_settings: Settings) -> Iterator[GraphStore]:
    with open_store(embedded_settings) as store:
        yield store


@pytest.fixture(scope="session")
def _relayed_store(_embedded_store: GraphStore, embedded_settings: Settings) -> Iterator[GraphStore]:
    """The embedded store as a command sees the lingering server: statements relayed (kg/relay.py)."""
    from kgtest.kg.identity import Identity
    from kgtest.kg.relay import RelayClient, serve_relay

    endpoint = _embedded_store.endpoint
    identity = Identity(embedded_settings.paths.db, endpoint.password.encode("utf-8"))
    port = serve_relay(_embedded_store, identity, {"pid": 0, "uri": endpoint.uri})
    relay = RelayClient(port, identity, endpoint.uri)
    store = GraphStore(endpoint, engine="embedded", relay=relay)
    assert store.relayed, "the relay answered"
    yield store
    store.close()


def _neo4j_settings(tmp: Path) -> Settings:
    uri = os.environ.get("NEO4J_URI")
    if not uri:
        pytest.skip(
            "NEO4J_URI is not set: start Neo4j (docker compose -f docker/compose.yaml up -d) "
            "and export NEO4J_URI/NEO4J_PASSWORD to run the contract suite against it"
        )
    return load_settings(tmp)


@pytest.fixture(params=["embedded", "relayed", "neo4j"])
def any_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[GraphStore]:
    """The contract suite runs on every engine kgtest supports and through the relay (kg/relay.py);
    each test starts empty."""
    if request.param in ("embedded", "relayed"):
        store = request.getfixturevalue(f"_{request.param}_store")
        _wipe(store)
        yield store
        return
    with open_store(_neo4j_settings(tmp_path)) as store:
        _wipe(store, only_kgtest=True)
        yield store
        _wipe(store, only_kgtest=True)


@pytest.fixture
def store(_embedded_store: GraphStore) -> GraphStore:
    """The embedded store, empty."""
    _wipe(_embedded_store)
    return _embedded_store


def _wipe(store: GraphStore, only_kgtest: bool = False) -> None:
    """Empty the store; on a user's Neo4j, only what kgtest and these tests create."""
    if only_kgtest:
        labels = [*KGTEST_LABELS, "ContractTest"]
        store.query("MATCH (n) WHERE any(l IN labels(n) WHERE l IN $labels) DETACH DELETE n", labels=labels)
    else:
        store.query("MATCH (n) DETACH DELETE n")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    session.config.stash[_EXIT] = int(exitstatus)


def pytest_unconfigure(config: pytest.Config) -> None:
    """After the report is printed: leave without tearing down the embedded database's JVM."""
    from kgtest.cli.main import exit_now

    if _EXIT in config.stash:
        exit_now(config.stash[_EXIT])


_EXIT = pytest.StashKey[int]()


@pytest.fixture(scope="session")
def extractor() -> SpacyExtractor:
    """spaCy's parser with kgtest's triple rules, loaded once per session (imported only when used)."""
    from kgtest.kg.extract.spacy_triples import SpacyExtractor

    return SpacyExtractor()
