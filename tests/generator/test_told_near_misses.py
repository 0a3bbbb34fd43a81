"""A near miss's chosen value is one that needs no telling apart (issue 37)."""

from __future__ import annotations

import pytest

from kgtest.core.wordnet import wordnet
from kgtest.generator.asked import Asker
from kgtest.generator.facts import _told
from kgtest.generator.kbview import KbView
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact
from kgtest.prolog.reasoner import Derivation, FactPremise

pytestmark = pytest.mark.skipif(not wordnet().available, reason="needs Debian's wordnet-base (.ci/setup)")

COUNTRY = ("Q3624078",)


def test_a_near_miss_does_not_put_a_name_that_needs_telling_in_place_of_the_truth() -> None:
    """ "Was the cyclist Jhonatan Narváez born in the country Georgia?" read stiff to both of the
    twelfth session's end readers; "... born in Norway?" reads plainly."""
    entities = {
        "Q1": Entity("Q1", "Jhonatan Narváez", types=("Q5",), domain=Domain.PEOPLE),
        "Q2": Entity("Q2", "Ecuador", types=COUNTRY, domain=Domain.PLACES),
        "Q3": Entity("Q3", "Georgia", types=COUNTRY, domain=Domain.PLACES),
        "Q4": Entity("Q4", "Norway", types=COUNTRY, domain=Domain.PLACES),
    }
    born = Fact("Q1", "P19", "Q2")
    asker = Asker(KbView(entities, (born,), builtin_catalog()), 2020, "plain")

    def near_miss(country: str) -> Derivation:
        return Derivation(False, "functional_conflict", "Q1", "P19", country, (FactPremise(born.id),), None)

    assert _told(asker, near_miss("Q3"))
    assert not _told(asker, near_miss("Q4"))
    # read backwards, the value put in place of the truth is still Georgia
    back = Derivation(False, "inverse", "Q3", "^P19", "Q1", (near_miss("Q3"),), None)
    assert _told(asker, back)
