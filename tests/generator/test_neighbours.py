"""The events a temporal formula may mix with its anchor (generator/mtl_random.py ``Neighbours``)
and, in a plain suite, the one it names beside it (generator/temporal_pick.py)."""

from __future__ import annotations

import random

from kgtest.generator.mtl_random import Neighbours, clip, merged, within
from kgtest.generator.temporal_draw import Draws
from kgtest.generator.temporal_pick import related


def _by_definition(hulls: dict[str, tuple[int, int]], width: int, anchor: str, reach: int) -> list[str]:
    """Of the ``width`` events either side of the anchor in (start, name) order, those whose years
    come within ``reach`` of the anchor's, in that order."""
    order = sorted(hulls, key=lambda name: (hulls[name][0], name))
    i = order.index(anchor)
    first, last = hulls[anchor]
    window = order[max(0, i - width) : i + width + 1]
    return [x for x in window if hulls[x][0] - last <= reach and first - hulls[x][1] <= reach]


def test_neighbours_are_the_events_within_reach_among_the_width_either_side() -> None:
    rng = random.Random(3)
    for _ in range(150):
        hulls = {}
        for k in range(rng.randint(1, 300)):
            start = rng.randint(1800, 2020)
            hulls[f"e{k}"] = (start, start + rng.randint(0, 60))
        width = rng.choice([1, 4, 64])
        near = Neighbours(hulls, width)
        for anchor in rng.sample(sorted(hulls), min(20, len(hulls))):
            reach = rng.randint(0, 80)
            assert near.of(anchor, reach) == _by_definition(hulls, width, anchor, reach)


def test_within_is_clip_and_no_copy_where_the_years_lie_inside() -> None:
    rng = random.Random(5)
    for _ in range(500):
        spans = merged((s, s + rng.randint(0, 9)) for s in rng.sample(range(1900, 2000), rng.randint(0, 6)))
        lo, hi = rng.randint(1890, 1960), rng.randint(1950, 2020)
        assert within(spans, lo, hi) == clip(spans, lo, hi)
        assert (within(spans, lo, hi) is spans) == (not spans or (spans[0][0] >= lo and spans[-1][1] <= hi))


def _draws(about: dict[str, tuple[str, ...]], topic: dict[str, str], domain: dict[str, str]) -> Draws:
    names = tuple(about)
    spans = {name: [(1990, 2000)] for name in names}
    return Draws(1, 2, 10, (1900, 2020), names, spans, spans, frozenset(), True, about, topic, domain)


def test_the_second_event_shares_an_entity_else_a_topic_else_a_domain() -> None:
    about = {
        "anchor": ("kaka", "milan"),
        "same": ("milan", "kaka"),  # the same two entities: last
        "other club": ("kaka", "real"),
        "same topic": ("pele", "santos"),
        "same domain": ("x", "y"),
        "anything": ("z", "w"),
    }
    topic = {"anchor": "P54", "same": "^P54", "other club": "P54", "same topic": "P54", "same domain": "P1"}
    domain = {name: "people" for name in about} | {"anything": "places"}
    draws = _draws(about, topic, domain)
    near = list(about)
    for left_out, expected in (
        ((), "other club"),
        (("other club",), "same topic"),
        (("other club", "same topic"), "same domain"),
        (("other club", "same topic", "same domain"), "anything"),
        (("other club", "same topic", "same domain", "anything"), "same"),
    ):
        kept = [x for x in near if x not in left_out]
        pick = related(random.Random(0), "anchor", kept, draws)
        assert (pick(), pick()) == ("anchor", expected)
