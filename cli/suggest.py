"""The commands kgtest suggests, with the ``--workspace`` the user typed.

A hint such as "`kgtest judge RUN` judges one", pasted as it stands, went to ./kgtest-workspace
(or $KGTEST_WORKSPACE), not to the workspace the user had named: every suggested command the CLI
prints, its own or one in an error or note from below, passes through ``with_workspace``.
"""

from __future__ import annotations

import re
import shlex

_typed: list[str] = []
"""The ``--workspace`` typed on this command line, shell-quoted; empty when none was typed."""

_SUGGESTED = re.compile(r"`kgtest (?=[a-z])")
"""A command in backticks (a subcommand follows; `kgtest --workspace ...` is left as it is)."""


def remember(workspace: str | None) -> None:
    """Keep the ``--workspace`` of this command line (None: not typed) for the hints it prints."""
    _typed[:] = [] if workspace is None else [shlex.quote(workspace)]


def kgtest(rest: str = "") -> str:
    """``kgtest REST`` as the user should type it to reach the same workspace."""
    words = ["kgtest", *(f"--workspace {w}" for w in _typed), rest]
    return " ".join(w for w in words if w)


def with_workspace(text: str) -> str:
    """``text`` with ``--workspace`` added to every `kgtest ...` command in backticks in it."""
    if not _typed:
        return text
    return _SUGGESTED.sub(f"`{kgtest()} ", text)
