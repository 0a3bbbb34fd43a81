"""One validated settings object: workspace TOML, then ``KGTEST_*`` environment, then flags.

The workspace is a folder holding everything a run makes (the embedded database, caches,
suites, replies, reports) and ``kgtest.toml``. Secrets (the Neo4j password) are read only
from the environment and never written or printed.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, TypeVar

from kgtest.core.errors import ConfigError
from kgtest.core.workspace import Workspace

_T = TypeVar("_T")

WIKIDATA_SPARQL = "https://query.wikidata.org/sparql"

_DEFAULT_TOML = """\
# kgtest workspace settings. Environment variables (KGTEST_*) and command-line flags override these.

[store]
# Empty: kgtest runs its own embedded graph database inside this workspace.
# A Neo4j server instead: uri = "bolt://localhost:7687" (password from NEO4J_PASSWORD).
uri = ""
user = "neo4j"
database = "neo4j"

[sparql]
endpoint = "https://query.wikidata.org/sparql"
"""


@dataclass(frozen=True, slots=True)
class StoreSettings:
    uri: str = ""
    """Bolt URI of a Neo4j server; empty means the embedded default."""
    user: str = "neo4j"
    database: str = "neo4j"
    password: str = field(default="", repr=False)
    """From NEO4J_PASSWORD / KGTEST_STORE_PASSWORD only."""
    embedded_port: int = 0
    """Bolt port of the embedded database; 0 picks a free one each time."""
    timeout_s: float = 300.0
    """A store call the database does not answer within this many seconds fails (kg/watchdog.py)."""

    @property
    def embedded(self) -> bool:
        return not self.uri


@dataclass(frozen=True, slots=True)
class SparqlSettings:
    endpoint: str = WIKIDATA_SPARQL
    timeout_s: float = 60.0
    """The Wikidata query service kills queries after 60 s."""
    retries: int = 5


@dataclass(frozen=True, slots=True)
class Settings:
    workspace: Path
    store: StoreSettings = StoreSettings()
    sparql: SparqlSettings = SparqlSettings()

    @property
    def paths(self) -> Workspace:
        """Where each stage keeps its files in this workspace."""
        return Workspace(self.workspace)


# environment variable -> (section, key); the first one set wins.
_ENV: dict[str, tuple[str, str]] = {
    "KGTEST_STORE_URI": ("store", "uri"),
    "NEO4J_URI": ("store", "uri"),
    "KGTEST_STORE_USER": ("store", "user"),
    "NEO4J_USER": ("store", "user"),
    "NEO4J_USERNAME": ("store", "user"),
    "KGTEST_STORE_DATABASE": ("store", "database"),
    "NEO4J_DATABASE": ("store", "database"),
    "KGTEST_STORE_PASSWORD": ("store", "password"),
    "NEO4J_PASSWORD": ("store", "password"),
    "KGTEST_SPARQL_ENDPOINT": ("sparql", "endpoint"),
}


def resolve_workspace(flag: str | Path | None, env: Mapping[str, str] = os.environ) -> Path:
    """--workspace, else KGTEST_WORKSPACE, else ./kgtest-workspace."""
    chosen = flag or env.get("KGTEST_WORKSPACE") or "kgtest-workspace"
    return Path(chosen).expanduser().resolve()


def load_settings(
    workspace: Path,
    overrides: Mapping[str, Mapping[str, Any]] | None = None,
    env: Mapping[str, str] = os.environ,
) -> Settings:
    """Read ``workspace/kgtest.toml`` (writing a commented default if absent), then apply env and flags."""
    config = Workspace(workspace).config
    if not config.exists():
        workspace.mkdir(parents=True, exist_ok=True)
        config.write_text(_DEFAULT_TOML, encoding="utf-8")
    try:
        data = tomllib.loads(config.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{config}: not valid TOML: {exc}") from exc
    if "password" in data.get("store", {}):
        raise ConfigError(
            f"{config}: [store] password must not be stored in a file; set NEO4J_PASSWORD instead"
        )

    layered: dict[str, dict[str, Any]] = {"store": {}, "sparql": {}}
    for section in layered:
        layered[section].update(data.get(section, {}))
    for var in reversed(list(_ENV)):  # earlier names in _ENV win
        if env.get(var):
            section, key = _ENV[var]
            layered[section][key] = env[var]
    for section, values in (overrides or {}).items():
        layered[section].update({k: v for k, v in values.items() if v is not None})

    return Settings(
        workspace=workspace,
        store=_build(StoreSettings, layered["store"], f"{config} [store]"),
        sparql=_build(SparqlSettings, layered["sparql"], f"{config} [sparql]"),
    )


def _build(cls: type[_T], values: Mapping[str, Any], where: str) -> _T:
    known = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
    unknown = set(values) - set(known)
    if unknown:
        raise ConfigError(f"{where}: unknown setting(s) {sorted(unknown)}; known: {sorted(known)}")
    base = cls()
    typed: dict[str, Any] = {}
    for name, value in values.items():
        want = type(getattr(base, name))
        try:
            typed[name] = want(value)
        except (TypeError, ValueError) as exc:
            raise ConfigError(f"{where}: {name}={value!r} is not a valid {want.__name__}") from exc
    return replace(base, **typed)  # type: ignore[type-var]
