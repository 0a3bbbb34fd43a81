"""Checks of settings that pydantic's types do not make: Bolt URIs, ``KGTEST_*`` names, key lines.

Used by core/settings.py; kept apart so the settings stay a list of keys. Also what pydantic's
errors and an environment variable's text become there.
"""

from __future__ import annotations

import dataclasses
import difflib
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from kgtest.core.errors import ConfigError

BOLT_SCHEMES = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
_BOLT_HINT = (
    "write bolt://HOST:7687 or neo4j://HOST:7687 (neo4j+s:// for TLS), or nothing for the embedded database"
)

DIRECT_VARIABLES = (
    "KGTEST_WORKSPACE",
    "KGTEST_JVM_CACHE",
    "KGTEST_MODEL_CACHE",
    "KGTEST_USER_AGENT",
    "KGTEST_LABELLED",
)
"""``KGTEST_`` variables read where they are used, not settings: the workspace, the JVM and model
cache switches (kg/jvm_cache.py, runner/gguf_cache.py), SPARQL's User-Agent (kg/sources/sparql.py),
the tests' labelled replies."""

KEY_ENV = re.compile(r"[?&]api_key_env=([^&]+)")
"""The variable an ``openai:`` spec reads its key from: the user's own, whatever its name."""


def bolt_uri(uri: str) -> str:
    """Empty, or a Bolt URI the driver can open: a known scheme, a host, a port that exists."""
    if not uri:
        return uri
    try:
        parts = urlsplit(uri)
        port = parts.port
    except ValueError as exc:
        raise ValueError(f"not a URI ({exc}); {_BOLT_HINT}") from None
    if parts.scheme not in BOLT_SCHEMES:
        raise ValueError(f"scheme {parts.scheme or '(none)'!r} is not Bolt; {_BOLT_HINT}")
    if not parts.hostname or port == 0:
        raise ValueError(f"names no host and port; {_BOLT_HINT}")
    if parts.query and parts.scheme.startswith("bolt"):  # the driver raises, a traceback
        raise ValueError(
            f"a query (?{parts.query}) is a routing context, which only neo4j:// takes; "
            "write the URI without it, or neo4j://"
        )
    for key, values in parse_qs(parts.query, keep_blank_values=True).items():
        if len(values) != 1 or not values[0]:
            raise ValueError(f"routing context {key!r} needs one value, as in ?{key}=VALUE")
    if "@" in parts.netloc:  # the driver refuses it, printing the URI, password and all
        raise ValueError(
            "holds a user or password, which kgtest never takes from a URI; give the user in NEO4J_USER "
            "([store] user) and the password in NEO4J_PASSWORD, and the URI without them"
        )
    return uri


def http_url(url: str) -> str:
    """A SPARQL endpoint urllib can ask: http(s), a host, no user or password (urllib takes them for
    part of the host, and every error would print them)."""
    hint = "write http(s)://HOST/PATH, e.g. https://query.wikidata.org/sparql"
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises on a port that is no number
    except ValueError as exc:
        raise ValueError(f"not a URL ({exc}); {hint}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"not an http(s) URL; {hint}")
    if "@" in parts.netloc:
        raise ValueError(
            "holds a user or password, which kgtest never takes from a URL; give the URL without it"
        )
    return url


_USERINFO = re.compile(r"(?<=://)[^/?#\s]*@")


def shown(value: object) -> str:
    """A setting's value as an error shows it: its ``repr``, a URI's user and password as ``***``."""
    return _USERINFO.sub("***@", repr(value))


def lowered(message: str) -> str:
    """pydantic's message continuing a sentence: its first letter only, so that the names it
    gives (NEO4J_PASSWORD, HOST) keep their case."""
    return message[:1].lower() + message[1:]


def check_variables(env: Mapping[str, str], settings: Iterable[str]) -> None:
    """A set ``KGTEST_*`` variable kgtest does not read is a misspelling: a ConfigError that says so.

    ``settings`` are the variables that override settings (and any other the caller accepts);
    ``DIRECT_VARIABLES`` are accepted too. An empty variable is taken as unset.
    """
    known = [*settings, *DIRECT_VARIABLES]
    prefix = "KGTEST_"
    for var in sorted(env):
        if var.startswith(prefix) and env[var] and var not in known:
            # compared after the prefix all share, which made KGTEST_MY_KEY "close" to KGTEST_JVM_CACHE
            tails = {k.removeprefix(prefix): k for k in known}
            close = difflib.get_close_matches(var.removeprefix(prefix), tails, n=1, cutoff=0.6)
            hint = f" Did you mean {tails[close[0]]}?" if close else ""
            if not close and var.endswith(_KEYS):
                hint = (
                    " A key an api_key_env= of --sut reads must have a name without KGTEST_ (or the spec "
                    "must be a [[sut]] of kgtest.toml)."
                )
            raise ConfigError(
                f"environment variable {var} is set, but kgtest reads no such variable.{hint} "
                "Unset it; the KGTEST_<SECTION>_<KEY> variables are listed in docs/configuration.md"
            )


_KEYS = ("KEY", "TOKEN", "SECRET", "PASSWORD")


def toml_error(path: Path, exc: tomllib.TOMLDecodeError) -> str:
    """``file:line: not valid TOML: ...``, as every other error of the file names its line (and as
    editors read it); tomllib puts the line at the end, "(at line 3, column 5)"."""
    found = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", str(exc), flags=re.S)
    if found is None:
        return f"{path}: not valid TOML: {exc}"
    what, line, column = found.groups()
    return f"{path}:{line}: not valid TOML: {what} (column {column})"


def line_of(text: str, loc: tuple[int | str, ...]) -> int | None:
    """Where the offending key is written (after its table's header), for the message; None if not found."""
    if not loc:
        return None
    lines = text.splitlines()
    if len(loc) > 2 and all(isinstance(p, str) for p in loc):  # [battery.criteria] coherence = ...
        table = r"\s*\.\s*".join(re.escape(str(p)) for p in loc[:-1])
        found = _key_line(lines, re.compile(rf"^\s*\[\s*{table}\s*\]"), 0, str(loc[-1]))
        if found is not None and lines[found - 1].lstrip().startswith(str(loc[-1])):
            return found
    if loc[0] == "sut" and len(loc) > 1 and isinstance(loc[1], int):
        header, nth, key = re.compile(r"^\s*\[\[\s*sut\s*\]\]"), loc[1], str(loc[2]) if len(loc) > 2 else ""
    else:  # the table's own key: criteria = { coherence = ... } is on criteria's line
        header, nth = re.compile(rf"^\s*\[\s*{re.escape(str(loc[0]))}\s*\]"), 0
        key = str(loc[1] if len(loc) > 1 else loc[-1])
    return _key_line(lines, header, nth, key)


def _key_line(lines: list[str], header: re.Pattern[str], nth: int, key: str) -> int | None:
    """The line of ``key = ...`` in the ``nth`` table ``header`` opens, else the header's line."""
    starts = [n for n, line in enumerate(lines) if header.match(line)]
    if len(starts) <= nth:
        return None
    assignment = re.compile(rf"^\s*{re.escape(key)}\s*=")
    for n in range(starts[nth], len(lines)):
        if n > starts[nth] and lines[n].lstrip().startswith("["):
            break
        if key and assignment.match(lines[n]):
            return n + 1
    return starts[nth] + 1


def first_error(exc: ValidationError) -> ErrorDetails:
    """The error to tell first: an unknown key before all else, as a misspelt key (``nmae``) also
    leaves the key it meant missing, and "name is required" would hide the typo; then a check of
    kgtest's own (a template's placeholders) before a type mismatch, which a value of a union (a
    text or a table) has for each other member."""
    errors = exc.errors()
    for kind in ("unexpected_keyword_argument", "value_error"):
        found = next((e for e in errors if e["type"] == kind), None)
        if found is not None:
            return found
    return errors[0]


def from_text(var: str, text: str, current: object, section: type[Any], key: str) -> object:
    """An environment variable's text as the type its setting holds (a number for a price or a
    gate left unset, whose value is None)."""
    kind = type(current) if current is not None else _unset_type(section, key)
    try:
        return kind(text) if kind in (int, float) else text
    except ValueError:
        raise ConfigError(f"{var}={text!r} is not a valid {kind.__name__}") from None


def _unset_type(section: type[Any], key: str) -> type:
    """The scalar a setting whose default is None holds: float, int or str."""
    hint = str(next(f.type for f in dataclasses.fields(section) if f.name == key))
    return next((t for t in (float, int) if hint.startswith(_NUMBERS[t])), str)


_NUMBERS = {float: ("Number", "Share", "Seconds"), int: ("Positive", "Count", "Whole")}


def replaced(record: Any, values: Mapping[str, Any], source: str) -> Any:
    """``record`` with ``values`` (a dataclass checked by pydantic); a ConfigError names ``source``."""
    try:
        return dataclasses.replace(record, **values)
    except ValidationError as exc:
        error = first_error(exc)
        key = ".".join(map(str, error["loc"]))
        raise ConfigError(f"{source}: {key} = {shown(error['input'])}: {lowered(error['msg'])}") from None
