"""Replies made safe to store: every field checked once, between a system and the cache.

A system under test answers with whatever it likes, a plug-in above all: a lone surrogate
(``"\\ud800"``) that no UTF-8 file or SQLite row can hold, a ``finish_reason`` that is a
number, a reply of a gigabyte, the API key echoed back from the request's headers. Stored as
it came, such a reply crashed the cache on every rerun, or was cached, marked complete and then
broke the judge. ``checked`` is the one gate (docs/runner.md, "What is kept of a reply"):

* a field of the wrong type is a failed reply that names the field (``bad finish_reason:
  expected text, got int 5``); numbers kgtest only reports (latency, token counts) are reset
  to unknown instead;
* an answer with no text is a failed reply: ``empty reply (finish reason stop)``;
* lone surrogates become U+FFFD (a pair written as two halves becomes its character);
* known secrets are masked as ``***`` in the text and the error: the API key the client sent,
  and every environment variable that holds one (``secrets_from_environment``);
* the text keeps its first ``STORE_LIMIT`` characters (``cut_from`` says how long it was),
  the error its first ``ERROR_LIMIT``, the finish reason its first ``FINISH_LIMIT``.

``checked`` is idempotent: a reply already checked comes back unchanged. ``cleaned`` is the
same without the rule on empty text, for a backend whose replies may still travel on
(``kgtest serve-model`` sends an empty answer as one; the client that receives it decides).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterable, Mapping

from kgtest.runner.sut import STORE_LIMIT, Reply

ERROR_LIMIT = 2_000
"""Characters of an error message kept: a server's whole error page is not a reason."""
FINISH_LIMIT = 64
"""Characters of a finish reason kept (``stop``, ``length``, ``content_filter`` ...)."""
SECRET_MIN = 8
"""Shortest value masked: shorter ones would star ordinary words."""
MASK = "***"
_MAX_TOKENS = 10**9
"""A token count above this is no count (and would overflow the graph store's integers)."""

SECRET_NAMES = ("OPENAI_API_KEY", "NEO4J_PASSWORD", "KGTEST_STORE_PASSWORD")
SECRET_SUFFIXES = ("_API_KEY", "_TOKEN", "_SECRET", "_PASSWORD", "_SECRET_KEY", "_ACCESS_KEY")
"""Environment variables whose values are masked in replies: these names, and names ending so."""


def checked(reply: Reply, secrets: Iterable[str] = ()) -> Reply:
    """``reply`` safe to store: ``cleaned``, and an answer without text is a failure with its reason."""
    reply = cleaned(reply, secrets)
    if reply.ok and not reply.text.strip():  # a failure like any other, so checking it again keeps it
        why = f"empty reply (finish reason {reply.finish_reason or 'unknown'})"
        return Reply.failed(reply.system, reply.sampling, reply.latency_s, why)
    return reply


def cleaned(reply: Reply, secrets: Iterable[str] = ()) -> Reply:
    """Every field of the type the record says, text storable, secrets masked, lengths capped.

    ``secrets`` are masked besides those of the environment (the API key a client sent).
    """
    pieces = _pieces([*secrets, *secrets_from_environment()])
    system = clean_text(reply.system) if isinstance(reply.system, str) else repr(reply.system)
    latency = _seconds(reply.latency_s)
    problem = _bad_field(reply)
    if problem is not None:
        return Reply.failed(system, reply.sampling, latency, mask(problem, pieces))
    if reply.error is not None:
        error = mask(clean_text(_as_text(reply.error)[:ERROR_LIMIT]), pieces)
        return Reply.failed(system, reply.sampling, latency, error, transient=reply.transient is True)
    # cut first, so a gigabyte is never copied; a key or a surrogate pair the cut splits is still
    # masked (eight characters of a key suffice) or replaced
    length = len(reply.text)
    text = mask(clean_text(reply.text[:STORE_LIMIT]), pieces)
    cut_from = reply.cut_from if _count(reply.cut_from) is not None else None
    if length > STORE_LIMIT:
        cut_from = length if cut_from is None else max(cut_from, length)
    elif cut_from is not None and cut_from <= len(text):
        cut_from = None  # a cut that left everything is no cut
    finish = (
        "" if reply.finish_reason is None else mask(clean_text(reply.finish_reason[:FINISH_LIMIT]), pieces)
    )
    return Reply(
        text=text,
        system=system,
        sampling=reply.sampling,
        latency_s=latency,
        prompt_tokens=_count(reply.prompt_tokens),
        completion_tokens=_count(reply.completion_tokens),
        finish_reason=finish,
        error=None,
        cut_from=cut_from,
        transient=False,
    )


def clean_text(text: str) -> str:
    """``text`` as UTF-8 can hold it: surrogate halves paired into their character, lone ones U+FFFD."""
    if type(text) is not str:
        text = str.__str__(text)  # a subclass of str may do anything
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return text


def secrets_from_environment(env: Mapping[str, str] | None = None) -> list[str]:
    """Values of the variables that hold keys, tokens and passwords, at least ``SECRET_MIN`` long."""
    env = os.environ if env is None else env
    return [
        value
        for name, value in env.items()
        if (name in SECRET_NAMES or name.upper().endswith(SECRET_SUFFIXES)) and len(value) >= SECRET_MIN
    ]


def mask(text: str, pieces: frozenset[str]) -> str:
    """Every word of ``text`` that holds ``SECRET_MIN`` characters in a row of a secret, as ``***``.

    Servers echo a key whole or in part ("sk-proj-Ab12...xy9Z"); any eight characters of it in a
    row give it away. ``pieces`` comes from ``secret_pieces``.
    """
    if not pieces or len(text) < SECRET_MIN or not any(p in text for p in pieces):
        return text

    def star(match: re.Match[str]) -> str:
        word = match.group()
        leaks = any(word[i : i + SECRET_MIN] in pieces for i in range(len(word) - SECRET_MIN + 1))
        return MASK if leaks else word

    return _WORD.sub(star, text)


def secret_pieces(secrets: Iterable[str]) -> frozenset[str]:
    """Every run of ``SECRET_MIN`` characters of each secret at least that long."""
    return _pieces(list(secrets))


_WORD = re.compile(r"[^\s\"'`,;:()<>\[\]{}]+")


def _pieces(secrets: list[str]) -> frozenset[str]:
    return frozenset(
        s[i : i + SECRET_MIN]
        for s in secrets
        if isinstance(s, str) and len(s) >= SECRET_MIN
        for i in range(len(s) - SECRET_MIN + 1)
    )


def _bad_field(reply: Reply) -> str | None:
    """Why a field of ``reply`` cannot be stored as it is; None when every one can."""
    text: object = reply.text  # typed str, but a system may hand over anything
    finish: object = reply.finish_reason
    if reply.error is None:
        if not isinstance(text, str):
            return f"not text: the reply is {_kind(text)}"
        if finish is not None and not isinstance(finish, str):
            return f"bad finish_reason: expected text, got {_kind(finish)}"
    return None


def _as_text(value: object) -> str:
    if isinstance(value, str):
        return value
    try:
        return str(value)
    except Exception:  # an object whose __str__ fails still failed
        return f"({type(value).__name__} that cannot be shown)"


def _kind(value: object) -> str:
    shown = repr(value) if isinstance(value, int | float) else ""
    return f"{type(value).__name__} {shown[:40]}".strip()


def _seconds(value: object) -> float:
    """A latency: a finite, non-negative number of seconds, else 0."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return 0.0
    seconds = float(value)
    return seconds if math.isfinite(seconds) and seconds >= 0 else 0.0


def _count(value: object) -> int | None:
    """A token count or length: a whole number from 0 to ``_MAX_TOKENS``, else unknown (None)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_TOKENS:
        return None
    return int(value)
