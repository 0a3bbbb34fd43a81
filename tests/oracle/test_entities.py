"""Who a name in a reply is: the case's entities by label, alias or short form, then the KB."""

from __future__ import annotations

import dataclasses

from kgtest.generator.kbview import KbView
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain, Entity
from kgtest.oracle import ViewKb
from kgtest.oracle.entities import EntityReader
from kgtest.oracle.ground import ground_graph
from kgtest.oracle.kb_lookup import LazyKb, containing
from tests.oracle.cases import DICKENS, FATHER_OF, JOHN, SPOUSE


def test_case_entities_by_label_alias_and_short_form() -> None:
    graph = ground_graph(dataclasses.replace(FATHER_OF, aliases={DICKENS: ("Boz",)}))
    reader = EntityReader(None)
    assert reader.read("charles dickens", graph).id == DICKENS
    assert (reader.read("Boz", graph).id, reader.read("Boz", graph).how) == (DICKENS, "alias")
    # A short form goes to the case's most named entity; John and Charles are named alike: neither.
    assert reader.read("Dickens", graph).how == "ambiguous"
    assert (reader.read("John", graph).id, reader.read("John", graph).how) == (JOHN, "short")
    charles = ground_graph(dataclasses.replace(FATHER_OF, evidence=FATHER_OF.evidence * 2, aliases={}))
    assert reader.read("Dickens", charles).how == "ambiguous"  # still alike
    assert reader.read("1812", graph).year == 1812 and reader.read("1812", graph).id is None
    assert not reader.read("Manchester", graph).known


def test_the_kb_knows_names_beyond_the_case(example_kb: ViewKb) -> None:
    graph = ground_graph(SPOUSE)  # Charles and Catherine Dickens
    reader = EntityReader(example_kb)
    nyc = reader.read("NYC", graph)
    assert (nyc.id, nyc.label, nyc.how) == ("Q60", "New York City", "kb-alias")
    assert reader.read("Maria Skłodowska", graph).id == "Q7186"
    # A name the KB gives an entity of its own is that entity, not a short form of a case entity.
    cambridge = ground_graph(dataclasses.replace(SPOUSE, aliases={}))
    assert reader.read("London", cambridge).how == "kb-label"
    assert reader.read("Cambridge", graph).how == "ambiguous"  # two Cambridges: neither is guessed
    assert reader.read("a second Nobel Prize in Physics", graph).id == "Q38104"


def test_the_kb_is_read_once_and_only_when_asked(example_kb: ViewKb) -> None:
    loads = []

    def load() -> ViewKb:
        loads.append(1)
        return example_kb

    lazy = LazyKb(load)
    assert not lazy.loaded
    reader = EntityReader(lazy)
    graph = ground_graph(SPOUSE)
    reader.read("Charles Dickens", graph)  # a case entity: no lookup
    assert not lazy.loaded
    reader.read("NYC", graph)
    reader.read("Berlin", graph)
    assert lazy.loaded and loads == [1]


def test_containment_is_followed_to_the_top(example_kb: ViewKb) -> None:
    up = containing(
        example_kb,
        ["Q1726"],
        lambda f, here: f.object if f.property == "P131" and f.subject == here else None,
    )
    assert {(f.subject, f.object) for f in up} >= {("Q1726", "Q10562"), ("Q10562", "Q980"), ("Q980", "Q183")}


def test_a_saint_cut_short_is_the_saint_the_kb_spells_out() -> None:
    """ "He died in St. Petersburg" (a d18 reply on Pushkin): where the KB has both Saint Petersburg
    and a St. Petersburg of its own (Florida), the shortened name is the saint's; a name the saint's
    spelling does not give stays as it was."""
    places = {
        "Q656": Entity("Q656", "Saint Petersburg", domain=Domain.PLACES),
        "Q49236": Entity("Q49236", "St. Petersburg", domain=Domain.PLACES),
        "Q38022": Entity("Q38022", "St. Louis", domain=Domain.PLACES),
    }
    reader = EntityReader(ViewKb(KbView(places, (), builtin_catalog())))
    graph = ground_graph(SPOUSE)
    assert reader.read("St. Petersburg", graph).id == "Q656"
    assert reader.read("St Petersburg", graph).id == "Q656"
    assert reader.read("St. Louis", graph).id == "Q38022"
