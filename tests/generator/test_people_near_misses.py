"""A near miss between people fits the subject's lifetime: no father born after the child or two
centuries before it (issue 37, goal 2)."""

from __future__ import annotations

import random
from pathlib import Path

from kgtest.generator.kbview import KbView
from kgtest.generator.negatives import Rules, candidates
from kgtest.generator.people import People, surname
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.prolog.reasoner import Statement

from ..kg.wikidata_fixture import NTriples
from .kb_fixture import HUMAN, MALE

ROLES = {"P26": "together", "P40": "parent_child", "P22": "child_parent", "P25": "child_parent"}
"""negation.pl's lifetime_rule/2."""
CHILD, FATHER, KIN, PEER, ANCIENT, YOUNG = "Q901", "Q902", "Q903", "Q904", "Q905", "Q906"


def _view(tmp: Path) -> KbView:
    nt = NTriples().entity(MALE, "male")
    for qid, label, born, died in [
        (CHILD, "Anna Berg", 1900, 1980),
        (FATHER, "Karl Berg", 1870, 1940),
        (KIN, "Otto Berg", 1872, 1950),  # fits, and of the family's name
        (PEER, "Hans Meyer", 1868, 1930),  # fits
        (ANCIENT, "Gottfried Stone", 1700, 1770),  # two centuries too early
        (YOUNG, "Tom Lee", 1960, 2020),  # born after the child
    ]:
        nt.entity(qid, label, HUMAN, born=born, died=died).fact(qid, "P21", MALE)
    nt.fact(CHILD, "P22", FATHER)
    builder = SnapshotBuilder("people")
    read_dump(nt.write(tmp / "people.nt"), builder)
    snap = builder.finish(builtin_catalog())
    return KbView(snap.entities, tuple(sorted(snap.facts.values(), key=lambda f: f.id)), builtin_catalog())


def _fathers(proposed: list[Statement]) -> list[str]:
    """The fathers proposed for the child, in order, whichever way each is read."""
    found = []
    for s, p, o in proposed:
        if p == "P22" and s == CHILD:
            found.append(o)
        elif p in ("P40", "^P22") and o == CHILD:
            found.append(s)
    return found


def test_fathers_proposed_fit_the_childs_lifetime_and_the_family_name_comes_first(tmp_path: Path) -> None:
    view = _view(tmp_path)
    for seed in range(20):
        drawn = candidates(view, [], Rules(ROLES), random.Random(seed), lambda st: True, reverse=False)
        fathers = _fathers([st for _, st in drawn])
        assert fathers and fathers[0] == KIN, (seed, fathers)
        assert not {ANCIENT, YOUNG} & set(fathers), (seed, fathers)


def test_lifetimes_that_fit(tmp_path: Path) -> None:
    people = People(_view(tmp_path), ROLES)
    assert [people.fits(CHILD, "P22", x) for x in (KIN, PEER, ANCIENT, YOUNG)] == [True, True, False, False]
    assert people.fits(FATHER, "P40", CHILD) and not people.fits(YOUNG, "P40", CHILD)
    assert people.fits(CHILD, "P26", YOUNG) is False and people.fits(KIN, "P26", PEER)
    names = ("Anna Berg", "Elizabeth I", "Henry VIII of England", "Maja Einstein (sister of Albert Einstein)")
    assert [surname(n) for n in names] == ["berg", "", "", "einstein"]
    assert surname("Charles Dickens Jr.") == surname("Arthur Dickens, 1st Baron of Kent") == "dickens"
