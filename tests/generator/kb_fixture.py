"""A small real-world KB that every rule of the reasoner has something to say about.

Families with birth and death years (spouse, child, father, mother) and sex or gender,
places with "located in" chains, borders, capitals, and a few dated facts and events,
written as Wikidata-shaped N-Triples and loaded through the real loader.
"""

from __future__ import annotations

from pathlib import Path

from kgtest.core.settings import Settings
from kgtest.generator.kbview import KbView
from kgtest.kg.build import SourceSpec, build
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.wikidata import SnapshotBuilder
from kgtest.kg.store import GraphStore

from ..kg.wikidata_fixture import NTriples

HUMAN, CITY, COUNTRY, REGION = "Q5", "Q515", "Q6256", "Q3624078"
MALE, FEMALE = "Q6581097", "Q6581072"
WOMEN = {"Q3048897", "Q6235", "Q7207", "Q1036", "Q7186"}


def family_and_places() -> NTriples:
    nt = NTriples()
    people = [
        ("Q5686", "Charles Dickens", 1812, 1870),
        ("Q3048897", "Catherine Dickens", 1815, 1879),
        ("Q2967", "Charles Dickens Jr.", 1837, 1896),
        ("Q6234", "John Dickens", 1785, 1851),
        ("Q6235", "Elizabeth Dickens", 1789, 1863),
        ("Q7200", "Alexander Pushkin", 1799, 1837),
        ("Q314556", "Georges-Charles d'Anthès", 1812, 1895),
        ("Q1048", "Julius Caesar", -99, -43),
        ("Q7207", "Natalia Pushkina", 1812, 1863),
        ("Q1035", "Charles Darwin", 1809, 1882),
        ("Q1036", "Emma Darwin", 1808, 1896),
        ("Q1037", "Robert Darwin", 1766, 1848),
        ("Q7186", "Marie Curie", 1867, 1934),
        ("Q937", "Albert Einstein", 1879, 1955),
    ]
    nt.entity(MALE, "male").entity(FEMALE, "female")
    aliases = {"Q5686": ("Boz", "Charles John Huffam Dickens"), "Q7186": ("Maria Skłodowska-Curie",)}
    for qid, label, born, died in people:
        nt.entity(qid, label, HUMAN, born=born, died=died, aliases=aliases.get(qid, ()))
        nt.fact(qid, "P21", FEMALE if qid in WOMEN else MALE)
    for qid, label in [
        ("Q1107", "Portsmouth"),
        ("Q84", "London"),
        ("Q649", "Moscow"),
        ("Q220", "Rome"),
        ("Q1009", "Shrewsbury"),
        ("Q656", "Saint Petersburg"),
        ("Q90", "Paris"),
    ]:
        nt.entity(qid, label, CITY)
    for qid, label in [
        ("Q21", "England"),
        ("Q22", "Scotland"),
        ("Q23306", "Greater London"),
        ("Q23183", "Hampshire"),
        ("Q23103", "Shropshire"),
    ]:
        nt.entity(qid, label, REGION)
    nt.entity("Q145", "United Kingdom", COUNTRY).entity("Q159", "Russia", COUNTRY)
    nt.entity("Q361", "First World War", "Q198").entity("Q10413", "Crimean War", "Q198")
    nt.lines.append(_date_line("Q361", "P580", 1914))
    nt.lines.append(_date_line("Q361", "P582", 1918))
    nt.lines.append(_date_line("Q10413", "P580", 1853))
    nt.lines.append(_date_line("Q10413", "P582", 1856))
    (
        nt.fact("Q5686", "P26", "Q3048897", 1836, 1870)
        .fact("Q7200", "P26", "Q7207", 1831, 1837)
        .fact("Q1035", "P26", "Q1036", 1839, 1882)
        .fact("Q5686", "P40", "Q2967")
        .fact("Q5686", "P22", "Q6234")
        .fact("Q5686", "P25", "Q6235")
        .fact("Q1035", "P22", "Q1037")
        .fact("Q5686", "P19", "Q1107")
        .fact("Q7200", "P19", "Q649")
        .fact("Q1035", "P19", "Q1009")
        .fact("Q7200", "P20", "Q656")
        .fact("Q1048", "P20", "Q220")
        .fact("Q5686", "P20", "Q84")
        .fact("Q1107", "P131", "Q23183")
        .fact("Q23183", "P131", "Q21")
        .fact("Q84", "P131", "Q23306")
        .fact("Q23306", "P131", "Q21")
        .fact("Q1009", "P131", "Q23103")
        .fact("Q23103", "P131", "Q21")
        .fact("Q21", "P131", "Q145")
        .fact("Q22", "P131", "Q145")
        .fact("Q21", "P47", "Q22")
        .fact("Q145", "P36", "Q84")
        .fact("Q159", "P36", "Q649", 1918, 2024)
        .fact("Q159", "P36", "Q656", 1712, 1918)
    )
    return nt


def _date_line(qid: str, pid: str, year: int) -> str:
    wd = "http://www.wikidata.org/entity/"
    date = f'"{year:04d}-01-01T00:00:00Z"^^<http://www.w3.org/2001/XMLSchema#dateTime>'
    return f"<{wd}{qid}> <http://www.wikidata.org/prop/direct/{pid}> {date} ."


def family_view(tmp: Path) -> KbView:
    """The same KB in memory, read as a dump (no graph store needed)."""
    builder = SnapshotBuilder("family")
    read_dump(family_and_places().write(tmp / "family.nt"), builder)
    snap = builder.finish(builtin_catalog())
    return KbView(snap.entities, tuple(sorted(snap.facts.values(), key=lambda f: f.id)), builtin_catalog())


def load_family_and_places(store: GraphStore, settings: Settings, tmp: Path) -> None:
    path = family_and_places().write(tmp / "family.nt")
    build(store, SourceSpec(str(path)), settings, builtin_catalog())
