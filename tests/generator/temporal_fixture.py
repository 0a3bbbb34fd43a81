"""A small hand-written table of dated events (real dates) for the temporal generator tests."""

from __future__ import annotations

from kgtest.generator.case import EvidenceFact, TestCase
from kgtest.generator.temporal import TemporalEvent
from kgtest.prolog import mtl
from kgtest.prolog.pointwise import holds_at

UNIVERSE = (-100, 2024)


def _event(
    qid: str, label: str, description: str, spans: tuple[tuple[int, int], ...], domain: str
) -> TemporalEvent:
    """Evidence: birth/death for people, start/end time for the rest, as a KB adapter would give."""
    first, last = spans[0][0], spans[-1][1]
    (p1, l1), (p2, l2) = (
        (("P569", "date of birth"), ("P570", "date of death"))
        if domain == "people"
        else (
            ("P580", "start time"),
            ("P582", "end time"),
        )
    )
    evidence = (
        EvidenceFact(qid, label, p1, l1, str(first), str(first), start_year=first),
        EvidenceFact(qid, label, p2, l2, str(last), str(last), start_year=last),
    )
    return TemporalEvent(qid, description, spans, domain, evidence)


EVENTS = [
    _event("Q5686", "Charles Dickens", "Charles Dickens was alive", ((1812, 1870),), "people"),
    _event("Q1763", "Victorian era", "the Victorian era was under way", ((1837, 1901),), "events"),
    _event("Q1035", "Charles Darwin", "Charles Darwin was alive", ((1809, 1882),), "people"),
    _event("Q10413", "Crimean War", "the Crimean War was being fought", ((1853, 1856),), "events"),
    _event("Q184624", "Great Exhibition", "the Great Exhibition was held", ((1851, 1851),), "events"),
    _event(
        "Q160852:pm",
        "William Gladstone",
        "William Gladstone was Prime Minister",
        ((1868, 1874), (1880, 1885), (1886, 1886), (1892, 1894)),
        "society",
    ),
    _event("Q361", "First World War", "the First World War was being fought", ((1914, 1918),), "events"),
    _event(
        "Q317542", "Georges-Charles d'Anthès", "Georges-Charles d'Anthès was alive", ((1812, 1895),), "people"
    ),
    _event("Q1747689", "Augustus", "Augustus ruled Rome", ((-26, 14),), "society"),
    _event("Q1048", "Julius Caesar", "Julius Caesar was alive", ((-99, -43),), "people"),
]


def assert_same_answer_a_year_off(case: TestCase) -> None:
    """The case's answer holds with every event's years moved one back and one on (the referee's
    reading of a season's or a ceremony's year), as the draw promises."""
    assert case.temporal is not None
    f = mtl.from_json(case.temporal.formula)
    universe, year = tuple(case.temporal.universe), case.temporal.query_year
    for shift in (-1, 1):
        moved = {n: [(a + shift, b + shift) for a, b in s] for n, s in case.temporal.events.items()}
        assert holds_at(f, moved, universe, year) is (case.expected.value == "Yes"), case.question
