"""The KB's dated knowledge as events for the temporal generator (Drowzee 3.4).

Three sources of years become ``TemporalEvent``s, each with the KB facts that date it:

* an entity with both a start and an end year: a person's life ("... was alive", from
  birth and death), an event's span ("... was under way"), anything else's existence;
* an entity's point in time (P585, or P577 for a work): "... took place" ("... came out"
  for a work of culture) in that one year;
* dated facts with both years, one event per (subject, property, object) holding in all
  of that statement's periods ("Charles Dickens was married to Catherine Dickens").

Open-ended spans (a start without an end) are left out: the KB does not say when they
ended, so no year after the start could be given a proven answer. Unlabelled entities
are left out too, since a question cannot name them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence

from kgtest.generator.case import EvidenceFact
from kgtest.generator.facts import statement_domain
from kgtest.generator.kbview import KbView
from kgtest.generator.proofs import fact_evidence
from kgtest.generator.templates import wording
from kgtest.generator.temporal import TemporalEvent
from kgtest.kg.model import Domain, Entity, Fact

LEAD_YEARS = 30
"""Years before the earliest event that questions may still ask about."""

_SPANS = {
    "human": (("P569", "date of birth"), ("P570", "date of death"), "was alive"),
    "events": (("P580", "start time"), ("P582", "end time"), "was under way"),
    "other": (("P571", "inception"), ("P576", "dissolved, abolished or demolished date"), "existed"),
}
_PAST = {"is": "was", "are": "were", "has": "had"}


def kb_events(view: KbView, domains: Sequence[str] = ()) -> list[TemporalEvent]:
    """Every dated event of the KB (in ``domains``, all when empty), sorted by id."""
    wanted = set(domains)
    events = [*_entity_events(view), *_fact_events(view)]
    return sorted((e for e in events if not wanted or e.domain in wanted), key=lambda e: e.id)


def universe(events: Sequence[TemporalEvent]) -> tuple[int, int]:
    """From ``LEAD_YEARS`` before the first event to the last year any event holds."""
    starts = [s for ev in events for s, _ in ev.intervals]
    ends = [e for ev in events for _, e in ev.intervals]
    return (min(starts) - LEAD_YEARS, max(ends))


def _entity_events(view: KbView) -> list[TemporalEvent]:
    out = []
    for e in view.entities.values():
        if not e.label:
            continue
        if e.start_year is not None and e.end_year is not None and e.start_year <= e.end_year:
            (start_pid, start_label), (end_pid, end_label), verb = _SPANS[_span_kind(e)]
            evidence = (
                _year_fact(e, start_pid, start_label, e.start_year),
                _year_fact(e, end_pid, end_label, e.end_year),
            )
            out.append(
                TemporalEvent(
                    f"{e.id}:span",
                    f"{e.label} {verb}",
                    ((e.start_year, e.end_year),),
                    e.domain.value,
                    evidence,
                )
            )
        if e.point_year is not None:
            out.append(
                TemporalEvent(
                    f"{e.id}:point",
                    f"{e.label} {'came out' if e.domain is Domain.CULTURE else 'took place'}",
                    ((e.point_year, e.point_year),),
                    e.domain.value,
                    (_year_fact(e, "P585", "point in time", e.point_year),),
                )
            )
    return out


def _span_kind(e: Entity) -> str:
    if "Q5" in e.types:
        return "human"
    return "events" if e.domain is Domain.EVENTS else "other"


def _year_fact(e: Entity, pid: str, label: str, year: int) -> EvidenceFact:
    return EvidenceFact(e.id, e.label, pid, label, str(year), str(year), start_year=year)


def _span(f: Fact) -> tuple[int, int]:
    assert f.start_year is not None and f.end_year is not None
    return (f.start_year, f.end_year)


def _fact_events(view: KbView) -> list[TemporalEvent]:
    groups: dict[tuple[str, str, str], list[Fact]] = defaultdict(list)
    for f in view.facts:
        if f.start_year is not None and f.end_year is not None and f.start_year <= f.end_year:
            groups[(f.subject, f.property, f.object)].append(f)
    out = []
    for (s, p, o), facts in groups.items():
        if view.label(s) == s or view.label(o) == o:
            continue
        first, _, rest = wording(p, view.catalog).phrase.partition(" ")
        phrase = f"{_PAST.get(first, first)} {rest}".strip()
        out.append(
            TemporalEvent(
                f"{s} {p} {o}",
                f"{view.label(s)} {phrase} {view.label(o)}",
                tuple(sorted(_span(f) for f in facts)),
                statement_domain(view, (s, p, o)),
                tuple(fact_evidence(f.id, view) for f in facts),
            )
        )
    return out
