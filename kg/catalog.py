"""The relation catalog and the domain table: what kgtest knows about properties and classes.

Both ship as TOML in kgtest/kg/data; the reasoner derives rules from the catalog and the
generator picks question templates from it, so one wrong flag here means wrong ground truth.
Properties the catalog does not know get a safe default that derives nothing.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace
from functools import cache
from importlib import resources

from kgtest.core.errors import ConfigError
from kgtest.kg.model import Category, Domain, Relation

_FIELDS = {
    "label",
    "category",
    "phrase",
    "symmetric",
    "transitive",
    "functional",
    "inverse",
    "inverse_phrase",
    "aliases",
    "paraphrases",
    "subject",
    "object",
    "ask",  # how questions word the relation: read and checked by generator/phrasing.py
    "opposite",  # how questions word its opposite ("{s} [be] outside {o}"): the same
    "stated",  # the words of a sentence Drowzee's wording quotes, where the ask changed since: the same
}


class RelationCatalog(Mapping[str, Relation]):
    """Property id -> Relation, curated where we know the property, safe default elsewhere."""

    def __init__(self, relations: Iterable[Relation]) -> None:
        self._by_id = {r.id: r for r in relations}

    def __getitem__(self, pid: str) -> Relation:
        return self._by_id[pid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_id)

    def __len__(self) -> int:
        return len(self._by_id)

    def resolve(self, pid: str, label: str = "") -> Relation:
        """The curated relation for ``pid``, or the safe default named by ``label``."""
        if pid in self._by_id:
            return self._by_id[pid]
        return default_relation(pid, label)

    def with_labels(self, labels: Mapping[str, str]) -> RelationCatalog:
        """Add defaults for properties seen in data but not curated."""
        merged = dict(self._by_id)
        for pid, label in labels.items():
            if pid not in merged:
                merged[pid] = default_relation(pid, label)
            elif label and not merged[pid].label:
                merged[pid] = replace(merged[pid], label=label)
        return RelationCatalog(merged.values())


def default_relation(pid: str, label: str = "") -> Relation:
    """A noun phrase with no logical properties: nothing can be derived from it by mistake."""
    label = label or pid
    return Relation(id=pid, label=label, category=Category.NOUN, phrase=f"has as {label}")


def parse_catalog(text: str, origin: str) -> RelationCatalog:
    """Parse catalog TOML; errors name the file and the offending property and field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{origin}: not valid TOML: {exc}") from exc
    relations = []
    for pid, entry in data.items():
        where = f"{origin}: [{pid}]"
        if not (pid.startswith("P") and pid[1:].isdigit()):
            raise ConfigError(f"{where}: a catalog key must be a property id like P31")
        unknown = set(entry) - _FIELDS
        if unknown:
            raise ConfigError(f"{where}: unknown field(s) {sorted(unknown)}; known fields: {sorted(_FIELDS)}")
        if "label" not in entry:
            raise ConfigError(f"{where}: missing field 'label'")
        for name in ("aliases", "paraphrases"):
            words = entry.get(name, [])
            if not (isinstance(words, list) and all(isinstance(a, str) and a.strip() for a in words)):
                raise ConfigError(f"{where}: {name!r} must be a list of non-empty strings, got {words!r}")
        try:
            relations.append(
                Relation(
                    id=pid,
                    label=entry["label"],
                    category=Category(entry.get("category", "noun")),
                    phrase=entry.get("phrase", f"has as {entry['label']}"),
                    symmetric=bool(entry.get("symmetric", False)),
                    transitive=bool(entry.get("transitive", False)),
                    functional=bool(entry.get("functional", False)),
                    inverse=entry.get("inverse"),
                    inverse_phrase=entry.get("inverse_phrase"),
                    aliases=tuple(entry.get("aliases", [])),
                    paraphrases=tuple(entry.get("paraphrases", [])),
                    subject_domain=Domain(entry.get("subject", "unknown")),
                    object_domain=Domain(entry.get("object", "unknown")),
                    curated=True,
                )
            )
        except ValueError as exc:
            raise ConfigError(f"{where}: {exc}") from exc
    catalog = RelationCatalog(relations)
    for rel in relations:
        if rel.inverse and rel.inverse in catalog and catalog[rel.inverse].inverse != rel.id:
            raise ConfigError(
                f"{origin}: [{rel.id}] names inverse {rel.inverse}, which does not name it back"
            )
    return catalog


@cache
def builtin_catalog() -> RelationCatalog:
    text = (resources.files("kgtest.kg") / "data" / "relations.toml").read_text("utf-8")
    return parse_catalog(text, "kgtest/kg/data/relations.toml")


@cache
def domain_classes() -> dict[str, Domain]:
    """Class id (a P31 value) -> the domain of its instances."""
    data = tomllib.loads((resources.files("kgtest.kg") / "data" / "domains.toml").read_text("utf-8"))
    return {qid: Domain(domain) for domain, classes in data.items() for qid in classes}


def classify(types: Iterable[str], hints: Iterable[Domain] = ()) -> Domain:
    """The entity's domain: from its types first, then from how relations use it.

    Ties are broken by the order of the Domain enum so the result never depends on input order.
    """
    table = domain_classes()
    order = list(Domain)
    found = sorted({table[t] for t in types if t in table}, key=order.index)
    if found:
        return found[0]
    hinted = [h for h in hints if h is not Domain.UNKNOWN]
    if hinted:
        counts = {d: hinted.count(d) for d in set(hinted)}
        return max(counts, key=lambda d: (counts[d], -order.index(d)))
    return Domain.UNKNOWN
