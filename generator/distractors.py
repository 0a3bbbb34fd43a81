"""What makes a candidate false statement a plausible distractor, one check per reason.

negatives.py proposes candidates ("Was Dickens born in Rome?") and the reasoner decides
whether they are false; these checks only throw out candidates a reader would dismiss at
once or that are false merely by a technicality:

* same class: every source already draws the new object from the class of the true one
  (another city for a city, a person for a person), so no check is needed for it here;
* compatible with the relation where the KB says so (sex or gender, P21): a father is not
  a woman, a mother not a man, and each spouse has the sex of the other's known spouses, or
  where there are none, the other sex (both ways: the statement may be asked read backwards);
* a parent a generation older than the child where the KB gives both births: "Was Bjorg
  Lambrecht (born 1997) the father of Michele Scarponi (born 1979)?" is refuted, but nobody
  would ask it;
* never a place that contains, or lies within, the true value of a one-valued property
  ("born in England" for someone born in London is true, not a distractor);
* never another entity that goes by a name of a true value (its label or one of its
  aliases): "Was Turing born in Cambridge?" is not false to a reader who means the other
  Cambridge.

Each check takes the candidate as negatives.py proposes it, ``(S, P, O)`` with P a base
property, and says whether it may be asked.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from functools import cache

from kgtest.generator.kbview import KbView
from kgtest.prolog.reasoner import Statement

Check = Callable[[Statement], bool]

SEX = "P21"
MALE, FEMALE = "Q6581097", "Q6581072"
_NOT_OF_SEX = {"P22": FEMALE, "P25": MALE}
"""A father is not female, a mother not male (where the KB gives P21)."""
_SAME_SEX_AS_PARTNERS = "P26"
_PARENT_OF_SUBJECT = frozenset({"P22", "P25"})
"""Father, mother: the object is the subject's parent."""
_CHILD_OF_SUBJECT = "P40"
GENERATION = 15
"""The fewest years a parent proposed is born before the child."""


def checks(view: KbView) -> tuple[Check, ...]:
    """Every check a candidate must pass."""
    return (
        _sex_compatible(view),
        _a_generation_apart(view),
        _not_around_the_true_value(view),
        _not_a_name_of_a_true_value(view),
    )


def _a_generation_apart(view: KbView) -> Check:
    def born(eid: str) -> int | None:
        entity = view.entities.get(eid)
        return None if entity is None else entity.start_year

    def check(st: Statement) -> bool:
        s, p, o = st
        if p in _PARENT_OF_SUBJECT:
            parent, child = o, s
        elif p == _CHILD_OF_SUBJECT:
            parent, child = s, o
        else:
            return True
        first, then = born(parent), born(child)
        return first is None or then is None or then - first >= GENERATION

    return check


def _sex_compatible(view: KbView) -> Check:
    sexes: dict[str, set[str]] = defaultdict(set)
    partners: dict[str, set[str]] = defaultdict(set)
    for f in view.facts_of((SEX, _SAME_SEX_AS_PARTNERS)):
        if f.property == SEX:
            sexes[f.subject].add(f.object)
        elif f.property == _SAME_SEX_AS_PARTNERS:
            partners[f.subject].add(f.object)
            partners[f.object].add(f.subject)

    def check(st: Statement) -> bool:
        s, p, o = st
        if p in _NOT_OF_SEX:
            return sexes[o] != {_NOT_OF_SEX[p]}
        if p == _SAME_SEX_AS_PARTNERS:
            return like_partners(o, s) and like_partners(s, o)
        return True

    def like_partners(x: str, of: str) -> bool:
        """``x`` may be married to ``of``: of the sex of ``of``'s known spouses, if both are known;
        where ``of`` has none, of the other sex than ``of`` (most of the KB's marriages are, and a
        random pair of one sex reads as a joke, not a near miss)."""
        known = {sex for partner in partners[of] for sex in sexes[partner]}
        if not known:
            return not sexes[x] or not sexes[of] or sexes[x] != sexes[of]
        return not sexes[x] or bool(known & sexes[x])

    return check


def _not_around_the_true_value(view: KbView) -> Check:
    """For a one-valued property: the object neither contains nor lies within the stated one."""
    orders = {
        p
        for p in view.catalog
        if view.catalog[p].curated and view.catalog[p].transitive and not view.catalog[p].symmetric
    }
    up: dict[str, set[str]] = defaultdict(set)  # x -> what x lies directly within
    backwards = {p for p in view.properties if view.catalog.resolve(p).inverse in orders}
    for f in view.facts_of(orders | backwards):
        if f.property in orders:
            up[f.subject].add(f.object)
        else:
            up[f.object].add(f.subject)
    values: dict[tuple[str, str], set[str]] = defaultdict(set)
    functional = {p for p in view.catalog if view.catalog[p].functional}
    for f in view.facts_of(functional):
        values[(f.subject, f.property)].add(f.object)

    @cache
    def within(x: str) -> frozenset[str]:
        seen: set[str] = set()
        todo = list(up.get(x, ()))
        while todo:
            y = todo.pop()
            if y not in seen:
                seen.add(y)
                todo.extend(up.get(y, ()))
        return frozenset(seen)

    def check(st: Statement) -> bool:
        s, p, o = st
        return not any(o in within(v) or v in within(o) for v in values.get((s, p), ()))

    return check


def _not_a_name_of_a_true_value(view: KbView) -> Check:
    """The object shares no name (label or alias, case folded) with any true object of (S, P).

    The true objects are indexed a property at a time, when a candidate first asks about it: a
    suite's candidates use a few properties, and indexing the whole KB up front cost more than
    all its checks."""
    indexed: dict[str, dict[str, set[str]]] = {}

    def values(s: str, p: str) -> set[str]:
        found = indexed.get(p)
        if found is None:
            found = indexed[p] = defaultdict(set)
            for f in view.facts_of((p,)):
                found[f.subject].add(f.object)
        return found.get(s, set())

    @cache
    def names(x: str) -> frozenset[str]:
        e = view.entities.get(x)
        found = (e.label, *e.aliases) if e is not None else ()
        return frozenset(n.casefold() for n in found if n)

    def check(st: Statement) -> bool:
        s, p, o = st
        return not any(names(o) & names(v) for v in values(s, p) if v != o)

    return check
