"""One validated settings object: defaults, then ``kgtest.toml``, then ``KGTEST_*`` variables, then flags.

The workspace is a folder holding everything a run makes (the embedded database, caches,
suites, replies, reports) and ``kgtest.toml``, which describes a whole evaluation: the graph
store, the systems under test (``[[sut]]``), the suites they are asked and the judge's gate.
The file is checked by pydantic models (unknown keys and wrong types name the key and the
file); docs/configuration.md lists every key. Secrets (the Neo4j password) are read only from
the environment and never written or printed.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, Strict, TypeAdapter, ValidationError, field_validator
from pydantic.dataclasses import dataclass

from kgtest.core.config_checks import (
    KEY_ENV,
    bolt_uri,
    check_variables,
    first_error,
    from_text,
    http_url,
    line_of,
    lowered,
    replaced,
    shown,
    toml_error,
)
from kgtest.core.config_template import starting_config
from kgtest.core.conversation_settings import (
    BatterySettings as BatterySettings,
)
from kgtest.core.conversation_settings import (
    Criterion as Criterion,
)
from kgtest.core.conversation_settings import (
    DialogueSettings as DialogueSettings,
)
from kgtest.core.conversation_settings import (
    RepeatSettings as RepeatSettings,
)
from kgtest.core.conversation_settings import (
    Weighting as Weighting,
)
from kgtest.core.errors import ConfigError
from kgtest.core.prompts import PromptSettings, SutPrompt
from kgtest.core.setting_types import (
    _CHECKED,
    Count,
    Name,
    Number,
    Positive,
    Seconds,
    Share,
    Text,
    Whole,
)
from kgtest.core.workspace import Workspace

WIKIDATA_SPARQL = "https://query.wikidata.org/sparql"

DEFAULT_MAX_TOKENS = 256
"""Room for a Yes/No and the reasoning after it: SmolLM2's longest finished quick-start reply had
144 tokens, where 64 cut 11 of 36 replies short (docs/runner.md, "How long replies are")."""


@dataclass(frozen=True, config=_CHECKED)
class StoreSettings:
    uri: Text = ""
    """Bolt URI of a Neo4j server; empty means the embedded default."""
    user: Text = "neo4j"
    database: Text = "neo4j"
    password: Text = dataclasses.field(default="", repr=False)
    """From NEO4J_PASSWORD / KGTEST_STORE_PASSWORD only."""
    embedded_port: Annotated[int, Strict(), Field(ge=0, le=65535)] = 0
    """Bolt port of the embedded database; 0 picks a free one each time."""
    timeout_s: Seconds = 300.0
    """A store call the database does not answer within this many seconds fails (kg/watchdog.py)."""
    linger_s: Number = 300.0
    """Seconds the embedded database keeps serving after the last command used it (kg/linger.py); 0: never."""

    @property
    def embedded(self) -> bool:
        return not self.uri

    @field_validator("uri")
    @classmethod
    def _bolt_uri(cls, uri: str) -> str:
        return bolt_uri(uri)


@dataclass(frozen=True, config=_CHECKED)
class SparqlSettings:
    endpoint: Text = WIKIDATA_SPARQL
    timeout_s: Seconds = 60.0
    """The Wikidata query service kills queries after 60 s."""
    retries: Count = 5

    @field_validator("endpoint")
    @classmethod
    def _http_url(cls, url: str) -> str:
        return http_url(url)


@dataclass(frozen=True, config=_CHECKED)
class RunSettings:
    """``[run]``: the suites `kgtest run` asks by default, and settings every system inherits."""

    suites: tuple[Text, ...] = ("suites/suite.jsonl",)
    """Relative to the workspace, or absolute."""
    temperature: Number = 0.0
    max_tokens: Positive = DEFAULT_MAX_TOKENS
    seed: Whole = 0
    system_prompt: Text = ""
    """Sent first in every conversation when not empty (part of the cache key)."""
    concurrency: Positive = 4
    batch_size: Positive | None = None
    """hf: conversations per batch; None: the device's (runner/hf.py: 16 on a CPU, 128 on a GPU)."""
    timeout: Seconds = 60.0
    retries: Count = 4
    price_in: Number | None = None
    """What a million tokens sent cost, in any currency; None: unknown (the report shows no cost)."""
    price_out: Number | None = None
    """What a million tokens generated cost."""


@dataclass(frozen=True, config=_CHECKED)
class SutEntry:
    """One ``[[sut]]``: a named system under test; unset keys come from ``[run]``."""

    name: Name
    spec: Name
    temperature: Number | None = None
    max_tokens: Positive | None = None
    seed: Whole | None = None
    system_prompt: Text | None = None
    concurrency: Positive | None = None
    batch_size: Positive | None = None
    timeout: Seconds | None = None
    retries: Count | None = None
    price_in: Number | None = None
    price_out: Number | None = None
    prompt: SutPrompt | None = None
    """This system's template for every kind, or a table of them like ``[prompt]`` (core/prompts.py)."""


@dataclass(frozen=True, config=_CHECKED)
class SutSettings:
    """A system under test with every setting resolved: what `kgtest run` uses."""

    name: Name
    spec: Name
    temperature: Number
    max_tokens: Positive
    seed: Whole
    system_prompt: Text
    concurrency: Positive
    batch_size: Positive | None
    timeout: Seconds
    retries: Count
    price_in: Number | None = None
    price_out: Number | None = None
    prompt: SutPrompt | None = None


@dataclass(frozen=True, config=_CHECKED)
class JudgeConfig:
    """``[judge]``: how replies are judged, and the gate `kgtest judge` applies."""

    threshold: Share = 0.8
    """Cosine at which a relation no catalog word names counts as one of the case's (the fallback)."""
    extractor: Name = "spacy"
    leanings: bool = True
    """A hedge around one answer ("Probably not", "I'd lean towards yes") is that answer; false:
    such a reply is ``ambiguous`` (docs/oracle.md)."""
    fail_under: Share = 0.0
    """`kgtest judge` fails (exit 8) when a kind's score is under this; 0 is no gate."""
    fail_under_fact: Share | None = None
    """The gate for fact cases; unset: ``fail_under``."""
    fail_under_temporal: Share | None = None
    fail_under_dialogue: Share | None = None
    """The gate for dialogue cases: rounds right and consistent, corrected for chance."""
    fail_under_conversation: Share | None = None
    """The gate for conversations: their SWAN, corrected for chance."""
    gate_on: Literal["score", "rate"] = "score"
    """What the gate compares: each kind's headline score (0: knowing nothing, 1: every unit right;
    docs/scores.md), or its raw share of passed units (correct replies, checks, tests)."""

    def gate(self, kind: str) -> float:
        """The threshold of ``kind``'s gate."""
        own: float | None = getattr(self, f"fail_under_{kind}", None)
        return self.fail_under if own is None else own


@dataclass(frozen=True, config=_CHECKED)
class ConfigFile:
    """Everything ``kgtest.toml`` may hold."""

    store: StoreSettings = StoreSettings()
    sparql: SparqlSettings = SparqlSettings()
    run: RunSettings = RunSettings()
    judge: JudgeConfig = JudgeConfig()
    battery: BatterySettings = dataclasses.field(default_factory=BatterySettings)
    dialogue: DialogueSettings = DialogueSettings()
    prompt: PromptSettings = PromptSettings()
    sut: tuple[SutEntry, ...] = ()


@dataclasses.dataclass(frozen=True, slots=True)
class Settings:
    workspace: Path
    store: StoreSettings = dataclasses.field(default_factory=StoreSettings)
    sparql: SparqlSettings = dataclasses.field(default_factory=SparqlSettings)
    run: RunSettings = dataclasses.field(default_factory=RunSettings)
    judge: JudgeConfig = dataclasses.field(default_factory=JudgeConfig)
    battery: BatterySettings = dataclasses.field(default_factory=BatterySettings)
    dialogue: DialogueSettings = dataclasses.field(default_factory=lambda: DialogueSettings())
    prompt: PromptSettings = dataclasses.field(default_factory=PromptSettings)
    """The templates of what is sent for each case (core/prompts.py); a [[sut]]'s own wins."""
    suts: tuple[SutEntry, ...] = ()
    """The configured systems under test, in file order."""

    @property
    def paths(self) -> Workspace:
        """Where each stage keeps its files in this workspace."""
        return Workspace(self.workspace)

    def sut(self, name_or_spec: str) -> SutSettings:
        """A configured system by name, else an unconfigured one by spec with the ``[run]`` settings."""
        entry = next((s for s in self.suts if s.name == name_or_spec), None)
        return resolve_sut(entry or SutEntry(name=name_or_spec, spec=name_or_spec), self.run)

    def suite_paths(self) -> list[Path]:
        """``[run] suites`` as paths: relative ones are in the workspace."""
        return [self.workspace / Path(s).expanduser() for s in self.run.suites]


def resolve_sut(entry: SutEntry, run: RunSettings) -> SutSettings:
    """The entry's own values where it has them, ``[run]``'s elsewhere."""
    values = {f.name: getattr(run, f.name) for f in dataclasses.fields(RunSettings) if f.name != "suites"}
    own = {f.name: getattr(entry, f.name) for f in dataclasses.fields(entry)}  # a prompt table stays one
    values.update({k: v for k, v in own.items() if v is not None})
    return SutSettings(**values)


_SECTIONS: dict[str, type[Any]] = {
    "store": StoreSettings,
    "sparql": SparqlSettings,
    "run": RunSettings,
    "judge": JudgeConfig,
    "battery": BatterySettings,
    "dialogue": DialogueSettings,
    "prompt": PromptSettings,
}
_ALIASES: dict[str, tuple[str, str]] = {
    "NEO4J_URI": ("store", "uri"),
    "NEO4J_USER": ("store", "user"),
    "NEO4J_USERNAME": ("store", "user"),
    "NEO4J_DATABASE": ("store", "database"),
    "NEO4J_PASSWORD": ("store", "password"),
}
"""Neo4j's own variable names; the ``KGTEST_`` one wins when both are set."""


_NOT_FROM_ENVIRONMENT = ("suites", "criteria", "baselines", "repeats")
"""Lists and tables: written in the file."""


def environment_variables() -> dict[str, tuple[str, str]]:
    """Every variable that overrides a setting -> (section, key); earlier names win."""
    names = {
        f"KGTEST_{section}_{f.name}".upper(): (section, f.name)
        for section, cls in _SECTIONS.items()
        for f in dataclasses.fields(cls)
        if f.name not in _NOT_FROM_ENVIRONMENT
    }
    ordered: dict[str, tuple[str, str]] = {}
    for var, target in names.items():
        ordered[var] = target
        ordered.update({alias: t for alias, t in _ALIASES.items() if t == target})
    return ordered


def resolve_workspace(flag: str | Path | None, env: Mapping[str, str] = os.environ) -> Path:
    """--workspace, else KGTEST_WORKSPACE, else ./kgtest-workspace."""
    chosen = flag or env.get("KGTEST_WORKSPACE") or "kgtest-workspace"
    return Path(chosen).expanduser().resolve()


def load_settings(
    workspace: Path,
    overrides: Mapping[str, Mapping[str, Any]] | None = None,
    env: Mapping[str, str] = os.environ,
) -> Settings:
    """Read ``workspace/kgtest.toml`` (writing the starting config if absent), then apply env and flags."""
    config = Workspace(workspace).config
    if not config.exists():
        try:
            workspace.mkdir(parents=True, exist_ok=True)
            config.write_text(starting_config(), encoding="utf-8")
        except OSError as exc:
            raise ConfigError(
                f"cannot make the workspace {workspace}: {exc.strerror or exc}; give --workspace "
                "(or KGTEST_WORKSPACE) a folder you can write"
            ) from None
    file = read_config(config)
    own = {m.group(1) for s in file.sut for m in KEY_ENV.finditer(s.spec)}  # a key's variable is theirs
    check_variables(env, [*environment_variables(), *own])
    sections: dict[str, Any] = {name: getattr(file, name) for name in _SECTIONS}
    suts = list(file.sut)

    for var, (section, key) in reversed(environment_variables().items()):  # earlier names win
        if env.get(var):
            value = from_text(var, env[var], getattr(sections[section], key), _SECTIONS[section], key)
            sections[section] = replaced(sections[section], {key: value}, var)
            if section == "run":  # the environment overrides the file, [[sut]] entries included
                suts = [replaced(s, {key: None}, var) for s in suts]
    for section, values in (overrides or {}).items():
        for key, value in values.items():
            if value is not None:  # the flag is named as it is typed: --store-uri
                sections[section] = replaced(
                    sections[section], {key: value}, f"--{section}-{key}".replace("_", "-")
                )

    return Settings(workspace=workspace, suts=tuple(suts), **sections)


def read_config(path: Path) -> ConfigFile:
    """``kgtest.toml`` checked against ``ConfigFile``; a ConfigError names the file and the key."""
    try:  # -sig: past the byte order mark Windows editors write, which TOML calls line 1's error
        text = path.read_text(encoding="utf-8-sig")
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(toml_error(path, exc)) from exc
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: cannot be read: {exc}; save it as UTF-8") from exc
    except OSError as exc:
        raise ConfigError(f"{path}: cannot be read: {exc}") from exc
    if isinstance(data.get("store"), dict) and "password" in data["store"]:  # `store = true` was a TypeError
        raise ConfigError(
            f"{path}: [store] password must not be stored in a file; set NEO4J_PASSWORD instead"
        )
    unknown = sorted(set(data) - {f.name for f in dataclasses.fields(ConfigFile)})
    if unknown:
        close = difflib.get_close_matches(unknown[0], [*_SECTIONS, "sut"], n=1)
        hint = f" Did you mean [{close[0]}]?" if close else ""
        known = ", ".join([*(f"[{name}]" for name in _SECTIONS), "[[sut]]"])
        raise ConfigError(f"{path}: unknown section [{unknown[0]}].{hint} Known: {known}")
    try:
        file = TypeAdapter(ConfigFile).validate_python(data)
    except ValidationError as exc:
        line = line_of(text, first_error(exc)["loc"])
        raise ConfigError(f"{path}{f':{line}' if line else ''}: {_describe(exc, data)}") from None
    names = [s.name for s in file.sut]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ConfigError(f"{path}: [[sut]] name {twice[0]!r} is used more than once; names must differ")
    return file


def _describe(exc: ValidationError, data: Mapping[str, Any]) -> str:
    """The first problem as ``[section] key = value: what is wrong``, in the file's own terms."""
    error = first_error(exc)
    # a union's member names its type in the path (prompt.PromptSettings.fact): the file's keys only
    loc = [p for p in error["loc"] if not (isinstance(p, str) and (p[:1].isupper() or "[" in p))]
    if loc == ["sut"]:
        return "systems under test are an array of tables: write [[sut]] before each, not [sut]"
    if len(loc) == 1 and loc[0] in _SECTIONS and not isinstance(data.get(str(loc[0])), dict):
        return (
            f"{loc[0]} = {shown(error['input'])}: [{loc[0]}] is a section, not a value; write [{loc[0]}] "
            "on a line of its own and its keys below it"
        )
    if loc and loc[0] == "sut" and len(loc) > 1 and isinstance(loc[1], int):
        entry = (data.get("sut") or [{}])[loc[1]]
        named = f" (name {entry.get('name')!r})" if isinstance(entry, dict) and "name" in entry else ""
        where, key = f"[[sut]] number {loc[1] + 1}{named}", ".".join(map(str, loc[2:]))
        if not isinstance(entry, dict):
            return f"{where} is {shown(entry)}: write [[sut]] on a line of its own, then name = and spec ="
    else:
        where, key = (f"[{loc[0]}]", ".".join(map(str, loc[1:]))) if loc else ("", "")
    if error["type"] == "unexpected_keyword_argument":
        cls = _SECTIONS.get(str(loc[0]), SutEntry) if loc else ConfigFile
        names = [f.name for f in dataclasses.fields(cls) if f.name != "password"]
        close = difflib.get_close_matches(key, names, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"{where}: unknown key {key!r}{hint}; known keys: {', '.join(names)}"
    if error["type"] == "missing":
        return f"{where}: {key} is required"
    if error["type"] in ("tuple_type", "list_type"):
        return f"{where} {key} = {error['input']!r}: write an array, e.g. {key} = [{error['input']!r}]"
    return f"{where} {key} = {shown(error['input'])}: {lowered(error['msg'])}"
