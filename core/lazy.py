"""Package names imported on first use (PEP 562), so importing a package loads none of its modules.

kgtest.oracle and kgtest.runner re-export their public names this way: a command that needs one
module of them does not pay for the others (docs/performance.md, "Start-up").
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping


def lazy_names(package: str, where: Mapping[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` for ``package``: each name in ``where`` from its module (``module``, or
    ``module:name`` where the module calls it otherwise), imported then."""

    def attribute(name: str) -> object:
        found = where.get(name)
        if found is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, own = found.partition(":")
        return getattr(importlib.import_module(module), own or name)

    return attribute
