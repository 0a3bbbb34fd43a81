"""Wikidata's RDF vocabulary and the one place that turns its triples into a Snapshot.

Dump files and SPARQL endpoints both feed a ``SnapshotBuilder`` with the same events, so
the two sources cannot disagree about what a fact is (a test loads the same triples both
ways and compares the graphs).
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from kgtest.kg.catalog import RelationCatalog, classify
from kgtest.kg.model import Domain, Entity, Fact, Snapshot
from kgtest.kg.sources.tally import Tally

WD = "http://www.wikidata.org/entity/"
WDS = "http://www.wikidata.org/entity/statement/"
WDT = "http://www.wikidata.org/prop/direct/"
P = "http://www.wikidata.org/prop/"
PS = "http://www.wikidata.org/prop/statement/"
PQ = "http://www.wikidata.org/prop/qualifier/"
RDFS_LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
SKOS_ALT_LABEL = "http://www.w3.org/2004/02/skos/core#altLabel"
"""Wikidata's "also known as": its dumps and its query service give aliases with this predicate."""
SCHEMA_DESCRIPTION = "http://schema.org/description"

INSTANCE_OF = "P31"
START_QUALIFIER, END_QUALIFIER, POINT_QUALIFIER = "P580", "P582", "P585"
# Entity-level dates: when a person lived, an organisation existed, an event happened.
ENTITY_START = ("P569", "P571", "P580")  # birth, inception, start time
ENTITY_END = ("P570", "P576", "P582")  # death, dissolved, end time
POINT_IN_TIME = "P585"
PUBLICATION = "P577"  # works have a publication date where events have a point in time
DATE_PROPERTIES = frozenset((*ENTITY_START, *ENTITY_END, POINT_IN_TIME, PUBLICATION))
QUALIFIERS = frozenset((START_QUALIFIER, END_QUALIFIER, POINT_QUALIFIER))

_YEAR = re.compile(r"^\s*([+-]?\d{1,9})(?:-|$)")
_ITEM = re.compile(r"Q\d+", re.ASCII)  # fullmatch: "$" passes a trailing newline, \d Arabic digits
_PROP = re.compile(r"P\d+", re.ASCII)


def year_of(lexical: str) -> int | None:
    """The year of an xsd:dateTime/date/gYear lexical form, as written (astronomical numbering)."""
    match = _YEAR.match(lexical)
    return int(match.group(1)) if match else None


def item_id(iri: str) -> str | None:
    """``Q42`` for a Wikidata item IRI, else None (statements, properties, other IRIs)."""
    if iri.startswith(WD):
        local = iri[len(WD) :]
        if _ITEM.fullmatch(local):
            return local
    return None


def property_id(iri: str, prefix: str) -> str | None:
    if iri.startswith(prefix):
        local = iri[len(prefix) :]
        if _PROP.fullmatch(local):
            return local
    return None


@dataclass
class _Statement:
    subject: str | None = None
    subject_property: str | None = None
    """The property of the ``p:`` line (the last one read)."""
    object: str | None = None
    object_property: str | None = None
    """The property of the first ``ps:`` line: the statement's when no ``p:`` line names one."""
    start: int | None = None
    end: int | None = None
    point: int | None = None
    """A point-in-time qualifier (an award received in 1903): start and end when they are absent."""


def one_line(name: str) -> str:
    """A name with its whitespace runs made one space and control characters (ESC, NUL ...)
    dropped: a label holding a newline (a dump's ``\\n``, an endpoint's) went into every question
    about it, cut the prompt's line and the proof tree ``kgtest inspect`` draws, and an escape
    sequence went to the model. Zero-width joiners are format characters, not controls: kept."""
    return " ".join("".join(c for c in name if c.isspace() or unicodedata.category(c) != "Cc").split())


@dataclass
class SnapshotBuilder:
    """Collects Wikidata-shaped statements, then resolves them into entities and facts."""

    source: str
    labels: dict[str, str] = field(default_factory=dict)
    descriptions: dict[str, str] = field(default_factory=dict)
    aliases: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    types: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    dates: dict[tuple[str, str], int] = field(default_factory=dict)
    direct: set[tuple[str, str, str]] = field(default_factory=set)
    statements: dict[str, _Statement] = field(default_factory=lambda: defaultdict(_Statement))
    tally: Tally = field(default_factory=Tally)
    """The triples read, and those passed over by why (a dump's reader counts them)."""

    def label(self, entity: str, text: str, lang: str | None) -> None:
        text = one_line(text)
        if text and lang in (None, "", "en") and (lang == "en" or entity not in self.labels):
            self.labels[entity] = text

    def description(self, entity: str, text: str, lang: str | None) -> None:
        if lang in (None, "", "en") and (lang == "en" or entity not in self.descriptions):
            self.descriptions[entity] = text

    def alias(self, entity: str, text: str, lang: str | None) -> None:
        """English aliases only, as labels; an untagged one counts as English."""
        if lang in (None, "", "en") and (text := one_line(text)):
            self.aliases[entity].add(text)

    def direct_item(self, subject: str, pid: str, obj: str) -> None:
        if pid == INSTANCE_OF:
            self.types[subject].add(obj)
        else:
            self.direct.add((subject, pid, obj))

    def direct_items(self, triples: Iterable[tuple[str, str, str]]) -> None:
        """``direct_item`` for many (subject, property, object) triples: a dump's commonest line."""
        types, direct = self.types, self.direct
        for subject, pid, obj in triples:
            if pid == INSTANCE_OF:
                types[subject].add(obj)
            else:
                direct.add((subject, pid, obj))

    def direct_date(self, subject: str, pid: str, year: int) -> None:
        if pid in DATE_PROPERTIES:
            key = (subject, pid)
            # Several values (e.g. disputed birth dates): keep the earliest, deterministically.
            self.dates[key] = min(year, self.dates.get(key, year))

    def statement_subject(self, statement: str, subject: str, pid: str) -> None:
        st = self.statements[statement]
        st.subject, st.subject_property = subject, pid

    def statement_object(self, statement: str, pid: str, obj: str) -> None:
        st = self.statements[statement]
        st.object = obj
        st.object_property = st.object_property or pid

    def end_block(self) -> None:
        """The reader finished a block of lines: a builder that keeps facts elsewhere moves them there."""

    def reset(self) -> None:
        """Forget everything read, to read the source again."""
        for d in (self.labels, self.descriptions, self.aliases, self.types, self.dates, self.direct):
            d.clear()
        self.statements.clear()
        self.tally.clear()

    def qualifier(self, statement: str, pid: str, year: int) -> None:
        st = self.statements[statement]
        if pid == START_QUALIFIER:
            st.start = year if st.start is None else min(st.start, year)
        elif pid == END_QUALIFIER:
            st.end = year if st.end is None else max(st.end, year)
        elif pid == POINT_QUALIFIER:
            st.point = year if st.point is None else min(st.point, year)

    def finish(self, catalog: RelationCatalog) -> Snapshot:
        """Resolve statements and direct triples into facts, then classify entities."""
        snap = Snapshot(source=self.source)
        covered: set[tuple[str, str, str]] = set()
        for sid in sorted(self.statements):
            st = self.statements[sid]
            pid = st.subject_property or st.object_property
            if st.subject is None or pid is None or st.object is None:
                continue  # a statement with no item value (e.g. a quantity): not a relation fact
            if pid == INSTANCE_OF:
                self.types[st.subject].add(st.object)
                continue
            start, end = statement_years(st.start, st.end, st.point)
            fact = Fact(st.subject, pid, st.object, start, end, self.source, sid)
            snap.facts[fact.id] = fact
            covered.add((st.subject, pid, st.object))
        # Ids hold no NUL, so joining on it sorts exactly as the tuples do, 2.3x faster.
        for s, p, o in sorted(self.direct - covered, key="\0".join):
            fact = Fact(s, p, o, source=self.source)
            snap.facts[fact.id] = fact

        hints: dict[str, list[Domain]] = defaultdict(list)
        relations = {p: catalog.resolve(p) for p in {f.property for f in snap.facts.values()}}
        for fact in snap.facts.values():
            rel = relations[fact.property]  # resolved once per property: a default is made anew
            hints[fact.subject].append(rel.subject_domain)
            hints[fact.object].append(rel.object_domain)
        ids = set(hints) | self.described()
        for eid in sorted(i for i in ids if is_item(i)):
            snap.entities[eid] = self.entity(eid, hints.get(eid, ()))
        snap.property_labels = self.property_labels()
        return snap

    def described(self) -> set[str]:
        """Entities the source gives a type or a date, whether or not a fact names them."""
        return set(self.types) | {e for e, _ in self.dates}

    def entity(self, eid: str, hints: Iterable[Domain]) -> Entity:
        """Entity ``eid`` as read, its domain from its types or else ``hints`` (one per fact it is in)."""
        types = tuple(sorted(self.types.get(eid, ())))
        return Entity(
            id=eid,
            label=self.labels.get(eid, ""),
            description=self.descriptions.get(eid, ""),
            types=types,
            domain=classify(types, hints),
            start_year=_first(self.dates, eid, ENTITY_START),
            end_year=_first(self.dates, eid, ENTITY_END),
            point_year=_first(self.dates, eid, (POINT_IN_TIME, PUBLICATION)),
            aliases=self._aliases(eid),
        )

    def property_labels(self) -> dict[str, str]:
        return {p: t for p, t in self.labels.items() if _PROP.fullmatch(p)}

    def _aliases(self, eid: str) -> tuple[str, ...]:
        """Sorted, without the label itself (Wikidata lists some labels among the aliases too)."""
        label = self.labels.get(eid, "")
        return tuple(sorted(a for a in self.aliases.get(eid, ()) if a != label))


def statement_years(start: int | None, end: int | None, point: int | None) -> tuple[int | None, int | None]:
    """A statement's (start, end): its start and end qualifiers, else its point in time for both."""
    return (start, end) if start is not None or end is not None else (point, point)


def is_item(eid: str) -> bool:
    return _ITEM.fullmatch(eid) is not None


def _first(dates: dict[tuple[str, str], int], eid: str, pids: tuple[str, ...]) -> int | None:
    for pid in pids:
        if (eid, pid) in dates:
            return dates[(eid, pid)]
    return None
