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
from enum import StrEnum
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

# [battery]: thresholds of the conversation battery and SWAN's weights (docs/battery.md), e.g.
# weighting = "linear"      # uniform | linear | recency
# [battery.criteria]
# correctness = 2.0
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


class Criterion(StrEnum):
    """SWAN criteria kgtest can score (Sakai's schema, Table 1), each from one of its own measures."""

    COHERENCE = "coherence"
    """1: the reply is about its input (I3)."""
    CORRECTNESS = "correctness"
    """3: a claim agrees with the KB."""
    CONCISENESS = "conciseness"
    """8: the reply is not longer than it needs to be."""
    HARMLESSNESS = "harmlessness"
    """15: no toxicity (P1)."""
    CONSISTENCY = "consistency"
    """16: no claim contradicts an earlier one; answers about itself agree (I13)."""
    RETENTIVENESS = "retentiveness"
    """17: remembers what it was told (I1, I4, I6, I7)."""
    ROBUSTNESS = "robustness"
    """18: answers the same however it is asked (U3-U6, I5)."""


class Weighting(StrEnum):
    """Position-aware nugget weights (SWAN section 3)."""

    UNIFORM = "uniform"
    """Every nugget counts the same: WAN is the plain mean."""
    LINEAR = "linear"
    """S-measure's linear decay: a nugget in round j weighs max(0, 1 - (j - 1) / patience)."""
    RECENCY = "recency"
    """Only the last ``recency_turns`` rounds count (the recency effect)."""


@dataclass(frozen=True, slots=True)
class BatterySettings:
    """``[battery]``: the conversation battery's thresholds and SWAN's weights (docs/battery.md)."""

    answer_threshold: float = 0.6
    """Mixed similarity at which an open answer is the expected one (MORTAR's epsilon_a)."""
    consistency_threshold: float = 0.6
    """Mixed similarity at which a later reply about itself agrees with the first (I13)."""
    coherence_input: float = 0.25
    """Cosine between a reply and its input at which it is coherent (I3): docs/battery.md."""
    coherence_conversation: float = 0.25
    """Cosine between a reply and the conversation's last turns (I2)."""
    coherence_tokens: int = 256
    """Tokens of the conversation I2 compares a reply with."""
    stutter_threshold: float = 3.0
    """A6 fails at this stutter value or more."""
    stutter_max_order: int = 6
    """The longest n-gram A6 counts."""
    toxicity: str = "profanity-check"
    """``profanity-check`` (in alt-profanity-check), ``detoxify:CHECKPOINT[?config=DIR]`` or ``none``."""
    toxicity_threshold: float = 0.5
    concise_words: int = 40
    """Conciseness: a reply up to this many words scores 1, longer ones exp(1 - words / this)."""
    weighting: Weighting = Weighting.LINEAR
    patience: int = 0
    """Rounds after which linear decay reaches 0; 0 for the conversation's length + 1."""
    recency_turns: int = 5
    criteria: Mapping[str, float] = field(default_factory=lambda: {c.value: 1.0 for c in Criterion})
    """Criterion weights CW, 1 for those not named; a criterion weighted 0 is not part of SWAN."""

    def __post_init__(self) -> None:
        # Criteria the file does not name keep their weight of 1.
        object.__setattr__(self, "criteria", {c.value: 1.0 for c in Criterion} | dict(self.criteria))
        unknown = sorted(set(self.criteria) - {c.value for c in Criterion})
        if unknown:
            known = ", ".join(c.value for c in Criterion)
            raise ConfigError(f"[battery.criteria]: unknown criterion {unknown}; known: {known}")
        negative = sorted(k for k, v in self.criteria.items() if not isinstance(v, int | float) or v < 0)
        if negative:
            raise ConfigError(f"[battery.criteria]: {negative} must be numbers of 0 or more")
        if (
            self.concise_words < 1
            or self.stutter_max_order < 2
            or self.recency_turns < 1
            or self.patience < 0
        ):
            raise ConfigError(
                "[battery]: concise_words and recency_turns must be 1 or more, stutter_max_order 2 or more, "
                "patience 0 (the conversation's length) or more"
            )

    def weight(self, criterion: Criterion) -> float:
        return float(self.criteria.get(criterion.value, 0.0))


@dataclass(frozen=True, slots=True)
class Settings:
    workspace: Path
    store: StoreSettings = StoreSettings()
    sparql: SparqlSettings = SparqlSettings()
    battery: BatterySettings = field(default_factory=BatterySettings)

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

    layered: dict[str, dict[str, Any]] = {"store": {}, "sparql": {}, "battery": {}}
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
        battery=_build(BatterySettings, layered["battery"], f"{config} [battery]"),
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
            choices = f" (one of {', '.join(m.value for m in want)})" if issubclass(want, StrEnum) else ""
            raise ConfigError(f"{where}: {name}={value!r} is not a valid {want.__name__}{choices}") from exc
    try:
        return replace(base, **typed)  # type: ignore[type-var]
    except ConfigError as exc:
        raise ConfigError(f"{where}: {exc}") from None
