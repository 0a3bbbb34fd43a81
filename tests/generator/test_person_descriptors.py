"""A person whose name the world shares is told by what they did in every question, where the KB
says it: by a description that tells namesakes by a birth year too ("English association football
player (born 1987)"), or, with none, by the football clubs they played for (issue 37, fourteenth
session: "Was Bradley Johnson born before 1987?" read two ways)."""

from __future__ import annotations

import pytest

from kgtest.core.wordnet import wordnet
from kgtest.generator.kbview import KbView
from kgtest.generator.name_contexts import common, occupation
from kgtest.generator.names import Namer
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity, Fact


def test_a_birth_year_in_a_description_leaves_the_occupation() -> None:
    assert occupation("English association football player (born 1987)") == "association football player"
    assert occupation("American film director (1902–1980)") == "film director"
    assert occupation("English footballer born 1990") == ""  # a year in the words themselves


@pytest.mark.skipif(not wordnet().available, reason="needs Debian's wordnet-base (.ci/setup)")
@pytest.mark.parametrize("description", ["English association football player (born 1987)", ""])
def test_a_common_name_is_told_in_any_question(description: str) -> None:
    assert common("Bradley Johnson")
    people, society = Domain.PEOPLE, Domain.SOCIETY
    entities = {
        "Q1": Entity("Q1", "Bradley Johnson", types=("Q5",), domain=people, description=description),
        "Q2": Entity("Q2", "Norwich City F.C.", domain=society),
        "Q3": Entity("Q3", "Leeds", domain=Domain.PLACES),
    }
    view = KbView(entities, (Fact("Q1", "P54", "Q2", 2011, 2015), Fact("Q1", "P19", "Q3")), builtin_catalog())
    assert Namer(view).name("Q1", "Q3") == "the footballer Bradley Johnson"
