"""A parent proposed in a near miss is a generation older than the child (issue 37, sixth round):
"Was Bjorg Lambrecht (born 1997) the father of Michele Scarponi (born 1979)?" is refuted, but no
reader would ask it."""

from __future__ import annotations

from kgtest.generator.distractors import GENERATION
from kgtest.generator.suite import SuiteRequest, generate_suite

from .conftest import Kb

PARENTS = {"P22": "parent", "P25": "parent", "P40": "child"}
"""What the object of each relation is to its subject."""


def test_a_parent_proposed_is_born_a_generation_before_the_child(family: Kb) -> None:
    view, reasoner = family
    cases = generate_suite(view, reasoner, SuiteRequest(kinds=("negation",), count=60, seed=5)).cases
    born = {e.id: e.start_year for e in view.entities.values() if e.start_year is not None}
    pairs = []
    for case in cases:
        s, p, o = case.meta.statement
        s, p, o = (o, p[1:], s) if p.startswith("^") else (s, p, o)
        if p in PARENTS and s in born and o in born:
            parent, child = (o, s) if PARENTS[p] == "parent" else (s, o)
            pairs.append((born[child] - born[parent], case.question))
    assert pairs
    assert all(gap >= GENERATION for gap, _ in pairs), [q for gap, q in pairs if gap < GENERATION]
