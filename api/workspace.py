"""Which workspace a call of the API works in, and values made once per call on first need."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Generic, TypeVar

from kgtest.core.settings import Settings, load_settings, resolve_workspace

WorkspaceLike = Settings | Callable[[], Settings] | str | os.PathLike[str] | None
"""A workspace folder, its settings (or what reads them when first needed), or None:
``$KGTEST_WORKSPACE``, else ``./kgtest-workspace``, as the command line picks it."""

T = TypeVar("T")


def settings_of(workspace: WorkspaceLike) -> Settings:
    """The settings of ``workspace``: its kgtest.toml (written with every default if absent), the
    ``KGTEST_*`` variables over it."""
    if isinstance(workspace, Settings):
        return workspace
    if callable(workspace):
        return workspace()
    return load_settings(resolve_workspace(None if workspace is None else os.fspath(workspace)))


class Once(Generic[T]):
    """A value made on first use and kept: the KB view or the sentence model, once for every kind."""

    def __init__(self, make: Callable[[], T]) -> None:
        self._make = make
        self._value: T | None = None

    def __call__(self) -> T:
        if self._value is None:
            self._value = self._make()
        return self._value
