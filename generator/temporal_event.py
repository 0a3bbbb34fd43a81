"""A dated event the temporal generator asks about, and the years it began or ended in.

The years an event began or ended in (``edges_of``) are where a question reads two ways: "in
2016" of a region merged away that year is any time in 2016 to one reader and all of 2016 to
another. Plain questions say a lone event's such year "at any time in 2016"
(generator/mtl_text.py), and are drawn only in years where both readings give the same answer
otherwise (generator/temporal_draw.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from kgtest.core.errors import GenerationError
from kgtest.generator.case import EvidenceFact
from kgtest.generator.clauses import Clause
from kgtest.generator.mtl_random import merged


@dataclass(frozen=True, slots=True)
class TemporalEvent:
    """A dated event the generator can ask about, with the KB facts that date it.

    A KB adapter is one constructor call per source of years, e.g. for a person::

        TemporalEvent(id=f"{e.id}:alive", description=f"{e.label} was alive",
                      intervals=((e.start_year, e.end_year),), domain=e.domain.value,
                      evidence=(birth_fact, death_fact))

    (``point_year`` gives ``((y, y),)``; a dated Fact gives its start/end years.)
    """

    id: str
    """Unique name, used as the atom in formulas (any text: it is quoted for Prolog)."""
    description: str
    """A past-tense clause true in the event's years: "Charles Dickens was alive"."""
    intervals: tuple[tuple[int, int], ...]
    """Closed year intervals (astronomical numbering, 44 BCE is -43) it is known to hold in; may overlap."""
    domain: str = "unknown"
    evidence: tuple[EvidenceFact, ...] = ()
    unknown: tuple[tuple[int, int], ...] = ()
    """Years it may or may not have held in (after a start with no end); never asked about."""
    clause: Clause | None = None
    """The description as a clause ("Charles Dickens" / "was" / "alive"), so a question can ask
    it ("Was Charles Dickens alive in 1850?") and deny it; without one it is quoted as a sentence."""
    exists: tuple[tuple[str, int | None, int | None], ...] = ()
    """Entities the event is about but not the existence of, with the years the KB says they
    existed in (None: not known): no question asks about it in a year outside them."""
    about: tuple[str, ...] = ()
    """The entities it names (ids): plain questions join events that share one."""
    topic: str = ""
    """What it says of them ("P54", "alive"): plain questions join events of one topic next."""
    who: str = ""
    """What a question about its start alone calls its subject, where that says more than the clause
    ("the cyclist Mads Pedersen"): a year of birth turns on who is meant (``Namer.described``)."""
    ranked: bool = False
    """An award for the best of a year (generator/temporal_question.py ``ranked_award``), known from
    the KB's label before the event is worded (wording Wikidata12k's 287 award events to find it
    took a tenth of a suite's temporal part)."""
    miscast: bool = False
    """An award for a person's craft the KB gives to a thing ("St. Elsewhere received the Primetime
    Emmy Award for Outstanding Lead Actor in a Drama Series"; both of the thirteenth session's start
    readers: "a show cannot win a lead-actor award"), or the span of an entity whose label cuts its
    year short ("201 Movistar", ``Namer.cut_year``), or a containment whose whole is named after the
    part ("Venice in the Republic of Venice": generator/still_in.py ``named_in_whole``): a plain
    suite never asks it."""
    worded: Callable[[], EventWords] | None = field(default=None, compare=False, repr=False)
    """Makes the description, clause and evidence when the event is asked about, for an event given
    without them: a KB holds thousands of dated facts and a suite asks about a hundred or so
    (wording all of Wikidata12k's 3,700 up front was a fifth of ``gen``'s time)."""

    def __post_init__(self) -> None:
        if not self.intervals or any(s > e for s, e in (*self.intervals, *self.unknown)):
            raise GenerationError(
                f"event id={self.id!r} has intervals={self.intervals!r}, unknown={self.unknown!r}; give at "
                "least one (start, end) with start <= end, and only such pairs"
            )


class EventWords(NamedTuple):
    """What a ``TemporalEvent.worded`` makes: the event's description, clause and evidence."""

    description: str
    clause: Clause | None
    evidence: tuple[EvidenceFact, ...]


def worded(event: TemporalEvent) -> TemporalEvent:
    """``event`` with its description, clause and evidence, made now if it was given without them."""
    return event if event.worded is None else replace(event, **event.worded()._asdict(), worded=None)


def edges_of(event: TemporalEvent) -> set[int]:
    """The years ``event`` began or ended in, as far as the KB knows: the ends of each stretch of
    more than a year, and a year known alone next to years not known ("Sadali in the Province of
    Nuoro" until 2005, its start not given: 2005 is the year it left, read two ways)."""
    found = set()
    for a, b in merged(event.intervals):
        if a < b or any(lo - 1 <= a <= hi + 1 for lo, hi in event.unknown):
            found |= {a, b}
    return found


def birth_only(event: TemporalEvent) -> bool:
    """A life the KB knows from its birth alone: known in that one year, unknown from the next on."""
    return event.topic == "was alive" and _from_start_on(event)


def start_only(event: TemporalEvent) -> str:
    """What began an event the KB knows from its start alone, as a question asks it: "born" for a
    life, "founded" for a body's existence ("Was the Arab League founded before 1945?", where
    "Did the Arab League exist in 1944?" read stiff to every blind reader), "in force" for such a
    body that is a treaty (generator/temporal_kb.py: "Was the Treaty on Open Skies in force before
    2003?", not "founded"); "" for anything else."""
    if not _from_start_on(event):
        return ""
    if event.topic == "was alive":
        return "born"
    if event.topic != "existed" or event.domain != "society":
        return ""
    return "in force" if event.clause is not None and event.clause.rest == "in force" else "founded"


def _from_start_on(event: TemporalEvent) -> bool:
    """Known in its first year alone, unknown from the next on (an open end)."""
    return (
        len(event.intervals) == 1
        and event.intervals[0][0] == event.intervals[0][1]
        and len(event.unknown) == 1
        and event.unknown[0][0] == event.intervals[0][1] + 1
    )
