"""Small Wikidata-shaped N-Triples written by the tests themselves (no shared data needed)."""

from __future__ import annotations

import random
from pathlib import Path

WD = "http://www.wikidata.org/entity/"
DATE = "http://www.w3.org/2001/XMLSchema#dateTime"
LABEL = "http://www.w3.org/2000/01/rdf-schema#label"
ALT_LABEL = "http://www.w3.org/2004/02/skos/core#altLabel"
DESC = "http://schema.org/description"


def _lit(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'"{escaped}"@en'


def _date(year: int) -> str:
    sign = "-" if year < 0 else ""
    return f'"{sign}{abs(year):04d}-01-01T00:00:00Z"^^<{DATE}>'


class NTriples:
    """Builder for the dump shape kgtest reads: labels, types, dates, direct and statement facts."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._statements = 0

    def entity(
        self,
        qid: str,
        label: str,
        *types: str,
        description: str = "",
        born: int | None = None,
        died: int | None = None,
        aliases: tuple[str, ...] = (),
    ) -> NTriples:
        self.lines.append(f"<{WD}{qid}> <{LABEL}> {_lit(label)} .")
        for alias in aliases:
            self.lines.append(f"<{WD}{qid}> <{ALT_LABEL}> {_lit(alias)} .")
        if description:
            self.lines.append(f"<{WD}{qid}> <{DESC}> {_lit(description)} .")
        for t in types:
            self.lines.append(f"<{WD}{qid}> <http://www.wikidata.org/prop/direct/P31> <{WD}{t}> .")
        if born is not None:
            self.lines.append(f"<{WD}{qid}> <http://www.wikidata.org/prop/direct/P569> {_date(born)} .")
        if died is not None:
            self.lines.append(f"<{WD}{qid}> <http://www.wikidata.org/prop/direct/P570> {_date(died)} .")
        return self

    def prop(self, pid: str, label: str) -> NTriples:
        self.lines.append(f"<{WD}{pid}> <{LABEL}> {_lit(label)} .")
        return self

    def fact(
        self,
        s: str,
        p: str,
        o: str,
        start: int | None = None,
        end: int | None = None,
        point: int | None = None,
    ) -> NTriples:
        self.lines.append(f"<{WD}{s}> <http://www.wikidata.org/prop/direct/{p}> <{WD}{o}> .")
        if start is None and end is None and point is None:
            return self
        self._statements += 1
        st = f"<{WD}statement/T-{self._statements}>"
        self.lines.append(f"<{WD}{s}> <http://www.wikidata.org/prop/{p}> {st} .")
        self.lines.append(f"{st} <http://www.wikidata.org/prop/statement/{p}> <{WD}{o}> .")
        if start is not None:
            self.lines.append(f"{st} <http://www.wikidata.org/prop/qualifier/P580> {_date(start)} .")
        if end is not None:
            self.lines.append(f"{st} <http://www.wikidata.org/prop/qualifier/P582> {_date(end)} .")
        if point is not None:
            self.lines.append(f"{st} <http://www.wikidata.org/prop/qualifier/P585> {_date(point)} .")
        return self

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"

    def write(self, path: Path) -> Path:
        path.write_text(self.text(), encoding="utf-8")
        return path


def small_kb() -> NTriples:
    """A dozen entities with the awkward cases: quotes, unicode, a long label, BCE years."""
    nt = NTriples()
    nt.prop("P26", "spouse").prop("P19", "place of birth").prop(
        "P131", "located in the administrative territorial entity"
    )
    nt.prop("P157", "killed by").prop("P54", "member of sports team")
    nt.entity(
        "Q5686", "Charles Dickens", "Q5", description="English writer (1812–1870)", born=1812, died=1870
    )
    nt.entity("Q2625262", "Catherine Dickens", "Q5", born=1815, died=1879)
    nt.entity("Q84", "London", "Q515", description="capital of the United Kingdom", aliases=("London, UK",))
    nt.entity("Q23306", "Greater London", "Q56061")
    nt.entity("Q21", "England", "Q3624078")
    nt.entity("Q1107", "Portsmouth", "Q515")
    nt.entity("Q7200", "Alexander Pushkin", "Q5", born=1799, died=1837)
    nt.entity(
        "Q314556", "Georges-Charles de Heeckeren d'Anthès", "Q5", description='"Dantès", a French officer'
    )
    nt.entity("Q1048", "Julius Caesar", "Q5", born=-99, died=-43)
    nt.entity("Q72", "Zürich", "Q515", description="größte Stadt der Schweiz" * 40)
    nt.entity("Q9999001", "L" + "o" * 5000 + "ng label")
    nt.fact("Q5686", "P26", "Q2625262", 1836, 1870).fact("Q2625262", "P26", "Q5686", 1836, 1870)
    nt.fact("Q5686", "P19", "Q1107")
    nt.fact("Q84", "P131", "Q23306").fact("Q23306", "P131", "Q21")
    nt.fact("Q7200", "P157", "Q314556", 1837, 1837)
    nt.fact("Q9999001", "P131", "Q72")
    nt.prop("P166", "award received")
    nt.entity(
        "Q7186", "Marie Curie", "Q5", born=1867, died=1934, aliases=("Maria Skłodowska-Curie", "Madame Curie")
    )
    nt.lines.append(f'<{WD}Q7186> <{ALT_LABEL}> "Maria Salomea Skłodowska"@pl .')  # not English: not kept
    nt.lines.append(f'<{WD}Q7186> <{ALT_LABEL}> "Marie Curie"@en .')  # the label again: not an alias
    nt.entity("Q38104", "Nobel Prize in Physics", "Q618779")
    nt.fact("Q7186", "P166", "Q38104", point=1903)
    return nt


def random_kb(facts: int, entities: int, seed: int = 0) -> NTriples:
    """A larger synthetic KB for resumption and throughput tests."""
    rng = random.Random(seed)
    nt = NTriples().prop("P54", "member of sports team").prop("P166", "award received")
    for i in range(entities):
        nt.entity(f"Q{1000 + i}", f"Entity {i}", "Q5" if i % 2 else "Q476028")
    for _ in range(facts):
        s, o = rng.randrange(entities), rng.randrange(entities)
        start = rng.randrange(1900, 2020)
        nt.fact(
            f"Q{1000 + s}", rng.choice(("P54", "P166")), f"Q{1000 + o}", start, start + rng.randrange(0, 10)
        )
    return nt
