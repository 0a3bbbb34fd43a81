"""Reading Wikidata-shaped dumps and SPARQL endpoints into the same snapshot."""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from kgtest.core.errors import ConfigError, EndpointError, RdfSyntaxError
from kgtest.core.settings import SparqlSettings
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.loader import load_snapshot
from kgtest.kg.model import Domain, Snapshot
from kgtest.kg.sources.rdf import read_dump
from kgtest.kg.sources.sparql import Selection, SparqlClient, read_endpoint
from kgtest.kg.sources.wikidata import SnapshotBuilder, year_of
from kgtest.kg.store import GraphStore

from .sparql_server import flaky_proxy, free_port, oxigraph_endpoint
from .wikidata_fixture import small_kb

ALL = tuple(d for d in Domain if d is not Domain.UNKNOWN)


def read_file(path: Path) -> Snapshot:
    builder = SnapshotBuilder("test")  # the same source name both ways, so provenance compares too
    read_dump(path, builder)
    return builder.finish(builtin_catalog())


def read_sparql(url: str, properties: tuple[str, ...], retries: int = 2) -> Snapshot:
    builder = SnapshotBuilder("test")
    client = SparqlClient(
        SparqlSettings(endpoint=url, timeout_s=10, retries=retries), page_size=3, sleep=lambda s: None
    )
    read_endpoint(client, Selection(ALL, 1000, properties), builder, batch=4)
    return builder.finish(builtin_catalog())


def test_dump_keeps_awkward_labels_years_and_statements(tmp_path: Path) -> None:
    snap = read_file(small_kb().write(tmp_path / "kb.nt"))
    dickens = snap.entities["Q5686"]
    assert (dickens.label, dickens.start_year, dickens.end_year, dickens.domain) == (
        "Charles Dickens",
        1812,
        1870,
        Domain.PEOPLE,
    )
    assert dickens.description == "English writer (1812–1870)"
    assert (snap.entities["Q1048"].start_year, snap.entities["Q1048"].end_year) == (-99, -43)
    assert snap.entities["Q314556"].label == "Georges-Charles de Heeckeren d'Anthès"
    assert snap.entities["Q314556"].description == '"Dantès", a French officer'
    assert len(snap.entities["Q9999001"].label) == 5009
    assert snap.entities["Q72"].description.startswith("größte Stadt")
    spouse = [f for f in snap.facts.values() if f.property == "P26"]
    assert {(f.subject, f.object, f.start_year, f.end_year) for f in spouse} == {
        ("Q5686", "Q2625262", 1836, 1870),
        ("Q2625262", "Q5686", 1836, 1870),
    }
    # The direct triple of a statement is the same fact, not a second one.
    assert len(snap.facts) == 8
    award = next(f for f in snap.facts.values() if f.property == "P166")
    assert (award.start_year, award.end_year) == (1903, 1903)  # a point-in-time qualifier
    assert snap.entities["Q23306"].domain is Domain.PLACES
    assert snap.property_labels["P26"] == "spouse"
    # English aliases, sorted, without the label itself; other languages left out.
    assert snap.entities["Q7186"].aliases == ("Madame Curie", "Maria Skłodowska-Curie")
    assert snap.entities["Q84"].aliases == ("London, UK",) and snap.entities["Q21"].aliases == ()


def test_a_label_holding_a_newline_is_one_line(tmp_path: Path) -> None:
    """A newline in a label went into every question about it and cut inspect's proof tree; an
    escape sequence went to the model."""
    dump = tmp_path / "odd.nt"
    label = "<http://www.w3.org/2000/01/rdf-schema#label>"
    alias = "<http://www.w3.org/2004/02/skos/core#altLabel>"
    dump.write_text(
        f'<http://www.wikidata.org/entity/Q1> {label} "Albert\\nEinstein\\t  the\\u200Bsecond '
        '\\u001B[31m"@en .\n'
        f'<http://www.wikidata.org/entity/Q1> {alias} " A.\\r\\nEinstein"@en .\n'
        "<http://www.wikidata.org/entity/Q1> <http://www.wikidata.org/prop/direct/P26> "
        "<http://www.wikidata.org/entity/Q2> .\n"
        f'<http://www.wikidata.org/entity/Q2> {label} "Mileva"@en .\n'
    )
    einstein = read_file(dump).entities["Q1"]
    assert (einstein.label, einstein.aliases) == ("Albert Einstein the\u200bsecond [31m", ("A. Einstein",))


def test_gzip_and_turtle_read_like_ntriples(tmp_path: Path) -> None:
    nt = small_kb().write(tmp_path / "kb.nt")
    gz = tmp_path / "kb.nt.gz"
    gz.write_bytes(gzip.compress(nt.read_bytes()))
    ttl = tmp_path / "kb.ttl"
    ttl.write_text(
        "@prefix wd: <http://www.wikidata.org/entity/> .\n" + nt.read_text("utf-8"), encoding="utf-8"
    )
    base = read_file(nt)
    for other in (gz, ttl):
        snap = read_file(other)
        assert snap.entities == base.entities and snap.facts == base.facts


def test_a_byte_order_mark_is_read_past(tmp_path: Path) -> None:
    # Windows editors start a UTF-8 file with one; both parsers took it for the first subject.
    nt = small_kb().write(tmp_path / "kb.nt")
    base = read_file(nt)
    text = nt.read_bytes()
    marked = {name: tmp_path / name for name in ("bom.nt", "bom.ttl", "bom.nt.gz")}
    marked["bom.nt"].write_bytes(b"\xef\xbb\xbf" + text)
    marked["bom.ttl"].write_bytes(b"\xef\xbb\xbf" + text)
    marked["bom.nt.gz"].write_bytes(gzip.compress(b"\xef\xbb\xbf" + text))
    for path in marked.values():
        snap = read_file(path)
        assert snap.entities == base.entities and snap.facts == base.facts, path.name


@pytest.mark.parametrize(
    ("bad_line", "expect"),
    [
        ("<http://www.wikidata.org/entity/Q1> <http://www.wikidata.org/prop/direct/P26> oops .", ":4"),
        (
            '<http://www.wikidata.org/entity/Q1> <http://www.w3.org/2000/01/rdf-schema#label> "unclosed .',
            ":4",
        ),
        ("<http://www.wikidata.org/entity/Q1> <http://www.wikidata.org/prop/direct/P26>", ":4"),
    ],
)
def test_malformed_dump_names_file_and_line(tmp_path: Path, bad_line: str, expect: str) -> None:
    lines = [*small_kb().lines[:3], bad_line, *small_kb().lines[3:]]
    path = tmp_path / "bad.nt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(RdfSyntaxError, match=rf"bad\.nt{expect}\b") as info:
        read_file(path)
    assert info.value.line == 4
    assert "Nothing of this file was written" in str(info.value)


def test_turtle_named_as_ntriples_says_to_name_it_ttl(tmp_path: Path) -> None:
    # An '@prefix' line was 'The subject of a triple must be an IRI', with no word of Turtle.
    text = "# a comment\n@prefix wd: <http://www.wikidata.org/entity/> .\n" + small_kb().text()
    for path in (tmp_path / "kb.nt", tmp_path / "kb.nt.gz"):
        path.write_bytes(gzip.compress(text.encode()) if path.suffix == ".gz" else text.encode())
        with pytest.raises(
            RdfSyntaxError, match=r":2: .*a Turtle @prefix or PREFIX line.*name the file \.ttl"
        ):
            read_file(path)
    bad = tmp_path / "bad.nt"
    bad.write_text("<http://a> <http://b> nope .\n")
    with pytest.raises(RdfSyntaxError) as info:
        read_file(bad)
    assert "Turtle" not in str(info.value)


def test_unreadable_inputs_get_clear_errors(tmp_path: Path) -> None:
    # what is seen without reading is a usage error (exit 2, issue 41), as an unknown flag is
    with pytest.raises(ConfigError, match="no such file"):
        read_file(tmp_path / "missing.nt")
    (tmp_path / "kb.csv").write_text("a,b\n")
    with pytest.raises(ConfigError, match=r"use \.nt, \.ttl"):
        read_file(tmp_path / "kb.csv")
    broken = tmp_path / "broken.nt.gz"
    broken.write_bytes(gzip.compress(small_kb().text().encode())[:-30])
    with pytest.raises(RdfSyntaxError, match=r"broken\.nt\.gz: .*cut short; download or copy it again"):
        read_file(broken)
    plain = tmp_path / "plain.nt.gz"
    plain.write_text(small_kb().text(), encoding="utf-8")
    with pytest.raises(RdfSyntaxError, match=r"plain\.nt\.gz: .*named \.gz but not gzip"):
        read_file(plain)


def test_year_parsing_handles_bce_and_precision() -> None:
    assert year_of("1812-02-07T00:00:00Z") == 1812
    assert year_of("-0043-03-15T00:00:00Z") == -43
    assert year_of("+2001-01-01T00:00:00Z") == 2001
    assert year_of("1999") == 1999
    assert year_of("not a date") is None


def test_sparql_and_file_loaders_agree(tmp_path: Path) -> None:
    nt = small_kb().write(tmp_path / "kb.nt")
    from_file = read_file(nt)
    properties = tuple(sorted({f.property for f in from_file.facts.values()}))
    with oxigraph_endpoint(nt, tmp_path) as url:
        from_sparql = read_sparql(url, properties)
    # The SPARQL path starts from typed entities; everything the file's typed subjects say must match.
    assert from_sparql.facts == {k: f for k, f in from_file.facts.items() if f.subject != "Q9999001"}
    for eid, entity in from_sparql.entities.items():
        assert entity == from_file.entities[eid]  # aliases (skos:altLabel) included
    assert from_sparql.entities["Q7186"].aliases == ("Madame Curie", "Maria Skłodowska-Curie")
    assert from_sparql.property_labels == {p: from_file.property_labels[p] for p in properties}


def test_sparql_backs_off_on_429_and_5xx_then_succeeds(tmp_path: Path) -> None:
    nt = small_kb().write(tmp_path / "kb.nt")
    with oxigraph_endpoint(nt, tmp_path) as url, flaky_proxy(url, [429, 503, 429]) as (proxy, answered):
        snap = read_sparql(proxy, ("P26",), retries=3)
    assert answered[:3] == [429, 503, 429] and set(answered[3:]) == {200}
    assert {f.property for f in snap.facts.values()} == {"P26"}


def test_sparql_gives_up_with_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(EndpointError, match=r"kept failing after 3 tries .*ConnectionRefused|URLError"):
        read_sparql(f"http://127.0.0.1:{free_port()}/query", ("P26",))
    nt = small_kb().write(tmp_path / "kb.nt")
    with (
        oxigraph_endpoint(nt, tmp_path) as url,
        flaky_proxy(url, [429] * 10) as (proxy, answered),
        pytest.raises(EndpointError, match="last: HTTP 429"),
    ):
        read_sparql(proxy, ("P26",))
    assert len(answered) == 3


def test_selection_rejects_what_is_not_a_property_id() -> None:
    from kgtest.core.errors import ConfigError

    with pytest.raises(ConfigError, match="not a Wikidata property id"):
        Selection(ALL, 10, ("P26 } ?x ?y ?z . {",))


def test_sparql_and_file_builds_give_the_same_graph(store: GraphStore, tmp_path: Path) -> None:
    """The same triples through Oxigraph's SPARQL endpoint and through the dump reader, loaded."""
    nt = small_kb()
    nt.lines = [line for line in nt.lines if "Q9999001" not in line]  # every subject typed
    path = nt.write(tmp_path / "kb.nt")
    from_file = read_file(path)
    properties = tuple(sorted({f.property for f in from_file.facts.values()}))
    with oxigraph_endpoint(path, tmp_path) as url:
        from_sparql = read_sparql(url, properties)
    graphs = []
    for snapshot in (from_file, from_sparql):
        store.query("MATCH (n) DETACH DELETE n")
        load_snapshot(store, snapshot, builtin_catalog(), batch_size=4)
        nodes = store.query("MATCH (e:Entity) RETURN properties(e) AS p ORDER BY e.id")
        edges = store.query(
            "MATCH (a)-[f:FACT]->(b) RETURN a.id AS s, b.id AS o, properties(f) AS p ORDER BY f.id"
        )
        relations = store.query("MATCH (r:Relation) RETURN properties(r) AS p ORDER BY r.id")
        graphs.append((nodes, edges, relations))
    assert graphs[0] == graphs[1]
    assert len(graphs[0][1]) == len(from_file.facts) == 7
