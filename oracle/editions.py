"""A club and a league's season named in one clause: the club took part in that season, whatever the
verb.

"Adonis were a Fourth Division side throughout 1999–2000", "Elpida Xylofagou spent 2012–13 down in
the Cypriot Fourth Division", "ASIL Lysi had won promotion and spent 2018–19 in the First Division",
"since Doxa were in the First Division for 2012–13" (styled_dev14 D1-020, styled_dev15 F2-038, E1-012,
F3-038; seven writers): KBs such as LitWD1K hold a club's league by season entities, and a club is
related to an edition of its league in one way only, taking part (P1344). No property's words name
"were a ... side in" or "spent ... in", so the sentence was unread and the reply "cannot tell". Where a
clause names one club of the case (by name, or by "they", "the club", "the side" where the case has one
club) and one season of a league the KB knows by that name ("2012–13" beside "the Fourth Division",
seasons.py), it is read as the club's participation in that season and checked like any other: a
league the KB gives the club another that season is wrong knowledge (one league a season).

It stays unread where the clause denies, asks or supposes ("weren't", "if", "would have put them"),
says a move between leagues ("promotion", "relegated", "dropped", "out of": which season is the
league's?), or names several seasons or clubs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from kgtest.kg.extract.triples import Triple
from kgtest.oracle.claims import Claim
from kgtest.oracle.entities import EntityMatch, EntityReader
from kgtest.oracle.ground import GroundGraph
from kgtest.oracle.relations import RelationMatch
from kgtest.oracle.seasons import SEASON, season_named, season_of
from kgtest.oracle.sentences import reply_sentences
from kgtest.oracle.unread import NAME, same_sentence

PARTICIPANT = "P1344"
EDITION = "edition"
LEAGUE = "P3450"
"""Sports season of league or competition: a season's league."""
"""How a club-in-a-season claim was read (``RelationMatch.how``): by the shape, the season its date."""
_CLAUSE = re.compile(
    r"[;:—]|\s–\s|,\s+(?:but|while|whereas|though|although|so|and|which|when|because)\b|,\s+(?=(?:they|it)\s)"
    r"|\s+and\s+(?=(?:only\s+|then\s+|later\s+)?[a-z]+ed\s)"
)
"""Where a clause ends: "since Doxa were in the First Division for 2012–13, they could not also have
played ...", "were playing in the Cypriot Third Division in 2006–07 and only climbed to ..."."""
_AWAY = re.compile(
    r"\b(?:not|never|no|nor|neither|if|whether|unless|would|might|could|may|perhaps|maybe|possibly|"
    r"promot\w*|relegat\w*|dropped|drop|went\s+down|went\s+up|moved\s+up|moved\s+down|out\s+of|"
    r"instead|rather|other|another|later|earlier|"
    r"(?:before|after|until|since)\s+(?:[\w'’]+\s+){0,2}?(?:1[89]\d{2}|20\d{2}))\b|n['’]t\b|\?",
    re.I,
)
"""A clause that denies, asks or supposes, moves the club between leagues, or says another season
("after a rough 2005–06"; "since Doxa were ..." gives a reason)."""
_YEAR_AFTER = re.compile(r"\s+(?:in|for|of|the|and|on)\s+(?=\d)")
_THE_CLUB = re.compile(r"\b(?:they|the\s+club|the\s+side|the\s+team)\b", re.I)


def editions(text: str, claims: Sequence[Claim], ground: GroundGraph, entities: EntityReader) -> list[Claim]:
    """The club-in-a-season claims the reply's clauses make (the module's rule) that no claim read
    from the sentence already makes."""
    clubs = {e.subject for e in ground.edges if e.property == PARTICIPANT}
    if not clubs or entities.kb is None:
        return []
    out: list[Claim] = []
    for sentence in reply_sentences(text):
        sentence = sentence.strip()
        if sentence.endswith("?") or not SEASON.search(sentence):
            continue
        read = {
            c.statement
            for c in claims
            if same_sentence(sentence, c.triple.sentence) and c.statement is not None
            if c.statement[1] == PARTICIPANT
        }
        for clause in _CLAUSE.split(sentence):
            claim = _clause(clause, sentence, clubs, ground, entities)
            if claim is not None and claim.statement not in read:
                out.append(claim)
    return out


def _clause(
    clause: str, sentence: str, clubs: set[str], ground: GroundGraph, entities: EntityReader
) -> Claim | None:
    if len({m.group() for m in SEASON.finditer(clause)}) != 1 or _AWAY.search(clause):
        return None
    found = [entities.read(n.strip(), ground, look_up=False) for n in NAME.findall(clause)]
    named = {m.id for m in found if m.id in clubs}
    if not named and _THE_CLUB.search(clause) and len(clubs) == 1:
        named = set(clubs)
    seasons = {s.id: s for s in _seasons(clause, ground, entities) if s.id is not None}
    if len(named) != 1 or len(seasons) != 1:
        return None
    (club,) = named
    ((season_id, season),) = seasons.items()
    entity = ground.entity(club)
    label = entity.label if entity is not None else club
    triple = Triple(label, "participant in", season.label, sentence=sentence)
    statement = (club, PARTICIPANT, season_id)
    return Claim(
        triple,
        EntityMatch(label, club, label, "label"),
        season,
        RelationMatch(PARTICIPANT, True, EDITION, "participant in", EDITION),
        statement,
        (statement,),
    )


def _seasons(clause: str, ground: GroundGraph, entities: EntityReader) -> list[EntityMatch]:
    """The seasons the clause names: a league beside the season's years ("2012–13 ... the Fourth
    Division"; "the 2009–10 Fourth Division")."""
    out = []
    for found in NAME.findall(clause):
        name = _YEAR_AFTER.split(found)[0].strip()  # "the First Division for 2012–13"
        match = entities.read(name, ground)
        if not match.known:
            season = _of_the_country(name, clause, ground, entities)
        elif SEASON.search(match.label):  # "First Division" read as the case's season of it
            season = match if _years(match.label) == _years(clause) else None
        else:
            season = season_of(match, clause, entities.kb)
        if season is not None and season.id is not None:
            out.append(season)
    return out


def _years(text: str) -> set[tuple[str, str]]:
    """The seasons a text names, as (first year, last two digits): "1999–2000" and "1999–00" are one."""
    return {(m.group(1), m.group(2)[-2:]) for m in SEASON.finditer(text)}


def _of_the_country(
    name: str, clause: str, ground: GroundGraph, entities: EntityReader
) -> EntityMatch | None:
    """ "the Fourth Division" where the case's leagues (or its seasons') are Cypriot: the season of the
    Cypriot Fourth Division, if the KB has one (a tier named without its country, which many have)."""
    leagues = {e.object_label for e in ground.edges if e.property == LEAGUE}
    leagues |= {SEASON.sub("", e.object_label).strip() for e in ground.edges if e.property == PARTICIPANT}
    words = name.split()
    found = {
        season.id: season
        for label in leagues
        if len(words) == 2 and label.endswith(f" {words[-1]}") and len(label.split()) == 3
        if (season := season_named(name, f"{label.split()[0]} {name}", clause, entities.kb)) is not None
    }
    return next(iter(found.values())) if len(found) == 1 else None
