"""``init``: a workspace with a commented kgtest.toml that describes a whole evaluation."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from kgtest.api.workspace import WorkspaceLike, settings_of
from kgtest.core.config_template import starting_config
from kgtest.core.errors import ConfigError
from kgtest.core.files import replaced_whole, write_atomic
from kgtest.core.settings import Settings, read_config, resolve_workspace
from kgtest.core.workspace import Workspace
from kgtest.runner.registry import refuse_secret, split_spec


@dataclass(frozen=True, slots=True)
class Initialised:
    path: Path
    suts: tuple[tuple[str, str], ...]
    """(name, spec) of each system under test configured."""
    kept: Path | None = None
    """Where the kgtest.toml changed by hand that ``force`` replaced was moved (kgtest.toml.bak)."""


def init(
    specs: Sequence[str] = ("smollm2",), *, workspace: WorkspaceLike = None, force: bool = False
) -> Initialised:
    """Write the workspace's kgtest.toml: every setting commented, one ``[[sut]]`` per spec.

    A kgtest.toml changed by hand is kept unless ``force``, and then moved to kgtest.toml.bak:
    ``init --force``, which the refusal suggests, lost every edit with no copy (probe-14b)."""
    if isinstance(workspace, Settings) or callable(workspace):
        root = settings_of(workspace).paths.root
    else:
        root = resolve_workspace(None if workspace is None else os.fspath(workspace))
    path = Workspace(root).config
    changed = path.is_file() and not _as_written(path.read_bytes())
    if changed and not force:
        raise ConfigError(
            f"{path} exists and was changed; edit it, or give --force to start again "
            f"(the changed file is kept as {path.name}.bak)"
        )
    suts = named(tuple(specs) or ("smollm2",))
    kept = path.with_name(f"{path.name}.bak") if changed else None
    if kept is not None:
        with replaced_whole(kept) as tmp:
            tmp.write_bytes(path.read_bytes())
    write_atomic(path, starting_config(suts))
    read_config(path)  # what init writes must load; a spec that breaks TOML would show here
    return Initialised(path, tuple(suts), kept)


def _as_written(data: bytes) -> bool:
    """Whether ``data`` is what init writes for some systems: a file of ``init --sut X`` was said to
    be "changed" and kept, though no hand had touched it. A file not in UTF-8 was a traceback."""
    try:
        text = data.decode("utf-8")
        found = tomllib.loads(text).get("sut", [])
        suts = [(str(s["name"]), str(s["spec"])) for s in found]
    except (UnicodeDecodeError, tomllib.TOMLDecodeError, AttributeError, KeyError, TypeError):
        return False
    return text in (starting_config(), starting_config(suts))


def named(specs: tuple[str, ...]) -> list[tuple[str, str]]:
    """A short name for each spec (the model, class or folder it names), unique among them."""
    found: list[tuple[str, str]] = []
    for spec in specs:
        refuse_secret(spec)
        scheme, target, params = split_spec(spec)
        if spec.partition("?")[0] != f"{scheme}:{target}":  # an alias such as smollm2
            base = spec.partition("?")[0]
        elif scheme == "openai":
            base = params.get("model") or "openai"
        else:
            base = PurePosixPath(target.rsplit(":", 1)[-1]).name or scheme
        name, n = base, 1
        while name in {existing for existing, _ in found}:
            n += 1
            name = f"{base}-{n}"
        found.append((name, spec))
    return found
