"""Facts from a SPARQL endpoint: Wikidata's query service by default, any endpoint in fact.

Queries use only portable SPARQL (rdfs:label and skos:altLabel with a LANG filter, not
Wikidata's label SERVICE), page with LIMIT/OFFSET over a stable ORDER BY, send a descriptive
User-Agent, stay under the service's 60 s limit by asking in small batches, and back off on
429/5xx, honouring Retry-After (up to 5 minutes). Results go through the same SnapshotBuilder as dump files.
"""

from __future__ import annotations

import http.client
import os
import re
import time
import urllib.error
import warnings
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from SPARQLWrapper import JSON, POST, SPARQLWrapper
from SPARQLWrapper.SPARQLExceptions import EndPointInternalError, EndPointNotFound, QueryBadFormed

from kgtest.core.errors import ConfigError, EndpointError
from kgtest.core.retry import backoff, retry_after
from kgtest.core.settings import SparqlSettings
from kgtest.kg.catalog import domain_classes
from kgtest.kg.model import Domain
from kgtest.kg.sources.wikidata import (
    DATE_PROPERTIES,
    INSTANCE_OF,
    SnapshotBuilder,
    item_id,
    property_id,
    year_of,
)
from kgtest.kg.store import chunks

USER_AGENT = "kgtest/0.1 (LLM hallucination testing; https://pypi.org/project/kgtest/) SPARQLWrapper"
PREFIXES = """PREFIX wd: <http://www.wikidata.org/entity/>
PREFIX wdt: <http://www.wikidata.org/prop/direct/>
PREFIX p: <http://www.wikidata.org/prop/>
PREFIX ps: <http://www.wikidata.org/prop/statement/>
PREFIX pq: <http://www.wikidata.org/prop/qualifier/>
PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
PREFIX schema: <http://schema.org/>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
"""

Sleep = Callable[[float], None]
Row = dict[str, dict[str, str]]
MAX_WAIT_S = 300.0
"""The longest Retry-After honoured; a longer one ends the build at once."""
_PID = re.compile(r"^P[1-9]\d*$")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


@dataclass(frozen=True, slots=True)
class Selection:
    """What to fetch: entities of some domains (up to ``limit`` each) and which properties."""

    domains: tuple[Domain, ...]
    limit: int
    properties: tuple[str, ...]

    def __post_init__(self) -> None:
        # Ids are written into VALUES blocks (SPARQL has no bound parameters), so only
        # strings that are exactly a property id may pass.
        for pid in self.properties:
            if not _PID.match(pid):
                raise ConfigError(f"--property {pid!r} is not a Wikidata property id like P26")
        if self.limit < 1:
            raise ConfigError(f"--limit {self.limit} must be at least 1")


class SparqlClient:
    """SELECT queries with retries; every failure ends as an EndpointError naming the endpoint."""

    def __init__(
        self,
        settings: SparqlSettings,
        page_size: int = 2_000,
        sleep: Sleep = time.sleep,
        on_page: Callable[[int], None] | None = None,
    ) -> None:
        self.settings = settings
        self.page_size = page_size
        self._sleep = sleep
        self._on_page = on_page
        agent = os.environ.get("KGTEST_USER_AGENT", USER_AGENT)
        self._wrapper = SPARQLWrapper(settings.endpoint, agent=agent)
        self._wrapper.setReturnFormat(JSON)
        self._wrapper.setMethod(POST)
        self._wrapper.setTimeout(int(settings.timeout_s))

    def select(self, body: str, order_by: str, needs: Sequence[str]) -> Iterator[Row]:
        """All result bindings of ``SELECT ... WHERE {body}``, fetched page by page.

        ``needs``: the variables every row must bind (the others are OPTIONAL or UNION arms).
        """
        offset = 0
        before: list[Row] = []
        while True:
            query = f"{PREFIXES}{body}\nORDER BY {order_by}\nLIMIT {self.page_size} OFFSET {offset}"
            rows = self._ask(query, needs)
            if rows and rows == before:  # a full page again and again: the build would never end
                raise EndpointError(
                    f"{self.settings.endpoint} answered OFFSET {offset} with the very rows of OFFSET "
                    f"{offset - self.page_size}: it ignores OFFSET, so kgtest cannot page through its "
                    "results. Use an endpoint that pages, or build from a dump file instead"
                )
            before = rows
            if self._on_page is not None:
                self._on_page(len(rows))
            yield from rows
            if len(rows) < self.page_size:
                return
            offset += self.page_size

    def _ask(self, query: str, needs: Sequence[str]) -> list[Row]:
        self._wrapper.setQuery(query)
        last = ""
        for attempt in range(self.settings.retries + 1):
            try:
                response = self._wrapper.query()
                with warnings.catch_warnings():
                    # SPARQLWrapper warns of a wrong content type; _bindings says it as an error.
                    warnings.simplefilter("ignore", RuntimeWarning)
                    result: Any = response.convert()
                sent = response.info().get("content-type", "no content type")
                return _bindings(result, needs, f"{self.settings.endpoint} (answering with {sent})")
            except QueryBadFormed as exc:
                raise EndpointError(f"{self.settings.endpoint} rejected a query as malformed: {exc}") from exc
            except urllib.error.HTTPError as exc:
                if exc.code not in (429, 500, 502, 503, 504):
                    raise EndpointError(
                        f"{self.settings.endpoint} answered HTTP {exc.code}: {exc.reason}"
                    ) from exc
                last = f"HTTP {exc.code}"
                header = exc.headers.get("Retry-After") if exc.headers else None
                asked = retry_after(header, cap=float("inf"))
                if asked is not None and asked > MAX_WAIT_S:  # tries in a row would all be refused
                    raise EndpointError(
                        f"{self.settings.endpoint} answered HTTP {exc.code} and asks to wait {asked:.0f} s "
                        f"(Retry-After: {header}) before the next query. Try again then, or build from a "
                        "dump file instead"
                    ) from exc
                wait = asked or backoff(attempt, base=1.0)
            except (EndPointInternalError, EndPointNotFound) as exc:
                last, wait = str(exc).splitlines()[0], backoff(attempt, base=1.0)
            except (urllib.error.URLError, TimeoutError, OSError, http.client.HTTPException) as exc:
                # HTTPException: IncompleteRead, a reply cut short by the connection; worth another try.
                last, wait = f"{type(exc).__name__}: {exc}", backoff(attempt, base=1.0)
            except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError
                raise EndpointError(
                    f"{self.settings.endpoint} did not return SPARQL JSON results: {exc}. "
                    "Check that --endpoint is the query URL of a SPARQL endpoint"
                ) from exc
            if attempt < self.settings.retries:
                self._sleep(wait)
        raise EndpointError(
            f"{self.settings.endpoint} kept failing after {self.settings.retries + 1} tries (last: {last}). "
            "Check the URL and your connection, lower --limit, or build from a dump file instead"
        )


def _bindings(result: object, needs: Sequence[str], source: str) -> list[Row]:
    """The rows of a SPARQL JSON result, checked before anything reads them.

    A lone surrogate (JSON may write one as \\ud800; UTF-8 cannot hold it) becomes U+FFFD:
    left in, it fails the database write after other rows went in.
    """
    bindings = result.get("results", {}).get("bindings") if isinstance(result, dict) else None
    if not isinstance(bindings, list):
        raise EndpointError(
            f"{source} did not return SPARQL JSON results (results.bindings). "
            "Check that --endpoint is the query URL of a SPARQL endpoint"
        )
    rows: list[Row] = []
    for n, row in enumerate(bindings, 1):
        ok = isinstance(row, dict) and all(
            isinstance(v, dict) and isinstance(v.get("value"), str) for v in row.values()
        )
        missing = [v for v in needs if v not in row] if ok else []
        if not ok or missing:
            what = f"no ?{missing[0]}" if missing else "a binding that is not {'value': text}"
            raise EndpointError(
                f"{source}: result row {n} has {what}: {str(row)[:200]}. "
                "The endpoint does not answer SPARQL as the standard says; build from a dump file instead"
            )
        rows.append({k: {"value": _LONE_SURROGATE.sub("\ufffd", v["value"])} for k, v in row.items()})
    return rows


def read_endpoint(
    client: SparqlClient, selection: Selection, builder: SnapshotBuilder, batch: int = 100
) -> int:
    """Fetch the selected entities' facts and everything needed to describe them; return rows read."""
    subjects = _select_subjects(client, selection)
    mentioned: set[str] = set(subjects)
    rows = 0
    for group in chunks(sorted(subjects), batch):
        ids = " ".join(f"wd:{q}" for q in group)
        rows += _statements(client, ids, selection.properties, builder, mentioned)
        rows += _direct_facts(client, ids, selection.properties, builder, mentioned)
    rows += _describe(client, sorted(mentioned), builder, batch)
    rows += _property_labels(client, selection.properties, builder)
    return rows


def _select_subjects(client: SparqlClient, selection: Selection) -> list[str]:
    """Up to ``limit`` instances of each selected domain's classes, in a stable order."""
    subjects: list[str] = []
    seen: set[str] = set()
    for domain in selection.domains:
        classes = " ".join(f"wd:{q}" for q, d in sorted(domain_classes().items()) if d is domain)
        body = f"SELECT DISTINCT ?item WHERE {{ VALUES ?class {{ {classes} }} ?item wdt:P31 ?class . }}"
        found = 0
        for row in client.select(body, "?item", ("item",)):
            qid = item_id(row["item"]["value"])
            if qid and qid not in seen:
                seen.add(qid)
                subjects.append(qid)
                found += 1
            if found >= selection.limit:
                break
    return subjects


def _pairs(props: Sequence[str]) -> str:
    """The VALUES rows that bind each property's p:, ps: and wdt: forms and its id (?pid)."""
    return " ".join(f'(p:{p} ps:{p} wdt:{p} "{p}")' for p in props)


def _statements(
    client: SparqlClient, ids: str, props: Sequence[str], builder: SnapshotBuilder, mentioned: set[str]
) -> int:
    """Statement-model facts with their start/end qualifiers."""
    body = (
        f"SELECT ?s ?pid ?st ?o ?start ?end ?point WHERE {{ VALUES ?s {{ {ids} }} "
        f"VALUES (?p ?ps ?wdt ?pid) {{ {_pairs(props)} }} ?s ?p ?st . ?st ?ps ?o . FILTER(isIRI(?o)) "
        "OPTIONAL { ?st pq:P580 ?start } OPTIONAL { ?st pq:P582 ?end } OPTIONAL { ?st pq:P585 ?point } }"
    )
    rows = 0
    for row in client.select(body, "?st ?o ?start ?end ?point", ("s", "pid", "st", "o")):
        rows += 1
        st, pid = _local_statement(row["st"]["value"]), row["pid"]["value"]
        s_id, o_id = item_id(row["s"]["value"]), item_id(row["o"]["value"])
        if not (st and s_id and o_id and pid in props):  # an endpoint could bind ?pid to anything
            continue
        builder.statement_subject(st, s_id, pid)
        builder.statement_object(st, pid, o_id)
        for key, qualifier in (("start", "P580"), ("end", "P582"), ("point", "P585")):
            year = year_of(row[key]["value"]) if key in row else None
            if year is not None:
                builder.qualifier(st, qualifier, year)
        mentioned.add(o_id)
    return rows


def _direct_facts(
    client: SparqlClient, ids: str, props: Sequence[str], builder: SnapshotBuilder, mentioned: set[str]
) -> int:
    """Truthy ``wdt:`` triples: the facts of endpoints (or entities) without the statement model."""
    body = (
        f"SELECT ?s ?pid ?o WHERE {{ VALUES ?s {{ {ids} }} VALUES (?p ?ps ?wdt ?pid) {{ {_pairs(props)} }} "
        "?s ?wdt ?o . FILTER(isIRI(?o)) }"
    )
    rows = 0
    for row in client.select(body, "?s ?pid ?o", ("s", "pid", "o")):
        rows += 1
        s_id, o_id, pid = item_id(row["s"]["value"]), item_id(row["o"]["value"]), row["pid"]["value"]
        if s_id and o_id and pid in props:
            builder.direct_item(s_id, pid, o_id)
            mentioned.add(o_id)
    return rows


def _describe(client: SparqlClient, entities: Sequence[str], builder: SnapshotBuilder, batch: int) -> int:
    """Labels, aliases, descriptions, types and lifetime dates of every entity the facts mention."""
    rows = 0
    dates = " ".join(f"wdt:{p}" for p in sorted(DATE_PROPERTIES))
    for group in chunks(entities, batch):
        ids = " ".join(f"wd:{q}" for q in group)
        body = (
            f"SELECT ?e ?label ?alias ?desc WHERE {{ VALUES ?e {{ {ids} }} "
            '{ ?e rdfs:label ?label . FILTER(LANG(?label) = "en") } UNION '
            '{ ?e skos:altLabel ?alias . FILTER(LANG(?alias) = "en") } UNION '
            '{ ?e schema:description ?desc . FILTER(LANG(?desc) = "en") } }'
        )
        for row in client.select(body, "?e ?label ?alias ?desc", ("e",)):
            rows += 1
            qid = item_id(row["e"]["value"])
            if qid and "label" in row:
                builder.label(qid, row["label"]["value"], "en")
            if qid and "alias" in row:
                builder.alias(qid, row["alias"]["value"], "en")
            if qid and "desc" in row:
                builder.description(qid, row["desc"]["value"], "en")
        body = f"SELECT ?e ?t WHERE {{ VALUES ?e {{ {ids} }} ?e wdt:{INSTANCE_OF} ?t . FILTER(isIRI(?t)) }}"
        for row in client.select(body, "?e ?t", ("e", "t")):
            rows += 1
            qid, tid = item_id(row["e"]["value"]), item_id(row["t"]["value"])
            if qid and tid:
                builder.direct_item(qid, INSTANCE_OF, tid)
        body = (
            f"SELECT ?e ?d ?v WHERE {{ VALUES ?e {{ {ids} }} VALUES ?d {{ {dates} }} "
            "?e ?d ?v . FILTER(isLiteral(?v)) }"
        )
        for row in client.select(body, "?e ?d ?v", ("e", "d", "v")):
            rows += 1
            qid = item_id(row["e"]["value"])
            pid = property_id(row["d"]["value"], "http://www.wikidata.org/prop/direct/")
            year = year_of(row["v"]["value"])
            if qid and pid in DATE_PROPERTIES and year is not None:
                builder.direct_date(qid, pid, year)
    return rows


def _property_labels(client: SparqlClient, props: Sequence[str], builder: SnapshotBuilder) -> int:
    ids = " ".join(f"wd:{p}" for p in props)
    rows = 0
    body = (
        f"SELECT ?p ?label WHERE {{ VALUES ?p {{ {ids} }} "
        '?p rdfs:label ?label . FILTER(LANG(?label) = "en") }'
    )
    for row in client.select(body, "?p", ("p", "label")):
        rows += 1
        pid = property_id(row["p"]["value"], "http://www.wikidata.org/entity/")
        if pid is not None and pid in props:
            builder.label(pid, row["label"]["value"], "en")
    return rows


def _local_statement(iri: str) -> str | None:
    prefix = "http://www.wikidata.org/entity/statement/"
    return iri[len(prefix) :] if iri.startswith(prefix) else None
