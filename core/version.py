"""kgtest's own version, as installed: recorded with every suite and run so a report says what made it."""

from __future__ import annotations

import importlib.metadata


def kgtest_version() -> str:
    try:
        return importlib.metadata.version("kgtest")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"
