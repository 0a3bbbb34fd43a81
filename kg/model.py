"""The records a knowledge base is made of: entities, facts and the relations between them.

Sources (SPARQL, dump files, the bundled example) produce these; the graph store keeps them;
the reasoner and generator read them back. docs/graph-model.md shows how they map to nodes
and relationships.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import StrEnum


class Domain(StrEnum):
    """The nine knowledge domains of the Drowzee paper (Fig. 6), plus ``unknown``."""

    CULTURE = "culture"  # Culture and the Arts: films, books, music ...
    PLACES = "places"  # Geography and Places
    HEALTH = "health"  # Health and Fitness: diseases, genes
    EVENTS = "events"  # History and Events
    PEOPLE = "people"  # People and Self
    MATHEMATICS = "mathematics"  # Mathematics and Logic
    SCIENCES = "sciences"  # Natural and Physical Sciences
    SOCIETY = "society"  # Society and Social Sciences: institutions, teams, parties
    TECHNOLOGY = "technology"  # Technology and Applied Sciences
    UNKNOWN = "unknown"  # no type or usage tells us; never guessed


class Category(StrEnum):
    """Grammatical category of a relation label (Drowzee Fig. 7, Table II)."""

    NOUN = "noun"  # "place of birth": Is it true that S's place of birth is O?
    PASSIVE = "passive"  # "influenced by": Is it true that S was influenced by O?
    ACTIVE = "active"  # "follows": Is it true that S follows O?


@dataclass(frozen=True, slots=True)
class Entity:
    """A Wikidata item, with the years it existed when the KB knows them."""

    id: str
    """Wikidata id, e.g. ``Q42``."""
    label: str = ""
    description: str = ""
    types: tuple[str, ...] = ()
    """Ids of its ``P31`` (instance of) classes, sorted."""
    domain: Domain = Domain.UNKNOWN
    start_year: int | None = None
    """Birth (P569) or inception (P571); astronomical numbering, so 44 BCE is -43."""
    end_year: int | None = None
    """Death (P570) or dissolution (P576)."""
    point_year: int | None = None
    """Point in time (P585), for events that happened in one year."""
    aliases: tuple[str, ...] = ()
    """Other English names (Wikidata's "also known as", ``skos:altLabel``), sorted: "NYC" for
    New York City, "Maria Skłodowska-Curie" for Marie Curie. The oracle matches replies by them."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One statement ``subject --property--> object``, possibly bounded in time."""

    subject: str
    property: str
    object: str
    start_year: int | None = None
    end_year: int | None = None
    source: str = ""
    statement: str = ""
    """The Wikidata statement id when the fact came from the statement model."""
    id: str = field(init=False, repr=False, compare=False)
    """Stable identity: a hash of the statement when known, else of the triple itself.
    Computed once here, as loading and reasoning look it up for every fact."""

    def __post_init__(self) -> None:
        key = self.statement or f"{self.subject}|{self.property}|{self.object}"
        object.__setattr__(self, "id", hashlib.blake2b(key.encode("utf-8"), digest_size=10).hexdigest())


@dataclass(frozen=True, slots=True)
class Relation:
    """What the reasoner and the question templates need to know about a property."""

    id: str
    """Wikidata property id, e.g. ``P26``."""
    label: str
    category: Category = Category.NOUN
    phrase: str = ""
    """Words between subject and object in a sentence: "S <phrase> O"."""
    symmetric: bool = False
    transitive: bool = False
    functional: bool = False
    """At most one object per subject at a time (e.g. place of birth)."""
    inverse: str | None = None
    """Property id of the inverse relation, when Wikidata has one (P131 <-> P150)."""
    inverse_phrase: str | None = None
    """Words for reading the fact backwards, "O <inverse_phrase> S" (e.g. "employed")."""
    aliases: tuple[str, ...] = ()
    """Wikidata's other names for the property, read S -> O like the label ("birthplace", "born in")."""
    paraphrases: tuple[str, ...] = ()
    """kgtest's own further wordings, read S -> O, for reading replies ("passed away in", "taught at")."""
    subject_domain: Domain = Domain.UNKNOWN
    object_domain: Domain = Domain.UNKNOWN
    curated: bool = False
    """False for the safe default given to properties the catalog does not know."""


@dataclass(slots=True)
class Snapshot:
    """A complete, validated batch of knowledge read from one source, ready to write."""

    source: str
    entities: dict[str, Entity] = field(default_factory=dict)
    facts: dict[str, Fact] = field(default_factory=dict)
    """Keyed by ``Fact.id`` so a fact seen twice is kept once."""
    property_labels: dict[str, str] = field(default_factory=dict)
    """Labels the source gave for properties (used for those the catalog does not know)."""
