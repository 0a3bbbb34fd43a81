"""An endpoint that answers what was not asked: every case an EndpointError naming it, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kgtest.core.errors import EndpointError
from kgtest.core.settings import SparqlSettings
from kgtest.kg.catalog import builtin_catalog
from kgtest.kg.model import Domain
from kgtest.kg.sources.sparql import Selection, SparqlClient, read_endpoint
from kgtest.kg.sources.wikidata import SnapshotBuilder

from .sparql_server import canned_endpoint, flaky_proxy, oxigraph_endpoint
from .wikidata_fixture import small_kb

SPARQL_JSON = "application/sparql-results+json"
XML = "application/sparql-results+xml"
BODY = "SELECT ?e ?label WHERE { ?e ?p ?label }"


def ask(url: str, needs: tuple[str, ...] = ("e", "label")) -> list[dict[str, dict[str, str]]]:
    client = SparqlClient(SparqlSettings(endpoint=url, timeout_s=10, retries=1), sleep=lambda s: None)
    return list(client.select(BODY, "?e", needs))


def results(*rows: object) -> bytes:
    return json.dumps({"head": {"vars": ["e", "label"]}, "results": {"bindings": list(rows)}}).encode()


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b'<?xml version="1.0"?><sparql xmlns="http://www.w3.org/2005/sparql-results#"/>', XML),
        (b"<html>please log in</html>", "text/html"),
    ],
)
def test_an_answer_in_another_format_names_what_came(body: bytes, content_type: str) -> None:
    with canned_endpoint(body, content_type) as (url, _), pytest.raises(EndpointError) as caught:
        ask(url)
    assert f"answering with {content_type}) did not return SPARQL JSON results" in str(caught.value)


@pytest.mark.parametrize(
    ("row", "expect"),
    [
        ({"label": {"type": "literal", "value": "x"}}, "result row 1 has no ?e"),
        (1, "result row 1 has a binding that is not"),
        ({"e": {"type": "uri"}, "label": {"value": "x"}}, "result row 1 has a binding that is not"),
    ],
)
def test_a_row_not_shaped_as_asked_is_named(row: object, expect: str) -> None:
    with (
        canned_endpoint(results(row), SPARQL_JSON) as (url, _),
        pytest.raises(EndpointError, match=re.escape(expect)),
    ):
        ask(url)


def test_a_lone_surrogate_in_a_label_becomes_a_replacement_character() -> None:
    # JSON may escape a lone surrogate; UTF-8 (and so the database write) cannot hold one.
    row = {"e": {"value": "http://www.wikidata.org/entity/Q1"}, "label": {"value": "bad\ud800x"}}
    with canned_endpoint(results(row), SPARQL_JSON) as (url, _):
        (got,) = ask(url)
    assert got["label"]["value"] == "bad\ufffdx"
    got["label"]["value"].encode("utf-8")


def test_a_reply_cut_short_by_the_connection_is_tried_again_then_named() -> None:
    with (
        canned_endpoint(b'{"head":', SPARQL_JSON, length=1000) as (url, asked),
        pytest.raises(EndpointError, match=r"kept failing after 2 tries \(last: IncompleteRead"),
    ):
        ask(url)
    assert len(asked) == 2


def test_a_reply_cut_short_inside_its_json_says_it_is_not_sparql_json() -> None:
    with canned_endpoint(results()[:20], SPARQL_JSON) as (url, _), pytest.raises(EndpointError) as caught:
        ask(url)
    assert "did not return SPARQL JSON results" in str(caught.value)
    assert "query URL of a SPARQL endpoint" in str(caught.value)


@pytest.mark.parametrize("header", ["86400", "Wed, 21 Oct 2099 07:28:00 GMT"])
def test_a_retry_after_beyond_five_minutes_ends_at_once_saying_so(tmp_path: Path, header: str) -> None:
    # Five tries five minutes apart, each refused, would keep build-kb silent for 25 minutes.
    nt = small_kb().write(tmp_path / "kb.nt")
    with (
        oxigraph_endpoint(nt, tmp_path) as url,
        flaky_proxy(url, [429], retry_after=header) as (proxy, answered),
        pytest.raises(EndpointError, match=r"answered HTTP 429 and asks to wait \d+ s \(Retry-After: "),
    ):
        ask(proxy)
    assert answered == [429]


WD = "http://www.wikidata.org/entity/"


def lying(query: str) -> bytes:
    """An endpoint that binds ?pid to what was not asked, and names items no Wikidata id spells."""
    head = query.split("WHERE")[0]
    if "OFFSET 0" not in query:
        return results()
    if "?item" in head:
        return results({"item": {"value": f"{WD}Q1"}}, {"item": {"value": f"{WD}Q2"}})
    if "?s ?pid ?o" in head:
        return results(
            {"s": {"value": f"{WD}Q1"}, "pid": {"value": "P26"}, "o": {"value": f"{WD}Q2"}},
            {"s": {"value": f"{WD}Q1"}, "pid": {"value": "P27"}, "o": {"value": f"{WD}Q2"}},
            {"s": {"value": f"{WD}Q1"}, "pid": {"value": "P26'). :- halt.\n"}, "o": {"value": f"{WD}Q2"}},
            {"s": {"value": f"{WD}Q1\n"}, "pid": {"value": "P26"}, "o": {"value": f"{WD}Q2"}},
            {"s": {"value": f"{WD}Q1"}, "pid": {"value": "P26"}, "o": {"value": f"{WD}Q\u0663"}},
        )
    if "?label ?alias" in head:
        return results(*({"e": {"value": f"{WD}Q{n}"}, "label": {"value": f"item {n}"}} for n in (1, 2)))
    if "?e ?t" in head:
        return results(*({"e": {"value": f"{WD}Q{n}"}, "t": {"value": f"{WD}Q5"}} for n in (1, 2)))
    return results()


def test_what_the_endpoint_binds_beyond_the_query_stays_out() -> None:
    with canned_endpoint(lying, SPARQL_JSON) as (url, _):
        client = SparqlClient(SparqlSettings(endpoint=url, timeout_s=10, retries=0), sleep=lambda s: None)
        builder = SnapshotBuilder("test")
        read_endpoint(client, Selection((Domain.PEOPLE,), 10, ("P26",)), builder)
    snap = builder.finish(builtin_catalog())
    assert {(f.subject, f.property, f.object) for f in snap.facts.values()} == {("Q1", "P26", "Q2")}
    assert set(snap.entities) == {"Q1", "Q2"}


@pytest.mark.timeout(60)
def test_an_endpoint_that_ignores_offset_is_named_not_paged_for_ever() -> None:
    """Every page the same full page: select() asked for the next one without end."""
    rows = [{"e": {"value": f"{WD}Q{i}"}, "label": {"value": f"item {i}"}} for i in range(3)]
    with canned_endpoint(results(*rows), SPARQL_JSON) as (url, asked):
        client = SparqlClient(
            SparqlSettings(endpoint=url, timeout_s=10, retries=0), page_size=3, sleep=lambda s: None
        )
        ignores = r"answered OFFSET 3 with the very rows of OFFSET 0: it ignores OFFSET"
        with pytest.raises(EndpointError, match=ignores):
            list(client.select(BODY, "?e", ("e", "label")))
    assert len(asked) == 2
