"""Which events a drawn formula names (generator/temporal_draw.py): in a plain suite, events akin
to the first ("Did Kaká play for AC Milan in 2005 and for Real Madrid in 2009?"), else any of those
near it, none repeated while others remain.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kgtest.generator.temporal_draw import Draws


class Kin:
    """The events by the entities they name, by their topic and by their domain (plain wording), so
    that ``related`` intersects sets with the events near an anchor instead of ranking each of them
    (a fifth of a suite's temporal part)."""

    def __init__(
        self,
        names: tuple[str, ...] = (),
        about: Mapping[str, tuple[str, ...]] | None = None,
        topic: Mapping[str, str] | None = None,
        domain: Mapping[str, str] | None = None,
    ) -> None:
        self.entity: dict[str, set[str]] = defaultdict(set)
        for name, ids in (about or {}).items():
            for x in ids:
                self.entity[x].add(name)
        self.topic: dict[str | None, set[str]] = defaultdict(set)
        self.domain: dict[str | None, set[str]] = defaultdict(set)
        for name in names:
            self.topic[(topic or {}).get(name)].add(name)
            self.domain[(domain or {}).get(name)].add(name)


def related(rng: random.Random, anchor: str, near: list[str], draws: Draws) -> Callable[[], str]:
    """Draw the anchor first, then an event that shares an entity with it, else one of its topic,
    else of its domain, else any: "Did Kaká play for AC Milan in 2005 and for Real Madrid in 2009?"
    reads as one question where two unrelated events read as a quiz. An event about the same two
    entities comes last (most often the same fact read the other way: "won", "was won by"). A
    plain formula names two events at most; any further draw is from all of them in turn."""
    drawn: list[str] = []

    def pick() -> str:
        if not drawn:
            drawn.append(anchor)
        elif len(drawn) == 1 and len(near) > 1:
            best = _closest(anchor, near, draws)
            drawn.append(best[rng.randrange(len(best))])
        else:
            drawn.append(near[len(drawn) % len(near)])
        return drawn[-1]

    return pick


def _closest(anchor: str, near: list[str], draws: Draws) -> list[str]:
    """The events of ``near`` most akin to the anchor (see ``related``), in ``near``'s order: those
    sharing an entity with it (not the same entities), else of its topic, else of its domain, else
    any, else those about the same entities."""
    about, kin = draws.about, draws.kin
    mine = frozenset(about.get(anchor, ()))
    around = set(near)
    around.discard(anchor)
    sharing: set[str] = set().union(*(around & kin.entity.get(x, set()) for x in mine))
    same = {x for x in sharing if len(mine) > 1 and len(about[x]) == len(mine) and mine.issuperset(about[x])}
    topic, domain = draws.topic.get(anchor), draws.domain.get(anchor)

    def groups() -> Iterator[set[str]]:  # each made only if those before it are empty: most share an entity
        yield sharing - same
        yield (around & kin.topic.get(topic, set())) - sharing if topic else set()
        yield (around & kin.domain.get(domain, set())) - sharing
        yield around - sharing
        yield same

    for group in groups():
        if group:
            return [x for x in near if x in group]
    return []


def distinct(rng: random.Random, candidates: list[str]) -> Callable[[], str]:
    """Draw events without repeating one while others remain ("p or p" asks nothing).

    A shuffle done only as far as it is drawn: a formula names a handful of the up to 129
    events near its anchor, and shuffling them all cost a third of a candidate's Python time.
    """
    order = list(candidates)
    drawn = 0

    def pick() -> str:
        nonlocal drawn
        k = drawn % len(order)
        if drawn < len(order):
            j = rng.randrange(k, len(order))
            order[k], order[j] = order[j], order[k]
        drawn += 1
        return order[k]

    return pick
