"""A place said to lie in another at a year, until or from one (issue 38, fifteenth session; oracle/
dated_within.py): "In 1930 the district of Celle belonged to the Lüneburg government region"
(styled_blind14 W1-013), "Florimont stayed in Haut-Rhin from 1790 right up until ..." (styled_blind9
W1-034), read as the case's dated containment where the KB dates it. Replies are written for these
tests, in the terse, chatty, hedged and citing styles, over a hand-built case of the KB's facts for
W1-013: Celle in the Lüneburg Government Region from 1885 to 2004, the region in the Province of
Hanover from 1885 to 1946."""

from __future__ import annotations

import pytest

from kgtest.oracle.dated import wrong_dates
from kgtest.oracle.dated_within import dated_within
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import GroundEdge, GroundEntity, GroundGraph

CELLE, REGION, HANOVER = "Q5919", "Q2", "Q3"
CASE = GroundGraph(
    entities=(
        GroundEntity(CELLE, "Celle (district)", ("district of Celle",)),
        GroundEntity(REGION, "Lüneburg Government Region", ("Lüneburg region",)),
        GroundEntity(HANOVER, "Province of Hanover"),
    ),
    edges=(
        GroundEdge(
            "e0",
            REGION,
            "P150",
            CELLE,
            "Lüneburg Government Region",
            "contains",
            "Celle (district)",
            1885,
            2004,
        ),
        GroundEdge(
            "e1",
            REGION,
            "P131",
            HANOVER,
            "Lüneburg Government Region",
            "located in",
            "Province of Hanover",
            1885,
            1946,
        ),
    ),
    statement=(CELLE, "P131", HANOVER),
    holds=True,
    yes_means_holds=True,
)


def _read(sentence: str) -> list[tuple[tuple[str, str, str] | None, tuple[int | None, int | None] | None]]:
    return [(c.statement, c.when) for c in dated_within(sentence, [], CASE, EntityReader(None))]


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        # terse: a year first, the place by its short name
        (
            "In 1930 Celle belonged to the Lüneburg Government Region.",
            [((REGION, "P150", CELLE), (1930, 1930))],
        ),
        # chatty: the last year, after a contrast
        (
            "Celle was part of the Lüneburg Government Region until 2004, not the Stade one.",
            [((REGION, "P150", CELLE), (None, 2004))],
        ),
        # citing: a span first
        (
            "According to the Prussian statistics: from 1885 to 1946 the Lüneburg Government Region lay in "
            "the Province of Hanover.",
            [((REGION, "P131", HANOVER), (1885, 1946))],
        ),
        # hedged on one's memory, not on the fact
        (
            "I think the Lüneburg region was part of the Province of Hanover until 1946.",
            [((REGION, "P131", HANOVER), (None, 1946))],
        ),
        # chatty: a span whose end is an event's year (styled_blind9 W1-034's shape)
        (
            "Celle stayed in the Lüneburg Government Region from 1885 right up until the state scrapped its "
            "regions in 2004.",
            [((REGION, "P150", CELLE), (1885, 2004))],
        ),
        # step by step, a conclusion after a contrast (d17 D2-007's shape)
        (
            "So in 1978 Celle sat in the Lüneburg Government Region, not the Stade one.",
            [((REGION, "P150", CELLE), (1978, 1978))],
        ),
        # another year, far from the KB's: read, so the checks find it wrong
        (
            "In 1960 the Lüneburg Government Region was in the Province of Hanover.",
            [((REGION, "P131", HANOVER), (1960, 1960))],
        ),
    ],
)
def test_a_containment_at_a_year_is_read_with_its_years(sentence: str, read: list[object]) -> None:
    assert _read(sentence) == read


@pytest.mark.parametrize(
    "sentence",
    [
        "In 1946 the Lüneburg Government Region was in the Province of Hanover.",  # the year of a change
        "Celle was part of the Lüneburg Government Region until 2005.",  # next to the KB's last year
        "In 1930 Celle was not in the Lüneburg Government Region.",  # denied
        "Around 1930 Celle belonged to the Lüneburg Government Region.",  # loose
        "In 1930 Celle probably belonged to the Lüneburg Government Region.",  # hedged on the fact
        "Was Celle in the Lüneburg Government Region in 1930?",  # asked
        "In 1930 Celle belonged to Lower Saxony.",  # a container the case lacks
        "Celle belonged to the Lüneburg Government Region from 1885 when Hanover was Prussian.",  # more said
        "In 1930 it was part of the Province of Hanover.",  # "it" for one of two contained places
    ],
)
def test_a_containment_stays_unread_where_its_years_are_unsure(sentence: str) -> None:
    assert _read(sentence) == []


def test_the_kbs_span_decides() -> None:
    inside, outside = (
        dated_within(s, [], CASE, EntityReader(None))[0]
        for s in (
            "In 1930 Celle belonged to the Lüneburg Government Region.",
            "In 1960 the Lüneburg Government Region was in the Province of Hanover.",
        )
    )
    assert wrong_dates(inside, [(1885, 2004)]) == ""
    assert wrong_dates(outside, [(1885, 1946)]) != ""
