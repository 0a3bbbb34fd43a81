"""How each relation reads in a question: the ``ask`` wordings of kg/data/relations.toml.

A relation's ``ask`` is a clause with its verb in brackets (generator/clauses.py), written for
questions rather than for the oracle's matching (the catalog's ``phrase``): "{o} [be] the
father of {s}" for P22 rather than "has as father", "{s} [be/past] nominated for {o}" for P1411,
which reads right for a film and for an actor alike. It may depend on the subject's
domain, as a table: ``ask = { any = "{s} [be] based in {o}", places = "{s} [be] in {o}" }``;
and on how the object's name ends, under a key "o:<ending>", which comes first: a person is
"inducted into" a hall of fame and "named to" an all-star team, not "received" one
(``"o:Hall of Fame" = "{s} [be/past] inducted into {o}"``); or on a word of it, under "o~<word>":
a person works "at" a university and "for" a company (``"o~University" = "{s} [work/past] at {o}"``);
or on a class of the subject, under "s@<class>": a city's head of government is its mayor
(``"s@Q515" = "{o} [be] the mayor of {s}"``); or of the object, under "o@<class>": a club plays in
a league's season (``"o@Q27020041" = "{s} [play/past] in {o}"``), a rider takes part in a race.

``^P`` (P read backwards) says the same fact as P with subject and object swapped, so it is
asked with P's wording the other way round. A relation without an ``ask`` (one the catalog
does not curate) reads "{s} [have] {o} as <label>".

A relation's ``opposite`` (same forms) is a clause true exactly when the ``ask`` is false: "{s}
[be] outside {o}", "{s} [miss/past] {o}", "{s} [lack] diplomatic relations with {o}". A true
statement asked with its answer flipped is asked through it ("Was Moscow outside the Soviet
Union in 1977?", answer No), Drowzee's antonym mutation ("have different symptoms"); a relation
without one keeps the quoted negation (generator/templates.py).
"""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Mapping
from functools import cache
from importlib import resources
from typing import Any

from kgtest.core.errors import ConfigError, GenerationError
from kgtest.generator.articles import titled
from kgtest.generator.clauses import Clause, clause

ANY = "any"
HONOURS = frozenset({"P166"})
"""Relations whose object is received: a title is "the title Hero of the Soviet Union" there
(``articles.titled``)."""


@cache
def asks() -> Mapping[str, Mapping[str, str]]:
    """Property -> subject domain (or ``any``) -> wording, from the built-in catalog file."""
    return _asks_of(_catalog(), "kg/data/relations.toml", "ask")


@cache
def stated() -> Mapping[str, Mapping[str, str]]:
    """``asks`` with a relation's ``stated`` where it has one: the words of the sentence Drowzee's
    wording quotes, kept where the ask changed after them ("received a nomination for")."""
    return {**asks(), **_asks_of(_catalog(), "kg/data/relations.toml", "stated")}


@cache
def opposites() -> Mapping[str, Mapping[str, str]]:
    """Property -> subject domain (or ``any``) -> the wording of its opposite, where it has one."""
    return _asks_of(_catalog(), "kg/data/relations.toml", "opposite")


@cache
def _catalog() -> Mapping[str, Any]:
    """The built-in catalog file, parsed once for both fields (twice was a twelfth of a cold ``gen``'s
    fact part)."""
    text = (resources.files("kgtest.kg") / "data" / "relations.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def parse_asks(text: str, origin: str, field: str = "ask") -> dict[str, dict[str, str]]:
    """The ``field`` (``ask`` or ``opposite``) of every entry of a catalog's text; errors name the
    file, the property and the wording."""
    return _asks_of(tomllib.loads(text), origin, field)


def _asks_of(catalog: Mapping[str, Any], origin: str, field: str) -> dict[str, dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for pid, entry in catalog.items():
        ask = entry.get(field)
        if ask is None:
            continue
        table = {ANY: ask} if isinstance(ask, str) else ask
        if not isinstance(table, dict) or ANY not in table:
            raise ConfigError(
                f"{origin}: [{pid}] {field} must be a wording or a table with an 'any' key, got {ask!r}"
            )
        for domain, wording in table.items():
            if not isinstance(wording, str) or "{s}" not in wording or "{o}" not in wording:
                raise ConfigError(
                    f"{origin}: [{pid}] {field}.{domain} = {wording!r} must name both {{s}} and {{o}}"
                )
            try:
                clause(wording, "S", "O", "present")
            except GenerationError as exc:
                raise ConfigError(f"{origin}: [{pid}] {exc}") from exc
        found[pid] = dict(table)
    return found


def wording_of(
    pid: str,
    label: str,
    domain: str = ANY,
    obj: str = "",
    classes: Collection[str] = (),
    object_classes: Collection[str] = (),
    statement: bool = False,
) -> tuple[str, bool]:
    """The wording for ``pid`` (``^P`` too), a subject of ``domain`` and ``classes`` and an object
    named ``obj`` of ``object_classes`` (P's subject and object), as a quoted ``statement`` says it
    (``stated``) or a question asks it; and whether s and o swap."""
    swapped = pid.startswith("^")
    table = (stated() if statement else asks()).get(pid.lstrip("^"))
    if table is None:
        return f"{{s}} [have] {{o}} as {label or pid.lstrip('^')}", swapped
    return _chosen(table, domain, obj, classes, object_classes), swapped


def _chosen(
    table: Mapping[str, str],
    domain: str,
    obj: str,
    classes: Collection[str] = (),
    object_classes: Collection[str] = (),
) -> str:
    words = obj.split()
    ending = next(
        (
            k
            for k in table
            if (k[:2] == "o:" and obj.endswith(k[2:]))
            or (k[:2] == "o~" and k[2:] in words)
            or (k[:2] == "s@" and k[2:] in classes)
            or (k[:2] == "o@" and k[2:] in object_classes)
        ),
        None,
    )
    return table[ending] if ending else table.get(domain, table[ANY])


def relation_clause(
    pid: str,
    label: str,
    s: str,
    o: str,
    tense: str,
    domain: str = ANY,
    plural: Collection[str] = (),
    classes: Collection[str] = (),
    object_classes: Collection[str] = (),
    statement: bool = False,
) -> Clause:
    """The clause saying ``s`` <pid> ``o`` in ``tense``; ``domain`` and ``classes`` are P's subject's,
    ``object_classes`` P's object's; ``plural``: names that take a plural verb; ``statement``: in
    the words Drowzee's quoted sentences keep (``stated``)."""
    object_ = s if pid.startswith("^") else o
    wording, swapped = wording_of(pid, label, domain, object_, classes, object_classes, statement)
    if swapped:
        s, o = o, s
    if pid.lstrip("^") in HONOURS:
        o = titled(o)
    return clause(wording, s, o, tense, plural)


def opposite_clause(
    pid: str, s: str, o: str, tense: str, domain: str = ANY, plural: Collection[str] = ()
) -> Clause | None:
    """The clause saying the opposite of ``s`` <pid> ``o`` ("Moscow was outside the Soviet Union"),
    or None where the relation has no ``opposite``."""
    table = opposites().get(pid.lstrip("^"))
    if table is None:
        return None
    if pid.startswith("^"):
        s, o = o, s
    return clause(_chosen(table, domain, o), s, o, tense, plural)
