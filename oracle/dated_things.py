"""A thing's start or end said in words no property names: read as its inception or dissolution.

"the International Security Assistance Force was established in December 2001 ... and concluded at
the end of 2014", "ISAF wound down in 2014", "It operated in Afghanistan until the end of 2014", "The
Province of Genoa was abolished at the end of 2014": no verb of these is a property's phrase, so the
sentences were unread and their replies "cannot tell". Where the KB dates the thing (the case's
dates, else the KB entity's first or last year), the sentence is read as that date: a year claim of
the thing's start or end, which the checks compare with the KB's (agreeing: proven; another year:
wrong knowledge) and a temporal case's events take in place of the KB's (lifetimes.py). A month or
a season, the end or the start reads to its year ("in December 2001", "at the end of 2014"). It stays
unread where

* the verb's subject is another: a pronoun or a relative stands between the name and the verb ("Lower
  Saxony ... the Federal Republic when it was founded in 1949"), or a name the case lacks is the
  verb's own subject ("the Federal Republic was only founded in 1949");
* the KB does not date the thing, or it is a person (a person's start and end are birth and death,
  said otherwise);
* the year is loose ("in the 1990s", "around 2000", "the turn of the century"), a bound ("by 1968"),
  or the end or start of a year next to the KB's ("the end of 2014" for 2015: the same moment, maybe),
  or the clause denies, asks or supposes ("not", "never", "if", "?");
* the words are a change of status the KB may date otherwise ("became independent in 1960"), or the
  thing is a country or a state (founded more than once: Germany in 1871, 1949, 1990): read only
  where they agree with the KB, never as wrong knowledge.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.claims import Claim
from kgtest.oracle.dated import ENDS, STARTS
from kgtest.oracle.dated_edges import RECALLED, named
from kgtest.oracle.entities import EntityMatch, EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.kb_years import date_of
from kgtest.oracle.relations import RelationMatch
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.unread import NAME, same_sentence

_MONTH = r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
_EDGE = r"(?P<edge>(?:the\s+)?(?:very\s+)?(?:end|close|start|beginning)\s+of\s+)"
_WITHIN = (
    rf"(?:(?:the\s+)?(?:early|late|mid)[-\s]+|(?:the\s+)?(?:summer|spring|autumn|fall|winter)\s+of\s+|"
    rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?{_MONTH}\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?)"
)
_DATE = rf"(?:{_EDGE}|{_WITHIN})?(?P<year>1\d{{3}}|20\d{{2}})\b(?!s|['’]s|\s*[–—-]\s*\d)"
"""A year, a month or season of it, or its end or start: "December 2001", "the end of 2014"."""
_GAP = r"(?:\s+(?!(?:and|but|when|while|which|who|after|before|until|till|since)\b)[\w'’.-]+){0,5}?"
"""Up to five words of the same clause between the verb and the date ("in Afghanistan", "under ...")."""
_DONE = (
    r"(?:was|were|being|had\s+been|has\s+been|have\s+been|got)\s+"
    r"(?:(?:only|first|officially|formally|finally|then|later|eventually|actually)\s+)?"
)
_START_DONE = r"(?:established|founded|set\s+up|created|formed|launched|inaugurated|instituted)"
_END_DONE = r"(?:dissolved|abolished|disbanded|terminated|wound\s+up|liquidated)"
_END_SAID = r"(?:concluded|wound\s+down|ended|ceased\s+to\s+exist|came\s+to\s+an\s+end)"
_LASTED = r"(?:operated|existed|lasted|continued|carried\s+on|remained\s+in\s+(?:operation|existence)|ran)"
_STATUS = r"(?:became|gained\s+(?:its\s+)?independence|was\s+granted\s+independence)"
_SAID = re.compile(
    rf"\b(?:{_DONE}(?P<start>{_START_DONE})|{_DONE}(?P<end>{_END_DONE})|(?P<ended>{_END_SAID})|"
    rf"(?P<lasted>{_LASTED})|(?P<status>{_STATUS}))"
    rf"(?P<gap>{_GAP})\s+(?P<prep>in|on|at|during|until|till|through)\s+{_DATE}",
    re.I,
)
_INDEPENDENT = re.compile(r"^\s+independent\b|^$", re.I)
"""What may stand between "became" and the date: "became independent in 1960"; nothing for the others."""
_AWAY = re.compile(
    r"\b(?:not|never|no|nor|if|whether|unless|would|might|could|perhaps|maybe|possibly|regained|again|"
    r"re-?established|re-?founded|reformed|renamed|around|about|circa|roughly|approximately)\b|n['’]t\b|\?",
    re.I,
)
"""A clause that denies, asks, supposes, starts a thing again or gives a loose year: not read."""
_CLAUSE = re.compile(r"[;:—–]|,\s+(?:but|while|whereas|though|although|so|and|which|when|since|because)\b")
_PERSON = "Q5"


def dated_things(
    text: str, claims: Sequence[Claim], ground: GroundGraph, entities: EntityReader
) -> list[Claim]:
    """Year claims of the start or end of things the KB dates, said in the reply (the module's rule)."""
    out: list[Claim] = []
    for sentence in reply_sentences(text):
        sentence = sentence.strip()
        found = _said(sentence, ground, entities)
        said = {c.statement for c in claims if same_sentence(sentence, c.triple.sentence)} if found else set()
        for claim in found:
            if claim.statement is not None and claim.statement not in said:
                said.add(claim.statement)
                out.append(claim)
    return out


def _said(sentence: str, ground: GroundGraph, entities: EntityReader) -> list[Claim]:
    said = list(_SAID.finditer(sentence))
    names = named(sentence, ground, entities) if said else []
    out = []
    for verb in said:
        clause_start = max((m.end() for m in _CLAUSE.finditer(sentence, 0, verb.start())), default=0)
        if _AWAY.search(RECALLED.sub(" ", sentence[clause_start : verb.end()])) or sentence.rstrip().endswith(
            "?"
        ):
            continue  # "was not founded in 1976", "Was it founded in 1991?"
        if verb["status"] and not _INDEPENDENT.match(verb["gap"]):
            continue  # "became the capital in 1991": a relation of two, not the thing's own start
        before = [m for s, e, m in names if clause_start <= s and e <= verb.start()]
        if before and _another_subject(sentence, clause_start, verb.start(), names):
            continue
        if not before and re.match(r"\s*(?:it|It)\s", sentence[clause_start : verb.start()] + " "):
            before = _the_one(ground, entities)  # "It operated in Afghanistan until ...": the case's thing
        if not before:
            continue
        thing = before[-1]
        kind = "start" if verb["start"] or verb["status"] else "end"
        if verb["lasted"] and verb["prep"].lower() not in ("until", "till", "through"):
            continue  # "operated in 2010" dates neither end
        if verb["prep"].lower() in ("until", "till", "through") and not verb["lasted"]:
            continue
        claim = _claim(sentence, thing, kind, verb, ground, entities, firm=not verb["status"])
        if claim is not None:
            out.append(claim)
    return out


def _another_subject(sentence: str, start: int, verb: int, names: list[tuple[int, int, EntityMatch]]) -> bool:
    """The verb's subject is not the name before it: a pronoun or a relative stands between ("Lower
    Saxony ... the Federal Republic when it was founded in 1949"), or a name the case lacks is the
    verb's own subject ("the Federal Republic was only founded in 1949")."""
    found = list(NAME.finditer(sentence, start, verb))
    last = found[-1] if found else None
    between = sentence[last.end() if last else start : verb]
    if _REFERS.search(between):
        return True
    known = last is not None and any(last.start() <= s and e <= last.end() for s, e, _ in names)
    return last is not None and bool(_SUBJECT_ONLY.fullmatch(between)) and not known


_REFERS = re.compile(r"\b(?:it|its|they|them|which|that|who|whom|this|these|those)\b", re.I)
_SUBJECT_ONLY = re.compile(
    r"[\s,]*(?:(?:was|were|had|has|have|been|being|only|first|then|later|officially|formally|finally|"
    r"eventually|actually|got)\s+)*"
)


def _the_one(ground: GroundGraph, entities: EntityReader) -> list[EntityMatch]:
    """The case's one dated thing that is no person, as "it" names it; none where there are several."""
    things = [
        e
        for e in ground.entities
        if not _person(e.id, ground, entities)
        and any(date_of(entities.kb, ground, k, e.id) is not None for k in ("start", "end"))
    ]
    if len(things) != 1:
        return []
    return [EntityMatch("it", things[0].id, things[0].label, "label")]


def _country(eid: str, ground: GroundGraph, entities: EntityReader) -> bool:
    """A country or state: founded more than once in the KB's eyes (Germany in 1871, 1949, 1990), so
    another year said is no sure wrong knowledge."""
    entity = entities.kb.entity(eid) if entities.kb is not None else None
    types = {t for e, t in ground.types if e == eid} | set(entity.types if entity is not None else ())
    return bool(types & _COUNTRIES)


_COUNTRIES = frozenset({"Q6256", "Q3624078", "Q7275", "Q3024240", "Q1763527"})
"""Country, sovereign state, state, historical country, constituent country."""


def _person(eid: str, ground: GroundGraph, entities: EntityReader) -> bool:
    if any(x == eid for _, x, _ in ground.years) or (eid, _PERSON) in ground.types:
        return True
    entity = entities.kb.entity(eid) if entities.kb is not None else None
    return entity is not None and _PERSON in entity.types


def _claim(
    sentence: str,
    thing: EntityMatch,
    kind: str,
    said: re.Match[str],
    ground: GroundGraph,
    entities: EntityReader,
    firm: bool,
) -> Claim | None:
    """The year claim, where the KB dates the thing; ``firm``: read where the years differ too."""
    assert thing.id is not None
    if _person(thing.id, ground, entities):
        return None
    firm = firm and not _country(thing.id, ground, entities)
    known = date_of(entities.kb, ground, kind, thing.id)
    if known is None:
        return None
    year = int(said["year"])
    if said["edge"] and abs(known - year) == 1:
        return None  # "the end of 2014" may be the KB's 1 January 2015: neither right nor wrong for sure
    if year != known and not firm:
        return None
    pid = next(
        (p for p, x, _ in ground.dates if x == thing.id and p in (STARTS if kind == "start" else ENDS)), ""
    )
    pid = pid or ("P571" if kind == "start" else "P576")
    label = "inception" if kind == "start" else "dissolved, abolished or demolished date"
    text = str(year)
    verb = next(said[g] for g in ("start", "end", "ended", "lasted", "status") if said[g])
    triple = Triple(
        thing.label, f"{' '.join(verb.split())} {said['prep'].lower()}", said["year"], sentence=sentence
    )
    obj = EntityMatch(said["year"], None, text, "year", year=year)
    relation = RelationMatch(pid, True, "words", label, "dated_things")
    statement = (thing.id, pid, text)
    return Claim(triple, thing, obj, relation, statement, (statement,))
