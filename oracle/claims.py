"""A reply's triples read into the KB's terms: claims (subject id, property, object id), for a whole batch.

A triple becomes a claim when its relation names a property (relations.py) and at least one
end is an entity (entities.py); an end nobody known bears becomes ``?name``, so "born in
Landport" is still a claim about a place of birth. A triple whose relation names nothing but
whose ends are both entities is kept as ``unread`` and named in the reasons ("'won' was not
matched to any relation"); the rest (no entity at either end) is off topic. Cosine, the
fallback for relations no catalog word names, runs once per batch over what is left open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from kgtest.core.wordnet import wordnet
from kgtest.kg.extract.triples import Triple
from kgtest.kg.sources.wikidata import DATE_PROPERTIES
from kgtest.oracle.embeddings import Embedder
from kgtest.oracle.entities import EntityMatch, EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.light_verbs import EDGE, light_edge
from kgtest.oracle.moved import FOR_PLACE, IN, MOVED, TWINNED, kept, moved_into, partnered
from kgtest.oracle.opposites import read_through
from kgtest.oracle.posts import WORKED_AT, held_post
from kgtest.oracle.pronouns import resolve
from kgtest.oracle.relations import RelationKeys, RelationMatch, RelationReader, words
from kgtest.oracle.seasons import seasoned
from kgtest.oracle.similarity import Thresholds, name_key
from kgtest.oracle.sport_country import FOR_SPORT, FOR_SPORT_LABEL, for_country
from kgtest.prolog.reasoner import Statement

UNKNOWN = "?"
"""Prefix of the id given to a name no entity bears."""
ALIVE = "alive"
"""The relation of "X was alive in 1850", which no Wikidata property states: a lifetime's year."""
AGE = "age"
"""A computed relation: the subject's age at death, or in the claim's ``when`` year (arithmetic.py)."""
OUTLIVED = "outlived"
"""A computed relation: the subject died ``amount`` years after the object (arithmetic.py)."""
BORN_AFTER = "born after"
"""A computed relation: the subject was born ``amount`` years after the object (arithmetic.py)."""
COMPUTED = frozenset({AGE, OUTLIVED, BORN_AFTER})
VALUE_PROPERTIES = DATE_PROPERTIES | {ALIVE} | COMPUTED
"""Relations whose object is a year, or that the rules do not read (computed from years)."""
_ALIVE_WORDS = (
    "alive in",
    "still alive in",
    "alive during",
    "living in",
    "existed in",
    "exist in",
    "exists in",
    "existing in",
    "existed during",
    "under way in",
    "in existence in",
    "active in",
    "running in",
)
"""A year in a thing's span: "was alive in 1850", "existed in 1871", "was under way in 2003"."""
_SPANS = {"lived": ("P569", "P570"), "ran": ("P580", "P582"), "lasted": ("P580", "P582")}
_SPANS |= {"existed": ("P571", "P576"), "operated": ("P571", "P576"), "was under way": ("P580", "P582")}
"""Verbs of a span, by its first and last years: "lived from 1832 to 1898", "ran from 1998 to 1999"."""
_FROM, _TO = {"from", "since"}, {"to", "until", "till", "through"}
_WHEN = {"P19": "P569", "P20": "P570"}
"""A place of birth or death's words before a year name its date: "passed away in 1951"."""
_DEATH = "P570"
_DIED_BY = ("lived until", "lived till", "lived to")


@dataclass(frozen=True, slots=True)
class Claim:
    """One statement of the reply, in the KB's terms."""

    triple: Triple
    subject: EntityMatch
    object: EntityMatch
    relation: RelationMatch | None
    statement: Statement | None
    """(subject, property, object) read forwards; a year claim's object is the year. None: not read."""
    alternatives: tuple[Statement, ...] = ()
    """What it says under each reading of an ambiguous name ("Cambridge"); the check keeps the one
    the KB bears out best, and the claim is wrong only when every reading is."""
    status: str = ""
    """The knowledge check's finding: ``proven``, ``refuted``, ``other``, ``open``, ``concluded`` (a
    wrong statement of the question drawn from the reply's own right premises), or ``""``."""
    note: str = ""
    """Why it is wrong knowledge, in words; empty when it is not."""
    amount: tuple[str, float] | None = None
    """How many years an "outlived" claim says, with its words: ("more than", 50.0) (arithmetic.py)."""
    when: tuple[int | None, int | None] | None = None
    """The years the reply dates the fact by, (first, last): "won it in 1921" is (1921, 1921), "from
    1940 to 1949" (1940, 1949), "since 1996" (1996, None); None when it gives none (dated.py)."""

    @property
    def negated(self) -> bool:
        return self.triple.negated

    @property
    def wrong(self) -> bool:
        return bool(self.note)

    @property
    def year(self) -> int | None:
        """The year of a claim about a date (born in 1812)."""
        dated = self.statement and self.statement[1] in VALUE_PROPERTIES - COMPUTED
        return self.object.year if dated else None


@dataclass(frozen=True, slots=True)
class ReadSettings:
    thresholds: Thresholds
    fallback: bool = True
    """Use cosine for names and relations no label, alias or phrase covers."""


def read_claims(
    batch: Sequence[tuple[Sequence[Triple], GroundGraph]],
    relations: RelationReader,
    entities: EntityReader,
    keys: RelationKeys,
    embedder: Callable[[], Embedder],
    settings: ReadSettings,
) -> list[list[Claim]]:
    """The claims of every reply of a batch, in triple order; ``embedder`` is called only for cosine."""
    batch = [
        ([read_through(_demonym(t), ground.properties) for t in resolve(triples, ground, entities)], ground)
        for triples, ground in batch
    ]  # "lacks relations with": the relation's denial (opposites.py)
    if any(triples for triples, _ in batch):
        keys.prepare(p.text for _, g in batch for p in relations.phrases(g.properties))
    names: list[dict[str, EntityMatch]] = []
    matched: list[list[list[RelationMatch]]] = []
    for triples, ground in batch:  # the case's names first: the KB is asked only about claims
        found = {n: entities.read(n, ground, look_up=False) for t in triples for n in (t.subject, t.object)}
        names.append(found)
        matched.append([_exact_relation(t, ground, found, relations, keys) for t in triples])
    if settings.fallback:
        _fallback(batch, names, matched, relations, embedder, settings.thresholds)
    out = []
    for i, (triples, ground) in enumerate(batch):
        claimed = {
            n
            for j, t in enumerate(triples)
            if matched[i][j] or _named(names[i][t.subject]) or _named(names[i][t.object])
            for n in (t.subject, t.object)
        }  # an unread triple's ends too: a sentence relating what the KB knows is worth a word (unread.py)
        read = {n: entities.read(n, ground) if n in claimed else m for n, m in names[i].items()}
        for j, t in enumerate(triples):  # "is administered by" between places only, "races for" a country
            ends = (read[t.subject], read[t.object], entities.kb)  # where one fits, it alone is read
            fit = [m for m in matched[i][j] if kept(m, *ends)]
            matched[i][j] = fit or [m for m in matched[i][j] if kept(m, *ends) is None]
            if not matched[i][j]:  # "was with Newell's Old Boys from 1983 to 1985": the evidence fact
                matched[i][j] = light_edge(t, names[i][t.subject], names[i][t.object], ground)
        out.append(
            [_claim(t, seasoned(t, read, entities.kb), matched[i][j], ground) for j, t in enumerate(triples)]
        )
    return out


def _demonym(triple: Triple) -> Triple:
    """ "a Danish cyclist", "a German state" (the extractor's nationality and "is in"): the country, by
    WordNet's pertainym, never the language the KB may also call "German"."""
    if (
        triple.relation not in ("nationality", "is in")
        or " " in triple.object
        or not triple.object[:1].isupper()
    ):
        return triple
    countries = wordnet().pertainyms(triple.object.lower())
    return replace(triple, object=countries[0].title()) if countries else triple


def _exact_relation(
    triple: Triple,
    ground: GroundGraph,
    names: dict[str, EntityMatch],
    relations: RelationReader,
    keys: RelationKeys,
) -> list[RelationMatch]:
    value = names[triple.object].how == "year"
    if value and triple.acted_on:
        return []  # "opened an embassy in 2010": no date of the subject (dated.py dates the act)
    said = words(triple.relation)
    if ends_relation(said) and not moved_into(triple):  # "broke off relations with", not "ended up in"
        return _ended(triple, names, ground)
    if value and said in _ALIVE_WORDS:
        return [RelationMatch(ALIVE, True, "words", said, "phrase")]
    if value and said in _DIED_BY:  # "lived until 1920"
        return [RelationMatch(_DEATH, True, "words", said, "phrase")]
    verb, _, prep = said.rpartition(" ")
    if value and verb in _SPANS and prep in _FROM | _TO:  # "lived from 1832", "ran until 1999"
        first, last = _SPANS[verb]
        return [RelationMatch(first if prep in _FROM else last, True, "words", said, "phrase")]
    found = relations.by_words(triple, value) or relations.by_key(triple, ground.properties, keys, value)
    if not found and not value and moved_into(triple):  # "is administered by Varese", if both are places
        found = [replace(m, how=MOVED) for m in relations.by_words(replace(triple, relation=IN), False)]
        found += relations.by_synonyms(triple, value)  # what the words say of other kinds
    if not found and not value and partnered(triple):  # "concluded a city partnership with", if places
        found = [replace(m, how=MOVED) for m in relations.by_words(replace(triple, relation=TWINNED), False)]
    if not found and not value and for_country(triple):  # "races for Denmark", if a person and a place
        relations.ensure(FOR_SPORT, FOR_SPORT_LABEL)
        found = [
            replace(m, how=FOR_PLACE)
            for m in relations.by_words(replace(triple, relation=FOR_SPORT_LABEL), False)
        ]
    if not found and not value and held_post(triple):  # "held a post at X": worked at X
        found = relations.by_words(replace(triple, relation=WORKED_AT), False)
    found = found or relations.by_synonyms(triple, value)
    if value and not found and prep in ("in", "on"):  # "was created in 1974": Wikidata's "created"
        found = relations.by_words(replace(triple, relation=verb), True)
    if value and not found and prep in ("before", "after") and verb:  # "born before 1987": a bound
        found = relations.by_words(replace(triple, relation=f"{verb} in"), True)
    if value and not found:  # "passed away in 1951": the words of the place of death, with a year
        place = (
            relations.by_words(triple, False)
            or relations.by_key(triple, ground.properties, keys, False)
            or relations.by_synonyms(triple, False)
        )
        found = [replace(m, property=_WHEN[m.property]) for m in place if m.property in _WHEN and m.forwards]
    return _best(found, ground)


ENDED = "ended"
"""``RelationMatch.how`` of a relation said to end ("left Alavés"): read only with the year it ended."""


def _ended(triple: Triple, names: dict[str, EntityMatch], ground: GroundGraph) -> list[RelationMatch]:
    """ "Cruyff left Alavés in 2002", "stopped being part of the Russian SFSR in 1921": the relation the
    evidence has between the two ends (the only one), ended. dated.py keeps it only where the clause
    gives the year it ended, as the fact's last year; without one ("broke off relations with") it says
    neither that the fact held nor that it holds, and stays unread."""
    s, o = names[triple.subject].id, names[triple.object].id
    if s is None or o is None or triple.negated:
        return []
    found = {(e.property, e.subject == s) for e in ground.edges if (e.subject, e.object) in ((s, o), (o, s))}
    if len(found) != 1:
        return []
    ((prop, forwards),) = found
    return [RelationMatch(prop, forwards, ENDED, words(triple.relation), "phrase")]


def _fallback(
    batch: Sequence[tuple[Sequence[Triple], GroundGraph]],
    names: list[dict[str, EntityMatch]],
    matched: list[list[list[RelationMatch]]],
    relations: RelationReader,
    embedder: Callable[[], Embedder],
    thresholds: Thresholds,
) -> None:
    """Cosine for the relations between named ends no catalog word names, with one encode call."""
    open_relations = [
        (i, j)
        for i, (triples, _) in enumerate(batch)
        for j, t in enumerate(triples)
        if not matched[i][j]
        and _named(names[i][t.subject])
        and _named(names[i][t.object])
        and not ends_relation(words(t.relation))
        and not (t.acted_on and names[i][t.object].how == "year")
    ]
    if not open_relations:
        return
    model = embedder()
    texts = {batch[i][0][j].relation for i, j in open_relations}
    for i, _ in open_relations:
        texts.update(p.text for p in relations.phrases(batch[i][1].properties))
    model.prepare(texts)
    for i, j in open_relations:
        triple, ground = batch[i][0][j], batch[i][1]
        value = names[i][triple.object].how == "year"
        found = relations.by_cosine(triple, ground.properties, model, thresholds.synonym, value)
        matched[i][j] = _best(found, ground)


ENDING = frozenset(
    """break breaks broke broken sever severs severed cut cuts end ends ended leave leaves left quit
    quits stop stops stopped cease ceases ceased abandon abandoned terminate terminated suspend
    suspended withdraw withdrew withdrawn revoke revoked renounce renounced lose lost""".split()  # noqa: SIM905
)


def ends_relation(said: str) -> bool:
    """A relation said through a verb that ends it ("broke off diplomatic relations with", "left
    Alavés", "ceased to be a member of"): whatever words follow name the relation that ended, so
    reading them as the relation would read the reply backwards. Left unread (so "cannot tell")."""
    first = said.split(" ", 1)[0]
    return first in ENDING or wordnet().base(first, "verb") in ENDING  # "leaving", "quitting"


def _named(match: EntityMatch) -> bool:
    """An end worth reading a relation for: an entity or a year."""
    return match.known or match.how == "year"


_SOURCES = ("label", "phrase", "inverse", "alias", "paraphrase", "wordnet", "backwards", EDGE)


def _best(found: list[RelationMatch], ground: GroundGraph) -> list[RelationMatch]:
    """The case's own properties first; then a label over a phrase over an alias; then property order."""
    return sorted(dict.fromkeys(found), key=lambda m: (*_rank(m, ground), m.property, not m.forwards))


def _rank(match: RelationMatch, ground: GroundGraph) -> tuple[bool, int]:
    return match.property not in ground.properties, _SOURCES.index(match.source)


def _claim(
    triple: Triple, names: dict[str, EntityMatch], matched: list[RelationMatch], ground: GroundGraph
) -> Claim:
    subject, obj = names[triple.subject], names[triple.object]
    if matched and subject.known and obj.how == "counted":  # "won two Nobel Prizes": read, no statement
        return Claim(triple, subject, obj, matched[0], None, status="counted")
    if not matched or not (subject.known or obj.known) or not (_name_like(subject) and _name_like(obj)):
        return Claim(triple, subject, obj, None, None)

    relation = matched[0]
    if obj.how == "year":
        if not (subject.known and relation.forwards and obj.year is not None):
            return Claim(triple, subject, obj, relation, None)
        if subject.how == "ambiguous":
            return Claim(triple, subject, obj, relation, None)
        return Claim(triple, subject, obj, relation, (end_id(subject), relation.property, str(obj.year)))
    if subject.how == "year" or obj.how == "year":
        return Claim(triple, subject, obj, relation, None)
    # Words that name two properties alike ("son of", "born to": father or mother) are read both ways;
    # the check keeps the reading the KB bears out best.
    tied = [m for m in matched if (m.phrase, m.source) == (relation.phrase, relation.source)]
    readings = [
        (a, m.property, b)
        for m in tied
        for s, o in [(subject, obj) if m.forwards else (obj, subject)]
        for a in _ids(s)
        for b in _ids(o)
        if a != b
    ][:_READINGS]
    if not readings:
        return Claim(triple, subject, obj, relation, None)
    return Claim(triple, subject, obj, relation, readings[0], tuple(readings))


def _name_like(match: EntityMatch) -> bool:
    """An entity, a year, or a capitalised name: "the southwestern part" names no one."""
    if match.how == "counted":
        return False
    return (
        match.known or match.how == "year" or bool(match.candidates) or any(ch.isupper() for ch in match.name)
    )


_READINGS = 6
"""At most so many readings of a claim with ambiguous names."""


def _ids(match: EntityMatch) -> list[str]:
    return list(match.candidates) if match.how == "ambiguous" and match.candidates else [end_id(match)]


def end_id(match: EntityMatch) -> str:
    """A claim end's id: the entity's, or ``?`` and the name's words for a name the KB does not know."""
    return match.id if match.id is not None else UNKNOWN + " ".join(name_key(match.name))


def unread(claim: Claim) -> bool:
    """A triple between two entities whose relation names no property: worth a word in the reasons."""
    return claim.relation is None and claim.subject.known and claim.object.known
