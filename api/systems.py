"""Systems under test as the API takes them: a ``[[sut]]`` name, a spec, or any Python object
with ``respond(conversation)``."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from kgtest.core.config_checks import first_error, line_of, shown
from kgtest.core.errors import ConfigError
from kgtest.core.settings import Settings, SutSettings
from kgtest.core.workspace import Workspace
from kgtest.runner.plugin import Chatter, PluginSut
from kgtest.runner.registry import check_spec, open_sut
from kgtest.runner.sut import Sampling, SutOptions, SystemUnderTest

SystemLike = str | SutSettings | Chatter
"""A ``[[sut]]`` name or a spec (``smollm2``, ``openai:URL?model=NAME``), settings already
resolved, or an object whose ``respond(conversation)`` returns the reply (the conversation: a
list of ``{"role", "content"}`` messages, oldest first)."""


@dataclass(frozen=True, slots=True)
class System:
    """A system under test with its settings, opened when asked."""

    settings: SutSettings
    instance: Chatter | None = None
    """The Python object answering, when one was given instead of a spec."""
    origin: str = ""
    """Where a ``[[sut]]``'s spec is written (``.../kgtest.toml:3: [[sut]] 'a'``), for its errors."""

    @property
    def sampling(self) -> Sampling:
        s = self.settings
        return Sampling(temperature=s.temperature, max_tokens=s.max_tokens, seed=s.seed)

    @property
    def options(self) -> SutOptions:
        s = self.settings
        return SutOptions(
            concurrency=s.concurrency, batch_size=s.batch_size, timeout_s=s.timeout, retries=s.retries
        )

    def check(self) -> None:
        """A typo in the spec stops here, before anything is asked."""
        if self.instance is None:
            with self._named():
                check_spec(self.settings.spec)

    def open(self) -> SystemUnderTest:
        """The system ready to ask; the caller closes it."""
        if self.instance is not None:
            return PluginSut(self.instance, self.settings.spec, self.options.timeout_s)
        with self._named():
            return open_sut(self.settings.spec, self.options)

    @contextmanager
    def _named(self) -> Iterator[None]:
        """A bad spec written in kgtest.toml is named there, not as a --sut the user never typed."""
        try:
            yield
        except ConfigError as exc:
            if not self.origin:
                raise
            raise ConfigError(f"{self.origin} spec = {shown(self.settings.spec)}: {exc}") from None


def system_of(settings: Settings, given: SystemLike, **overrides: Any) -> System:
    """``given`` with its settings resolved (``[[sut]]``, then ``[run]``), ``overrides`` over them.

    An object is known by its ``name`` attribute, else its class: ``python:module.Class``. That
    name is part of every cache key, so give two differently configured bots two names."""
    if isinstance(given, SutSettings):
        return System(_with(given, overrides))
    if isinstance(given, str):
        return System(_with(settings.sut(given), overrides), origin=_origin(settings, given))
    if not isinstance(given, Chatter):
        raise ConfigError(
            f"a system under test is a [[sut]] name, a spec or an object with respond(conversation); "
            f"got {type(given).__name__}"
        )
    cls = type(given)
    name = str(getattr(given, "name", "") or f"python:{cls.__module__}.{cls.__qualname__}")
    resolved = dataclasses.replace(settings.sut(name), name=name, spec=name)
    return System(_with(resolved, overrides), given)


def _origin(settings: Settings, name: str) -> str:
    """``PATH:LINE: [[sut]] 'name'`` when ``name`` is a ``[[sut]]`` of the workspace's file, else ''."""
    index = next((i for i, s in enumerate(settings.suts) if s.name == name), None)
    if index is None:
        return ""
    path = Workspace(settings.workspace).config
    try:
        line = line_of(path.read_text(encoding="utf-8"), ("sut", index, "spec"))
    except (OSError, UnicodeDecodeError):
        line = None
    return f"{path}{f':{line}' if line else ''}: [[sut]] {name!r}"


def _with(settings: SutSettings, overrides: dict[str, Any]) -> SutSettings:
    """``settings`` with ``overrides``, checked as the file's keys are (a template's placeholders)."""
    try:
        return dataclasses.replace(settings, **overrides)
    except ValidationError as exc:
        error = first_error(exc)
        key = str(error["loc"][0]) if error["loc"] else "?"
        raise ConfigError(f"{settings.name}: {key} = {error['input']!r}: {error['msg']}") from None
