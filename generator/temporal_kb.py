"""The KB's dated knowledge as events for the temporal generator (Drowzee 3.4).

Three sources of years become ``TemporalEvent``s, each with the KB facts that date it:

* an entity with both a start and an end year: a person's life ("... was alive", from
  birth and death), an event's span ("... was under way"), a treaty's ("... was in force"),
  anything else's existence, except a state's: its inception is one of several dates a reader
  may take for the state's beginning (colony, dominion, independence), and blind readers read
  "Did New Zealand exist as a state in 1878?" two ways;
* an entity's point in time (P585, or P577 for a work): "... took place" ("... came out"
  for a work of culture, "... was signed" for a treaty) in that one year;
* dated facts with both years, one event per (subject, property, object) holding in all
  of that statement's periods ("Charles Dickens was married to Catherine Dickens").

An open end means "from then on, end unknown": a span with a start and no end is known in
its start year and *unknown* from the next year to the KB's last year (and one with an end
and no start, unknown from the KB's first year up to the year before its end). Unknown years
are kept with the event, never dropped and never asked about (generator/temporal.py), so
closed periods plus an open one never give a confident "No" for a year the open one may
cover. Unlabelled entities are left out, since a question cannot name them, and so are those whose
label is no name (``Namer.garbled``: "West Africa BENIN Rep").

Each event carries its clause (generator/clauses.py), worded with the relation's ``ask`` and
the names of generator/names.py (a fact's made only once a question asks about it), and, for a
fact's event, the known existence of the two entities it names, so that no question asks about
it in a year either did not exist in.

An event whose names give its years away is left out: "Did the 2014 Vuelta a Castilla y León
take place in 2014?" tests reading, not knowledge. So is one about an entity with a year in its
name within a year of the event's own ("2011 Team Sky", "the 2012 Giro d'Italia").
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Collection, Sequence
from functools import partial

from kgtest.generator.articles import years_named
from kgtest.generator.asked import WHERE
from kgtest.generator.case import EvidenceFact
from kgtest.generator.clauses import PAST, Clause
from kgtest.generator.clubs import TEAM
from kgtest.generator.facts import statement_domain
from kgtest.generator.kbview import KbView
from kgtest.generator.mtl_random import complement
from kgtest.generator.names import COUNTRIES, Namer
from kgtest.generator.phrasing import relation_clause
from kgtest.generator.proofs import fact_evidence
from kgtest.generator.still_in import named_in_whole
from kgtest.generator.temporal import EventWords, TemporalEvent
from kgtest.generator.temporal_question import AWARDS, ranked_label
from kgtest.kg.model import Domain, Entity, Fact

LEAD_YEARS = 30
"""Years before the earliest event that questions may still ask about."""

_SPANS = {
    "human": (("P569", "date of birth"), ("P570", "date of death"), ("was", "alive", "was alive")),
    "events": (("P580", "start time"), ("P582", "end time"), ("was", "under way", "was under way")),
    "other": (
        ("P571", "inception"),
        ("P576", "dissolved, abolished or demolished date"),
        ("did", "exist", "existed"),
    ),
}
_OPERATIONS = frozenset({"Q645883"})
"""Military operations and missions: active in their years ("Was the International Security
Assistance Force active in 2005?"), where "under way" read stiff to the twelfth session's readers."""
_CRAFT = re.compile(r"\b(?:Actor|Actress|Director|Directing|Direction)\b")
"""An award for a person's acting or directing: "Academy Award for Best Actor", "Primetime Emmy Award
for Outstanding Directing for a Drama Series"."""
_WORK = re.compile(
    r"\bfor (?:Best|Outstanding|Worst) (?:\S+ )*?(?:Series|Motion Picture|Picture|Film|Program)\b"
)
"""An award for a work, unless it names a craft too: "Primetime Emmy Award for Outstanding Drama
Series", "Golden Globe Award for Best Motion Picture – Drama" (not "... for Most Promising Newcomer
to Leading Film Roles", a person's)."""
_ACTRESS = re.compile(r"\b(?:Actress|Female Actor)\b")
_ACTOR = re.compile(r"\b(?<!Female )Actor\b")
_PERSONAL = frozenset({"P19", "P20", "P26", "P27", "P39", "P54", "P69", "P102", "P106", "P108", "P551"})
"""Relations only a person has: born in, died in, spouse, citizen of, office, team, school, party,
occupation, employer, residence."""
_SIGNED = frozenset({"Q131569", "Q321839", "Q93288"})
"""Treaties, agreements and contracts: signed in their year, and in force between their start and
end; so is anything the KB describes as a treaty (the Kyoto Protocol, an environmental treaty)
(``_TREATY``: "Did the Kyoto Protocol take place in the 1990s?" confusing to both fifteenth-session
final readers: a treaty does not take place)."""
_TREATY = re.compile(r"^(?:\S+ ){0,3}(?:treaty|agreement)\b", re.IGNORECASE)
"""A description whose head is a treaty ("international treaty to reduce greenhouse gas emissions"),
not one that names one later ("financial institution ... established by an agreement")."""
_PUBLISHED = frozenset({"Q5292", "Q571", "Q7725634", "Q13442814", "Q1002697"})
"""Books, encyclopedias, articles and periodicals: out in their year, as works of culture are."""
Spans = tuple[tuple[int, int], ...]


def kb_events(view: KbView, domains: Sequence[str] = ()) -> list[TemporalEvent]:
    """Every dated event of the KB (in ``domains``, all when empty), sorted by id."""
    wanted = set(domains)
    years = view.years
    namer = Namer.of(view)
    events = [*_entity_events(view, years, namer), *_fact_events(view, years, namer)] if years else []
    return sorted((e for e in events if not wanted or e.domain in wanted), key=lambda e: e.id)


def universe(events: Sequence[TemporalEvent]) -> tuple[int, int]:
    """From ``LEAD_YEARS`` before the first event to the last year any event holds or may hold."""
    starts = [s for ev in events for s, _ in ev.intervals]
    ends = [e for ev in events for _, e in (*ev.intervals, *ev.unknown)]
    return (min(starts) - LEAD_YEARS, max(ends))


def _known_and_unknown(start: int | None, end: int | None, kb: tuple[int, int]) -> tuple[Spans, Spans]:
    """The years a span is known to hold, and those it may have held (an open end)."""
    if start is not None and end is not None:
        return (((start, end),), ()) if start <= end else ((), ())
    if start is not None:
        return ((start, start),), (((start + 1, kb[1]),) if start < kb[1] else ())
    if end is None:
        return (), ()
    return ((end, end),), (((kb[0] - LEAD_YEARS, end - 1),) if kb[0] - LEAD_YEARS < end else ())


def _entity_events(view: KbView, kb: tuple[int, int], namer: Namer) -> list[TemporalEvent]:
    out = []
    for e in view.entities.values():
        if (
            not e.label
            or (e.start_year is None and e.end_year is None and e.point_year is None)
            or namer.garbled(e.id)
        ):
            continue  # nothing to ask, so nothing to name (most of a KB: 12,000 in Wikidata12k)
        name = namer.name(e.id) or e.label
        kept = namer.name(e.id, quoted=True) or e.label  # Drowzee's sentences keep "(Germany)"
        known, unknown = _known_and_unknown(e.start_year, e.end_year, kb)
        kind = _span_kind(e)
        if known and kind is not None and not _gives_away((name,), known):
            (start_pid, start_label), (end_pid, end_label), verb = _SPANS[kind]
            evidence = tuple(
                _year_fact(e, pid, label, year)
                for pid, label, year in (
                    (start_pid, start_label, e.start_year),
                    (end_pid, end_label, e.end_year),
                )
                if year is not None
            )
            said = Clause(name, *_span_verb(e, verb))
            who = namer.described(e.id, name) if kind == "human" else name
            out.append(
                TemporalEvent(
                    f"{e.id}:span",
                    f"{kept} {_span_verb(e, verb, by_class=True)[2]}",  # Drowzee's, as before
                    known,
                    e.domain.value,
                    evidence,
                    unknown,
                    said,
                    about=(e.id,),
                    topic=verb[2],  # the kind's: an operation joins other events as before
                    who="" if who == name else who,
                    miscast=namer.cut_year(e.id),
                )
            )
        point = () if e.point_year is None else ((e.point_year, e.point_year),)
        if point and not _gives_away((name,), point):
            said = Clause(name, *_point_verb(e))
            out.append(
                TemporalEvent(
                    f"{e.id}:point",
                    f"{kept} {_point_verb(e, by_class=True)[2]}",  # Drowzee's, as before
                    point,
                    e.domain.value,
                    (_year_fact(e, "P585", "point in time", point[0][0]),),
                    clause=said,
                    about=(e.id,),
                    topic=_point_verb(e, by_class=True)[2],  # the class's: suites join as before
                    miscast=namer.cut_year(e.id),
                )
            )
    return out


def _span_verb(e: Entity, verb: tuple[str, str, str], by_class: bool = False) -> tuple[str, str, str]:
    """An operation was active in its years, a treaty in force (``by_class``: as Drowzee's sentences
    say it, a treaty as anything else); anything else says its kind's ``verb``."""
    if _OPERATIONS.intersection(e.types):
        return "was", "active", "was active"
    return ("was", "in force", "was in force") if not by_class and _in_force(e, verb) else verb


def _point_verb(e: Entity, by_class: bool = False) -> tuple[str, str, str]:
    """A treaty was signed in its year (``by_class``: a treaty by the KB's class alone, as Drowzee's
    sentences and the joins of plain questions had it), a work came out, anything else took place."""
    if _SIGNED.intersection(e.types) if by_class else _treaty(e):
        return "was", "signed", "was signed"
    if e.domain is Domain.CULTURE or _PUBLISHED.intersection(e.types):
        return "did", "come out", "came out"
    return "did", "take place", "took place"


def _treaty(e: Entity) -> bool:
    """A treaty or an agreement, by the KB's class or its description."""
    return bool(_SIGNED.intersection(e.types) or _TREATY.search(e.description))


def _in_force(e: Entity, verb: tuple[str, str, str]) -> bool:
    """A treaty whose span is its time in force: an event's start and end time (P580, P582), or a start
    the KB tells from its signing, a year before it (the Treaty on Open Skies, signed 1992, from 2002).
    An inception alone may be the signing (the Universal Copyright Convention's 1952; in force from
    1955), so such a treaty keeps its kind's verb."""
    if not _treaty(e):
        return False
    signed = e.point_year is not None and e.start_year is not None and e.point_year < e.start_year
    return verb == _SPANS["events"][2] or signed


def _span_kind(e: Entity) -> str | None:
    if "Q5" in e.types:
        return "human"
    if COUNTRIES.intersection(e.types):  # "Did Mongolia exist in 1911?" asks about the land
        return None
    return "events" if e.domain is Domain.EVENTS else "other"


def _year_fact(e: Entity, pid: str, label: str, year: int) -> EvidenceFact:
    return EvidenceFact(e.id, e.label, pid, label, str(year), str(year), start_year=year)


def _fact_events(view: KbView, kb: tuple[int, int], namer: Namer) -> list[TemporalEvent]:
    named = {eid for eid, e in view.entities.items() if e.label and e.label != eid and not namer.garbled(eid)}
    groups: dict[tuple[str, str, str], list[Fact]] = defaultdict(list)
    for f in view.facts:  # of Wikidata12k's 40,000 facts, 3,700 dated statements between named entities
        if f.subject not in named or f.object not in named:  # most: asked first, the cheaper test
            continue
        start, end = f.start_year, f.end_year
        if (start is None and end is None) or (start is not None and end is not None and start > end):
            continue  # no year it is known to hold in (_known_and_unknown)
        groups[(f.subject, f.property, f.object)].append(f)
    out = []
    lifetimes = _lifetimes(view, named)
    things = _things(view, named)
    for (s, p, o), facts in groups.items():
        spans = [_known_and_unknown(f.start_year, f.end_year, kb) for f in facts]
        known = tuple(sorted(span for k, _ in spans for span in k))
        if (namer.may_name_a_year(s) or namer.may_name_a_year(o)) and _gives_away(
            _names(view, namer, (s, p, o)), known
        ):
            continue
        unknown = [span for _, u in spans for span in u]
        out.append(
            TemporalEvent(
                f"{s} {p} {o}",
                "",
                known,
                statement_domain(view, (s, p, o)),
                unknown=_outside(unknown, known),
                exists=tuple(lifetimes[x] for x in (s, o) if x in lifetimes),
                about=(s, o),
                topic=p,
                ranked=p in AWARDS and ranked_label(view.label(o)),
                miscast=(p in AWARDS and s in things and bool(_CRAFT.search(view.label(o))))
                or (p in WHERE and named_in_whole(view, (s, p, o))),
                worded=partial(_fact_words, view, namer, (s, p, o), tuple(f.id for f in facts)),
            )
        )
    return out


def _things(view: KbView, wanted: Collection[str]) -> set[str]:
    """Entities the KB shows are no person: typed, but not as a person; or, untyped (most of
    Wikidata12k, where "St. Elsewhere" is of the people's domain) and with no relation only a
    person has (``_PERSONAL``), given an award for a work (``_WORK``) or awards for both an actor
    and an actress ("The Sopranos": Outstanding Lead Actor, Outstanding Lead Actress). Right for the
    ``wanted`` entities (those a question may name): the others' awards are not read."""
    personal = {f.subject for p in _PERSONAL for f in view.facts_of((p,))}  # no merge by id
    typed = {eid: e.types for eid, e in view.entities.items() if e.types}
    out = {eid for eid, types in typed.items() if "Q5" not in types}
    kinds: dict[str, frozenset[str]] = {}  # per award: "work", "actor", "actress"
    roles: dict[str, set[str]] = defaultdict(set)
    for f in (f for p in sorted(AWARDS) for f in view.facts_of((p,))):
        if f.subject not in wanted or f.subject in personal or f.subject in typed:
            continue
        if (kind := kinds.get(f.object)) is None:
            kind = kinds[f.object] = _award_kinds(view.label(f.object))
        roles[f.subject] |= kind
    return out | {eid for eid, found in roles.items() if "work" in found or len(found) == 2}


def _award_kinds(label: str) -> frozenset[str]:
    """What an award's label says it is for: a work (``_WORK``, no craft), an actor, an actress."""
    return frozenset(
        kind
        for kind, said in (
            ("work", bool(_WORK.search(label)) and not _CRAFT.search(label)),
            ("actor", bool(_ACTOR.search(label))),
            ("actress", bool(_ACTRESS.search(label))),
        )
        if said
    )


def _names(view: KbView, namer: Namer, statement: tuple[str, str, str], quoted: bool = False) -> list[str]:
    """What a question about a dated statement calls its subject and its object (``quoted``: a
    sentence of Drowzee's, ``Namer.name``)."""
    s, p, o = statement
    where = p in WHERE
    return [
        namer.name(x, y, where, quoted) or namer.name(x, quoted=quoted) or view.label(x)
        for x, y in ((s, o), (o, s))
    ]


def _fact_words(
    view: KbView, namer: Namer, statement: tuple[str, str, str], fact_ids: tuple[str, ...]
) -> EventWords:
    """A dated statement's clause ("Kaká played for AC Milan") and the facts that date it, with
    names made only now: naming every dated statement up front took a quarter of a suite's
    temporal part, and only a name that may hold a digit can give the years away."""
    s, p, o = statement
    names = _names(view, namer, statement)
    subject = view.entities.get(s)
    domain = subject.domain.value if subject is not None else "unknown"
    plural = [n for n, x in zip(names, (s, o), strict=True) if namer.plural(x)]
    label = view.relation(p).label
    # Drowzee's wording quotes the statement, in its words and names; a plain question asks it
    kept = _names(view, namer, statement, quoted=True)
    said = relation_clause(p, label, kept[0], kept[1], PAST, domain, plural, statement=True)
    club = namer.played_for(o, names[1]) if p == TEAM else names[1]
    asked = relation_clause(p, label, names[0], club, PAST, domain, plural)
    return EventWords(said.statement(), asked, tuple(fact_evidence(fid, view) for fid in fact_ids))


def _gives_away(names: Sequence[str], known: Spans) -> bool:
    """A name (with its context) names a year within a year of the event's: it answers the question."""
    return any(a - 1 <= year <= b + 1 for name in names for year in years_named(name) for a, b in known)


def _lifetimes(view: KbView, wanted: Collection[str]) -> dict[str, tuple[str, int | None, int | None]]:
    """The entities the KB gives years of existence for, with those years. A KB that dates none
    (Wikidata12k) still dates places and people by their dated facts: the years those facts
    cover are the years the KB knows them to have existed in, so no question asks whether Aachen
    lay in Nazi Germany in 1900, what the Lüneburg Government Region held in 2019, or whether a
    footballer whose first club was in 1994 played for Manchester United in 1960 (blind readers
    took such windows before a career for mistakes). Every domain: Wikidata12k's states are of no
    domain ("Was Kuwait a member of the Arab League in 1960?", a state its facts know from 1961)
    and its bodies of society's ("Was Denmark a member of the International Development
    Association in 1959?", known from 1960). Only the ``wanted`` entities' (those a question may name)."""
    dated = {
        e.id: (e.start_year, e.end_year)
        for e in view.entities.values()
        if e.start_year is not None or e.end_year is not None
    }
    if dated:
        found = {x: span for x, span in dated.items() if x in wanted}
        return {x: (x, lo, _last_whole(view.entities[x], hi, True)) for x, (lo, hi) in found.items()}
    spans = view.fact_spans
    return {
        x: (x, lo, _last_whole(view.entities.get(x), hi, False))
        for x, (lo, hi) in spans.items()
        if x in wanted
    }


def _last_whole(entity: Entity | None, end: int | None, own: bool) -> int | None:
    """The last year a thing the KB ends in ``end`` existed in all of: the year before, for a thing
    with an end of its ``own`` (a dissolution) or a place whose facts end. Wikidata dates an end by
    its day, the KB by its year, and "Was Eure in Upper Normandy in 2016?" asks about a region gone
    on 1 January 2016. A person's death year is a year they lived in, and the last year a club's or
    a prize's dated facts name no end of it ("Did Elias Kachunga play for VfL Osnabrück in 2012?")."""
    if end is None or entity is None or entity.domain is Domain.PEOPLE or "Q5" in entity.types:
        return end
    return end - 1 if own or entity.domain is Domain.PLACES else end


def _outside(unknown: list[tuple[int, int]], known: Spans) -> Spans:
    """The unknown years that no known period covers."""
    out: list[tuple[int, int]] = []
    for s, e in sorted(unknown):
        for a, b in complement(sorted(known), s, e):
            if out and a <= out[-1][1] + 1:
                out[-1] = (out[-1][0], max(out[-1][1], b))
            else:
                out.append((a, b))
    return tuple(out)
