"""How each relation reads in a question: the ``ask`` wordings of kg/data/relations.toml.

A relation's ``ask`` is a clause with its verb in brackets (generator/clauses.py), written for
questions rather than for the oracle's matching (the catalog's ``phrase``): "{o} [be] the
father of {s}" for P22 rather than "has as father", "{s} [receive/past] a nomination for {o}"
for P1411, which reads right for a film and for an actor alike. It may depend on the subject's
domain, as a table: ``ask = { any = "{s} [be] based in {o}", places = "{s} [be] in {o}" }``;
and on how the object's name ends, under a key "o:<ending>", which comes first: a person is
"inducted into" a hall of fame and "named to" an all-star team, not "received" one
(``"o:Hall of Fame" = "{s} [be/past] inducted into {o}"``).

``^P`` (P read backwards) says the same fact as P with subject and object swapped, so it is
asked with P's wording the other way round. A relation without an ``ask`` (one the catalog
does not curate) reads "{s} [have] {o} as <label>".
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Mapping
from functools import cache
from importlib import resources

from kgtest.core.errors import ConfigError, GenerationError
from kgtest.generator.clauses import Clause, clause

ANY = "any"


@cache
def asks() -> Mapping[str, Mapping[str, str]]:
    """Property -> subject domain (or ``any``) -> wording, from the built-in catalog file."""
    text = (resources.files("kgtest.kg") / "data" / "relations.toml").read_text(encoding="utf-8")
    return parse_asks(text, "kg/data/relations.toml")


def parse_asks(text: str, origin: str) -> dict[str, dict[str, str]]:
    """The ``ask`` of every entry; errors name the file, the property and the wording."""
    found: dict[str, dict[str, str]] = {}
    for pid, entry in tomllib.loads(text).items():
        ask = entry.get("ask")
        if ask is None:
            continue
        table = {ANY: ask} if isinstance(ask, str) else ask
        if not isinstance(table, dict) or ANY not in table:
            raise ConfigError(
                f"{origin}: [{pid}] ask must be a wording or a table with an 'any' key, got {ask!r}"
            )
        for domain, wording in table.items():
            if not isinstance(wording, str) or "{s}" not in wording or "{o}" not in wording:
                raise ConfigError(
                    f"{origin}: [{pid}] ask.{domain} = {wording!r} must name both {{s}} and {{o}}"
                )
            try:
                clause(wording, "S", "O", "present")
            except GenerationError as exc:
                raise ConfigError(f"{origin}: [{pid}] {exc}") from exc
        found[pid] = dict(table)
    return found


def wording_of(pid: str, label: str, domain: str = ANY, obj: str = "") -> tuple[str, bool]:
    """The wording for ``pid`` (``^P`` too), a subject of ``domain`` and an object named ``obj`` (P's
    object); and whether s and o swap."""
    swapped = pid.startswith("^")
    table = asks().get(pid.lstrip("^"))
    if table is None:
        return f"{{s}} [have] {{o}} as {label or pid.lstrip('^')}", swapped
    ending = next((key for key in table if key.startswith("o:") and obj.endswith(key[2:])), None)
    return table[ending] if ending else table.get(domain, table[ANY]), swapped


def relation_clause(
    pid: str, label: str, s: str, o: str, tense: str, domain: str = ANY, plural: Collection[str] = ()
) -> Clause:
    """The clause saying ``s`` <pid> ``o`` in ``tense``; ``domain`` is the statement's subject's;
    ``plural``: names that take a plural verb."""
    wording, swapped = wording_of(pid, label, domain, s if pid.startswith("^") else o)
    if swapped:
        s, o = o, s
    return clause(wording, s, o, tense, plural)
